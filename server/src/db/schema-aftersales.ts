import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

type NullableTime = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** 退货单 and 换货单 (0038). */
export interface SalesReturnsTable {
  id: Generated<number>;
  return_no: string;
  kind: 'return' | 'swap';
  season_id: number;
  shop_id: number;
  warehouse_id: number;
  agent_id: number | null;
  buyer_type: 'agent' | 'shop';
  buyer_id: number;
  billed_type: 'agent' | 'shop' | null;
  billed_id: number | null;
  status: Generated<'draft' | 'submitted' | 'audited' | 'shipped' | 'done' | 'rejected' | 'voided'>;
  reason: string;
  remark: Generated<string>;
  reject_reason: Generated<string>;
  hq_warehouse_id: Generated<number | null>;
  defective_warehouse_id: Generated<number | null>;
  stock_doc_id: Generated<number | null>;
  defective_doc_id: Generated<number | null>;
  // a swap's out leg, the transfer HQ ships the new pieces by (0043)
  out_doc_id: Generated<number | null>;
  line_count: Generated<number>;
  total_quantity: Generated<number>;
  total_amount_fen: Generated<number>;
  approved_quantity: Generated<number | null>;
  approved_amount_fen: Generated<number | null>;
  out_quantity: Generated<number>;
  out_amount_fen: Generated<number>;
  received_quantity: Generated<number>;
  settled_fen: Generated<number>;
  created_by: number | null;
  submitted_by: Generated<number | null>;
  submitted_at: NullableTime;
  audited_by: Generated<number | null>;
  audited_at: NullableTime;
  shipped_at: NullableTime;
  done_by: Generated<number | null>;
  done_at: NullableTime;
  voided_by: Generated<number | null>;
  voided_at: NullableTime;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SalesReturnLinesTable {
  id: Generated<number>;
  return_id: number;
  line_no: number;
  leg: 'back' | 'out';
  order_line_id: number | null;
  product_id: number;
  sku_id: number;
  quantity: number;
  approved_quantity: Generated<number | null>;
  cut_reason: Generated<string>;
  received_quantity: Generated<number>;
  defective_quantity: Generated<number>;
  unit_price_fen: number;
}

/** The after-sales area's tables, as the Database interface gathers them. */
export interface AfterSalesDatabase {
  sales_returns: SalesReturnsTable;
  sales_return_lines: SalesReturnLinesTable;
}
