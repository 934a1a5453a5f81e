import {
  BILL_RANGE_MAX_DAYS,
  billApprovedFen,
  buildSizeRunGrid,
  emptyFigures,
  FIGURE_KEYS,
  OrderingReportMessages,
  partyNotFound,
  SALES_ORDER_STATUS_LABELS,
  type BillPage,
  type FiguresPage,
  type OrderFigures,
  type OrderReportOptions,
  type OrderSummaryRecord,
  type ShippingDetailRecord,
  type StyleSummaryColour,
  type StyleSummaryMeasure,
  type StyleSummaryRecord,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { getAgent } from '../parties/agents.service.ts';
import { getShop } from '../parties/shops.service.ts';
import { assertBuyerSide } from './sales-orders-read.service.ts';
import * as billRepo from './sales-bill.repo.ts';
import * as repo from './sales-reports.repo.ts';
import type { BillQuery, BillSort, ShippingQuery, ShippingSort, SummaryQuery, SummarySort } from './sales-reports.schema.ts';

// 订货报表, read only and in the caller's scope (HQ all; an agent its own and its shops' orders; a
// shop the orders it receives; a supplier 403): 发货明细, 订货汇总 (by style in 尺码横排, by buyer,
// by season) and 订货对账单. Drafts are never reported. Each page carries its whole filter's totals.

type FilterQuery = Omit<SummaryQuery, 'page' | 'limit' | 'currentpage' | 'pagesize' | 'sort' | 'order' | 'loadType'>;

/** The filter of a query, checked where it spans fields: a buyer's type goes with its id, a range runs forward. */
function reportFilter(query: FilterQuery & { outstanding?: 'true' | 'false' }): repo.ReportFilter {
  if ((query.buyerType === undefined) !== (query.buyerId === undefined)) throw badRequest(OrderingReportMessages.buyerIncomplete);
  if (query.from && query.to && query.to < query.from) throw badRequest(OrderingReportMessages.rangeReversed);
  return {
    seasonId: query.seasonId,
    buyerType: query.buyerType,
    buyerId: query.buyerId,
    shopId: query.shopId,
    keyword: query.keyword || undefined,
    orderNo: query.orderNo || undefined,
    status: query.status,
    from: query.from,
    to: query.to,
    outstanding: query.outstanding === 'true',
  };
}

function toFigures(row: repo.FigureSumsRow): OrderFigures {
  return {
    ordered: Number(row.ordered),
    approved: Number(row.approved),
    allocated: Number(row.allocated),
    shipped: Number(row.shipped),
    received: Number(row.received),
    outstanding: Number(row.outstanding),
    returned: Number(row.returned),
    netShipped: Number(row.net_shipped),
    orderedAmountFen: Number(row.ordered_amount_fen),
    approvedAmountFen: Number(row.approved_amount_fen),
    shippedAmountFen: Number(row.shipped_amount_fen),
    receivedAmountFen: Number(row.received_amount_fen),
    outstandingAmountFen: Number(row.outstanding_amount_fen),
    returnedAmountFen: Number(row.returned_amount_fen),
    netShippedAmountFen: Number(row.net_shipped_amount_fen),
  };
}

function toShippingRecord(row: repo.ShippingLineRow): ShippingDetailRecord {
  const price = row.unit_price_fen;
  return {
    lineId: row.line_id,
    orderId: row.order_id,
    orderNo: row.order_no,
    orderDate: row.order_date,
    status: row.status,
    statusLabel: SALES_ORDER_STATUS_LABELS[row.status],
    seasonName: row.season_name,
    buyerType: row.buyer_type,
    buyerName: row.buyer_name,
    shopName: row.shop_name,
    styleNo: row.style_no,
    styleName: row.style_name,
    colourName: row.colour_name,
    sizeName: row.size_name,
    ordered: row.ordered,
    approved: row.approved,
    allocated: row.allocated,
    shipped: row.shipped,
    received: row.received,
    outstanding: Number(row.outstanding),
    returned: Number(row.returned),
    netShipped: row.shipped - Number(row.returned),
    unitPriceFen: price,
    orderedAmountFen: Number(row.amount_fen),
    approvedAmountFen: row.approved === null ? null : row.approved * price,
    shippedAmountFen: row.shipped * price,
  };
}

/** 发货明细: one row per order line, with the figures of the whole filter. */
export async function shippingDetails(db: Db, scope: PartyScope, query: ShippingQuery, params: ListParams<ShippingSort>): Promise<FiguresPage<ShippingDetailRecord>> {
  assertBuyerSide(scope);
  const filter = reportFilter(query);
  const [page, totals] = await Promise.all([repo.pageShippingLines(db, scope, filter, params), repo.filterTotals(db, scope, filter)]);
  return { records: page.records.map(toShippingRecord), total: page.total, totals: toFigures(totals) };
}

/** 订货汇总 by buyer or by season. */
export async function summary(db: Db, scope: PartyScope, query: SummaryQuery, group: 'buyer' | 'season', params: ListParams<SummarySort>) {
  assertBuyerSide(scope);
  const filter = reportFilter(query);
  const [page, totals] = await Promise.all([repo.pageSummary(db, scope, filter, group, params), repo.filterTotals(db, scope, filter)]);
  const records = page.records.map(
    (r): OrderSummaryRecord => ({
      key: r.key,
      orderCount: Number(r.order_count),
      ...(group === 'buyer' ? { buyerType: r.buyer_type ?? undefined, buyerCode: r.buyer_code ?? '', buyerName: r.buyer_name ?? '' } : {}),
      ...(group === 'season' ? { seasonCode: r.season_code ?? '', seasonName: r.season_name ?? '', seasonKind: r.season_kind ?? undefined } : {}),
      ...toFigures(r),
    }),
  );
  return { records, total: page.total, totals: { ...toFigures(totals), orderCount: Number(totals.order_count) } };
}

/**
 * 订货汇总 by style: one page of styles, each as the measure's colour × size grid (the style's whole
 * size run in size order, the colours it was ordered in) with the figures of each colour and style.
 */
export async function styleSummary(db: Db, scope: PartyScope, query: SummaryQuery, measure: StyleSummaryMeasure, params: ListParams<SummarySort>) {
  assertBuyerSide(scope);
  const filter = reportFilter(query);
  const [page, totals] = await Promise.all([repo.pageSummary(db, scope, filter, 'style', params), repo.filterTotals(db, scope, filter)]);
  const productIds = page.records.map((r) => Number(r.product_id));
  const [cells, sizes] = productIds.length ? await Promise.all([repo.styleCells(db, scope, filter, productIds), repo.styleSizes(db, productIds)]) : [[], []];
  const records = page.records.map((r): StyleSummaryRecord => {
    const productId = Number(r.product_id);
    const mine = cells.filter((c) => c.product_id === productId);
    const colours = new Map<number, StyleSummaryColour & { sort: number }>();
    for (const cell of mine) {
      const colour = colours.get(cell.colour_id) ?? { colourId: cell.colour_id, colourName: cell.colour_name, sort: cell.colour_sort, ...emptyFigures() };
      const figures = toFigures(cell);
      for (const key of FIGURE_KEYS) colour[key] += figures[key];
      colours.set(cell.colour_id, colour);
    }
    const grid = buildSizeRunGrid(
      sizes.filter((z) => z.product_id === productId).map((z) => ({ id: z.id, name: z.name, sort: z.sort })),
      [...colours.values()].map((c) => ({ id: c.colourId, name: c.colourName, sort: c.sort })),
      mine.map((c) => ({ colourId: c.colour_id, sizeId: c.size_id, quantity: Number(c[measure]) })),
      { keepEmptyRows: true },
    );
    return {
      productId,
      styleNo: r.style_no ?? '',
      productName: r.product_name ?? '',
      measure,
      ...grid,
      colours: grid.rows.map((row) => {
        const { sort: _sort, ...colour } = colours.get(row.colourId)!;
        return colour;
      }),
      ...toFigures(r),
    };
  });
  return { records, total: page.total, totals: { ...toFigures(totals), styleCount: Number(totals.style_count) } };
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** The bill's buyer, checked against the caller's scope: HQ any agent or shop; an agent itself (the default) or one of its shops; a shop itself. */
async function billBuyer(db: Db, scope: PartyScope, query: BillQuery): Promise<BillPage['buyer']> {
  if ((query.buyerType === undefined) !== (query.buyerId === undefined)) throw badRequest(OrderingReportMessages.buyerIncomplete);
  let type = query.buyerType;
  let id = query.buyerId;
  if (type === undefined || id === undefined) {
    if (scope.kind === 'agent') [type, id] = ['agent', scope.agentId];
    else if (scope.kind === 'shop') [type, id] = ['shop', scope.shopId];
    else throw badRequest(OrderingReportMessages.billBuyerRequired);
  }
  if (scope.kind === 'shop' && (type !== 'shop' || id !== scope.shopId)) throw notFound(partyNotFound('shop'));
  // the parties service answers 404 for a party outside the caller's scope, as for a missing one
  const party = type === 'agent' ? await getAgent(db, scope, id) : await getShop(db, scope, id);
  return { type, id, code: party.code, name: party.name };
}

/** 订货对账单: one buyer's orders (past draft) in a period, with the approved and shipped amounts and their totals. */
export async function bill(db: Db, scope: PartyScope, query: BillQuery, params: ListParams<BillSort>): Promise<BillPage> {
  assertBuyerSide(scope);
  if (!query.from || !query.to) throw badRequest(OrderingReportMessages.billRangeRequired);
  if (query.to < query.from) throw badRequest(OrderingReportMessages.rangeReversed);
  if (dayNumber(query.to) - dayNumber(query.from) + 1 > BILL_RANGE_MAX_DAYS) throw badRequest(OrderingReportMessages.billRangeTooLong);
  const buyer = await billBuyer(db, scope, query);
  const filter = { buyerType: buyer.type, buyerId: buyer.id, from: query.from, to: query.to };
  const [page, totals] = await Promise.all([billRepo.pageBill(db, scope, filter, params), billRepo.billTotals(db, scope, filter)]);
  return {
    buyer,
    from: query.from,
    to: query.to,
    records: page.records.map((r) => {
      const approvedAmountFen = billApprovedFen(r.status, r.approved_amount_fen === null ? null : Number(r.approved_amount_fen));
      return {
        id: r.id,
        orderNo: r.order_no,
        orderDate: r.order_date,
        status: r.status,
        statusLabel: SALES_ORDER_STATUS_LABELS[r.status],
        seasonName: r.season_name,
        shopName: r.shop_name,
        approvedQuantity: approvedAmountFen === null ? null : r.approved_quantity,
        approvedAmountFen,
        shippedQuantity: Number(r.shipped_quantity),
        shippedAmountFen: Number(r.shipped_amount),
      };
    }),
    total: page.total,
    totals: {
      orderCount: Number(totals.order_count),
      approvedQuantity: Number(totals.approved_quantity),
      approvedAmountFen: Number(totals.approved_amount),
      shippedQuantity: Number(totals.shipped_quantity),
      shippedAmountFen: Number(totals.shipped_amount),
    },
  };
}

/** The reports' filter choices: the seasons, buyers and receiving shops of the caller's orders. */
export async function reportOptions(db: Db, scope: PartyScope): Promise<OrderReportOptions> {
  assertBuyerSide(scope);
  return billRepo.reportOptions(db, scope);
}
