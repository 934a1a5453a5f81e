import { formatYuan } from './format.ts';

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
  if (left.amountFen !== null && need.amountFen > left.amountFen) return `超出订货额度：剩余金额 ${formatYuan(left.amountFen)}，本单 ${formatYuan(need.amountFen)}`;
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

/** The largest limits a quota may have: 10亿元 and 1亿件. */
export const QUOTA_LIMIT_FEN_MAX = 100_000_000_000;
export const QUOTA_LIMIT_PIECES_MAX = 100_000_000;
export const QUOTA_REMARK_MAX = 200;

export const QuotaMessages = {
  notFound: '订货额度不存在',
  seasonRequired: '请选择订货季',
  seasonNotFound: '订货季不存在',
  buyerRequired: '请选择订货方（代理商或门店）',
  buyerNotFound: '订货方不存在',
  exists: '该订货方在此订货季已有订货额度，请直接修改',
  limitFenInvalid: '金额额度须为0到10亿元之间、最多两位小数的金额',
  limitPiecesInvalid: '件数额度须为0到1亿之间的整数',
  limitRequired: '请至少填写金额额度或件数额度',
  remarkTooLong: `备注不能超过${QUOTA_REMARK_MAX}个字符`,
  created: '订货额度已新增',
  updated: '订货额度已修改',
} as const;

/** Why a new limit is refused: below what the buyer's orders already hold (reserved + consumed). */
export function quotaBelowUse(limit: QuotaLimit, use: QuotaUse): string | null {
  const usedFen = use.reservedFen + use.consumedFen;
  const usedPieces = use.reservedPieces + use.consumedPieces;
  if (limit.amountFen !== null && limit.amountFen < usedFen) return `金额额度不能低于已占用和已扣减的 ${formatYuan(usedFen)}`;
  if (limit.pieces !== null && limit.pieces < usedPieces) return `件数额度不能低于已占用和已扣减的${usedPieces}件`;
  return null;
}

/** 订货额度 as the list and the buyer read it. */
export interface QuotaRecord extends QuotaUse {
  id: number;
  seasonId: number;
  seasonCode: string;
  seasonName: string;
  buyerType: 'agent' | 'shop';
  buyerId: number;
  buyerCode: string;
  buyerName: string;
  limitFen: number | null;
  limitPieces: number | null;
  /** what is left (null: that measure is not limited) */
  leftFen: number | null;
  leftPieces: number | null;
  remark: string;
  updatedAt: string;
}

/** One entry of the quota ledger: the order it moved for and its signed effect on the totals. */
export interface QuotaEntryRecord {
  id: number;
  orderId: number;
  orderNo: string;
  move: QuotaMove;
  reservedFen: number;
  reservedPieces: number;
  consumedFen: number;
  consumedPieces: number;
  createdByName: string;
  createdAt: string;
}
