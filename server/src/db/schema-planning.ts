import type { ColumnType, Generated } from 'kysely';
import type { PolicyTargetType, SpecialMode, SpecialTargetType } from '@erp/shared';
import type { CreatedAt, Timestamp } from './schema.ts';

/** Row types of planning (0026): 政策明细 and 特价; part of Database in schema.ts. Rates in basis points. */

/** yyyy-mm-dd (the DATE type parser keeps dates as strings) */
type Day = ColumnType<string, string, string>;

export interface DiscountPoliciesTable {
  id: Generated<number>;
  target_type: PolicyTargetType;
  target_value: string;
  rate_bp: number;
  return_rate_bp: Generated<number>;
  /** 0038: days after receipt a return or swap may be asked for */
  return_window_days: Generated<number>;
  swap_rate_bp: Generated<number>;
  remark: Generated<string>;
  enabled: Generated<boolean>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SpecialDiscountsTable {
  id: Generated<number>;
  name: string;
  target_type: SpecialTargetType;
  agent_id: number | null;
  shop_id: number | null;
  brand_id: number | null;
  category_id: number | null;
  season: string | null;
  tag_id: number | null;
  product_id: number | null;
  mode: SpecialMode;
  rate_bp: number | null;
  fixed_price_fen: number | null;
  valid_from: Day;
  valid_to: Day;
  remark: Generated<string>;
  enabled: Generated<boolean>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
