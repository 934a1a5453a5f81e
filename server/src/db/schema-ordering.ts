import type { ColumnType, Generated } from 'kysely';
import type { SeasonKind } from '@erp/shared';
import type { CreatedAt, Timestamp } from './schema.ts';

/** Row types of ordering (0028): 订货季 and the styles each offers; part of Database in schema.ts. */

/** yyyy-mm-dd (the DATE type parser keeps dates as strings) */
type Day = ColumnType<string, string, string>;

export interface OrderingSeasonsTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: SeasonKind;
  /** Asia/Shanghai days, both inclusive */
  opens_on: Day;
  closes_on: Day;
  remark: Generated<string>;
  enabled: Generated<boolean>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrderingSeasonStylesTable {
  season_id: number;
  product_id: number;
  created_by: number | null;
  created_at: CreatedAt;
}
