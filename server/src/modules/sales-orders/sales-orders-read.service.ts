import {
  AGENT_PLAN_COUNTED_STATUSES,
  type AgentPlanOrderRecord,
  type PageResult,
  Permissions,
  priceLine,
  SALES_ORDER_STATUS_LABELS,
  SalesOrderInputMessages,
  SalesOrderMessages,
  salesOrderActions,
  type PriceStep,
  type SalesOrderAction,
  type SalesOrderDetail,
  type SalesOrderDeliveryRecord,
  stockDocStatusLabel,
  type SalesOrderEntryStyle,
  type SalesOrderRecord,
  type SalesOrderStockRecord,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { allowedBrandIds, brandAllowed } from '../ordering/buyer-brands.service.ts';
import { orderableStyles, resolveBuyer, seasonOpenToday } from '../ordering/catalogue.service.ts';
import { pricingContext, pricingStyles } from '../planning/price-simulation.service.ts';
import { runOptions } from '../product-master/size-runs.service.ts';
import { orderableStockBySku } from '../stock/stock-read.service.ts';
import { openPurchaseBySku } from '../purchasing/purchase-order-read.service.ts';
import { linesOfSourceLines } from '../stock-docs/stock-docs.service.ts';
import { originTotal } from '../../kernel/ledgers/money.ts';
import * as read from './sales-orders-read.repo.ts';
import type { SalesOrderSort } from './sales-orders.schema.ts';
import { differencesOfOrder } from './delivery-differences.service.ts';

// Reading 订货单 in the caller's scope (another party's order answers 404 like a missing one), and
// what order entry needs of a style: the buyer's price, the run rules and HQ's stock per SKU.

export interface SalesOrderContext {
  userId: number;
  scope: PartyScope;
  permissions: ReadonlySet<string>;
}

/** Only HQ, agents and shops order; a supplier (or an account without a party) is refused. */
export function assertBuyerSide(scope: PartyScope): void {
  if (scope.kind === 'supplier' || scope.kind === 'none') throw forbidden();
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A draft the caller's side made: HQ's own drafts for HQ, an agent's for the agent, a shop's for the shop. */
export function ownDraft(ctx: SalesOrderContext, row: { status: string; orderer_type: string }): boolean {
  if (row.status !== 'draft' || !ctx.permissions.has(Permissions.orderingOrderEdit)) return false;
  const side = ctx.scope.kind === 'all' ? 'hq' : ctx.scope.kind;
  return row.orderer_type === side;
}

function toRecord(row: read.OrderHeaderRow, ctx: SalesOrderContext): SalesOrderRecord {
  return {
    id: row.id,
    orderNo: row.order_no,
    seasonId: row.season_id,
    seasonName: row.season_name,
    kind: row.kind,
    buyerType: row.buyer_type,
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    ordererType: row.orderer_type,
    shopId: row.shop_id,
    shopName: row.shop_name,
    billedType: row.billed_type,
    billedId: row.billed_id,
    billedName: row.billed_type ? row.billed_name : '总部直营（不计费）',
    status: row.status,
    statusLabel: SALES_ORDER_STATUS_LABELS[row.status],
    orderDate: row.order_date,
    lineCount: row.line_count,
    totalQuantity: row.total_quantity,
    totalAmountFen: Number(row.total_amount_fen),
    approvedQuantity: row.approved_quantity,
    approvedAmountFen: row.approved_amount_fen === null ? null : Number(row.approved_amount_fen),
    remark: row.remark,
    reason: row.reason,
    createdByName: row.created_by_name ?? '',
    createdAt: iso(row.created_at)!,
    submittedAt: iso(row.submitted_at),
    auditedAt: iso(row.audited_at),
    actions: allowedActions(ctx, row.status),
    deletable: ownDraft(ctx, row),
  };
}

/** The machine's actions in this status that the caller's codes allow (ship/close come with outbounds). */
export function allowedActions(ctx: SalesOrderContext, status: SalesOrderRecord['status']): SalesOrderAction[] {
  const may = (code: string) => ctx.permissions.has(code);
  return salesOrderActions(status).filter((action) => {
    if (action === 'audit' || action === 'reject') return may(Permissions.orderingOrderAudit);
    // an audited order is HQ's to cancel
    if (action === 'cancel') return status === 'audited' ? may(Permissions.orderingOrderAudit) : may(Permissions.orderingOrderEdit) || may(Permissions.orderingOrderAudit);
    // shipping follows the 配货出库; closing (no more goods) is HQ's
    if (action === 'ship') return false;
    if (action === 'close') return may(Permissions.orderingOrderAudit);
    return may(Permissions.orderingOrderEdit);
  });
}

export async function pageOrders(db: Db, ctx: SalesOrderContext, filter: read.OrderFilter, params: ListParams<SalesOrderSort>) {
  assertBuyerSide(ctx.scope);
  const page = await read.pageOrders(db, ctx.scope, filter, params);
  return { ...page, records: page.records.map((r) => toRecord(r, ctx)) };
}

export async function orderDetail(db: Db, ctx: SalesOrderContext, id: number): Promise<SalesOrderDetail> {
  assertBuyerSide(ctx.scope);
  const row = await read.findOrder(db, ctx.scope, id);
  if (!row) throw notFound(SalesOrderMessages.notFound);
  const [lines, events, chargedFen] = await Promise.all([read.findLines(db, id), read.findEvents(db, id), originTotal(db, 'sales_order', id, 'receivable')]);
  const deliveries = await deliveriesOf(
    db,
    lines.map((l) => l.id),
  );
  const differences = await differencesOfOrder(db, id);
  return {
    ...toRecord(row, ctx),
    warehouseName: row.warehouse_name ?? '',
    deliveries,
    differences,
    canSettleDifferences: ctx.scope.kind === 'all' && ctx.permissions.has(Permissions.orderingAllocationDeliver),
    chargedFen,
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      productId: l.product_id,
      styleNo: l.style_no,
      styleName: l.style_name,
      skuId: l.sku_id,
      barcode: l.barcode,
      colourId: l.colour_id,
      colourName: l.colour_name,
      sizeName: l.size_name,
      sizeSort: l.size_sort,
      sizeRunId: l.size_run_id,
      sizeRunName: l.size_run_name,
      runCount: l.run_count,
      ordered: l.ordered,
      approved: l.approved,
      allocated: l.allocated,
      shipped: l.shipped,
      received: l.received,
      returned: Number(l.returned),
      unitPriceFen: l.unit_price_fen,
      amountFen: Number(l.amount_fen),
      priceSteps: (typeof l.price_steps === 'string' ? JSON.parse(l.price_steps) : l.price_steps) as PriceStep[],
    })),
    events: events.map((e) => ({ action: e.action, fromStatus: e.from_status, toStatus: e.to_status, reason: e.reason, userName: e.user_name ?? '', at: iso(e.created_at)! })),
  };
}

/** The 配货出库 made for the order's lines, each with what it carries of them. */
async function deliveriesOf(db: Db, lineIds: readonly number[]): Promise<SalesOrderDeliveryRecord[]> {
  const byDoc = new Map<number, SalesOrderDeliveryRecord>();
  for (const row of await linesOfSourceLines(db, 'sales_order', lineIds)) {
    const doc = byDoc.get(row.doc_id) ?? {
      docId: row.doc_id,
      docNo: row.doc_no,
      status: row.status,
      statusLabel: row.status === 'shipped' ? '在途' : stockDocStatusLabel(row.kind, row.status),
      fromWarehouseName: row.from_warehouse_name,
      toWarehouseName: row.to_warehouse_name ?? '',
      quantity: 0,
      received: 0,
      amountFen: 0,
      shippedAt: iso(row.shipped_at),
      receivedAt: iso(row.posted_at),
    };
    doc.quantity += row.quantity;
    doc.received += row.status === 'posted' ? (row.actual_quantity ?? row.quantity) : 0;
    doc.amountFen += row.quantity * (row.unit_price_fen ?? 0);
    byDoc.set(row.doc_id, doc);
  }
  return [...byDoc.values()];
}

/** Order entry of one style in a season open today, for the buyer the caller may order for. */
export async function entryStyle(
  db: Db,
  ctx: SalesOrderContext,
  productId: number,
  query: { seasonId: number; buyerType?: 'agent' | 'shop'; buyerId?: number },
): Promise<SalesOrderEntryStyle> {
  assertBuyerSide(ctx.scope);
  const buyer = await resolveBuyer(db, ctx.scope, query);
  const season = await seasonOpenToday(db, query.seasonId);
  if (!season) throw badRequest(SalesOrderInputMessages.seasonNotOpen);
  const [styles, allowed] = await Promise.all([orderableStyles(db, season.id, [productId]), allowedBrandIds(db, buyer)]);
  const style = styles.get(productId);
  if (!style) throw notFound(SalesOrderInputMessages.styleNotOffered);
  if (!brandAllowed(allowed, style.brandId)) throw notFound(SalesOrderInputMessages.styleBrandNotAllowed(style.styleNo));
  const spot = season.kind === 'spot';
  const [context, pricing, runs, counts] = await Promise.all([
    pricingContext(db, buyer),
    pricingStyles(db, [productId]),
    runOptions(db, style.sizeGroupId),
    spot ? orderableStockBySku(db, [productId]) : openPurchaseBySku(db, [productId]),
  ]);
  const pricingStyle = pricing.get(productId) ?? { productId, wholesalePriceFen: style.wholesalePriceFen, brandId: 0, categoryIds: [], season: '', tagIds: [] };
  const line = priceLine(context.buyer, pricingStyle, context.rules, context.day);
  return {
    productId,
    styleNo: style.styleNo,
    name: style.name,
    seasonKind: season.kind,
    unitPriceFen: line.unitPriceFen,
    wholesalePriceFen: style.wholesalePriceFen,
    steps: line.steps,
    sizeRunId: style.sizeRunId,
    wholeRuns: style.wholeRuns,
    minRuns: style.minRuns,
    runs: runs.map((r) => ({ id: r.id, name: r.name, counts: Object.fromEntries(r.counts.map((c) => [c.sizeName, c.count])) })),
    skus: style.skus.map((k) => ({
      skuId: k.sku_id,
      barcode: k.barcode,
      colourId: k.colour_id,
      colourName: k.colour_name,
      sizeName: k.size_name,
      sizeSort: k.size_sort,
      available: spot ? (counts.get(k.sku_id) ?? 0) : null,
      expected: spot ? null : (counts.get(k.sku_id) ?? 0),
    })),
  };
}

/** 审核 (HQ): 可订 of the order's SKUs — HQ warehouses' stock less what is set aside — for the audit dialog. */
export async function orderStock(db: Db, ctx: SalesOrderContext, id: number): Promise<SalesOrderStockRecord[]> {
  assertBuyerSide(ctx.scope);
  if (!(await read.findOrder(db, ctx.scope, id))) throw notFound(SalesOrderMessages.notFound);
  const stock = await orderableStockBySku(db, await read.productIdsOfOrder(db, id));
  return [...stock].map(([skuId, available]) => ({ skuId, available }));
}

/** How many orders the list with this filter holds in the caller's scope, up to `cap` (工作台). */
export function countOrders(db: Db, ctx: Pick<SalesOrderContext, 'scope'>, filter: read.OrderFilter, cap: number) {
  return read.countOrders(db, ctx.scope, filter, cap);
}

/** An order by its exact number in the caller's scope, or null (工作台's search). */
export async function findOrderByNo(db: Db, ctx: Pick<SalesOrderContext, 'scope'>, orderNo: string) {
  if (ctx.scope.kind === 'supplier' || ctx.scope.kind === 'none') return null;
  const row = await read.findOrderByNo(db, ctx.scope, orderNo);
  return row ? { id: row.id, orderNo: row.order_no, status: row.status, statusLabel: SALES_ORDER_STATUS_LABELS[row.status] } : null;
}

/** An order by its number, as a party's 收款单 names it: whom it is billed to (null: HQ's own shop). */
export async function billedOrderByNo(db: Db, orderNo: string) {
  const row = await read.billedOrderByNo(db, orderNo);
  return row
    ? { id: Number(row.id), orderNo: row.order_no, status: row.status, billedType: row.billed_type, billedId: row.billed_id === null ? null : Number(row.billed_id) }
    : null;
}

/** The numbers of some orders (a 收款单 shows the one it names). */
export async function orderNosOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  return new Map((await read.orderNos(db, ids)).map((r) => [Number(r.id), r.order_no]));
}

/** 已提交未发货 per billed party (finance's accounts join it) and of one party (finance's credit check). */
export { seasonShippedByAgent, unshippedByBilledQuery, unshippedOf } from './open-amounts.repo.ts';

/**
 * 代理规划: counted fen and pieces of the shops' orders in a season, per shop and product category
 * (the product's own category; the caller rolls them up its tree). The caller checks the scope.
 */
export async function countedByShopCategory(db: Db, seasonId: number, shopIds: readonly number[]) {
  const rows = await read.countedByShopCategory(db, seasonId, shopIds, AGENT_PLAN_COUNTED_STATUSES);
  return rows.map((r) => ({ shopId: Number(r.shop_id), categoryId: Number(r.category_id), fen: Number(r.fen), pieces: Number(r.pieces) }));
}

/** 代理规划: one shop's counted orders of a season, page by page (the caller checks the scope). */
export async function pageCountedOrders(db: Db, q: { seasonId: number; shopId: number }, params: ListParams<read.CountedOrderSort>): Promise<PageResult<AgentPlanOrderRecord>> {
  const page = await read.pageCountedOrders(db, { ...q, statuses: AGENT_PLAN_COUNTED_STATUSES }, params);
  return {
    ...page,
    records: page.records.map((r) => ({
      id: r.id,
      orderNo: r.order_no,
      orderDate: r.order_date,
      status: r.status,
      statusLabel: SALES_ORDER_STATUS_LABELS[r.status],
      countedFen: Number(r.counted_fen),
      countedPieces: Number(r.counted_pieces),
      returnedPieces: Number(r.returned_pieces),
    })),
  };
}
