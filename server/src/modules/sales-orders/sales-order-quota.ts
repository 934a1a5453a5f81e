import type { Db } from '../../db/database.ts';
import type { OrderRow } from './sales-orders.repo.ts';

// 订货额度 (issue 17, "Quotas") is the next slice: an append-only quota ledger per buyer and season,
// reserved at submission, consumed at audit, released on rejection, cancellation or a cut. These
// are the places the order's transitions already call, inside their transaction and under the
// order's row lock, so the ledger only has to fill them in. Nothing is checked or reserved yet.

/** Submission: will reserve the order's pieces and amount, refusing when the quota would be overdrawn. */
export async function reserveQuota(_trx: Db, _order: OrderRow): Promise<void> {}

/** Audit: will consume what the audit kept and release what it cut. */
export async function settleQuotaAtAudit(_trx: Db, _order: OrderRow, _cut: { quantity: number; amountFen: number }): Promise<void> {}

/** Withdrawal, rejection or cancellation: will release whatever the order still holds. */
export async function releaseQuota(_trx: Db, _order: OrderRow): Promise<void> {}
