import { sql } from 'kysely';
import { SALES_ORDER_OPEN_STATUSES } from '@erp/shared';
import type { Db } from '../../db/database.ts';

// The SQL of 配货 (allocation) and of what shipping does to the allocation ledger: the order lines
// still waiting for goods, the pieces set aside per warehouse and SKU, and the ledger's moves, each
// written with its effect on the lines and the balances in one statement per kind of change.

export interface WaitingFilter {
  orderIds?: readonly number[];
  seasonId?: number;
  warehouseId?: number;
}

/** Locks the open orders a 配货 looks at, in id order (close and cancel take the same locks). */
export async function lockOpenOrders(trx: Db, filter: WaitingFilter): Promise<{ id: number }[]> {
  let query = trx.selectFrom('sales_orders').select('id').where('status', 'in', SALES_ORDER_OPEN_STATUSES);
  if (filter.orderIds) query = query.where('id', 'in', filter.orderIds.length ? filter.orderIds : [0]);
  if (filter.seasonId) query = query.where('season_id', '=', filter.seasonId);
  return query.orderBy('id').forUpdate().execute();
}

/** The lines of the given orders that still lack goods: approved less shipped less set aside. */
export function waitingLines(trx: Db, orderIds: readonly number[]) {
  return trx
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select([
      'l.id',
      'l.order_id',
      'l.product_id',
      'l.sku_id',
      'l.colour_name',
      'l.size_name',
      'l.size_run_id',
      'o.agent_id',
      'o.submitted_at',
      sql<number>`coalesce(l.approved, l.ordered) - l.shipped - l.allocated`.as('outstanding'),
    ])
    .where('l.order_id', 'in', orderIds.length ? orderIds : [0])
    .where(sql<boolean>`coalesce(l.approved, l.ordered) - l.shipped - l.allocated > 0`)
    .orderBy('l.id')
    .execute();
}

/** Pieces of the SKUs set aside in a warehouse and not shipped yet. */
export async function allocatedInWarehouse(trx: Db, warehouseId: number, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const rows = await trx.selectFrom('sales_allocation_balances').select(['sku_id', 'allocated']).where('warehouse_id', '=', warehouseId).where('sku_id', 'in', skuIds).execute();
  return new Map(rows.map((r) => [r.sku_id, r.allocated]));
}

export interface AllocationMove {
  orderId: number;
  lineId: number;
  skuId: number;
  warehouseId: number;
  source: 'stock' | 'purchase' | 'transit';
  /** the purchase order line the goods came on (source purchase) */
  sourceLineId?: number | null;
  move: 'allocate' | 'release' | 'ship' | 'unship';
  /** signed effect on the line's allocated pieces */
  allocated: number;
  /** signed effect on the line's shipped pieces */
  shipped: number;
  docId: number | null;
}

/**
 * Appends the moves to the ledger and applies them to the order lines and to the per-warehouse
 * balances, in one statement (the CHECKs refuse a line or balance driven out of its bounds).
 */
export async function applyMoves(trx: Db, moves: readonly AllocationMove[], userId: number | null): Promise<void> {
  if (moves.length === 0) return;
  const col = <T>(pick: (m: AllocationMove) => T) => moves.map(pick);
  await sql`
    WITH m AS (
      SELECT * FROM unnest(
        ${col((m) => m.orderId)}::bigint[], ${col((m) => m.lineId)}::bigint[], ${col((m) => m.skuId)}::bigint[],
        ${col((m) => m.warehouseId)}::bigint[], ${col((m) => m.source)}::text[], ${col((m) => m.move)}::text[],
        ${col((m) => m.allocated)}::integer[], ${col((m) => m.shipped)}::integer[], ${col((m) => m.docId)}::bigint[],
        ${col((m) => m.sourceLineId ?? null)}::bigint[]
      ) AS t (order_id, order_line_id, sku_id, warehouse_id, source, move, allocated, shipped, doc_id, source_line_id)
    ),
    ledger AS (
      INSERT INTO sales_allocations (order_id, order_line_id, sku_id, warehouse_id, source, move, allocated, shipped, doc_id, source_line_id, created_by)
      SELECT order_id, order_line_id, sku_id, warehouse_id, source, move, allocated, shipped, doc_id, source_line_id, ${userId}::bigint FROM m
    ),
    lines AS (
      UPDATE sales_order_lines l SET allocated = l.allocated + d.allocated, shipped = l.shipped + d.shipped
      FROM (SELECT order_line_id, sum(allocated)::int AS allocated, sum(shipped)::int AS shipped FROM m GROUP BY order_line_id) d
      WHERE l.id = d.order_line_id
    ),
    deltas AS (SELECT warehouse_id, sku_id, sum(allocated)::int AS delta FROM m GROUP BY warehouse_id, sku_id HAVING sum(allocated) <> 0),
    -- a row's CHECK holds for the row an upsert proposes too: what falls is an UPDATE of its own
    fell AS (
      UPDATE sales_allocation_balances b SET allocated = b.allocated + d.delta
      FROM deltas d WHERE d.delta < 0 AND b.warehouse_id = d.warehouse_id AND b.sku_id = d.sku_id
    )
    INSERT INTO sales_allocation_balances AS b (warehouse_id, sku_id, allocated)
    SELECT warehouse_id, sku_id, delta FROM deltas WHERE delta > 0
    ORDER BY warehouse_id, sku_id
    ON CONFLICT (warehouse_id, sku_id) DO UPDATE SET allocated = b.allocated + excluded.allocated`.execute(trx);
}

/** What is set aside for the lines, per line and warehouse (what a release or a delivery takes). */
export function openAllocations(trx: Db, lineIds: readonly number[]) {
  return (
    trx
      .selectFrom('sales_allocations as a')
      // per line and warehouse whatever the source: a piece allocated from a purchase receipt ships as stock
      .select(['a.order_id', 'a.order_line_id', 'a.sku_id', 'a.warehouse_id', sql<'stock'>`'stock'`.as('source'), sql<number>`sum(a.allocated)::int`.as('allocated')])
      .where('a.order_line_id', 'in', lineIds.length ? lineIds : [0])
      .groupBy(['a.order_id', 'a.order_line_id', 'a.sku_id', 'a.warehouse_id'])
      .having(sql`sum(a.allocated)`, '>', 0)
      .orderBy('a.order_line_id')
      .execute()
  );
}

/** The ledger rows of one order, newest first (the order's 配货记录). */
export function orderMoves(db: Db, orderId: number) {
  return db
    .selectFrom('sales_allocations as a')
    .innerJoin('sales_order_lines as l', 'l.id', 'a.order_line_id')
    .innerJoin('warehouses as w', 'w.id', 'a.warehouse_id')
    .leftJoin('stock_docs as d', 'd.id', 'a.doc_id')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .select([
      'a.id',
      'a.move',
      'a.source',
      'a.allocated',
      'a.shipped',
      'a.created_at',
      'l.line_no',
      'l.colour_name',
      'l.size_name',
      'w.name as warehouse_name',
      'd.id as doc_id',
      'd.doc_no',
      'u.name as user_name',
    ])
    .where('a.order_id', '=', orderId)
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
}

/** The line ids of the orders. */
export async function lineIdsOf(trx: Db, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await trx.selectFrom('sales_order_lines').select('id').where('order_id', 'in', orderIds).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Order numbers and the style numbers of their lines, for messages and answers. */
export async function groupNames(trx: Db, orderIds: readonly number[]) {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return { orders: new Map<number, string>(), styles: new Map<number, string>() };
  const rows = await trx
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['o.id as order_id', 'o.order_no', 'p.id as product_id', 'p.style_no'])
    .where('o.id', 'in', ids)
    .distinct()
    .execute();
  return {
    orders: new Map(rows.map((r) => [r.order_id, r.order_no])),
    styles: new Map(rows.map((r) => [r.product_id, r.style_no])),
  };
}

/** The orders' lines with pieces set aside in the warehouse, with the order's receiving warehouse and price. */
export function deliverableLines(trx: Db, orderIds: readonly number[], warehouseId: number) {
  return trx
    .selectFrom('sales_allocations as a')
    .innerJoin('sales_order_lines as l', 'l.id', 'a.order_line_id')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .leftJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .select([
      'l.id as line_id',
      'o.id as order_id',
      'o.order_no',
      'l.sku_id',
      'l.unit_price_fen',
      'o.warehouse_id as to_warehouse_id',
      'w.name as to_warehouse_name',
      sql<number>`sum(a.allocated)::int`.as('allocated'),
    ])
    .where('a.warehouse_id', '=', warehouseId)
    .where('a.order_id', 'in', orderIds.length ? orderIds : [0])
    .groupBy(['l.id', 'o.id', 'o.order_no', 'l.sku_id', 'l.unit_price_fen', 'o.warehouse_id', 'w.name'])
    .having(sql`sum(a.allocated)`, '>', 0)
    .orderBy('o.id')
    .orderBy('l.line_no')
    .execute();
}

/** Adds what arrived to the lines' received pieces (a receipt, or a void's negation). */
export async function addReceived(trx: Db, received: ReadonlyMap<number, number>): Promise<void> {
  const ids = [...received.keys()].filter((id) => received.get(id) !== 0);
  if (ids.length === 0) return;
  await sql`
    UPDATE sales_order_lines l SET received = l.received + t.q
    FROM unnest(${ids}::bigint[], ${ids.map((id) => received.get(id)!)}::integer[]) AS t (id, q)
    WHERE l.id = t.id`.execute(trx);
}

/** The lines the ids name, with their order's billing and what the status needs. */
export function linesWithOrders(trx: Db, lineIds: readonly number[]) {
  return trx
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select(['l.id', 'l.order_id', 'l.sku_id', 'l.unit_price_fen', 'o.order_no', 'o.billed_type', 'o.billed_id'])
    .where('l.id', 'in', lineIds.length ? lineIds : [0])
    .execute();
}

/** Every line's quantities of the orders (what the status after shipping is computed from). */
export function quantitiesOf(trx: Db, orderIds: readonly number[]) {
  return trx
    .selectFrom('sales_order_lines')
    .select(['order_id', 'ordered', 'approved', 'shipped'])
    .where('order_id', 'in', orderIds.length ? orderIds : [0])
    .execute();
}

/** Locks the orders whatever their status, in id order; answers their statuses. */
export function lockOrders(trx: Db, orderIds: readonly number[]) {
  return trx
    .selectFrom('sales_orders')
    .select(['id', 'status'])
    .where('id', 'in', orderIds.length ? orderIds : [0])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Per order: approved (or ordered), allocated, shipped and received pieces of its lines. */
export function figuresOf(db: Db, orderIds: readonly number[]) {
  return db
    .selectFrom('sales_order_lines')
    .select([
      'order_id',
      sql<number>`sum(coalesce(approved, ordered))::int`.as('approved'),
      sql<number>`sum(allocated)::int`.as('allocated'),
      sql<number>`sum(shipped)::int`.as('shipped'),
      sql<number>`sum(received)::int`.as('received'),
    ])
    .where('order_id', 'in', orderIds.length ? orderIds : [0])
    .groupBy('order_id')
    .execute();
}

/** Open pre-orders with lines still waiting for any of the SKUs. */
export async function preordersWaitingFor(trx: Db, skuIds: readonly number[]): Promise<number[]> {
  if (skuIds.length === 0) return [];
  const rows = await trx
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select('o.id')
    .distinct()
    .where('o.kind', '=', 'preorder')
    .where('o.status', 'in', SALES_ORDER_OPEN_STATUSES)
    .where('l.sku_id', 'in', skuIds)
    .where(sql<boolean>`coalesce(l.approved, l.ordered) - l.shipped - l.allocated > 0`)
    .orderBy('o.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Pieces of the SKUs set aside in every warehouse and not shipped yet. */
export async function allocatedBySku(db: Db, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sales_allocation_balances')
    .select(['sku_id', sql<number>`sum(allocated)::int`.as('allocated')])
    .where('sku_id', 'in', skuIds)
    .where('allocated', '>', 0)
    .groupBy('sku_id')
    .execute();
  return new Map(rows.map((r) => [r.sku_id, r.allocated]));
}
