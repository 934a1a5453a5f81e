import {
  RETURN_QUANTITY_MAX,
  RETURN_REASON_MAX,
  ReturnMessages as M,
  swapLegRefused,
  type ReturnAction,
  type ReturnAuditInput,
  type ReturnDetail,
  type ReturnKind,
  type ReturnReceiveInput,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { transition } from '../../kernel/documents/transition.ts';
import type { DocContext } from '../stock-docs/kind-spec.ts';
import { KIND_SPECS, RETURN_BIZ_TYPE, transferSpec } from '../stock-docs/doc-kinds.service.ts';
import { actOnDocIn, createDocIn, lockStockDoc, sourceLinesOfDoc } from '../stock-docs/stock-docs.service.ts';
import * as repo from './returns.repo.ts';
import { returnDefinition, returnDetail, type ReturnContext } from './returns.service.ts';

// After the audit: the goods travel and the account follows. A return's goods go back through a
// transfer (店仓 → 在途 → the HQ warehouse chosen at the audit); so do a swap's back leg, and its out
// leg the other way (that warehouse → 在途 → 店仓, issue 26: the shop's stock moves only when the shop
// ships and receives). The stock documents are made and moved through their own service; what their
// moves do to the return is in returns-link.ts and swaps-link.ts (the source hooks), so a transfer
// moved on the warehouse's own page does just the same. The out leg's own steps: swaps-flow.service.ts.

/** Source types the returns' stock documents carry (their hooks are registered with the routes). */
export const RETURN_SOURCES: Record<ReturnKind, string> = { return: 'sales_return', swap: 'sales_swap' };

export const isCount = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
export const docContext = (ctx: ReturnContext): DocContext => ({ userId: ctx.userId, scope: ctx.scope, permissions: ctx.permissions });
export const hqDocContext = (ctx: ReturnContext): DocContext => ({ userId: ctx.userId, scope: { kind: 'all' }, permissions: ctx.permissions });

/**
 * The client's figures by line id: every id one of `lines` and named once, else nothing is
 * changed (an id of another document must not leave this one's lines approved in full).
 */
export function givenLines<T extends { lineId: number }>(input: readonly T[] | null | undefined, lines: readonly { id: number }[], unknown: string): Map<number, T> {
  const known = new Set(lines.map((l) => l.id));
  const given = new Map<number, T>();
  for (const entry of Array.isArray(input) ? input : []) {
    if (!known.has(entry?.lineId) || given.has(entry.lineId)) throw badRequest(unknown);
    given.set(entry.lineId, entry);
  }
  return given;
}

/** The enabled warehouse of that type the client named (HQ receiving, defective), or the form's message. */
async function warehouseOfType(trx: Db, id: unknown, type: 'hq' | 'defective') {
  if (id === undefined || id === null) throw badRequest(type === 'hq' ? M.hqWarehouseRequired : M.defectiveWarehouseRequired);
  const row = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? await repo.warehouseById(trx, id) : undefined;
  if (row?.type !== type || !row.enabled) throw badRequest(type === 'hq' ? M.hqWarehouseInvalid : M.defectiveWarehouseInvalid);
  return row;
}

/**
 * 审核: HQ approves each back line (all of it, or less with a reason), names the HQ warehouse the
 * goods go to, and the stock document is made and submitted in the same transaction.
 */
export async function auditReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number, input: ReturnAuditInput): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    await transition(trx, returnDefinition(kind), ctx, id, 'audit', {
      userId: ctx.userId,
      effects: async (row) => {
        const warehouse = await warehouseOfType(trx, input?.hqWarehouseId, 'hq');
        const lines = await repo.linesOf(trx, id);
        const back = lines.filter((l) => l.leg === 'back');
        const given = givenLines(input?.lines, back, M.auditLineUnknown);
        let approvedQuantity = 0;
        let approvedAmount = 0;
        const approved = new Map<number, number>();
        back.forEach((line, i) => {
          const choice = given.get(line.id);
          const quantity = choice === undefined ? line.quantity : choice.approvedQuantity;
          if (!isCount(quantity, line.quantity)) throw badRequest(M.approveInvalid(i + 1));
          const cutReason = (choice?.cutReason ?? '').trim();
          if (quantity < line.quantity && !cutReason) throw badRequest(M.cutReasonRequired(i + 1));
          if (cutReason.length > RETURN_REASON_MAX) throw badRequest(M.reasonTooLong);
          approved.set(line.id, quantity);
          approvedQuantity += quantity;
          approvedAmount += quantity * Number(line.unit_price_fen);
        });
        if (approvedQuantity === 0) throw badRequest(M.approveNothing);
        for (const line of back) {
          const choice = given.get(line.id);
          await repo.setLineFigures(trx, line.id, { approved_quantity: approved.get(line.id)!, cut_reason: (choice?.cutReason ?? '').trim() });
        }
        const hq = hqDocContext(ctx);
        const shipping = back.filter((l) => approved.get(l.id)! > 0);
        const common = { sourceType: RETURN_SOURCES[kind], sourceId: id, sourceNo: row.return_no, bizType: RETURN_BIZ_TYPE };
        const remark = (what: string) => `${what}：${row.reason}`.slice(0, 400);
        // the pieces back: shop warehouse → 在途 → HQ, shipped by the shop (a swap's back leg alike)
        const docId = await createDocIn(trx, transferSpec, hq, {
          header: { ...common, remark: remark(kind === 'return' ? '退货' : '换货退回'), warehouseId: row.warehouse_id, toWarehouseId: warehouse.id },
          lines: shipping.map((l) => ({ skuId: l.sku_id, quantity: approved.get(l.id)!, sourceLineId: l.id, unitPriceFen: Number(l.unit_price_fen) })),
        });
        await actOnDocIn(trx, transferSpec, hq, docId, 'submit');
        // a swap's new pieces: HQ → 在途 → shop warehouse, shipped by HQ and received by the shop
        let outDocId: number | null = null;
        if (kind === 'swap') {
          outDocId = await createDocIn(trx, transferSpec, hq, {
            header: { ...common, remark: remark('换货换出'), warehouseId: warehouse.id, toWarehouseId: row.warehouse_id },
            lines: lines.filter((l) => l.leg === 'out').map((l) => ({ skuId: l.sku_id, quantity: l.quantity, sourceLineId: l.id, unitPriceFen: Number(l.unit_price_fen) })),
          });
          await actOnDocIn(trx, transferSpec, hq, outDocId, 'submit');
        }
        await repo.updateReturn(trx, id, {
          hq_warehouse_id: warehouse.id,
          stock_doc_id: docId,
          out_doc_id: outDocId,
          approved_quantity: approvedQuantity,
          approved_amount_fen: approvedAmount,
        });
      },
    });
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

/** The return in the scope with its stock document, that document locked first (the order every mover of both takes). */
export async function withLockedDoc(trx: Db, ctx: ReturnContext, kind: ReturnKind, id: number) {
  const peek = await repo.peekReturn(trx, ctx.scope, kind, id);
  if (!peek) throw notFound(M.notFound);
  if (peek.stock_doc_id === null) return { peek, docId: null };
  await lockStockDoc(trx, peek.stock_doc_id);
  return { peek, docId: peek.stock_doc_id };
}

/** A swap in the scope with its out leg's transfer locked first (as withLockedDoc, for the other leg). */
export async function withLockedOutDoc(trx: Db, ctx: ReturnContext, id: number) {
  const peek = await repo.peekReturn(trx, ctx.scope, 'swap', id);
  if (!peek) throw notFound(M.notFound);
  if (peek.out_doc_id !== null) await lockStockDoc(trx, peek.out_doc_id);
  return peek;
}

/** 发货 (a return, or a swap's back leg): the shop sends the goods off — its transfer ships them into transit. */
export async function shipReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    const { peek, docId } = await withLockedDoc(trx, ctx, kind, id);
    if (kind === 'return' && (peek.status !== 'audited' || docId === null)) throw conflict(returnDefinition(kind).refused(peek, 'ship'));
    if (kind === 'swap') await assertLeg(trx, peek, 'back', 'submitted', 'ship');
    await actOnDocIn(trx, transferSpec, docContext(ctx), docId!, 'ship');
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

/**
 * An audited swap's leg in the state the step needs (its transfer locked by the caller), else the
 * 409 naming the leg's state. A swap audited before its legs travelled has no out leg.
 */
export async function assertLeg(trx: Db, peek: repo.ReturnRow, leg: 'back' | 'out', state: string, action: ReturnAction): Promise<number> {
  if (peek.status !== 'audited') throw conflict(returnDefinition('swap').refused(peek, action));
  const docId = leg === 'back' ? peek.stock_doc_id : peek.out_doc_id;
  const now = await repo.docStatus(trx, docId);
  if (docId === null || now !== state) throw conflict(swapLegRefused(peek.return_no, leg, now, action));
  return docId;
}

/**
 * 收货 (return) / 确认换货 (swap): HQ takes the goods in. A return's lines arrive good or defective
 * (a shortfall needs a reason); the transfer is received with what arrived, and defective pieces go
 * on to the defective warehouse by a second transfer in the same transaction. A swap's exchange is
 * posted: both legs move, or neither.
 */
export async function receiveReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number, input: ReturnReceiveInput): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    const { peek, docId } = await withLockedDoc(trx, ctx, kind, id);
    if (kind === 'return' && (peek.status !== 'shipped' || docId === null)) throw conflict(returnDefinition(kind).refused(peek, 'receive'));
    if (kind === 'swap' && peek.out_doc_id === null && docId !== null) {
      // audited before the legs travelled: its one exchange document posts both legs together
      if (peek.status !== 'audited') throw conflict(returnDefinition(kind).refused(peek, 'receive'));
      await actOnDocIn(trx, KIND_SPECS.exchange!, hqDocContext(ctx), docId, 'post');
      return returnDetail(trx, ctx.scope, kind, id);
    }
    if (kind === 'swap') await assertLeg(trx, peek, 'back', 'shipped', 'receive');
    const reason = (input?.reason ?? '').trim();
    if (reason.length > RETURN_REASON_MAX) throw badRequest(M.reasonTooLong);
    const lines = (await repo.linesOf(trx, id)).filter((l) => l.leg === 'back' && (l.approved_quantity ?? 0) > 0);
    const given = givenLines(input?.lines, lines, M.receiveLineUnknown);
    const arrived = new Map<number, { good: number; defective: number }>();
    lines.forEach((line, i) => {
      const choice = given.get(line.id);
      const good = choice === undefined ? line.approved_quantity! : choice.goodQuantity;
      const defective = choice?.defectiveQuantity ?? 0;
      if (!isCount(good, RETURN_QUANTITY_MAX) || !isCount(defective, RETURN_QUANTITY_MAX) || good + defective > line.approved_quantity!) throw badRequest(M.receiveInvalid(i + 1));
      arrived.set(line.id, { good, defective });
    });
    const short = lines.some((l) => arrived.get(l.id)!.good + arrived.get(l.id)!.defective !== l.approved_quantity);
    if (short && !reason) throw badRequest(M.differenceReasonRequired);
    const defectiveTotal = [...arrived.values()].reduce((s, a) => s + a.defective, 0);
    const defectiveWarehouse = defectiveTotal > 0 ? await warehouseOfType(trx, input?.defectiveWarehouseId, 'defective') : null;
    const docLines = await sourceLinesOfDoc(trx, docId!);
    const hq = hqDocContext(ctx);
    await actOnDocIn(trx, transferSpec, hq, docId!, 'receive', {
      reason,
      actuals: docLines.map((d) => {
        const a = arrived.get(d.source_line_id!) ?? { good: 0, defective: 0 };
        return { lineId: d.id, actualQuantity: a.good + a.defective };
      }),
    });
    for (const line of lines) await repo.setLineFigures(trx, line.id, { defective_quantity: arrived.get(line.id)!.defective });
    if (defectiveWarehouse) {
      const moved = lines.filter((l) => arrived.get(l.id)!.defective > 0);
      const defectiveDocId = await createDocIn(trx, transferSpec, hq, {
        header: { warehouseId: peek.hq_warehouse_id!, toWarehouseId: defectiveWarehouse.id, remark: `${kind === 'return' ? '退货单' : '换货单'}${peek.return_no}次品转次品仓` },
        lines: moved.map((l) => ({ skuId: l.sku_id, quantity: arrived.get(l.id)!.defective })),
      });
      for (const action of ['submit', 'ship', 'receive'] as const) await actOnDocIn(trx, transferSpec, hq, defectiveDocId, action);
      await repo.updateReturn(trx, id, { defective_warehouse_id: defectiveWarehouse.id, defective_doc_id: defectiveDocId });
    }
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

/**
 * 作废 (HQ, once audited): the stock documents are voided — the defective transfer first, then a
 * swap's out leg, then the goods back — and their hooks void the return and reverse what it posted.
 * Nothing is deleted.
 */
export async function voidReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number, reason: string | undefined): Promise<ReturnDetail> {
  const text = (reason ?? '').trim();
  if (text.length > RETURN_REASON_MAX) throw badRequest(M.reasonTooLong);
  return withTransaction(db, async (trx) => {
    const peek = await repo.peekReturn(trx, ctx.scope, kind, id);
    if (!peek) throw notFound(M.notFound);
    // every document first, in one order (defective, out, back), then the return in the hooks
    for (const docId of [peek.defective_doc_id, peek.out_doc_id, peek.stock_doc_id]) if (docId !== null) await lockStockDoc(trx, docId);
    const def = returnDefinition(kind);
    if (!['audited', 'shipped', 'done'].includes(peek.status) || peek.stock_doc_id === null) throw conflict(def.refused(peek, 'void'));
    const hq = hqDocContext(ctx);
    if (peek.defective_doc_id !== null) await actOnDocIn(trx, transferSpec, hq, peek.defective_doc_id, 'void', { reason: text || `退货单${peek.return_no}作废` });
    if (peek.out_doc_id !== null && (await repo.docStatus(trx, peek.out_doc_id)) !== 'void') {
      await actOnDocIn(trx, transferSpec, hq, peek.out_doc_id, 'void', { reason: text || `${peek.return_no}作废` });
    }
    if ((await repo.docStatus(trx, peek.stock_doc_id)) !== 'void') {
      const spec = kind === 'swap' && peek.out_doc_id === null ? KIND_SPECS.exchange! : transferSpec;
      await actOnDocIn(trx, spec, hq, peek.stock_doc_id, 'void', { reason: text || `${peek.return_no}作废` });
    }
    return returnDetail(trx, ctx.scope, kind, id);
  });
}
