import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

/** 库存上报 (0039): a shop warehouse's counted stock reported to HQ; part of Database in schema.ts. */
export interface ShopInventoryReportsTable {
  id: Generated<number>;
  doc_no: string;
  warehouse_id: number;
  shop_id: number;
  reporter_type: 'hq' | 'agent' | 'shop';
  reporter_id: number | null;
  /** DATE, read as yyyy-mm-dd text */
  count_date: string;
  status: Generated<'draft' | 'submitted' | 'audited' | 'rejected'>;
  reject_reason: Generated<string>;
  remark: Generated<string>;
  total_quantity: Generated<number>;
  line_count: Generated<number>;
  /** the 盘点单 that posted the differences; null until 过账差异 */
  stocktake_doc_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  submitted_by: number | null;
  submitted_at: Date | null;
  audited_by: number | null;
  audited_at: Date | null;
  rejected_by: number | null;
  rejected_at: Date | null;
  posted_by: number | null;
  posted_at: Date | null;
}

export interface ShopInventoryLinesTable {
  id: Generated<number>;
  report_id: number;
  line_no: number;
  sku_id: number;
  quantity: number;
}

export interface ShopInventoryDatabase {
  shop_inventory_reports: ShopInventoryReportsTable;
  shop_inventory_lines: ShopInventoryLinesTable;
}
