import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { REORDER_COUNTED_STATUSES, UNSHIPPED_STATUSES, type BuyerType, type SalesOrderKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage, type PageWindow } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { OUTSTANDING_PIECES, RETURNED_PIECES } from './open-amounts.repo.ts';
import { inScope } from './sales-orders-read.repo.ts';

// The SQL of 翻单 and 未发货, over the order tables of this module, in the caller's scope (HQ all,
// an agent its own and its shops' orders, a shop the orders it receives). Sort keys arrive mapped
// to the queries' own output columns; user input only ever travels as parameters.

type Eb = ExpressionBuilder<Database & { o: Database['sales_orders'] }, 'o'>;
const scoped = (scope: PartyScope) => (eb: unknown) => inScope(eb as Eb, scope);

export interface Buyer {
  buyerType: BuyerType;
  buyerId: number;
}

/** The styles among `productIds` the buyer received something of in the season (an "existing style"). */
export async function receivedStyles(db: Db, seasonId: number, buyer: Buyer, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select('l.product_id')
    .where('o.season_id', '=', seasonId)
    .where('o.buyer_type', '=', buyer.buyerType)
    .where('o.buyer_id', '=', buyer.buyerId)
    .where('l.product_id', 'in', [...productIds])
    .groupBy('l.product_id')
    .having(sql<boolean>`sum(l.received) > 0`)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

export interface SummaryFilter {
  seasonId?: number;
  buyer?: Buyer;
  brandId?: number;
  keyword?: string;
}

export type SummarySort = 'style_no' | 'shipped' | 'shipped_amount_fen' | 'received' | 'ordered' | 'reorder_count' | 'buyer_name';

const buyerName = sql<string>`coalesce(CASE o.buyer_type WHEN 'agent' THEN (SELECT a.name FROM agents a WHERE a.id = o.buyer_id)
  WHEN 'shop' THEN (SELECT s.name FROM shops s WHERE s.id = o.buyer_id) END, '')`;

/** Lines of orders placed and not turned down, of the filter, with style (p), brand (b) and season (se). */
function summaryLines(db: Db, scope: PartyScope, filter: SummaryFilter) {
  let q = db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('ordering_seasons as se', 'se.id', 'o.season_id')
    .where('o.status', 'in', REORDER_COUNTED_STATUSES)
    .where(scoped(scope));
  if (filter.seasonId !== undefined) q = q.where('o.season_id', '=', filter.seasonId);
  if (filter.buyer) q = q.where('o.buyer_type', '=', filter.buyer.buyerType).where('o.buyer_id', '=', filter.buyer.buyerId);
  if (filter.brandId !== undefined) q = q.where('p.brand_id', '=', filter.brandId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('p.style_no', 'ilike', pattern), eb('p.name', 'ilike', pattern)]));
  }
  return q;
}

const SUMMARY_FIGURES = [
  sql<string>`sum(l.ordered)`.as('ordered'),
  sql<string>`sum(l.shipped)`.as('shipped'),
  sql<string>`sum(l.shipped::bigint * l.unit_price_fen)`.as('shipped_amount_fen'),
  sql<string>`sum(l.received)`.as('received'),
  sql<string>`sum(l.received::bigint * l.unit_price_fen)`.as('received_amount_fen'),
  // 已退 (issue 26): what completed returns took back of these lines, at the lines' prices
  sql<string>`sum(${RETURNED_PIECES})`.as('returned'),
  sql<string>`sum(${RETURNED_PIECES}::bigint * l.unit_price_fen)`.as('returned_amount_fen'),
  sql<string>`coalesce(sum(l.ordered) FILTER (WHERE o.kind = 'reorder'), 0)`.as('reordered_pieces'),
] as const;

const SUMMARY_ORDER: Record<SummarySort, RawBuilder<unknown>> = {
  style_no: sql`p.style_no`,
  buyer_name: sql`buyer_name`,
  shipped: sql`sum(l.shipped)`,
  shipped_amount_fen: sql`sum(l.shipped::bigint * l.unit_price_fen)`,
  received: sql`sum(l.received)`,
  ordered: sql`sum(l.ordered)`,
  reorder_count: sql`count(DISTINCT o.id) FILTER (WHERE o.kind = 'reorder')`,
};

/** 翻单汇总: per buyer, season and style with something shipped. */
export function pageSummary(db: Db, scope: PartyScope, filter: SummaryFilter, page: PageWindow & { sortColumn: SummarySort; order: 'asc' | 'desc' }) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const grouped = summaryLines(db, scope, filter)
    .groupBy(['o.buyer_type', 'o.buyer_id', 'o.season_id', 'se.name', 'l.product_id', 'p.style_no', 'p.name', 'b.name'])
    .having(sql<boolean>`sum(l.shipped) > 0`);
  return fetchPage(
    grouped,
    (q) =>
      q
        .select([
          'o.buyer_type',
          'o.buyer_id',
          sql<string>`max(${buyerName})`.as('buyer_name'),
          'o.season_id',
          'se.name as season_name',
          'l.product_id',
          'p.style_no',
          'p.name as style_name',
          'b.name as brand_name',
          ...SUMMARY_FIGURES,
          sql<string>`count(DISTINCT o.id) FILTER (WHERE o.kind = 'reorder')`.as('reorder_count'),
          // the shop the latest order of the style went to: where a re-order would be received
          sql<number>`(array_agg(o.shop_id ORDER BY o.id DESC))[1]`.as('last_shop_id'),
        ])
        .orderBy(sql`${SUMMARY_ORDER[page.sortColumn]} ${direction}, p.style_no, o.buyer_type, o.buyer_id, o.season_id`),
    page,
  );
}
export type SummaryRow = Awaited<ReturnType<typeof pageSummary>>['records'][number];

/** The whole filter's shipped, received and re-ordered figures (styles with something shipped). */
export function summaryTotals(db: Db, scope: PartyScope, filter: SummaryFilter) {
  const grouped = summaryLines(db, scope, filter)
    .groupBy(['o.buyer_type', 'o.buyer_id', 'o.season_id', 'l.product_id'])
    .having(sql<boolean>`sum(l.shipped) > 0`)
    .select(SUMMARY_FIGURES);
  return db
    .selectFrom(grouped.as('g'))
    .select([
      sql<string>`coalesce(sum(g.shipped), 0)`.as('shipped'),
      sql<string>`coalesce(sum(g.shipped_amount_fen), 0)`.as('shipped_amount_fen'),
      sql<string>`coalesce(sum(g.received), 0)`.as('received'),
      sql<string>`coalesce(sum(g.received_amount_fen), 0)`.as('received_amount_fen'),
      sql<string>`coalesce(sum(g.returned), 0)`.as('returned'),
      sql<string>`coalesce(sum(g.returned_amount_fen), 0)`.as('returned_amount_fen'),
      sql<string>`coalesce(sum(g.reordered_pieces), 0)`.as('reordered_pieces'),
    ])
    .executeTakeFirstOrThrow();
}

/** The order lines with something shipped of the groups named (their 配货出库 tell the last shipping day). */
export function shippedLineIds(db: Db, groups: readonly (Buyer & { seasonId: number; productId: number })[]) {
  if (groups.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .select(['l.id', 'o.buyer_type', 'o.buyer_id', 'o.season_id', 'l.product_id'])
    .where('l.shipped', '>', 0)
    .where((eb) =>
      eb.or(
        groups.map((g) =>
          eb.and([eb('o.buyer_type', '=', g.buyerType), eb('o.buyer_id', '=', g.buyerId), eb('o.season_id', '=', g.seasonId), eb('l.product_id', '=', g.productId)]),
        ),
      ),
    )
    .execute();
}

/** 翻单明细: a buyer's lines of one style in a season (orders placed and not turned down), in the caller's scope. */
export function styleLines(db: Db, scope: PartyScope, query: Buyer & { seasonId: number; productId: number }) {
  return db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .innerJoin('shops as sh', 'sh.id', 'o.shop_id')
    .innerJoin('ordering_seasons as se', 'se.id', 'o.season_id')
    .$call((b) => joinSkuLabel(b, 'l.sku_id', 'inner'))
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .select([
      'l.sku_id',
      'c.id as colour_id',
      'c.name as colour_name',
      'z.name as size_name',
      'c.sort as colour_sort',
      'z.sort as size_sort',
      'p.style_no',
      'p.name as style_name',
      'b.name as brand_name',
      'se.name as season_name',
      'l.ordered',
      'l.approved',
      'l.shipped',
      'l.received',
      'l.amount_fen',
      'o.id as order_id',
      'o.order_no',
      'o.order_date',
      'o.status',
      'o.kind',
      'o.shop_id',
      'sh.name as shop_name',
    ])
    .where('o.status', 'in', REORDER_COUNTED_STATUSES)
    .where(scoped(scope))
    .where('o.season_id', '=', query.seasonId)
    .where('o.buyer_type', '=', query.buyerType)
    .where('o.buyer_id', '=', query.buyerId)
    .where('l.product_id', '=', query.productId)
    .orderBy('o.id', 'desc')
    .execute();
}

/** Drafts of re-orders count too on 翻单明细: a buyer sees the re-order it is still writing. */
export function reorderDrafts(db: Db, scope: PartyScope, query: Buyer & { seasonId: number; productId: number }) {
  return db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .innerJoin('shops as sh', 'sh.id', 'o.shop_id')
    .select([
      'o.id as order_id',
      'o.order_no',
      'o.order_date',
      'o.status',
      'sh.name as shop_name',
      sql<string>`sum(l.ordered)`.as('ordered'),
      sql<string>`sum(l.amount_fen)`.as('amount_fen'),
    ])
    .where('o.kind', '=', 'reorder')
    .where('o.status', '=', 'draft')
    .where(scoped(scope))
    .where('o.season_id', '=', query.seasonId)
    .where('o.buyer_type', '=', query.buyerType)
    .where('o.buyer_id', '=', query.buyerId)
    .where('l.product_id', '=', query.productId)
    .groupBy(['o.id', 'o.order_no', 'o.order_date', 'o.status', 'sh.name'])
    .orderBy('o.id', 'desc')
    .execute();
}

// ---- 未发货 ----

export interface UnshippedFilter {
  seasonId?: number;
  buyer?: Buyer;
  keyword?: string;
  kind?: SalesOrderKind;
  /** order days of an ageing bucket (inclusive ends) */
  from?: string;
  to?: string;
}

export type UnshippedSort = 'order_date' | 'order_no' | 'style_no' | 'unshipped' | 'unshipped_amount_fen';

/** What a line still waits for: 未发, the one definition 订货汇总 and 往来账户 read too. */
const OPEN = OUTSTANDING_PIECES;

function unshippedLines(db: Db, scope: PartyScope, filter: UnshippedFilter) {
  let q = db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('ordering_seasons as se', 'se.id', 'o.season_id')
    .innerJoin('shops as sh', 'sh.id', 'o.shop_id')
    .where('o.status', 'in', UNSHIPPED_STATUSES)
    .where(sql<boolean>`${OPEN} > 0`)
    .where(scoped(scope));
  if (filter.seasonId !== undefined) q = q.where('o.season_id', '=', filter.seasonId);
  if (filter.buyer) q = q.where('o.buyer_type', '=', filter.buyer.buyerType).where('o.buyer_id', '=', filter.buyer.buyerId);
  if (filter.kind) q = q.where('o.kind', '=', filter.kind);
  if (filter.from) q = q.where('o.order_date', '>=', filter.from);
  if (filter.to) q = q.where('o.order_date', '<=', filter.to);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('p.style_no', 'ilike', pattern), eb('p.name', 'ilike', pattern)]));
  }
  return q;
}

const UNSHIPPED_ORDER: Record<UnshippedSort, RawBuilder<unknown>> = {
  order_date: sql`o.order_date`,
  order_no: sql`o.order_no`,
  style_no: sql`p.style_no`,
  unshipped: sql`sum(${OPEN})`,
  unshipped_amount_fen: sql`sum(${OPEN}::bigint * l.unit_price_fen)`,
};

/** 未发货: one row per open order and style. */
export function pageUnshipped(db: Db, scope: PartyScope, filter: UnshippedFilter, page: PageWindow & { sortColumn: UnshippedSort; order: 'asc' | 'desc' }) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const grouped = unshippedLines(db, scope, filter).groupBy([
    'o.id',
    'o.order_no',
    'o.order_date',
    'o.kind',
    'o.status',
    'o.buyer_type',
    'o.buyer_id',
    'sh.name',
    'se.name',
    'l.product_id',
    'p.style_no',
    'p.name',
  ]);
  return fetchPage(
    grouped,
    (q) =>
      q
        .select([
          'o.id as order_id',
          'o.order_no',
          'o.order_date',
          'o.kind',
          'o.status',
          'o.buyer_type',
          'o.buyer_id',
          sql<string>`max(${buyerName})`.as('buyer_name'),
          'sh.name as shop_name',
          'se.name as season_name',
          'l.product_id',
          'p.style_no',
          'p.name as style_name',
          sql<string>`sum(l.ordered)`.as('ordered'),
          sql<string | null>`CASE WHEN o.status = 'submitted' THEN NULL ELSE sum(coalesce(l.approved, l.ordered)) END`.as('approved'),
          sql<string>`sum(l.shipped)`.as('shipped'),
          sql<string>`sum(${OPEN})`.as('unshipped'),
          sql<string>`sum(${OPEN}::bigint * l.unit_price_fen)`.as('unshipped_amount_fen'),
        ])
        .orderBy(sql`${UNSHIPPED_ORDER[page.sortColumn]} ${direction}, o.id, p.style_no`),
    page,
  );
}
export type UnshippedRow = Awaited<ReturnType<typeof pageUnshipped>>['records'][number];

/** The whole filter's open pieces and amount per order day (the service buckets the days). */
export function unshippedByDay(db: Db, scope: PartyScope, filter: UnshippedFilter) {
  return unshippedLines(db, scope, filter)
    .select([
      'o.order_date',
      sql<string>`count(DISTINCT o.id)`.as('order_count'),
      sql<string>`sum(${OPEN})`.as('unshipped'),
      sql<string>`sum(${OPEN}::bigint * l.unit_price_fen)`.as('unshipped_amount_fen'),
    ])
    .groupBy('o.order_date')
    .execute();
}

/** Order headers named, with kind and status (生成出库 for re-orders checks them first). */
export function ordersByIds(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('sales_orders')
    .select(['id', 'order_no', 'kind', 'status'])
    .where('id', 'in', ids.length ? [...ids] : [0])
    .execute();
}

/** Names of shops (the summary's receiving shops, already in the caller's scope by their orders). */
export async function shopNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('shops')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of buyers (agents or shops), by `type:id`. */
export async function buyerNames(db: Db, buyers: readonly Buyer[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const agentIds = buyers.filter((b) => b.buyerType === 'agent').map((b) => b.buyerId);
  const shopIds = buyers.filter((b) => b.buyerType === 'shop').map((b) => b.buyerId);
  if (agentIds.length) for (const a of await db.selectFrom('agents').select(['id', 'name']).where('id', 'in', agentIds).execute()) names.set(`agent:${a.id}`, a.name);
  if (shopIds.length) for (const s of await db.selectFrom('shops').select(['id', 'name']).where('id', 'in', shopIds).execute()) names.set(`shop:${s.id}`, s.name);
  return names;
}

/** The style no. of a style, for a refusal's message. */
export function styleNoOf(db: Db, productId: number) {
  return db.selectFrom('products').select('style_no').where('id', '=', productId).executeTakeFirst();
}
