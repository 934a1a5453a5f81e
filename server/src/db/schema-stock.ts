import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './schema.ts';

/** Row types of the warehouse area and the stock ledger (0016); part of Database in schema.ts. */

export interface WarehousesTable {
  id: Generated<number>;
  parent_id: number | null;
  code: string;
  name: string;
  type: 'hq' | 'shop' | 'overseas' | 'transit' | 'defective';
  /** set for type shop only; a shop has at most one */
  shop_id: number | null;
  allow_negative: Generated<boolean>;
  contact_name: Generated<string>;
  phone: Generated<string>;
  /** a REGIONS value or '' */
  region: Generated<string>;
  address: Generated<string>;
  /** overseas warehouses only */
  country: Generated<string>;
  remark: Generated<string>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ShelvesTable {
  id: Generated<number>;
  warehouse_id: number;
  code: string;
  name: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface StockMovesTable {
  id: Generated<number>;
  warehouse_id: number;
  shelf_id: number | null;
  /** exactly one of sku_id and material_id */
  sku_id: number | null;
  material_id: number | null;
  /** signed, never 0 */
  quantity: number;
  unit_cost_fen: number | null;
  /** what the move does (inbound, transfer_out, …: STOCK_DOC_TYPES) */
  doc_type: string;
  /** the document that wrote it: registered type (DOCUMENT_TYPES) and id */
  document_type: string;
  doc_id: number;
  doc_line_id: number | null;
  reverses_move_id: number | null;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface StockBalancesTable {
  id: Generated<number>;
  warehouse_id: number;
  shelf_id: number | null;
  sku_id: number | null;
  material_id: number | null;
  quantity: Generated<number>;
  /** the warehouse's flag (kept equal by a trigger); CHECK (allow_negative OR quantity >= 0) */
  allow_negative: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface StockFreezesTable {
  id: Generated<number>;
  warehouse_id: number;
  /** null: the whole warehouse */
  shelf_id: number | null;
  doc_type: string;
  doc_id: number;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  key: string;
  user_id: number;
  method: string;
  route: string;
  request_hash: string;
  /** null while the first call is running */
  status_code: number | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}
