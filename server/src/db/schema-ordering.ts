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

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** 订货单 (0029); quantity meanings in shared/src/sales-orders.ts. */
export interface SalesOrdersTable {
  id: Generated<number>;
  order_no: string;
  season_id: number;
  kind: 'spot' | 'preorder' | 'reorder';
  buyer_type: 'agent' | 'shop';
  buyer_id: number;
  orderer_type: 'hq' | 'agent' | 'shop';
  shop_id: number;
  warehouse_id: number | null;
  /** the agent the order belongs to (the buyer agent or the shop's agent): the agent's scope */
  agent_id: number | null;
  billed_type: 'agent' | 'shop' | null;
  billed_id: number | null;
  status: 'draft' | 'submitted' | 'audited' | 'partly_shipped' | 'shipped' | 'closed' | 'rejected' | 'cancelled';
  order_date: ColumnType<string, string | undefined, string>;
  line_count: Generated<number>;
  total_quantity: Generated<number>;
  total_amount_fen: Generated<number>;
  approved_quantity: number | null;
  approved_amount_fen: number | null;
  remark: Generated<string>;
  reason: Generated<string>;
  created_by: number | null;
  submitted_by: number | null;
  submitted_at: NullableTime;
  audited_by: number | null;
  audited_at: NullableTime;
  rejected_by: number | null;
  rejected_at: NullableTime;
  cancelled_by: number | null;
  cancelled_at: NullableTime;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SalesOrderLinesTable {
  id: Generated<number>;
  order_id: number;
  line_no: number;
  product_id: number;
  sku_id: number;
  colour_name: string;
  size_name: string;
  size_run_id: number | null;
  run_count: number | null;
  ordered: number;
  approved: number | null;
  shipped: Generated<number>;
  /** 0031: set aside for the line and not yet shipped */
  allocated: Generated<number>;
  /** 0031: arrived at the buyer's warehouse (≤ shipped) */
  received: Generated<number>;
  unit_price_fen: number;
  amount_fen: number;
  /** the PriceStep[] priceLine answered, as JSON text on insert */
  price_steps: ColumnType<unknown, string, string>;
}

/** 订货额度 (0030): one per buyer and season; reserved and consumed are the sums of its entries. */
export interface OrderingQuotasTable {
  id: Generated<number>;
  season_id: number;
  buyer_type: 'agent' | 'shop';
  buyer_id: number;
  /** null: the amount is not limited */
  limit_fen: number | null;
  /** null: the pieces are not limited */
  limit_pieces: number | null;
  reserved_fen: Generated<number>;
  reserved_pieces: Generated<number>;
  consumed_fen: Generated<number>;
  consumed_pieces: Generated<number>;
  remark: Generated<string>;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The append-only quota ledger: each entry's signed effect on the quota's two totals. */
export interface OrderingQuotaEntriesTable {
  id: Generated<number>;
  quota_id: number;
  order_id: number;
  move: 'reserve' | 'consume' | 'release';
  reserved_fen: Generated<number>;
  reserved_pieces: Generated<number>;
  consumed_fen: Generated<number>;
  consumed_pieces: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** 配货流水 (0031): the signed effect of one move on one order line's allocated and shipped pieces. */
export interface SalesAllocationsTable {
  id: Generated<number>;
  order_id: number;
  order_line_id: number;
  sku_id: number;
  /** where the goods are */
  warehouse_id: number;
  source: 'stock' | 'purchase' | 'transit';
  source_line_id: number | null;
  move: 'allocate' | 'release' | 'ship' | 'unship';
  allocated: Generated<number>;
  shipped: Generated<number>;
  /** the 配货出库 that shipped (ship, unship) */
  doc_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** Pieces set aside per warehouse and SKU and not yet shipped (0031). */
export interface SalesAllocationBalancesTable {
  warehouse_id: number;
  sku_id: number;
  allocated: Generated<number>;
}

/** 购物车 (0032): a user's lines per season, buyer, receiving shop and SKU; never a price. */
export interface OrderingCartLinesTable {
  id: Generated<number>;
  user_id: number;
  season_id: number;
  buyer_type: 'agent' | 'shop';
  buyer_id: number;
  shop_id: number;
  product_id: number;
  colour_id: number;
  sku_id: number;
  /** the run the colour was entered in (null after the run was deleted: run_count then stays) */
  size_run_id: number | null;
  run_count: number | null;
  quantity: number;
  added_at: CreatedAt;
}

/** 可订品牌 (0034): the brands one buyer may order; a buyer without rows may order every brand. */
export interface OrderingBuyerBrandsTable {
  id: Generated<number>;
  buyer_type: 'agent' | 'shop';
  buyer_id: number;
  brand_id: number;
  created_by: number | null;
  created_at: CreatedAt;
}

/** The ordering area's tables, as the Database interface gathers them. */
export interface OrderingDatabase {
  ordering_seasons: OrderingSeasonsTable;
  ordering_season_styles: OrderingSeasonStylesTable;
  ordering_quotas: OrderingQuotasTable;
  ordering_quota_entries: OrderingQuotaEntriesTable;
  ordering_cart_lines: OrderingCartLinesTable;
  ordering_buyer_brands: OrderingBuyerBrandsTable;
  sales_orders: SalesOrdersTable;
  sales_order_lines: SalesOrderLinesTable;
  sales_allocations: SalesAllocationsTable;
  sales_allocation_balances: SalesAllocationBalancesTable;
}
