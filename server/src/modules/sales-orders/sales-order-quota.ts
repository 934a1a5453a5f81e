import type { Db } from '../../db/database.ts';
import { orderHasQuotaEntries, release, releaseUnshipped, reserve, settleAtAudit } from '../ordering/quotas.service.ts';
import { orderTotals, shippedOfLines, type OrderRow } from './sales-orders.repo.ts';

// 订货额度 (issue 17, "Quotas"): the order's transitions call these inside their transaction and
// under the order's row lock; the quota service locks the quota row and writes its ledger. The
// quota is the order's buyer's (buyer_type, buyer_id: whom the order is priced for) in its season.

/**
 * Submission: reserves the order's pieces and amount (as re-priced by the submission), refusing when
 * the quota would be overdrawn. Answers the re-priced amount (the credit check commits the same).
 */
export async function reserveQuota(trx: Db, order: OrderRow, userId: number | null = null): Promise<number> {
  // the submission re-prices the draft after the lock: the totals are read again
  const fresh = await orderTotals(trx, order.id);
  await reserve(
    trx,
    { orderId: order.id, seasonId: order.season_id, buyerType: order.buyer_type, buyerId: order.buyer_id },
    { amountFen: Number(fresh.total_amount_fen), pieces: fresh.total_quantity },
    userId,
  );
  return Number(fresh.total_amount_fen);
}

/** Audit: consumes what the audit kept and releases what it cut. */
export async function settleQuotaAtAudit(trx: Db, order: OrderRow, cut: { quantity: number; amountFen: number }, userId: number | null = null): Promise<void> {
  await settleAtAudit(trx, order.id, cut, userId);
}

/** Withdrawal, rejection or cancellation: releases whatever the order still holds. */
export async function releaseQuota(trx: Db, order: OrderRow, userId: number | null = null): Promise<void> {
  await release(trx, order.id, userId);
}

/** Closing: the quota keeps only what was shipped (pieces and their amount at the order's prices). */
export async function releaseQuotaAtClose(trx: Db, order: OrderRow, userId: number | null = null): Promise<void> {
  const rows = await shippedOfLines(trx, order.id);
  const shipped = { quantity: rows.reduce((sum, r) => sum + r.shipped, 0), amountFen: rows.reduce((sum, r) => sum + r.shipped * r.unit_price_fen, 0) };
  await releaseUnshipped(trx, order.id, shipped, userId);
}

/** Whether the order ever moved its buyer's quota (then it keeps its history: cancelled, never deleted). */
export const hasQuotaHistory = (trx: Db, orderId: number) => orderHasQuotaEntries(trx, orderId);
