import { RETURN_REASON_MAX, ReturnMessages as M, type ReturnDetail, type SwapOutReceiveInput } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';
import { transferSpec } from '../stock-docs/doc-kinds.service.ts';
import { actOnDocIn, sourceLinesOfDoc } from '../stock-docs/stock-docs.service.ts';
import * as repo from './returns.repo.ts';
import { assertLeg, docContext, givenLines, hqDocContext, isCount, withLockedOutDoc } from './returns-flow.service.ts';
import { returnDetail, type ReturnContext } from './returns.service.ts';

// A swap's out leg (issue 26): the new pieces leave HQ's warehouse only when HQ ships them (换出发货)
// and reach the shop's warehouse only when the shop receives them (换出收货), through 在途 like every
// transfer. What the receipt does to the swap (and the difference once both legs arrived) is the
// transfer's source hook, in swaps-link.ts.

/** 换出发货 (HQ): the out leg's transfer ships the new pieces from the HQ warehouse into transit. */
export async function shipSwapOut(db: Db, ctx: ReturnContext, id: number): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    const peek = await withLockedOutDoc(trx, ctx, id);
    const docId = await assertLeg(trx, peek, 'out', 'submitted', 'ship_out');
    await actOnDocIn(trx, transferSpec, hqDocContext(ctx), docId, 'ship');
    return returnDetail(trx, ctx.scope, 'swap', id);
  });
}

/**
 * 换出收货 (the shop, its agent or HQ): the new pieces arrive at the shop's warehouse, each out line
 * as shipped unless a smaller count is given; a shortfall needs a reason (the shop is charged for
 * what arrived).
 */
export async function receiveSwapOut(db: Db, ctx: ReturnContext, id: number, input: SwapOutReceiveInput): Promise<ReturnDetail> {
  return withTransaction(db, async (trx) => {
    const peek = await withLockedOutDoc(trx, ctx, id);
    const docId = await assertLeg(trx, peek, 'out', 'shipped', 'receive_out');
    const reason = (input?.reason ?? '').trim();
    if (reason.length > RETURN_REASON_MAX) throw badRequest(M.reasonTooLong);
    const lines = (await repo.linesOf(trx, id)).filter((l) => l.leg === 'out');
    const given = givenLines(input?.lines, lines, M.receiveLineUnknown);
    const arrived = new Map<number, number>();
    lines.forEach((line, i) => {
      const quantity = given.get(line.id)?.quantity ?? line.quantity;
      if (!isCount(quantity, line.quantity)) throw badRequest(M.outReceiveInvalid(i + 1));
      arrived.set(line.id, quantity);
    });
    if (lines.some((l) => arrived.get(l.id) !== l.quantity) && !reason) throw badRequest(M.differenceReasonRequired);
    const docLines = await sourceLinesOfDoc(trx, docId);
    await actOnDocIn(trx, transferSpec, docContext(ctx), docId, 'receive', {
      reason,
      actuals: docLines.map((d) => ({ lineId: d.id, actualQuantity: arrived.get(d.source_line_id!) ?? 0 })),
    });
    return returnDetail(trx, ctx.scope, 'swap', id);
  });
}
