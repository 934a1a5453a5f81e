import type { Db } from '../../db/database.ts';
import type { EntryInput } from './money.ts';

/**
 * The credit check before a charge (issue 17, "Money": it arrives with finance). A document that
 * raises a party's receivable (a 配货出库 shipping) asks it first, inside its transaction, with the
 * entries it is about to post; the check throws to refuse (nothing is written) and answers nothing
 * to allow. Until finance registers one, every charge is allowed.
 */
export type CreditCheck = (trx: Db, charges: readonly EntryInput[]) => Promise<void>;

let registered: CreditCheck | null = null;

/** Finance registers its check once (again replaces it; null removes it). */
export function setCreditCheck(check: CreditCheck | null): void {
  registered = check;
}

export async function checkCredit(trx: Db, charges: readonly EntryInput[]): Promise<void> {
  if (registered && charges.length > 0) await registered(trx, charges);
}
