import {
  RETURN_KIND_LABELS,
  RETURN_MACHINES,
  RETURN_PREFIXES,
  RETURN_STATUS_LABELS,
  returnActionRefused,
  returnActions,
  returnBuyerKey,
  ReturnMessages as M,
  SWAP_LEG_LABELS,
  swapLegActions,
  type ReturnAction,
  type ReturnDetail,
  type ReturnInput,
  type ReturnKind,
  type ReturnLineRecord,
  type ReturnRecord,
  type ReturnStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { lockForAction, transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import * as repo from './returns.repo.ts';
import { inputOf, shapeReturn } from './returns-shape.ts';
import { lockOrderLines, receivedLines } from '../sales-orders/received-lines.service.ts';

// 退货单/换货单 (issue 19): a shop (or its agent, or HQ for it) drafts and submits; HQ audits
// (cutting lines with reasons) or rejects. What happens after the audit — the goods travelling and
// the account — is in returns-flow.service.ts and returns-link.ts.

export interface ReturnContext {
  userId: number;
  scope: PartyScope;
  permissions: ReadonlySet<string>;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(row: repo.ReturnHeaderRow): ReturnRecord {
  return {
    id: row.id,
    returnNo: row.return_no,
    kind: row.kind,
    seasonId: row.season_id,
    seasonName: row.season_name,
    shopId: row.shop_id,
    shopName: row.shop_name,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    buyerType: row.buyer_type,
    buyerName: row.buyer_name,
    billedType: row.billed_type,
    billedName: row.billed_type ? row.billed_name : '总部直营（不计费）',
    buyerKey: returnBuyerKey(row.buyer_type, row.buyer_id, row.billed_type, row.billed_id),
    status: row.status,
    statusLabel: RETURN_STATUS_LABELS[row.status],
    reason: row.reason,
    remark: row.remark,
    rejectReason: row.reject_reason,
    hqWarehouseId: row.hq_warehouse_id,
    hqWarehouseName: row.hq_warehouse_name ?? '',
    stockDocId: row.stock_doc_id,
    stockDocNo: row.stock_doc_no ?? '',
    stockDocKind: row.stock_doc_kind === 'transfer' || row.stock_doc_kind === 'exchange' ? row.stock_doc_kind : null,
    stockDocStatusLabel: row.stock_doc_status ? (SWAP_LEG_LABELS[row.stock_doc_status] ?? '') : '',
    outDocId: row.out_doc_id,
    outDocNo: row.out_doc_no ?? '',
    outDocStatusLabel: row.out_doc_status ? (SWAP_LEG_LABELS[row.out_doc_status] ?? '') : '',
    totalQuantity: row.total_quantity,
    totalAmountFen: Number(row.total_amount_fen),
    approvedQuantity: row.approved_quantity,
    approvedAmountFen: row.approved_amount_fen === null ? null : Number(row.approved_amount_fen),
    outQuantity: row.out_quantity,
    outAmountFen: Number(row.out_amount_fen),
    receivedQuantity: row.received_quantity,
    settledFen: Number(row.settled_fen),
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at)!,
    submittedAt: iso(row.submitted_at),
    auditedAt: iso(row.audited_at),
    doneAt: iso(row.done_at),
    // an audited swap's steps are its legs' (each a transfer with a state of its own)
    actions: row.kind === 'swap' && row.status === 'audited' ? swapLegActions(row.stock_doc_status, row.out_doc_status) : returnActions(row.kind, row.status),
  };
}

function toLineRecord(row: repo.ReturnLineRow): ReturnLineRecord {
  return {
    id: row.id,
    lineNo: row.line_no,
    leg: row.leg,
    orderLineId: row.order_line_id,
    orderId: row.order_id,
    orderNo: row.order_no,
    skuId: row.sku_id,
    productId: row.product_id,
    styleNo: row.style_no,
    productName: row.product_name,
    colourName: row.colour_name,
    sizeName: row.size_name,
    barcode: row.barcode,
    quantity: row.quantity,
    approvedQuantity: row.approved_quantity,
    cutReason: row.cut_reason,
    receivedQuantity: row.received_quantity,
    defectiveQuantity: row.defective_quantity,
    unitPriceFen: Number(row.unit_price_fen),
    amountFen: row.quantity * Number(row.unit_price_fen),
  };
}

export async function pageReturns(db: Db, ctx: ReturnContext, filter: repo.ReturnFilter, params: ListParams<repo.ReturnSort>) {
  const page = await repo.pageReturns(db, ctx.scope, filter, params);
  return { records: page.records.map(toRecord), total: page.total };
}

export async function returnDetail(db: Db, scope: PartyScope, kind: ReturnKind, id: number): Promise<ReturnDetail> {
  const header = await repo.findReturn(db, scope, kind, id);
  if (!header) throw notFound(M.notFound);
  return { ...toRecord(header), differenceReason: header.difference_reason ?? '', lines: (await repo.findReturnLines(db, id)).map(toLineRecord) };
}

const definitions = new Map<ReturnKind, DocumentDefinition<repo.ReturnRow, ReturnStatus, ReturnAction, ReturnContext>>();

/** 退货单 or 换货单 as the kernel moves it: the row's lock, the scope, the kind's machine and stamps. */
export function returnDefinition(kind: ReturnKind): DocumentDefinition<repo.ReturnRow, ReturnStatus, ReturnAction, ReturnContext> {
  let def = definitions.get(kind);
  if (!def) {
    def = {
      type: 'sales_return',
      machine: RETURN_MACHINES[kind],
      lock: (trx, id) => repo.lockReturn(trx, id),
      visible: (_trx, ctx, row) =>
        row.kind === kind &&
        (ctx.scope.kind === 'all' || (ctx.scope.kind === 'agent' && row.agent_id === ctx.scope.agentId) || (ctx.scope.kind === 'shop' && row.shop_id === ctx.scope.shopId)),
      statusOf: (row) => row.status,
      notFound: M.notFound,
      refused: (row, action) => returnActionRefused(row.kind, row.return_no, row.status, action),
      save: (trx, id, values) => repo.updateReturnQuery(trx, id, values),
      stamps: {
        submit: (u) => ({ submitted_by: u, submitted_at: new Date(), reject_reason: '' }),
        audit: (u) => ({ audited_by: u, audited_at: new Date() }),
        reject: (_u, reason) => ({ reject_reason: reason }),
        ship: () => ({ shipped_at: new Date() }),
        // a swap is done when both legs arrived: the link stamps it then (a leg's receipt alone does not)
        ...(kind === 'return' ? { receive: (u: number) => ({ done_by: u, done_at: new Date() }) } : {}),
        void: (u) => ({ voided_by: u, voided_at: new Date() }),
      },
    };
    definitions.set(kind, def);
  }
  return def;
}

/** Who acts for HQ inside hooks (the stock document's action was checked already). */
export const HQ_CONTEXT = (userId: number): ReturnContext => ({ userId, scope: { kind: 'all' }, permissions: new Set() });

export async function createReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, input: ReturnInput): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    const { header, lines } = await shapeReturn(trx, ctx.scope, kind, input, null);
    const returnNo = await nextDocNo(trx, RETURN_PREFIXES[kind]);
    const id = await repo.insertReturn(trx, { ...header, return_no: returnNo, created_by: ctx.userId }, lines);
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

export async function updateReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number, input: ReturnInput): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    await lockForAction(trx, returnDefinition(kind), ctx, id, 'edit');
    const { header, lines } = await shapeReturn(trx, ctx.scope, kind, input, id);
    await repo.replaceReturn(trx, id, header, lines);
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

export async function deleteReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number): Promise<void> {
  await withTransaction(db, async (trx) => {
    await lockForAction(trx, returnDefinition(kind), ctx, id, 'delete');
    await repo.deleteReturn(trx, id);
  });
}

/**
 * 提交: under the buyer's season lock (returns of one buyer and season queue here, so two cannot
 * both take the last returnable pieces or the last of the allowance) and the order lines' locks,
 * the draft is checked again as if saved now and its lines re-spread; then it holds its pieces.
 */
export async function submitReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    const peek = await repo.peekReturn(trx, ctx.scope, kind, id);
    if (!peek) throw notFound(M.notFound);
    await repo.lockBuyerSeason(trx, peek.season_id, peek.buyer_type, peek.buyer_id);
    await transition(trx, returnDefinition(kind), ctx, id, 'submit', {
      userId: ctx.userId,
      effects: async (row) => {
        const input = inputOf(row, await repo.linesOf(trx, id));
        // every order line these SKUs may come back against, locked before the check reads them
        const candidates = await receivedLines(trx, { shopId: row.shop_id, seasonId: row.season_id, skuIds: input.lines.map((l) => l.skuId) });
        await lockOrderLines(
          trx,
          candidates.map((c) => c.order_line_id),
        );
        const { header, lines } = await shapeReturn(trx, ctx.scope, kind, input, id);
        // the buyer is what the lock was taken for; a draft saved for another meanwhile is refused
        if (header.buyer_type !== peek.buyer_type || header.buyer_id !== peek.buyer_id) throw badRequest(M.changed);
        await repo.replaceReturn(trx, id, header, lines);
      },
    });
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

export async function withdrawReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    await transition(trx, returnDefinition(kind), ctx, id, 'withdraw', { userId: ctx.userId });
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

export async function rejectReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number, reason: string | undefined): Promise<ReturnDetail> {
  const text = (reason ?? '').trim();
  if (!text) throw badRequest(M.rejectReasonRequired);
  if (text.length > 200) throw badRequest(M.reasonTooLong);
  return withTransaction(db, async (trx) => {
    await transition(trx, returnDefinition(kind), ctx, id, 'reject', { userId: ctx.userId, reason: text });
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

/** The workbench's count of a kind in a status, in the caller's scope. */
export const countReturns = (db: Db, scope: PartyScope, kind: ReturnKind, status: ReturnStatus, cap: number) => repo.countReturns(db, scope, kind, status, cap);

export const kindLabel = (kind: ReturnKind) => RETURN_KIND_LABELS[kind];

/** 工作台 单据查找: a 退货单 (TH) or 换货单 (HD) by its exact number, null when missing or another party's. */
export async function findReturnByNo(db: Db, scope: PartyScope, returnNo: string) {
  const row = await repo.findReturnIdByNo(db, returnNo);
  const header = row && (await repo.findReturn(db, scope, row.kind, Number(row.id)));
  return header ? toRecord(header) : null;
}
