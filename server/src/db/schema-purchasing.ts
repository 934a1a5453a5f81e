import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

/** Row types of purchasing (0018); part of Database in schema.ts. Quantity meanings: shared/src/purchasing.ts. */

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** yyyy-mm-dd (the DATE type parser keeps dates as strings) */
type Day = ColumnType<string, string | undefined, string>;
type NullableDay = ColumnType<string | null, string | null | undefined, string | null>;

export interface PurchaseOrdersTable {
  id: Generated<number>;
  order_no: string;
  supplier_id: number;
  warehouse_id: number;
  status: 'draft' | 'submitted' | 'audited' | 'partly_received' | 'received' | 'closed';
  order_date: Day;
  expected_date: string;
  promised_date: NullableDay;
  confirmed_by: number | null;
  confirmed_at: NullableTime;
  tolerance_percent: Generated<number>;
  line_count: Generated<number>;
  total_quantity: Generated<number>;
  total_amount_fen: Generated<number>;
  received_quantity: Generated<number>;
  received_amount_fen: Generated<number>;
  returned_quantity: Generated<number>;
  remark: Generated<string>;
  close_reason: Generated<string>;
  created_by: number | null;
  submitted_by: number | null;
  submitted_at: NullableTime;
  audited_by: number | null;
  audited_at: NullableTime;
  closed_by: number | null;
  closed_at: NullableTime;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  order_id: number;
  line_no: number;
  sku_id: number;
  quantity: number;
  unit_price_fen: number;
  received_quantity: Generated<number>;
  refund_quantity: Generated<number>;
  returned_quantity: Generated<number>;
  remark: Generated<string>;
}

export interface PurchaseRefundsTable {
  id: Generated<number>;
  refund_no: string;
  supplier_id: number;
  warehouse_id: number;
  purchase_order_id: number | null;
  status: 'draft' | 'audited' | 'done' | 'void';
  reason: Generated<string>;
  remark: Generated<string>;
  line_count: Generated<number>;
  total_quantity: Generated<number>;
  total_amount_fen: Generated<number>;
  returned_quantity: Generated<number>;
  outbound_id: number | null;
  created_by: number | null;
  audited_by: number | null;
  audited_at: NullableTime;
  done_at: NullableTime;
  voided_by: number | null;
  voided_at: NullableTime;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PurchaseRefundLinesTable {
  id: Generated<number>;
  refund_id: number;
  line_no: number;
  order_line_id: number | null;
  sku_id: number;
  quantity: number;
  unit_price_fen: number;
  returned_quantity: Generated<number>;
  remark: Generated<string>;
}
