import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

/** Row types of the stock documents (0017); part of Database in schema.ts. Field meanings per kind: shared/src/stock-docs.ts. */

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface StockDocsTable {
  id: Generated<number>;
  kind: 'inbound' | 'outbound' | 'transfer' | 'stocktake' | 'exchange' | 'overseas' | 'opening';
  doc_no: string;
  biz_type: Generated<string>;
  status: 'draft' | 'submitted' | 'shipped' | 'counting' | 'posted' | 'void';
  warehouse_id: number;
  to_warehouse_id: number | null;
  transit_warehouse_id: number | null;
  shop_id: number | null;
  supplier_id: number | null;
  source_type: Generated<string>;
  source_id: number | null;
  source_no: Generated<string>;
  shelf_ids: ColumnType<number[], number[] | undefined, number[]>;
  scan_started: Generated<boolean>;
  difference_reason: Generated<string>;
  remark: Generated<string>;
  total_quantity: Generated<number>;
  total_actual: Generated<number>;
  line_count: Generated<number>;
  /** yyyy-mm-dd */
  expected_date: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  submitted_by: number | null;
  submitted_at: NullableTime;
  shipped_by: number | null;
  shipped_at: NullableTime;
  counting_at: NullableTime;
  posted_by: number | null;
  posted_at: NullableTime;
  voided_by: number | null;
  voided_at: NullableTime;
  void_reason: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StockDocLinesTable {
  id: Generated<number>;
  doc_id: number;
  line_no: number;
  leg: Generated<'' | 'in' | 'out'>;
  sku_id: number | null;
  material_id: number | null;
  shelf_id: number | null;
  quantity: number;
  actual_quantity: number | null;
  unit_cost_fen: number | null;
  /** 0031: the selling price a 配货出库 carries from its order line */
  unit_price_fen: Generated<number | null>;
  /** 0031: the source document's line this line was made from (an order line) */
  source_line_id: Generated<number | null>;
  box_no: Generated<string>;
  remark: Generated<string>;
}

export interface StockDocScansTable {
  id: Generated<number>;
  doc_id: number;
  barcode: string;
  sku_id: number | null;
  line_id: number | null;
  delta: number;
  box_no: Generated<string>;
  shelf_id: number | null;
  result: 'ok' | 'unknown' | 'unexpected' | 'over' | 'disabled';
  created_by: number | null;
  created_at: CreatedAt;
}
