import { sql, type ExpressionBuilder } from 'kysely';
import type { SalesOrderStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, countRows, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { RETURNED_PIECES } from './open-amounts.repo.ts';
import type { SalesOrderSort } from './sales-orders.schema.ts';

// Reading 订货单: the list (scope, filters, paging), one header, its lines with their price steps,
// and its events. Names of the season, buyer, shop and billed party are read along for display.

export interface OrderFilter {
  status?: SalesOrderStatus;
  /** any of these statuses (with `status`, both hold) */
  statuses?: readonly SalesOrderStatus[];
  seasonId?: number;
  buyerType?: 'agent' | 'shop';
  buyerId?: number;
  shopId?: number;
  keyword?: string;
  from?: string;
  to?: string;
}

type Eb = ExpressionBuilder<Database & { o: Database['sales_orders'] }, 'o'>;

/** HQ sees every order; an agent its own and its shops' (agent_id); a shop the orders it receives; others nothing. */
export function inScope(eb: Eb, scope: PartyScope) {
  if (scope.kind === 'all') return eb.val(true);
  if (scope.kind === 'agent') return eb('o.agent_id', '=', scope.agentId);
  if (scope.kind === 'shop') return eb('o.shop_id', '=', scope.shopId);
  return eb.val(false);
}

const partyName = (eb: Eb, type: 'o.buyer_type' | 'o.billed_type', id: 'o.buyer_id' | 'o.billed_id') =>
  sql<string>`coalesce(CASE ${eb.ref(type)} WHEN 'agent' THEN (SELECT a.name FROM agents a WHERE a.id = ${eb.ref(id)})
    WHEN 'shop' THEN (SELECT s.name FROM shops s WHERE s.id = ${eb.ref(id)}) END, '')`;

function headers(db: Db) {
  return db
    .selectFrom('sales_orders as o')
    .innerJoin('ordering_seasons as se', 'se.id', 'o.season_id')
    .innerJoin('shops as sh', 'sh.id', 'o.shop_id')
    .leftJoin('warehouses as w', 'w.id', 'o.warehouse_id')
    .leftJoin('users as cu', 'cu.id', 'o.created_by');
}

const headerColumns = (eb: Eb) =>
  [
    'o.id',
    'o.order_no',
    'o.season_id',
    'se.name as season_name',
    'o.kind',
    'o.buyer_type',
    'o.buyer_id',
    partyName(eb, 'o.buyer_type', 'o.buyer_id').as('buyer_name'),
    'o.orderer_type',
    'o.shop_id',
    'sh.name as shop_name',
    'w.name as warehouse_name',
    'o.billed_type',
    'o.billed_id',
    partyName(eb, 'o.billed_type', 'o.billed_id').as('billed_name'),
    'o.status',
    'o.order_date',
    'o.line_count',
    'o.total_quantity',
    'o.total_amount_fen',
    'o.approved_quantity',
    'o.approved_amount_fen',
    'o.remark',
    'o.reason',
    'cu.name as created_by_name',
    'o.created_at',
    'o.submitted_at',
    'o.audited_at',
  ] as const;

function filtered(db: Db, scope: PartyScope, filter: OrderFilter) {
  let base = headers(db).where((eb) => inScope(eb as unknown as Eb, scope));
  if (filter.status) base = base.where('o.status', '=', filter.status);
  if (filter.statuses) base = base.where('o.status', 'in', filter.statuses.length ? filter.statuses : ['draft']);
  if (filter.seasonId !== undefined) base = base.where('o.season_id', '=', filter.seasonId);
  if (filter.buyerType) base = base.where('o.buyer_type', '=', filter.buyerType);
  if (filter.buyerId !== undefined) base = base.where('o.buyer_id', '=', filter.buyerId);
  if (filter.shopId !== undefined) base = base.where('o.shop_id', '=', filter.shopId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('o.order_no', 'ilike', pattern), eb('sh.name', 'ilike', pattern), eb('sh.code', 'ilike', pattern)]));
  }
  if (filter.from) base = base.where('o.order_date', '>=', filter.from);
  if (filter.to) base = base.where('o.order_date', '<=', filter.to);
  return base;
}

export function pageOrders(db: Db, scope: PartyScope, filter: OrderFilter, page: { limit: number; offset: number; sortColumn: SalesOrderSort; order: 'asc' | 'desc' }) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const column = sql.ref(`o.${page.sortColumn}`);
  return fetchPage(filtered(db, scope, filter), (q) => q.select((eb) => headerColumns(eb as unknown as Eb)).orderBy(sql`${column} ${direction}, o.id desc`), page);
}
export type OrderHeaderRow = Awaited<ReturnType<typeof pageOrders>>['records'][number];

export function findOrder(db: Db, scope: PartyScope, id: number) {
  return filtered(db, scope, {})
    .select((eb) => headerColumns(eb as unknown as Eb))
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export function findLines(db: Db, orderId: number) {
  return db
    .selectFrom('sales_order_lines as l')
    .$call((q) => joinSkuLabel(q, 'l.sku_id', 'inner'))
    .leftJoin('size_runs as r', 'r.id', 'l.size_run_id')
    .select([
      'l.id',
      'l.line_no',
      'l.product_id',
      'p.style_no',
      'p.name as style_name',
      'l.sku_id',
      'k.barcode',
      'c.id as colour_id',
      'l.colour_name',
      'l.size_name',
      'z.sort as size_sort',
      'l.size_run_id',
      'r.name as size_run_name',
      'l.run_count',
      'l.ordered',
      'l.approved',
      'l.allocated',
      'l.shipped',
      'l.received',
      RETURNED_PIECES.as('returned'),
      'l.unit_price_fen',
      'l.amount_fen',
      'l.price_steps',
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.line_no')
    .execute();
}
export type OrderLineRecordRow = Awaited<ReturnType<typeof findLines>>[number];

export function findEvents(db: Db, orderId: number) {
  return db
    .selectFrom('document_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.action', 'e.from_status', 'e.to_status', 'e.reason', 'u.name as user_name', 'e.created_at'])
    .where('e.document_type', '=', 'sales_order')
    .where('e.doc_id', '=', orderId)
    .orderBy('e.id')
    .execute();
}

/** How many orders the list with this filter holds, up to `cap` (the workbench's to-dos). */
export const countOrders = (db: Db, scope: PartyScope, filter: OrderFilter, cap: number) => countRows(filtered(db, scope, filter), cap);

/** An order by its exact number in the caller's scope (the workbench's search), or undefined. */
export function findOrderByNo(db: Db, scope: PartyScope, orderNo: string) {
  return filtered(db, scope, {}).select(['o.id', 'o.order_no', 'o.status']).where('o.order_no', '=', orderNo).executeTakeFirst();
}

export function billedOrderByNo(db: Db, orderNo: string) {
  return db.selectFrom('sales_orders').select(['id', 'order_no', 'status', 'billed_type', 'billed_id']).where('order_no', '=', orderNo).executeTakeFirst();
}

export function orderNos(db: Db, ids: readonly number[]) {
  return db.selectFrom('sales_orders').select(['id', 'order_no']).where('id', 'in', ids).execute();
}

// ---- 代理规划 (issue 19): what a shop's orders of a season count toward its plan ----

/**
 * A line's pieces that count toward a plan (AGENT_PLAN_COUNTED_STATUSES says which orders and why),
 * less what completed returns took back of it (issue 26: goods sent back are not sold in).
 */
const countedPieces = sql<number>`(CASE o.status WHEN 'closed' THEN l.shipped ELSE coalesce(l.approved, l.ordered) END - ${RETURNED_PIECES})`;

/** Counted fen and pieces of the shops' orders in the season, per shop and the product's own category. */
export function countedByShopCategory(db: Db, seasonId: number, shopIds: readonly number[], statuses: readonly SalesOrderStatus[]) {
  return db
    .selectFrom('sales_orders as o')
    .innerJoin('sales_order_lines as l', 'l.order_id', 'o.id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .where('o.season_id', '=', seasonId)
    .where('o.shop_id', 'in', shopIds.length ? [...shopIds] : [0])
    .where('o.status', 'in', [...statuses])
    .select(['o.shop_id', 'p.category_id', sql<string>`sum(${countedPieces} * l.unit_price_fen)`.as('fen'), sql<string>`sum(${countedPieces})`.as('pieces')])
    .groupBy(['o.shop_id', 'p.category_id'])
    .execute();
}

export type CountedOrderSort = 'o.order_date' | 'o.order_no' | 'o.id';

/** One shop's counted orders of a season, each with its counted figures (the sort breaks ties by id). */
export function pageCountedOrders(
  db: Db,
  q: { seasonId: number; shopId: number; statuses: readonly SalesOrderStatus[] },
  page: { limit: number; offset: number; sortColumn: CountedOrderSort; order: 'asc' | 'desc' },
) {
  const base = db
    .selectFrom('sales_orders as o')
    .where('o.season_id', '=', q.seasonId)
    .where('o.shop_id', '=', q.shopId)
    .where('o.status', 'in', [...q.statuses]);
  const sums = (what: 'fen' | 'pieces') =>
    sql<string>`(SELECT coalesce(sum(${countedPieces}${what === 'fen' ? sql` * l.unit_price_fen` : sql``}), 0) FROM sales_order_lines l WHERE l.order_id = o.id)`;
  return fetchPage(
    base,
    (query) =>
      query
        .select([
          'o.id',
          'o.order_no',
          'o.order_date',
          'o.status',
          sums('fen').as('counted_fen'),
          sums('pieces').as('counted_pieces'),
          sql<string>`(SELECT coalesce(sum(${RETURNED_PIECES}), 0) FROM sales_order_lines l WHERE l.order_id = o.id)`.as('returned_pieces'),
        ])
        .orderBy(page.sortColumn, page.order)
        .orderBy('o.id', page.order),
    page,
  );
}

/** The name of an agent or shop (the billed party's, for display). */
export async function partyNameOf(db: Db, type: 'agent' | 'shop', id: number): Promise<string> {
  const row =
    type === 'agent'
      ? await db.selectFrom('agents').select('name').where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('shops').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}

/** The products of an order's lines. */
export async function productIdsOfOrder(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('sales_order_lines').select('product_id').distinct().where('order_id', '=', orderId).execute();
  return rows.map((r) => r.product_id);
}
