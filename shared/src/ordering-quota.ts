import { fenToYuan } from './format.ts';

/**
 * 订货额度 (issue 17): what an agent or a shop may order in a season, in amount and/or pieces. The
 * quota ledger moves it: a submission reserves, the audit turns the reservation into consumption
 * (a cut releases the rest), a rejection or cancellation releases. What is left is the limit less
 * what is reserved and consumed; an absent limit does not restrict.
 */

export interface QuotaLimit {
  /** null: no limit on the amount */
  amountFen: number | null;
  /** null: no limit on the pieces */
  pieces: number | null;
}

export interface QuotaUse {
  reservedFen: number;
  reservedPieces: number;
  consumedFen: number;
  consumedPieces: number;
}

export const QUOTA_MOVES = ['reserve', 'consume', 'release'] as const;
export type QuotaMove = (typeof QUOTA_MOVES)[number];
export const QUOTA_MOVE_LABELS: Record<QuotaMove, string> = { reserve: '提交占用', consume: '审核扣减', release: '释放' };

/** What is left of a quota (null per measure without a limit); never below zero. */
export function quotaLeft(limit: QuotaLimit, use: QuotaUse): QuotaLimit {
  const left = (max: number | null, used: number) => (max === null ? null : Math.max(0, max - used));
  return { amountFen: left(limit.amountFen, use.reservedFen + use.consumedFen), pieces: left(limit.pieces, use.reservedPieces + use.consumedPieces) };
}

/** Why an order of `need` does not fit in what is `left`, or null when it fits. */
export function quotaProblem(left: QuotaLimit, need: { amountFen: number; pieces: number }): string | null {
  if (left.amountFen !== null && need.amountFen > left.amountFen) return `超出订货额度：剩余金额${fenToYuan(left.amountFen)}元，本单${fenToYuan(need.amountFen)}元`;
  if (left.pieces !== null && need.pieces > left.pieces) return `超出订货额度：剩余${left.pieces}件，本单${need.pieces}件`;
  return null;
}

/**
 * The use after one move of an order's figures: a reservation at submission; at the audit the
 * reservation of `ordered` goes and `approved` is consumed; a release gives back a reservation
 * (rejection, cancellation before the audit) or a consumption (cancellation or closing after it).
 */
export function quotaAfter(use: QuotaUse, move: QuotaMove, figures: { amountFen: number; pieces: number }, from: 'reserved' | 'consumed' = 'reserved'): QuotaUse {
  if (move === 'reserve') return { ...use, reservedFen: use.reservedFen + figures.amountFen, reservedPieces: use.reservedPieces + figures.pieces };
  if (move === 'consume') return { ...use, consumedFen: use.consumedFen + figures.amountFen, consumedPieces: use.consumedPieces + figures.pieces };
  return from === 'reserved'
    ? { ...use, reservedFen: use.reservedFen - figures.amountFen, reservedPieces: use.reservedPieces - figures.pieces }
    : { ...use, consumedFen: use.consumedFen - figures.amountFen, consumedPieces: use.consumedPieces - figures.pieces };
}
