import {
  AllocationMessages,
  auditCutProblem,
  billedPartyOf,
  mayOrderFor,
  Permissions,
  SALES_ORDER_MACHINE,
  SALES_ORDER_PREFIX,
  SALES_ORDER_REASON_ACTIONS,
  SALES_ORDER_REASON_MAX,
  SALES_ORDER_REMARK_MAX,
  SALES_ORDER_STATUS_LABELS,
  SalesOrderInputMessages as M,
  SalesOrderMessages,
  salesOrderActionRefused,
  type SalesOrderAction,
  type SalesOrderAuditInput,
  type SalesOrderBilledParty,
  type SalesOrderDetail,
  type SalesOrderInput,
  type SalesOrderStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { lockForAction, transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { resolveBuyer, seasonOpenToday } from '../ordering/catalogue.service.ts';
import { getShop } from '../parties/shops.service.ts';
import { warehouseOptions } from '../warehouses/warehouses.service.ts';
import { checkedLines } from './sales-order-lines.ts';
import { hasQuotaHistory, releaseQuota, releaseQuotaAtClose, reserveQuota, settleQuotaAtAudit } from './sales-order-quota.ts';
import { checkOrderCredit } from '../../kernel/ledgers/credit-check.ts';
import { onPendingDeliveries, releaseFree } from './allocation.service.ts';
import { assertBuyerSide, orderDetail, ownDraft, type SalesOrderContext } from './sales-orders-read.service.ts';
import { assertExistingStyles } from './reorders.rule.ts';
import { partyNameOf } from './sales-orders-read.repo.ts';
import * as repo from './sales-orders.repo.ts';

// 订货单: a draft made and edited by the buyer (or HQ for a buyer), then moved by the document
// kernel with SALES_ORDER_MACHINE — submit (re-checked and re-priced at today's rules), withdraw,
// audit (HQ keeps or cuts each line, logged), reject and cancel (with a reason).

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Who the order is for, where the goods go and who pays, checked against the caller's scope. */
export async function orderParties(trx: Db, ctx: SalesOrderContext, input: SalesOrderInput) {
  const buyer = await resolveBuyer(trx, ctx.scope, { buyerType: input.buyerType ?? undefined, buyerId: input.buyerId ?? undefined });
  const shopId = input.shopId ?? (buyer.buyerType === 'shop' ? buyer.buyerId : undefined);
  if (shopId === undefined || shopId === null) throw badRequest(M.shopRequired);
  if (!isId(shopId)) throw notFound(M.shopNotFound);
  // another party's shop reads like a missing one (the parties service answers 404 outside the scope)
  const shop = await getShop(trx, ctx.scope, shopId);
  const ordering = { id: shop.id, kind: shop.kind, agentId: shop.agentId };
  const orderer =
    ctx.scope.kind === 'agent'
      ? ({ type: 'agent', id: ctx.scope.agentId } as const)
      : ctx.scope.kind === 'shop'
        ? ({ type: 'shop', id: ctx.scope.shopId } as const)
        : ({ type: 'hq' } as const);
  if (shop.status !== 'enabled' || !mayOrderFor(orderer, ordering)) throw notFound(M.shopNotFound);
  const shopIsBuyers = buyer.buyerType === 'shop' ? shop.id === buyer.buyerId : shop.agentId === buyer.buyerId;
  if (!shopIsBuyers) throw badRequest(M.shopNotBuyers);
  const billed = billedPartyOf(ordering);
  const warehouse = (await warehouseOptions(trx, { kind: 'all' }, { type: 'shop', shopId: shop.id }))[0];
  return {
    buyer,
    header: {
      buyer_type: buyer.buyerType,
      buyer_id: buyer.buyerId,
      orderer_type: orderer.type,
      shop_id: shop.id,
      warehouse_id: warehouse?.id ?? null,
      agent_id: buyer.buyerType === 'agent' ? buyer.buyerId : shop.agentId,
      billed_type: billed?.type ?? null,
      billed_id: billed?.id ?? null,
    },
  };
}

/**
 * 结算方 of an order for this buyer and receiving shop, checked as the order checks them (another
 * party's shop or buyer answers 404): the agent for its shops, a franchise shop itself, null for
 * HQ's direct shops. Order entry and the cart show its 可用授信 from finance's account.
 */
export async function billedPartyFor(db: Db, ctx: SalesOrderContext, q: { buyerType?: 'agent' | 'shop'; buyerId?: number; shopId: number }): Promise<SalesOrderBilledParty | null> {
  assertBuyerSide(ctx.scope);
  const { header } = await orderParties(db, ctx, { seasonId: 0, ...q });
  if (!header.billed_type || !header.billed_id) return null;
  return { billedType: header.billed_type, billedId: header.billed_id, billedName: await partyNameOf(db, header.billed_type, header.billed_id) };
}

/** A kind the order keeps whatever its season's kind: 'reorder' (翻单, only styles the buyer already received). */
export type FixedKind = 'reorder';

async function checkedInput(trx: Db, ctx: SalesOrderContext, input: SalesOrderInput, fixedKind?: FixedKind) {
  if (input.seasonId === null || input.seasonId === undefined) throw badRequest(M.seasonRequired);
  const season = isId(input.seasonId) ? await seasonOpenToday(trx, input.seasonId) : null;
  if (!season) throw badRequest(M.seasonNotOpen);
  const remark = (input.remark ?? '').trim();
  if (remark.length > SALES_ORDER_REMARK_MAX) throw badRequest(M.remarkTooLong);
  const { buyer, header } = await orderParties(trx, ctx, input);
  const lines = await checkedLines(trx, season.id, buyer, input);
  if (fixedKind === 'reorder') await assertExistingStyles(trx, season.id, buyer, lines);
  return { header: { ...header, season_id: season.id, kind: fixedKind ?? season.kind, remark } satisfies repo.OrderHeaderValues, lines };
}

export async function createOrder(db: Db, ctx: SalesOrderContext, input: SalesOrderInput, fixedKind?: FixedKind): Promise<SalesOrderDetail> {
  assertBuyerSide(ctx.scope);
  return withTransaction(db, async (trx) => {
    const { header, lines } = await checkedInput(trx, ctx, input, fixedKind);
    const orderNo = await nextDocNo(trx, SALES_ORDER_PREFIX);
    const id = await repo.insertOrder(trx, { ...header, order_no: orderNo, created_by: ctx.userId });
    await repo.replaceLines(trx, id, lines);
    // 提交 refused (credit, quota…) rolls the new draft back with it: no hidden draft is left
    if (input.submit === true) return actOnOrder(trx, ctx, id, 'submit');
    return orderDetail(trx, ctx, id);
  });
}

/** 订货单 as the kernel moves it: the row lock, the ordering scope, the machine and the stamps. */
export const SALES_ORDER_DOCUMENT: DocumentDefinition<repo.OrderRow, SalesOrderStatus, SalesOrderAction, SalesOrderContext> = {
  type: 'sales_order',
  machine: SALES_ORDER_MACHINE,
  lock: (trx, id) => repo.lockOrder(trx, id),
  visible: (_trx, ctx, row) =>
    ctx.scope.kind === 'all' || (ctx.scope.kind === 'agent' && row.agent_id === ctx.scope.agentId) || (ctx.scope.kind === 'shop' && row.shop_id === ctx.scope.shopId),
  statusOf: (row) => row.status,
  notFound: SalesOrderMessages.notFound,
  refused: (row, action) => salesOrderActionRefused(row.order_no, row.status, action),
  save: (trx, id, values) => repo.updateOrderQuery(trx, id, values),
  stamps: {
    submit: (u) => ({ submitted_by: u, submitted_at: new Date(), reason: '' }),
    withdraw: () => ({ submitted_by: null, submitted_at: null }),
    audit: (u, reason) => ({ audited_by: u, audited_at: new Date(), reason }),
    reject: (u, reason) => ({ rejected_by: u, rejected_at: new Date(), reason }),
    cancel: (u, reason) => ({ cancelled_by: u, cancelled_at: new Date(), reason }),
  },
};

export async function updateOrder(db: Db, ctx: SalesOrderContext, id: number, input: SalesOrderInput): Promise<SalesOrderDetail> {
  assertBuyerSide(ctx.scope);
  return withTransaction(db, async (trx) => {
    const { row } = await lockForAction(trx, SALES_ORDER_DOCUMENT, ctx, id, 'edit');
    // a re-order stays one, held to its rule on every edit
    const { header, lines } = await checkedInput(trx, ctx, input, row.kind === 'reorder' ? 'reorder' : undefined);
    await repo.updateOrder(trx, id, header);
    await repo.replaceLines(trx, id, lines);
    if (input.submit === true) return actOnOrder(trx, ctx, id, 'submit');
    return orderDetail(trx, ctx, id);
  });
}

/**
 * 删除 a draft (issue 26): only the side that made it (HQ its own drafts, an agent its own, a shop
 * its own) — any other order, or one outside the caller's scope, answers 404 as a missing one; an
 * order past draft answers 409, and so does a withdrawn draft whose submission moved a quota (its
 * history stays: it is cancelled instead). The lines go with the header.
 */
export async function deleteDraft(db: Db, ctx: SalesOrderContext, id: number): Promise<void> {
  assertBuyerSide(ctx.scope);
  await withTransaction(db, async (trx) => {
    const row = await repo.lockOrder(trx, id);
    if (!row || !(await SALES_ORDER_DOCUMENT.visible(trx, ctx, row)) || !ownDraft(ctx, { status: 'draft', orderer_type: row.orderer_type })) {
      throw notFound(SalesOrderMessages.notFound);
    }
    if (row.status !== 'draft') throw conflict(M.deleteNotDraft(row.order_no, SALES_ORDER_STATUS_LABELS[row.status]));
    if (await hasQuotaHistory(trx, id)) throw conflict(M.deleteHasHistory(row.order_no));
    await repo.deleteOrder(trx, id);
  });
}

export type ReasonAction = 'submit' | 'withdraw' | 'reject' | 'cancel' | 'close';

/** submit / withdraw / reject / cancel through the kernel, in one transaction. */
export async function actOnOrder(
  db: Db,
  ctx: SalesOrderContext,
  id: number,
  action: ReasonAction,
  input: { reason?: string | null; creditOverrideReason?: string | null } = {},
): Promise<SalesOrderDetail> {
  assertBuyerSide(ctx.scope);
  const reason = (input.reason ?? '').trim();
  if (reason.length > SALES_ORDER_REASON_MAX) throw badRequest(M.reasonTooLong);
  return withTransaction(db, async (trx) => {
    // a credit overrun let through is logged with the submission
    let logged = reason;
    await transition(trx, SALES_ORDER_DOCUMENT, ctx, id, action, {
      userId: ctx.userId,
      reason,
      eventReason: () => logged,
      effects: async (order) => {
        if (SALES_ORDER_REASON_ACTIONS.has(action) && !reason) throw badRequest(SalesOrderMessages.reasonRequired);
        if (action === 'cancel' && order.status === 'audited' && !ctx.permissions.has(Permissions.orderingOrderAudit)) throw forbidden(M.auditedCancelHqOnly);
        if (action === 'close' && !ctx.permissions.has(Permissions.orderingOrderAudit)) throw forbidden();
        // an audited order may hold allocated goods: they go back, unless a 配货出库 still carries them
        if (order.status === 'audited' || order.status === 'partly_shipped') await giveBackAllocations(trx, order, ctx.userId);
        if (action === 'close') await releaseQuotaAtClose(trx, order, ctx.userId);
        if (action === 'submit') {
          await recheckDraft(trx, order);
          // the billed party is the draft's; the amount is the one the submission re-priced
          const amountFen = await reserveQuota(trx, order, ctx.userId);
          logged = withOverride(reason, await checkCredit(trx, ctx, order, amountFen, input.creditOverrideReason));
        }
        if (action === 'withdraw' || action === 'reject' || action === 'cancel') await releaseQuota(trx, order, ctx.userId);
      },
    });
    return orderDetail(trx, ctx, id);
  });
}

/** Closing or cancelling an order with goods set aside: refused while a 配货出库 carries some, else they are released. */
async function giveBackAllocations(trx: Db, order: repo.OrderRow, userId: number): Promise<void> {
  const lineIds = (await repo.orderLines(trx, order.id)).map((l) => l.id);
  if ((await onPendingDeliveries(trx, lineIds)).size > 0) throw badRequest(AllocationMessages.pendingDeliveries(order.order_no));
  await releaseFree(trx, [order.id], userId);
}

/**
 * A draft as it is submitted: the season still open today, every style still offered, the runs
 * still kept, and every line priced again at today's rules (a draft may have waited for days).
 */
async function recheckDraft(trx: Db, order: repo.OrderRow): Promise<void> {
  const season = await seasonOpenToday(trx, order.season_id);
  if (!season) throw badRequest(M.seasonNotOpen);
  const stored = await repo.orderLines(trx, order.id);
  if (stored.length === 0) throw badRequest(M.noLines);
  const lines = await checkedLines(
    trx,
    season.id,
    { buyerType: order.buyer_type, buyerId: order.buyer_id },
    {
      lines: stored.map((l) => ({
        skuId: l.sku_id,
        quantity: l.ordered,
        run: l.size_run_id !== null && l.run_count !== null ? { sizeRunId: l.size_run_id, runCount: l.run_count } : null,
      })),
    },
  );
  if (order.kind === 'reorder') await assertExistingStyles(trx, season.id, { buyerType: order.buyer_type, buyerId: order.buyer_id }, lines);
  await repo.replaceLines(trx, order.id, lines);
}

/**
 * 审核: HQ keeps each line's quantity or cuts it (never raises it, never to nothing at all; a cut
 * needs a reason). The approved quantities are written under the order's lock with the status; the
 * event records the reason and every cut line (ordered → approved).
 */
export async function auditOrder(db: Db, ctx: SalesOrderContext, id: number, input: SalesOrderAuditInput): Promise<SalesOrderDetail> {
  assertBuyerSide(ctx.scope);
  const reason = (input.reason ?? '').trim();
  if (reason.length > SALES_ORDER_REASON_MAX) throw badRequest(M.reasonTooLong);
  const given = Array.isArray(input.lines) ? input.lines : [];
  return withTransaction(db, async (trx) => {
    // the lock first: the event's text names the cuts, so they are known before the transition
    const { row: order } = await lockForAction(trx, SALES_ORDER_DOCUMENT, ctx, id, 'audit');
    const lines = await repo.orderLines(trx, order.id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const approvedOf = new Map<number, number>();
    for (const g of given) {
      if (!byId.has(g.lineId) || approvedOf.has(g.lineId)) throw badRequest(M.auditLineUnknown);
      approvedOf.set(g.lineId, g.approved);
    }
    // a line left out keeps what was ordered
    const kept = lines.map((l) => ({ id: l.id, ordered: l.ordered, approved: approvedOf.get(l.id) ?? l.ordered }));
    const problem = auditCutProblem(kept, reason);
    if (problem) throw badRequest(problem);
    const cuts = lines.filter((l) => (approvedOf.get(l.id) ?? l.ordered) < l.ordered);
    const what = cuts.map((l) => `${l.style_no} ${l.colour_name}/${l.size_name} ${l.ordered}→${approvedOf.get(l.id)}`).join('；');
    const logged = cuts.length > 0 ? `${reason}（削减${cuts.length}行：${what}）` : reason;
    const approvedQuantity = kept.reduce((s, l) => s + l.approved, 0);
    const approvedAmount = kept.reduce((s, l) => s + l.approved * byId.get(l.id)!.unit_price_fen, 0);
    const overridden = await checkCredit(trx, ctx, order, approvedAmount, input.creditOverrideReason);
    await transition(trx, SALES_ORDER_DOCUMENT, ctx, id, 'audit', {
      userId: ctx.userId,
      reason: withOverride(logged, overridden),
      effects: async () => {
        await repo.setApproved(trx, order.id, kept);
        await repo.updateOrder(trx, order.id, { approved_quantity: approvedQuantity, approved_amount_fen: approvedAmount });
        await settleQuotaAtAudit(trx, order, { quantity: order.total_quantity - approvedQuantity, amountFen: Number(order.total_amount_fen) - approvedAmount }, ctx.userId);
      },
    });
    return orderDetail(trx, ctx, id);
  });
}

/** The billed party's credit for what the order will commit (nothing for HQ's own shops). Answers the override reason when an overrun was let through. */
async function checkCredit(trx: Db, ctx: SalesOrderContext, order: repo.OrderRow, amountFen: number, overrideReason: string | null | undefined): Promise<string> {
  if (!order.billed_type || !order.billed_id) return '';
  return checkOrderCredit(trx, {
    billed: { type: order.billed_type, id: order.billed_id },
    orderId: order.id,
    orderNo: order.order_no,
    amountFen,
    userId: ctx.userId,
    mayOverride: ctx.permissions.has(Permissions.financeCreditOverride),
    overrideReason: (overrideReason ?? '').trim(),
  });
}

const withOverride = (reason: string, override: string) => (override ? [reason, `超额度放行：${override}`].filter(Boolean).join('；') : reason);
