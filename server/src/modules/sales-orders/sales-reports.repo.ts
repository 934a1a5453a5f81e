import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { COUNTED_REPORT_STATUSES, type OrderReportStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage, type PageWindow } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { OUTSTANDING_PIECES, RETURNED_PIECES } from './open-amounts.repo.ts';
import { inScope } from './sales-orders-read.repo.ts';
import type { ShippingSort, SummarySort } from './sales-reports.schema.ts';

// The SQL of 订货报表: order lines of orders past draft in the caller's scope (HQ all, an agent its
// own and its shops' orders, a shop the orders it receives), filtered, summed in SQL. A line's
// figures are shared/src/ordering-reports.ts's lineFigures written as SQL: a test holds them equal.

export interface ReportFilter {
  seasonId?: number;
  buyerType?: 'agent' | 'shop';
  buyerId?: number;
  shopId?: number;
  /** style no. or name, contained */
  keyword?: string;
  /** order no., contained */
  orderNo?: string;
  status?: OrderReportStatus;
  from?: string;
  to?: string;
  /** only lines with something outstanding */
  outstanding?: boolean;
}

interface Page<S> extends PageWindow {
  sortColumn: S;
  order: 'asc' | 'desc';
}

type Eb = ExpressionBuilder<Database & { o: Database['sales_orders'] }, 'o'>;

/** 未发 of a line (lineOutstanding): the one definition 未发货 and 往来账户 read too. */
const OUTSTANDING = OUTSTANDING_PIECES;
/** 已退 of a line: what completed returns took back. */
const RETURNED = RETURNED_PIECES;

/** Lines of the filter with their order, season, receiving shop and SKU label (p, k, c, z). */
export function reportLines(db: Db, scope: PartyScope, filter: ReportFilter) {
  let q = joinSkuLabel(
    db
      .selectFrom('sales_order_lines as l')
      .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
      .innerJoin('ordering_seasons as se', 'se.id', 'o.season_id')
      .innerJoin('shops as sh', 'sh.id', 'o.shop_id'),
    'l.sku_id',
    'inner',
  ).where((eb) => inScope(eb as unknown as Eb, scope));
  // rejected and cancelled orders owe and ship nothing: counted only when asked for by name (issue 26)
  q = filter.status ? q.where('o.status', '=', filter.status) : q.where('o.status', 'in', COUNTED_REPORT_STATUSES);
  if (filter.seasonId !== undefined) q = q.where('o.season_id', '=', filter.seasonId);
  if (filter.buyerType && filter.buyerId !== undefined) q = q.where('o.buyer_type', '=', filter.buyerType).where('o.buyer_id', '=', filter.buyerId);
  if (filter.shopId !== undefined) q = q.where('o.shop_id', '=', filter.shopId);
  if (filter.from) q = q.where('o.order_date', '>=', filter.from);
  if (filter.to) q = q.where('o.order_date', '<=', filter.to);
  if (filter.orderNo) q = q.where('o.order_no', 'ilike', containsPattern(filter.orderNo));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('p.style_no', 'ilike', pattern), eb('p.name', 'ilike', pattern)]));
  }
  if (filter.outstanding) q = q.where(sql<boolean>`${OUTSTANDING} > 0`);
  return q;
}

/** The figures of the lines summed (as text: bigint sums). */
function figureSums() {
  const sum = (expression: RawBuilder<unknown>) => sql<string>`coalesce(sum(${expression}), 0)`;
  return [
    sum(sql`l.ordered`).as('ordered'),
    sum(sql`coalesce(l.approved, 0)`).as('approved'),
    sum(sql`l.allocated`).as('allocated'),
    sum(sql`l.shipped`).as('shipped'),
    sum(sql`l.received`).as('received'),
    sum(OUTSTANDING).as('outstanding'),
    sum(RETURNED).as('returned'),
    sum(sql`l.shipped - ${RETURNED}`).as('net_shipped'),
    sum(sql`l.amount_fen`).as('ordered_amount_fen'),
    sum(sql`coalesce(l.approved, 0)::bigint * l.unit_price_fen`).as('approved_amount_fen'),
    sum(sql`l.shipped::bigint * l.unit_price_fen`).as('shipped_amount_fen'),
    sum(sql`l.received::bigint * l.unit_price_fen`).as('received_amount_fen'),
    sum(sql`${OUTSTANDING}::bigint * l.unit_price_fen`).as('outstanding_amount_fen'),
    sum(sql`${RETURNED}::bigint * l.unit_price_fen`).as('returned_amount_fen'),
    sum(sql`(l.shipped - ${RETURNED})::bigint * l.unit_price_fen`).as('net_shipped_amount_fen'),
  ] as const;
}

export interface FigureSumsRow {
  ordered: string;
  approved: string;
  allocated: string;
  shipped: string;
  received: string;
  outstanding: string;
  returned: string;
  net_shipped: string;
  ordered_amount_fen: string;
  approved_amount_fen: string;
  shipped_amount_fen: string;
  received_amount_fen: string;
  outstanding_amount_fen: string;
  returned_amount_fen: string;
  net_shipped_amount_fen: string;
}

/** The whole filter's figures, with how many orders and styles it holds. */
export function filterTotals(db: Db, scope: PartyScope, filter: ReportFilter) {
  return reportLines(db, scope, filter)
    .select([...figureSums(), sql<string>`count(DISTINCT o.id)`.as('order_count'), sql<string>`count(DISTINCT l.product_id)`.as('style_count')])
    .executeTakeFirstOrThrow();
}

const buyerName = sql<string>`coalesce(CASE o.buyer_type WHEN 'agent' THEN (SELECT a.name FROM agents a WHERE a.id = o.buyer_id)
  WHEN 'shop' THEN (SELECT s.name FROM shops s WHERE s.id = o.buyer_id) END, '')`;

const SHIPPING_ORDER: Record<ShippingSort, RawBuilder<unknown>> = {
  order_date: sql`o.order_date`,
  order_no: sql`o.order_no`,
  style_no: sql`p.style_no`,
  ordered: sql`l.ordered`,
  approved: sql`coalesce(l.approved, 0)`,
  shipped: sql`l.shipped`,
  received: sql`l.received`,
  outstanding: OUTSTANDING,
  returned: RETURNED,
};

/** 发货明细: one page of lines, newest orders first by default, each order's lines in style, colour and size order. */
export function pageShippingLines(db: Db, scope: PartyScope, filter: ReportFilter, page: Page<ShippingSort>) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(
    reportLines(db, scope, filter),
    (q) =>
      q
        .select([
          'l.id as line_id',
          'o.id as order_id',
          'o.order_no',
          'o.order_date',
          'o.status',
          'se.name as season_name',
          'o.buyer_type',
          buyerName.as('buyer_name'),
          'sh.name as shop_name',
          'p.style_no',
          'p.name as style_name',
          'l.colour_name',
          'l.size_name',
          'l.ordered',
          'l.approved',
          'l.allocated',
          'l.shipped',
          'l.received',
          OUTSTANDING.as('outstanding'),
          RETURNED.as('returned'),
          'l.unit_price_fen',
          'l.amount_fen',
        ])
        .orderBy(sql`${SHIPPING_ORDER[page.sortColumn]} ${direction}, o.id desc, p.style_no, c.sort, c.id, z.sort, l.id`),
    page,
  );
}
export type ShippingLineRow = Awaited<ReturnType<typeof pageShippingLines>>['records'][number];

export type SummaryGroup = 'buyer' | 'season' | 'style';

type Shown = 'buyer_type' | 'buyer_code' | 'buyer_name' | 'season_code' | 'season_name' | 'season_kind' | 'product_id' | 'style_no' | 'product_name';

/** What each grouping shows (the rest null) and groups by; `sort_key` is its natural order (code, style no.). */
const GROUPS: Record<SummaryGroup, { key: RawBuilder<string>; sortKey: RawBuilder<string>; shows: Partial<Record<Shown, RawBuilder<unknown>>>; by: RawBuilder<unknown>[] }> = {
  buyer: {
    key: sql`o.buyer_type || ':' || o.buyer_id`,
    sortKey: sql`coalesce(ba.code, bs.code, '')`,
    shows: { buyer_type: sql`o.buyer_type`, buyer_code: sql`coalesce(ba.code, bs.code, '')`, buyer_name: sql`coalesce(ba.name, bs.name, '')` },
    by: [sql`o.buyer_type`, sql`o.buyer_id`, sql`ba.code`, sql`ba.name`, sql`bs.code`, sql`bs.name`],
  },
  season: {
    key: sql`o.season_id::text`,
    sortKey: sql`se.code`,
    shows: { season_code: sql`se.code`, season_name: sql`se.name`, season_kind: sql`se.kind` },
    by: [sql`o.season_id`, sql`se.code`, sql`se.name`, sql`se.kind`],
  },
  style: {
    key: sql`p.id::text`,
    sortKey: sql`p.style_no`,
    shows: { product_id: sql`p.id`, style_no: sql`p.style_no`, product_name: sql`p.name` },
    by: [sql`p.id`, sql`p.style_no`, sql`p.name`],
  },
};

/** 订货汇总 by buyer, season or style: one page of groups with their orders and figures. */
export function pageSummary(db: Db, scope: PartyScope, filter: ReportFilter, group: SummaryGroup, page: Page<SummarySort>) {
  const g = GROUPS[group];
  const shown = <T>(column: Shown) => (g.shows[column] ?? sql`null`) as RawBuilder<T | null>;
  const grouped = reportLines(db, scope, filter)
    .leftJoin('agents as ba', (join) => join.onRef('ba.id', '=', 'o.buyer_id').on('o.buyer_type', '=', 'agent'))
    .leftJoin('shops as bs', (join) => join.onRef('bs.id', '=', 'o.buyer_id').on('o.buyer_type', '=', 'shop'))
    .select([
      g.key.as('key'),
      g.sortKey.as('sort_key'),
      shown<'agent' | 'shop'>('buyer_type').as('buyer_type'),
      shown<string>('buyer_code').as('buyer_code'),
      shown<string>('buyer_name').as('buyer_name'),
      shown<string>('season_code').as('season_code'),
      shown<string>('season_name').as('season_name'),
      shown<'spot' | 'preorder'>('season_kind').as('season_kind'),
      shown<number>('product_id').as('product_id'),
      shown<string>('style_no').as('style_no'),
      shown<string>('product_name').as('product_name'),
      sql<string>`count(DISTINCT o.id)`.as('order_count'),
      ...figureSums(),
    ])
    .groupBy(g.by);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(db.selectFrom(grouped.as('t')), (q) => q.selectAll().orderBy(sql`${sql.ref(`t.${page.sortColumn}`)} ${direction}, t.sort_key, t.key`), page);
}
export type SummaryRow = Awaited<ReturnType<typeof pageSummary>>['records'][number];

/** Each cell of the given styles: colour × size with the figures of its lines (and the names and orders of both). */
export function styleCells(db: Db, scope: PartyScope, filter: ReportFilter, productIds: readonly number[]) {
  return reportLines(db, scope, filter)
    .where('l.product_id', 'in', [...productIds])
    .select(['l.product_id', 'k.colour_id', 'c.name as colour_name', 'c.sort as colour_sort', 'k.size_id', ...figureSums()])
    .groupBy(['l.product_id', 'k.colour_id', 'c.name', 'c.sort', 'k.size_id'])
    .execute();
}

/** The sizes each style is made in (its SKUs'), so a grid shows the whole run in size order. */
export function styleSizes(db: Db, productIds: readonly number[]) {
  return db
    .selectFrom('skus as k')
    .innerJoin('sizes as z', 'z.id', 'k.size_id')
    .select(['k.product_id', 'z.id', 'z.name', 'z.sort'])
    .distinct()
    .where('k.product_id', 'in', [...productIds])
    .execute();
}
