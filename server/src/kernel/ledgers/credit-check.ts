import type { Db } from '../../db/database.ts';

/**
 * The credit check of an order (issue 18, "Credit"): the order's transitions (submission, audit)
 * ask it inside their transaction, after the order's row lock, with the party billed and the
 * amount the order will commit; the check throws to refuse (nothing is written) and answers
 * nothing to allow. Finance registers it (the kernel knows nothing of credit limits); until then
 * every order is allowed. Shipping needs no check: it turns committed amount into receivable,
 * which leaves what is available unchanged.
 */
export interface OrderCreditRequest {
  billed: { type: 'agent' | 'shop'; id: number };
  orderId: number;
  orderNo: string;
  /** what the order commits the party to after this transition, in fen */
  amountFen: number;
  userId: number;
  /** the caller may let an overrun through */
  mayOverride: boolean;
  /** the reason given for letting an overrun through ('' when none) */
  overrideReason: string;
}

/** What the check answers: the reason an overrun was let through, for the order's event ('' when none was needed). */
export type OrderCreditCheck = (trx: Db, request: OrderCreditRequest) => Promise<string>;

let registered: OrderCreditCheck | null = null;

/** Finance registers its check once (again replaces it; null removes it). */
export function setOrderCreditCheck(check: OrderCreditCheck | null): void {
  registered = check;
}

export async function checkOrderCredit(trx: Db, request: OrderCreditRequest): Promise<string> {
  return registered ? registered(trx, request) : '';
}
