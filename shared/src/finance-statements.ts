import type { FinancePartyType } from './finance.ts';
import { isCalendarDay } from './validators.ts';

/**
 * 对账单 and 应收账龄 (issue 18). A statement is one party's main account (应收 for the billed,
 * 应付 for suppliers) over a period of business days: the opening balance (every entry before the
 * period), what the period added and took away, and the closing balance, in the account's own
 * sign (应收 > 0: the party owes; 应付 > 0: HQ owes the supplier). The party confirms it; the
 * confirmation keeps the figures it saw, so a later change to the period shows.
 */

/** The longest period a statement covers. */
export const STATEMENT_SPAN_MAX_DAYS = 366;

/** 有异议's note: at most this many characters. */
export const STATEMENT_NOTE_MAX = 200;

export const StatementMessages = {
  periodRequired: '请选择对账期间',
  dayInvalid: '对账日期须为 yyyy-mm-dd 格式的有效日期',
  fromAfterTo: '开始日期不能晚于结束日期',
  spanTooLong: `对账期间不能超过${STATEMENT_SPAN_MAX_DAYS}天`,
  notEnded: '对账期间尚未结束（结束日期晚于今天），不能确认',
  hqCannotConfirm: '对账单须由往来单位自己确认，总部不能代为确认',
  alreadyConfirmed: '该期间的对账单已确认，不能重复确认',
  confirmed: '对账单已确认',
  // 有异议 (issue 26): the party's answer when the figures are not its own
  alreadyDisputed: '该期间的对账单已提出异议，请等待总部核对',
  disputeNoteRequired: '请填写异议内容',
  disputeNoteTooLong: `异议内容不能超过${STATEMENT_NOTE_MAX}个字`,
  disputed: '已提出异议，总部将与您核对',
} as const;

const DAY_MS = 86_400_000;
/** Days from `from` to `to` (yyyy-mm-dd), `to` − `from`. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A statement period's problem, or null: both days real, from ≤ to, at most STATEMENT_SPAN_MAX_DAYS days. */
export function statementPeriodProblem(from: unknown, to: unknown): string | null {
  if (from === undefined || from === null || from === '' || to === undefined || to === null || to === '') return StatementMessages.periodRequired;
  if (!isCalendarDay(from) || !isCalendarDay(to)) return StatementMessages.dayInvalid;
  if (from > to) return StatementMessages.fromAfterTo;
  return daysBetween(from, to) + 1 > STATEMENT_SPAN_MAX_DAYS ? StatementMessages.spanTooLong : null;
}

/** Who answered a statement (确认 or 有异议 with a note), and whether the figures still are those answered. */
export interface StatementConfirmation {
  outcome: 'confirmed' | 'disputed';
  /** the party's note with 有异议 ('' with 确认) */
  note: string;
  confirmedByName: string;
  confirmedAt: string;
  openingFen: number;
  closingFen: number;
  entryCount: number;
  /** false when entries dated in the period (or before it) were posted after the confirmation */
  matches: boolean;
}

export interface StatementRecord {
  partyType: FinancePartyType;
  partyId: number;
  partyCode: string;
  partyName: string;
  /** 应收 (billed parties) or 应付 (suppliers): the sign of every figure */
  accountKind: 'receivable' | 'payable';
  from: string;
  to: string;
  openingFen: number;
  increaseFen: number;
  decreaseFen: number;
  closingFen: number;
  entryCount: number;
  confirmation: StatementConfirmation | null;
  /** whether the caller may confirm it now (the party itself, with the permission, period ended, not confirmed) */
  canConfirm: boolean;
}

// ── 应收账龄 ─────────────────────────────────────────────────────────────────────────────

export const AGEING_BUCKETS = ['d0to30', 'd31to60', 'd61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = { d0to30: '0-30天', d31to60: '31-60天', d61to90: '61-90天', over90: '90天以上' };

export const ageingBucketOf = (ageDays: number): AgeingBucket => (ageDays <= 30 ? 'd0to30' : ageDays <= 60 ? 'd31to60' : ageDays <= 90 ? 'd61to90' : 'over90');

/** One charge (an entry that raised the receivable), by its age in days. */
export interface AgeingCharge {
  ageDays: number;
  amountFen: number;
}

export type AgeingSplit = Record<AgeingBucket, number> & {
  totalFen: number;
  /** the age in days of the oldest charge still (partly) unpaid; null when nothing is owed */
  oldestAgeDays: number | null;
};

/**
 * What is owed (`outstandingFen`, the receivable) split by the age of the charges still unpaid.
 * Payments and credits settle the oldest charges first, so what is owed is made of the most recent
 * charges: they are taken newest first until the amount is covered. Charges of 0 or less are not
 * charges and are ignored. Should the charges not cover the amount (an opening balance carried in
 * without its charges), the rest counts as over 90 days. Nothing is owed: every bucket is 0.
 */
export function splitAgeing(outstandingFen: number, charges: readonly AgeingCharge[]): AgeingSplit {
  const split: AgeingSplit = { d0to30: 0, d31to60: 0, d61to90: 0, over90: 0, totalFen: 0, oldestAgeDays: null };
  if (!(outstandingFen > 0)) return split;
  const newestFirst = charges.filter((c) => c.amountFen > 0).sort((a, b) => a.ageDays - b.ageDays);
  let left = outstandingFen;
  for (const charge of newestFirst) {
    if (left <= 0) break;
    const taken = Math.min(charge.amountFen, left);
    split[ageingBucketOf(Math.max(charge.ageDays, 0))] += taken;
    split.oldestAgeDays = Math.max(charge.ageDays, 0);
    left -= taken;
  }
  if (left > 0) split.over90 += left;
  split.totalFen = outstandingFen;
  return split;
}

export interface AgeingRecord extends Record<AgeingBucket, number> {
  partyType: FinancePartyType;
  partyId: number;
  partyCode: string;
  partyName: string;
  totalFen: number;
  /** the business day of the oldest charge still unpaid */
  oldestDay: string | null;
}

/** 应收账龄's 合计: every bucket and the total over the whole search. */
export type AgeingTotals = Record<AgeingBucket, number> & { totalFen: number };
