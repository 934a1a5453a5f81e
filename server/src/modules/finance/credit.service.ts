import { creditLimitProblem, creditProblem, billedFigures, FINANCE_TEXT_MAX, FinanceMessages } from '@erp/shared';

import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../http/app-error.ts';
import { setOrderCreditCheck, type OrderCreditRequest } from '../../kernel/ledgers/credit-check.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { unshippedOf } from '../sales-orders/sales-orders-read.service.ts';
import { checkedParty, hqOnly, type FinanceParty } from './finance-parties.ts';
import * as repo from './credit.repo.ts';
import { optionalText } from '../../http/text-input.ts';

// 授信 (issue 18, "Credit"): an order is refused at submission and again at audit when what it
// commits exceeds what its billed party has available; a caller with 超额度放行 may let it through
// with a reason (the order's event keeps it). The check locks the party's credit row first, so
// parallel orders of one party are checked one after the other and never overdraw it together.

/** 可用额度 now, under the party's credit lock (null: not under credit control), leaving out one order. */
export async function availableUnderLock(trx: Db, party: FinanceParty, exceptOrderId: number | null): Promise<number | null> {
  const limit = await repo.lockCreditRow(trx, party);
  if (limit === null) return null;
  const net = await repo.receivableNet(trx, party);
  return billedFigures(net, limit, await unshippedOf(trx, { type: party.partyType as 'agent' | 'shop', id: party.partyId }, exceptOrderId)).availableFen;
}

export async function checkOrder(trx: Db, request: OrderCreditRequest): Promise<string> {
  const available = await availableUnderLock(trx, { partyType: request.billed.type, partyId: request.billed.id }, request.orderId);
  const problem = creditProblem(available, request.amountFen);
  if (!problem) return '';
  if (!request.overrideReason) throw conflict(problem);
  if (!request.mayOverride) throw forbidden(FinanceMessages.overrideForbidden);
  if (request.overrideReason.length > FINANCE_TEXT_MAX) throw badRequest(FinanceMessages.overrideReasonTooLong);
  return `${request.overrideReason}（${problem}）`;
}

// finance's check for orders, registered with the kernel as this module loads (as source hooks are)
setOrderCreditCheck(checkOrder);

/** 设置授信额度 (HQ): a limit in fen, or null for no credit control. */
export async function setCreditLimit(db: Db, scope: PartyScope, userId: number, party: FinanceParty, input: { creditLimitFen?: unknown; memo?: unknown }) {
  hqOnly(scope);
  const limit = input.creditLimitFen === undefined ? null : input.creditLimitFen;
  const problem = creditLimitProblem(limit);
  if (problem) throw badRequest(problem);
  const memo = optionalText(input.memo, '备注', FINANCE_TEXT_MAX, FinanceMessages.memoTooLong);
  return withTransaction(db, async (trx) => {
    const checked = await checkedParty(trx, scope, party.partyType, party.partyId, ['agent', 'shop']);
    await repo.upsertCreditLimit(trx, checked, limit as number | null, memo, userId);
    return checked;
  });
}
