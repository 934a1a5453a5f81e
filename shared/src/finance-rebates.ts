import { formatYuan } from './format.ts';
import type { Machine } from './machine.ts';

/**
 * 返利 (issue 18): a rule per 订货季 and agent level pays an agent back a share of its season's
 * figure, by tiers. The figure (口径) is one of:
 * - ordered: 订货发货额 — the season's orders billed to the agent (audited, partly shipped,
 *   shipped or closed), counted at what actually shipped × unit price. What HQ cut at the audit,
 *   what a closed order never shipped and what is still waiting do not count, so a rebate is never
 *   paid on goods that did not leave.
 * - paid: 回款额 — the agent's posted 收款单 dated within the season's period (opens_on..closes_on).
 * The tier met is the one with the highest threshold ≤ the figure; the rebate is
 * floor(figure × rate / 10000) fen. Rates may not fall as thresholds rise, so a larger figure never
 * earns a smaller rebate. A rebate posts to the agent's 应收 as a credit (entry type `rebate`):
 * its 余额 and 可用额度 rise, and later orders use it.
 */

export const REBATE_PREFIX = 'FL';
export const REBATE_BASES = ['ordered', 'paid'] as const;
export type RebateBasis = (typeof REBATE_BASES)[number];
export const REBATE_BASIS_LABELS: Record<RebateBasis, string> = { ordered: '订货发货额', paid: '回款额' };
export const REBATE_STATUSES = ['posted', 'voided'] as const;
export type RebateStatus = (typeof REBATE_STATUSES)[number];
export const REBATE_STATUS_LABELS: Record<RebateStatus, string> = { posted: '已入账', voided: '已冲销' };
export const REBATE_ACTIONS = ['void'] as const;
export type RebateAction = (typeof REBATE_ACTIONS)[number];
/** 返利单 posts as it is made; 冲销 (the reversing entry appended) is its one step, and the last. */
export const REBATE_MACHINE: Machine<RebateStatus, RebateAction> = {
  posted: { void: 'voided' },
  voided: {},
};

/** 100% in basis points. */
export const REBATE_RATE_MAX_BP = 10_000;
export const REBATE_TIERS_MAX = 10;
/** Largest tier threshold: 100 亿元. */
export const REBATE_THRESHOLD_MAX_FEN = 1_000_000_000_000;
export const REBATE_REMARK_MAX = 200;

export interface RebateTier {
  thresholdFen: number;
  rateBp: number;
}

export interface RebateOutcome {
  /** the tier met, null when the figure reaches none */
  tier: RebateTier | null;
  rateBp: number;
  amountFen: number;
}

/** The tier met by `basisFen`: the highest threshold not above it (tiers in any order). */
export function rebateTier(tiers: readonly RebateTier[], basisFen: number): RebateTier | null {
  let best: RebateTier | null = null;
  for (const tier of tiers) if (tier.thresholdFen <= basisFen && (best === null || tier.thresholdFen > best.thresholdFen)) best = tier;
  return best;
}

/** floor(basis × rate / 10000), exact for safe integers (the product is split so it never leaves the safe range). */
export function rebateOf(basisFen: number, rateBp: number): number {
  if (basisFen <= 0 || rateBp <= 0) return 0;
  const whole = Math.floor(basisFen / REBATE_RATE_MAX_BP);
  const rest = basisFen - whole * REBATE_RATE_MAX_BP;
  return whole * rateBp + Math.floor((rest * rateBp) / REBATE_RATE_MAX_BP);
}

/** What a figure earns under tiers: the tier met, its rate and the rebate in fen (0 when no tier is met). */
export function rebateFor(tiers: readonly RebateTier[], basisFen: number): RebateOutcome {
  const basis = Math.max(0, Math.floor(basisFen));
  const tier = rebateTier(tiers, basis);
  if (!tier) return { tier: null, rateBp: 0, amountFen: 0 };
  return { tier, rateBp: tier.rateBp, amountFen: rebateOf(basis, tier.rateBp) };
}

/** A rate in basis points as a percentage for people: 250 → "2.5%". */
export const rebateRateText = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

export const RebateMessages = {
  seasonRequired: '请选择订货季',
  seasonNotFound: '订货季不存在',
  levelInvalid: '代理级别无效',
  basisInvalid: '请选择返利口径',
  remarkTooLong: `备注不能超过${REBATE_REMARK_MAX}个字`,
  enabledInvalid: '请选择是否启用',
  tiersRequired: '请至少填写一档返利',
  tiersTooMany: `返利档位最多${REBATE_TIERS_MAX}档`,
  thresholdInvalid: `门槛金额须为 ¥0.00 到 ${formatYuan(REBATE_THRESHOLD_MAX_FEN)} 之间、最多两位小数的金额`,
  rateInvalid: '返利比例须在0%到100%之间，最多两位小数',
  thresholdRepeated: (fen: number) => `门槛金额 ${formatYuan(fen)} 重复`,
  rateFalling: '门槛越高的档位，返利比例不能越低',
  ruleTaken: '该订货季已有相同代理级别和口径的返利规则',
  ruleNotFound: '返利规则不存在',
  ruleLocked: '该规则已有返利入账，不能修改或删除；请先冲销其返利',
  ruleUsed: '该规则已有返利记录，不能删除，可停用',
  ruleDisabled: '该规则已停用，不能入账',
  agentsInvalid: '请选择要入账的代理商',
  agentOutside: (name: string) => `代理商${name}不在该规则的适用范围内`,
  agentPosted: (name: string) => `代理商${name}已入账该规则的返利，不能重复入账`,
  agentBelow: (name: string) => `代理商${name}未达到返利门槛`,
  nothingToPost: '没有可入账的返利（未达门槛或均已入账）',
  rebateNotFound: '返利单不存在',
  rebateVoided: '该返利单已冲销',
  saved: '返利规则已保存',
  deleted: '返利规则已删除',
  posted: (count: number, fen: number) => `已入账${count}张返利单，合计 ${formatYuan(fen)}`,
} as const;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** One tier's problem, or null. */
export function rebateTierProblem(tier: unknown): string | null {
  const t = (tier ?? {}) as { thresholdFen?: unknown; rateBp?: unknown };
  if (!isInt(t.thresholdFen) || t.thresholdFen < 0 || t.thresholdFen > REBATE_THRESHOLD_MAX_FEN) return RebateMessages.thresholdInvalid;
  if (!isInt(t.rateBp) || t.rateBp < 0 || t.rateBp > REBATE_RATE_MAX_BP) return RebateMessages.rateInvalid;
  return null;
}

/** A rule's tiers: 1..REBATE_TIERS_MAX valid tiers, thresholds unique, rates never falling as thresholds rise. */
export function rebateTiersProblem(tiers: unknown): string | null {
  if (!Array.isArray(tiers) || tiers.length === 0) return RebateMessages.tiersRequired;
  if (tiers.length > REBATE_TIERS_MAX) return RebateMessages.tiersTooMany;
  for (const tier of tiers) {
    const problem = rebateTierProblem(tier);
    if (problem) return problem;
  }
  const sorted = [...(tiers as RebateTier[])].sort((a, b) => a.thresholdFen - b.thresholdFen);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.thresholdFen === sorted[i - 1]!.thresholdFen) return RebateMessages.thresholdRepeated(sorted[i]!.thresholdFen);
    if (sorted[i]!.rateBp < sorted[i - 1]!.rateBp) return RebateMessages.rateFalling;
  }
  return null;
}

/** The tiers by threshold, for storing and showing. */
export const sortedTiers = (tiers: readonly RebateTier[]): RebateTier[] =>
  [...tiers].sort((a, b) => a.thresholdFen - b.thresholdFen).map((t) => ({ thresholdFen: t.thresholdFen, rateBp: t.rateBp }));

/** The fields of a rule a person fills (the season and level are checked against the database by the server). */
export function rebateRuleProblem(input: { basis?: unknown; remark?: unknown; enabled?: unknown; tiers?: unknown }): string | null {
  if (typeof input.basis !== 'string' || !(REBATE_BASES as readonly string[]).includes(input.basis)) return RebateMessages.basisInvalid;
  if (input.remark !== undefined && input.remark !== null && (typeof input.remark !== 'string' || input.remark.trim().length > REBATE_REMARK_MAX))
    return RebateMessages.remarkTooLong;
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean') return RebateMessages.enabledInvalid;
  return rebateTiersProblem(input.tiers);
}

/** 返利规则 as the list reads it. */
export interface RebateRuleRecord {
  id: number;
  seasonId: number;
  seasonName: string;
  seasonOpensOn: string;
  seasonClosesOn: string;
  /** '' = every level */
  agentLevel: string;
  agentLevelName: string;
  basis: RebateBasis;
  enabled: boolean;
  remark: string;
  tiers: RebateTier[];
  /** posted (not voided) rebates under the rule: while > 0 the rule cannot change */
  postedCount: number;
  postedFen: number;
  updatedAt: string;
}

/** One agent in a rule's preview (computed on demand, nothing written). */
export interface RebatePreviewLine {
  agentId: number;
  agentCode: string;
  agentName: string;
  agentLevel: string;
  agentLevelName: string;
  /** 订货发货额 rules: 发货额 and 退货额 (returns credited back); null for 回款额 */
  shippedFen: number | null;
  returnedFen: number | null;
  /** the figure the tier is read from: 净发货额 (发货额 − 退货额) or 回款额 */
  basisFen: number;
  thresholdFen: number | null;
  rateBp: number;
  amountFen: number;
  /** the posted rebate under this rule, if any */
  postedRebateId: number | null;
  postedDocNo: string;
  postedFen: number;
}

export interface RebatePreview {
  ruleId: number;
  basis: RebateBasis;
  lines: RebatePreviewLine[];
  /** what posting the whole rule now would add up to (agents not posted yet, amount > 0) */
  postableCount: number;
  postableFen: number;
}

/** 返利单 as the list reads it. */
export interface RebateRecord {
  id: number;
  docNo: string;
  seasonId: number;
  seasonName: string;
  ruleId: number;
  agentId: number;
  agentCode: string;
  agentName: string;
  basis: RebateBasis;
  basisFen: number;
  thresholdFen: number;
  rateBp: number;
  amountFen: number;
  status: RebateStatus;
  voidReason: string;
  createdByName: string;
  createdAt: string;
  voidedByName: string;
  voidedAt: string | null;
}

export interface RebatePostResult {
  records: RebateRecord[];
  totalFen: number;
  /** agents of the rule left out: already posted or below every threshold */
  skipped: number;
}
