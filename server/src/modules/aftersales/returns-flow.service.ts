import { RETURN_QUANTITY_MAX, RETURN_REASON_MAX, ReturnMessages as M, type ReturnAuditInput, type ReturnDetail, type ReturnKind, type ReturnReceiveInput } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import { transition } from '../../kernel/documents/transition.ts';
import type { DocContext } from '../stock-docs/kind-spec.ts';
import { KIND_SPECS } from '../stock-docs/kinds/index.ts';
import { RETURN_BIZ_TYPE, transferSpec } from '../stock-docs/kinds/transfer.ts';
import { actOnDocIn, createDocIn, lockStockDoc, sourceLinesOfDoc } from '../stock-docs/stock-docs.service.ts';
import * as repo from './returns.repo.ts';
import { returnDefinition, returnDetail, type ReturnContext } from './returns.service.ts';

// After the audit: the goods travel and the account follows. A return's goods go back through a
// transfer (店仓 → 在途 → the HQ warehouse chosen at the audit); a swap's two legs move together
// through one stock exchange document. The stock documents are made and moved through their own
// service; what their moves do to the return is in returns-link.ts (the source hooks), so a transfer
// received on the warehouse's own page credits the shop just the same.

/** Source types the returns' stock documents carry (their hooks are registered with the routes). */
export const RETURN_SOURCES: Record<ReturnKind, string> = { return: 'sales_return', swap: 'sales_swap' };

const isCount = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
const docContext = (ctx: ReturnContext): DocContext => ({ userId: ctx.userId, scope: ctx.scope, permissions: ctx.permissions });
const hqDocContext = (ctx: ReturnContext): DocContext => ({ userId: ctx.userId, scope: { kind: 'all' }, permissions: ctx.permissions });

/**
 * The client's figures by line id: every id one of `lines` and named once, else nothing is
 * changed (an id of another document must not leave this one's lines approved in full).
 */
function givenLines<T extends { lineId: number }>(input: readonly T[] | null | undefined, lines: readonly { id: number }[], unknown: string): Map<number, T> {
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
        const common = { sourceType: RETURN_SOURCES[kind], sourceId: id, sourceNo: row.return_no, remark: `${kind === 'return' ? '退货' : '换货'}：${row.reason}`.slice(0, 400) };
        let docId: number;
        if (kind === 'return') {
          docId = await createDocIn(trx, transferSpec, hq, {
            header: { ...common, bizType: RETURN_BIZ_TYPE, warehouseId: row.warehouse_id, toWarehouseId: warehouse.id },
            lines: shipping.map((l) => ({ skuId: l.sku_id, quantity: approved.get(l.id)!, sourceLineId: l.id, unitPriceFen: Number(l.unit_price_fen) })),
          });
          await actOnDocIn(trx, transferSpec, hq, docId, 'submit');
        } else {
          const exchange = KIND_SPECS.exchange!;
          docId = await createDocIn(trx, exchange, hq, {
            header: { ...common, warehouseId: warehouse.id, shopId: row.shop_id },
            lines: [
              ...shipping.map((l) => ({ leg: 'in' as const, skuId: l.sku_id, quantity: approved.get(l.id)!, sourceLineId: l.id, unitPriceFen: Number(l.unit_price_fen) })),
              ...lines
                .filter((l) => l.leg === 'out')
                .map((l) => ({ leg: 'out' as const, skuId: l.sku_id, quantity: l.quantity, sourceLineId: l.id, unitPriceFen: Number(l.unit_price_fen) })),
            ],
          });
          await actOnDocIn(trx, exchange, hq, docId, 'submit');
        }
        await repo.updateReturn(trx, id, { hq_warehouse_id: warehouse.id, stock_doc_id: docId, approved_quantity: approvedQuantity, approved_amount_fen: approvedAmount });
      },
    });
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

/** The return in the scope with its stock document, that document locked first (the order every mover of both takes). */
async function withLockedDoc(trx: Db, ctx: ReturnContext, kind: ReturnKind, id: number) {
  const peek = await repo.peekReturn(trx, ctx.scope, kind, id);
  if (!peek) throw notFound(M.notFound);
  if (peek.stock_doc_id === null) return { peek, docId: null };
  await lockStockDoc(trx, peek.stock_doc_id);
  return { peek, docId: peek.stock_doc_id };
}

/** 发货 (return): the shop sends the goods off — its transfer ships them into transit. */
export async function shipReturn(db: Db, ctx: ReturnContext, id: number): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    const { peek, docId } = await withLockedDoc(trx, ctx, 'return', id);
    if (peek.status !== 'audited' || docId === null) throw conflict(returnDefinition('return').refused(peek, 'ship'));
    await actOnDocIn(trx, transferSpec, docContext(ctx), docId, 'ship');
    return returnDetail(trx, ctx.scope, 'return', id);
  });
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
    const expected = kind === 'return' ? 'shipped' : 'audited';
    if (peek.status !== expected || docId === null) throw conflict(returnDefinition(kind).refused(peek, 'receive'));
    if (kind === 'swap') {
      await actOnDocIn(trx, KIND_SPECS.exchange!, hqDocContext(ctx), docId, 'post');
      return returnDetail(trx, ctx.scope, kind, id);
    }
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
    const docLines = await sourceLinesOfDoc(trx, docId);
    const hq = hqDocContext(ctx);
    await actOnDocIn(trx, transferSpec, hq, docId, 'receive', {
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
        header: { warehouseId: peek.hq_warehouse_id!, toWarehouseId: defectiveWarehouse.id, remark: `退货单${peek.return_no}次品转次品仓` },
        lines: moved.map((l) => ({ skuId: l.sku_id, quantity: arrived.get(l.id)!.defective })),
      });
      for (const action of ['submit', 'ship', 'receive'] as const) await actOnDocIn(trx, transferSpec, hq, defectiveDocId, action);
      await repo.updateReturn(trx, id, { defective_warehouse_id: defectiveWarehouse.id, defective_doc_id: defectiveDocId });
    }
    return returnDetail(trx, ctx.scope, kind, id);
  });
}

/**
 * 作废 (HQ, once audited): the stock documents are voided — the defective transfer first, then the
 * return's own — and their hooks void the return and reverse any credit. Nothing is deleted.
 */
export async function voidReturn(db: Db, ctx: ReturnContext, kind: ReturnKind, id: number, reason: string | undefined): Promise<ReturnDetail> {
  const text = (reason ?? '').trim();
  if (text.length > RETURN_REASON_MAX) throw badRequest(M.reasonTooLong);
  return withTransaction(db, async (trx) => {
    const peek = await repo.peekReturn(trx, ctx.scope, kind, id);
    if (!peek) throw notFound(M.notFound);
    if (peek.defective_doc_id !== null) await lockStockDoc(trx, peek.defective_doc_id);
    if (peek.stock_doc_id !== null) await lockStockDoc(trx, peek.stock_doc_id);
    const def = returnDefinition(kind);
    if (!['audited', 'shipped', 'done'].includes(peek.status) || peek.stock_doc_id === null) throw conflict(def.refused(peek, 'void'));
    const hq = hqDocContext(ctx);
    if (peek.defective_doc_id !== null) await actOnDocIn(trx, transferSpec, hq, peek.defective_doc_id, 'void', { reason: text || `退货单${peek.return_no}作废` });
    const spec = kind === 'return' ? transferSpec : KIND_SPECS.exchange!;
    await actOnDocIn(trx, spec, hq, peek.stock_doc_id, 'void', { reason: text || `${peek.return_no}作废` });
    return returnDetail(trx, ctx.scope, kind, id);
  });
}
