import {
  UNSHIPPED_AGE_BUCKETS,
  orderAgeDays,
  unshippedAgeBucketDays,
  unshippedAgeBucketOf,
  AllocationMessages,
  ReorderMessages as M,
  SALES_ORDER_OPEN_STATUSES,
  SALES_ORDER_STATUS_LABELS,
  shanghaiToday,
  type UnshippedAgeBucket,
  type AllocateResult,
  type DeliverResult,
  type ReorderDeliverInput,
  type ReorderInfo,
  type ReorderInput,
  type ReorderSummaryPage,
  type SalesOrderDetail,
  type UnshippedPage,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { seasonOpenToday, styleIdsOfSkus } from '../ordering/catalogue.service.ts';
import { linesOfSourceLines } from '../stock-docs/stock-docs.service.ts';
import { allocateStock, assertHq, orderIdsOf, SALES_SOURCE } from './allocation.service.ts';
import { generateDeliveries } from './delivery.service.ts';
import { assertBuyerSide, type SalesOrderContext } from './sales-orders-read.service.ts';
import { createOrder } from './sales-orders.service.ts';
import * as repo from './reorders.repo.ts';
import type { InfoQuery, SummaryQuery, UnshippedQuery } from './reorders.schema.ts';

// 翻单 and 未发货 (issue 19). A re-order is made by the order service as a draft of kind 'reorder'
// (priced, run-checked and held to "styles already received" there) and then moves like every
// order; 生成出库 for re-orders is 配货 then 生成出库 of the allocation services in one transaction.

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const shanghaiDay = (t: Date | string) => new Date(new Date(t).getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The buyer a query names: both parts or neither; a buyer-side caller defaults to itself. */
function buyerOf(query: { buyerType?: 'agent' | 'shop'; buyerId?: number }): repo.Buyer | undefined {
  if ((query.buyerType === undefined) !== (query.buyerId === undefined)) throw badRequest(M.buyerIncomplete);
  return query.buyerType && query.buyerId !== undefined ? { buyerType: query.buyerType, buyerId: query.buyerId } : undefined;
}

async function openSeasons(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const open = new Set<number>();
  for (const id of new Set(ids)) if (await seasonOpenToday(db, id)) open.add(id);
  return open;
}

/** A shop sees orders its agent placed into it, yet re-orders only as itself. */
const mayOrderAs = (scope: PartyScope, buyer: { buyer_type: string; buyer_id: number }) =>
  scope.kind !== 'shop' || (buyer.buyer_type === 'shop' && buyer.buyer_id === scope.shopId);

/** 翻单汇总: per buyer, season and style with goods shipped; no sold figures until the cashier posts sales. */
export async function reorderSummary(db: Db, scope: PartyScope, query: SummaryQuery, params: ListParams<repo.SummarySort>): Promise<ReorderSummaryPage> {
  assertBuyerSide(scope);
  const filter: repo.SummaryFilter = { seasonId: query.seasonId, buyer: buyerOf(query), brandId: query.brandId, keyword: query.keyword || undefined };
  const [page, totals] = await Promise.all([
    repo.pageSummary(db, scope, filter, { limit: params.limit, offset: params.offset, sortColumn: params.sortColumn, order: params.order }),
    repo.summaryTotals(db, scope, filter),
  ]);
  const keyOf = (r: { buyer_type: string; buyer_id: number; season_id: number; product_id: number }) => `${r.buyer_type}:${r.buyer_id}:${r.season_id}:${r.product_id}`;
  const shippedLines = await repo.shippedLineIds(
    db,
    page.records.map((r) => ({ buyerType: r.buyer_type, buyerId: r.buyer_id, seasonId: r.season_id, productId: r.product_id })),
  );
  const groupOfLine = new Map(shippedLines.map((l) => [l.id, keyOf(l)]));
  const lastShipped = new Map<string, string>();
  for (const row of await linesOfSourceLines(db, SALES_SOURCE, [...groupOfLine.keys()])) {
    if (!row.shipped_at || row.source_line_id === null) continue;
    const key = groupOfLine.get(row.source_line_id)!;
    const day = shanghaiDay(row.shipped_at);
    if (!lastShipped.has(key) || day > lastShipped.get(key)!) lastShipped.set(key, day);
  }
  const [open, shops] = await Promise.all([
    openSeasons(
      db,
      page.records.map((r) => r.season_id),
    ),
    repo.shopNames(
      db,
      page.records.map((r) => r.last_shop_id),
    ),
  ]);
  return {
    records: page.records.map((r) => {
      const received = Number(r.received);
      return {
        key: keyOf(r),
        buyerType: r.buyer_type,
        buyerId: r.buyer_id,
        buyerName: r.buyer_name,
        seasonId: r.season_id,
        seasonName: r.season_name,
        seasonOpen: open.has(r.season_id),
        productId: r.product_id,
        styleNo: r.style_no,
        styleName: r.style_name,
        brandName: r.brand_name,
        ordered: Number(r.ordered),
        shipped: Number(r.shipped),
        shippedAmountFen: Number(r.shipped_amount_fen),
        received,
        receivedAmountFen: Number(r.received_amount_fen),
        returned: Number(r.returned),
        returnedAmountFen: Number(r.returned_amount_fen),
        netShipped: Number(r.shipped) - Number(r.returned),
        netShippedAmountFen: Number(r.shipped_amount_fen) - Number(r.returned_amount_fen),
        reorderCount: Number(r.reorder_count),
        reorderedPieces: Number(r.reordered_pieces),
        lastShippedDay: lastShipped.get(keyOf(r)) ?? null,
        shopId: r.last_shop_id,
        shopName: shops.get(r.last_shop_id) ?? '',
        reorderable: received > 0 && open.has(r.season_id) && mayOrderAs(scope, r),
      };
    }),
    total: page.total,
    ...(page.totalCapped ? { totalCapped: true } : {}),
    totals: {
      shipped: Number(totals.shipped),
      shippedAmountFen: Number(totals.shipped_amount_fen),
      received: Number(totals.received),
      receivedAmountFen: Number(totals.received_amount_fen),
      returned: Number(totals.returned),
      returnedAmountFen: Number(totals.returned_amount_fen),
      netShipped: Number(totals.shipped) - Number(totals.returned),
      netShippedAmountFen: Number(totals.shipped_amount_fen) - Number(totals.returned_amount_fen),
      reorderedPieces: Number(totals.reordered_pieces),
    },
    salesNote: M.salesAbsent,
  };
}

/** The buyer of 翻单明细: named, or the buyer-side caller itself. */
function infoBuyer(scope: PartyScope, query: InfoQuery): repo.Buyer {
  const named = buyerOf(query);
  if (named) return named;
  if (scope.kind === 'agent') return { buyerType: 'agent', buyerId: scope.agentId };
  if (scope.kind === 'shop') return { buyerType: 'shop', buyerId: scope.shopId };
  throw badRequest(M.buyerRequired);
}

/** 翻单明细 (see more): one buyer's style in a season per colour × size, and its re-orders so far (drafts too). */
export async function reorderInfo(db: Db, scope: PartyScope, query: InfoQuery): Promise<ReorderInfo> {
  assertBuyerSide(scope);
  const buyer = infoBuyer(scope, query);
  const where = { ...buyer, seasonId: query.seasonId, productId: query.productId };
  const [lines, drafts] = await Promise.all([repo.styleLines(db, scope, where), repo.reorderDrafts(db, scope, where)]);
  // nothing of the style in the caller's scope reads like a missing one (another party's too)
  if (lines.length === 0) throw notFound(M.styleNotFound);
  const cells = new Map<number, ReorderInfo['cells'][number] & { sort: [number, number] }>();
  const orders = new Map<number, ReorderInfo['reorders'][number]>();
  for (const l of lines) {
    const cell = cells.get(l.sku_id) ?? {
      skuId: l.sku_id,
      colourId: l.colour_id,
      colourName: l.colour_name,
      sizeName: l.size_name,
      ordered: 0,
      shipped: 0,
      received: 0,
      reordered: 0,
      sort: [l.colour_sort, l.size_sort],
    };
    cell.ordered += l.ordered;
    cell.shipped += l.shipped;
    cell.received += l.received;
    if (l.kind === 'reorder') cell.reordered += l.ordered;
    cells.set(l.sku_id, cell);
    if (l.kind !== 'reorder') continue;
    const order = orders.get(l.order_id) ?? {
      orderId: l.order_id,
      orderNo: l.order_no,
      orderDate: l.order_date,
      status: l.status,
      statusLabel: SALES_ORDER_STATUS_LABELS[l.status],
      shopName: l.shop_name,
      ordered: 0,
      approved: l.approved === null ? null : 0,
      shipped: 0,
      amountFen: 0,
    };
    order.ordered += l.ordered;
    if (order.approved !== null) order.approved += l.approved ?? 0;
    order.shipped += l.shipped;
    order.amountFen += Number(l.amount_fen);
    orders.set(l.order_id, order);
  }
  const first = lines[0]!;
  const seasonOpen = (await openSeasons(db, [query.seasonId])).has(query.seasonId);
  const received = lines.reduce((s, l) => s + l.received, 0);
  const shopId = lines.find((l) => l.shipped > 0)?.shop_id ?? first.shop_id;
  return {
    ...buyer,
    buyerName: (await repo.buyerNames(db, [buyer])).get(`${buyer.buyerType}:${buyer.buyerId}`) ?? '',
    seasonId: query.seasonId,
    seasonName: first.season_name,
    seasonOpen,
    productId: query.productId,
    styleNo: first.style_no,
    styleName: first.style_name,
    brandName: first.brand_name,
    shopId,
    shopName: lines.find((l) => l.shop_id === shopId)?.shop_name ?? '',
    reorderable: received > 0 && seasonOpen && mayOrderAs(scope, { buyer_type: buyer.buyerType, buyer_id: buyer.buyerId }),
    cells: [...cells.values()].sort((a, b) => a.sort[0] - b.sort[0] || a.sort[1] - b.sort[1]).map(({ sort: _sort, ...cell }) => cell),
    reorders: [
      ...drafts.map((d) => ({
        orderId: d.order_id,
        orderNo: d.order_no,
        orderDate: d.order_date,
        status: d.status,
        statusLabel: SALES_ORDER_STATUS_LABELS[d.status],
        shopName: d.shop_name,
        ordered: Number(d.ordered),
        approved: null,
        shipped: 0,
        amountFen: Number(d.amount_fen),
      })),
      ...orders.values(),
    ],
    salesNote: M.salesAbsent,
  };
}

/** 翻单: a draft re-order of one style's SKUs, made and checked by the order service. */
export async function createReorder(db: Db, ctx: SalesOrderContext, input: ReorderInput): Promise<SalesOrderDetail> {
  assertBuyerSide(ctx.scope);
  if (input.seasonId === null || input.seasonId === undefined) throw badRequest(M.seasonRequired);
  if (!isId(input.productId)) throw badRequest(M.styleRequired);
  const lines = Array.isArray(input.lines) ? input.lines : [];
  const styleOf = await styleIdsOfSkus(db, lines.map((l) => l.skuId).filter(isId));
  lines.forEach((l, i) => {
    if (styleOf.get(l.skuId) !== input.productId) throw badRequest(M.skuOtherStyle(i + 1));
  });
  return createOrder(db, ctx, { seasonId: input.seasonId, buyerType: input.buyerType, buyerId: input.buyerId, shopId: input.shopId, remark: input.remark, lines }, 'reorder');
}

/** 生成出库 for re-orders (HQ): 配货 from the warehouse, then the 配货出库, all or nothing. */
export async function deliverReorders(db: Db, ctx: SalesOrderContext, input: ReorderDeliverInput): Promise<{ allocation: AllocateResult } & DeliverResult> {
  assertHq(ctx);
  const orderIds = orderIdsOf(input.orderIds);
  if (!orderIds || orderIds.length === 0) throw badRequest(AllocationMessages.ordersInvalid);
  return withTransaction(db, async (trx) => {
    const orders = await repo.ordersByIds(trx, orderIds);
    if (orders.length !== orderIds.length) throw notFound(AllocationMessages.ordersInvalid);
    for (const o of orders) {
      if (o.kind !== 'reorder') throw badRequest(M.notReorder(o.order_no));
      if (!(SALES_ORDER_OPEN_STATUSES as readonly string[]).includes(o.status)) throw badRequest(M.notOpen(o.order_no));
    }
    const allocation = await allocateStock(trx, ctx, { warehouseId: input.warehouseId, orderIds, targetRatePercent: input.targetRatePercent });
    const delivered = await generateDeliveries(trx, ctx, { warehouseId: input.warehouseId, orderIds });
    return { allocation, ...delivered };
  });
}

/** 未发货: open orders' styles not yet shipped in full, with their age as of today (Asia/Shanghai). */
export async function unshippedPage(db: Db, scope: PartyScope, query: UnshippedQuery, params: ListParams<repo.UnshippedSort>): Promise<UnshippedPage> {
  assertBuyerSide(scope);
  const today = shanghaiToday();
  const filter: repo.UnshippedFilter = {
    seasonId: query.seasonId,
    buyer: buyerOf(query),
    keyword: query.keyword || undefined,
    kind: query.kind,
    ...(query.bucket ? unshippedAgeBucketDays(query.bucket, today) : {}),
  };
  const [page, days] = await Promise.all([
    repo.pageUnshipped(db, scope, filter, { limit: params.limit, offset: params.offset, sortColumn: params.sortColumn, order: params.order }),
    repo.unshippedByDay(db, scope, filter),
  ]);
  const buckets = Object.fromEntries(UNSHIPPED_AGE_BUCKETS.map((b) => [b, { unshipped: 0, unshippedAmountFen: 0 }])) as Record<
    UnshippedAgeBucket,
    { unshipped: number; unshippedAmountFen: number }
  >;
  let orderCount = 0;
  for (const d of days) {
    const bucket = buckets[unshippedAgeBucketOf(orderAgeDays(d.order_date, today))];
    bucket.unshipped += Number(d.unshipped);
    bucket.unshippedAmountFen += Number(d.unshipped_amount_fen);
    // an order has one date: the days' distinct counts add up
    orderCount += Number(d.order_count);
  }
  return {
    records: page.records.map((r) => {
      const age = orderAgeDays(r.order_date, today);
      return {
        key: `${r.order_id}:${r.product_id}`,
        orderId: r.order_id,
        orderNo: r.order_no,
        orderDate: r.order_date,
        kind: r.kind,
        status: r.status,
        statusLabel: SALES_ORDER_STATUS_LABELS[r.status],
        buyerType: r.buyer_type,
        buyerId: r.buyer_id,
        buyerName: r.buyer_name,
        shopName: r.shop_name,
        seasonName: r.season_name,
        productId: r.product_id,
        styleNo: r.style_no,
        styleName: r.style_name,
        ordered: Number(r.ordered),
        approved: r.approved === null ? null : Number(r.approved),
        shipped: Number(r.shipped),
        unshipped: Number(r.unshipped),
        unshippedAmountFen: Number(r.unshipped_amount_fen),
        ageDays: age,
        bucket: unshippedAgeBucketOf(age),
      };
    }),
    total: page.total,
    ...(page.totalCapped ? { totalCapped: true } : {}),
    totals: {
      orderCount,
      unshipped: UNSHIPPED_AGE_BUCKETS.reduce((s, b) => s + buckets[b].unshipped, 0),
      unshippedAmountFen: UNSHIPPED_AGE_BUCKETS.reduce((s, b) => s + buckets[b].unshippedAmountFen, 0),
      buckets,
    },
    today,
  };
}
