import { percentToBp, rebateTiersProblem, type RebateRuleRecord, type RebateTier } from '@erp/shared';
import type { RebateRuleInput } from './rebate-api.ts';

// The 返利规则 form types thresholds in 元 (YuanInput, which holds fen) and rates in percent; the
// server stores fen and basis points. These convert the rates both ways; an empty threshold or a
// value that is not a percent becomes -1 so the shared check answers with the server's own message.

export interface TierFormValue {
  /** fen, typed in yuan */
  thresholdFen?: number | null;
  ratePercent?: number | string | null;
}

export interface RebateRuleFormValues {
  seasonId?: number;
  agentLevel?: string;
  basis?: RebateRuleInput['basis'];
  enabled: boolean;
  remark: string;
  tiers: TierFormValue[];
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

export const tierOf = (t: TierFormValue | undefined): RebateTier => ({
  thresholdFen: typeof t?.thresholdFen === 'number' ? t.thresholdFen : -1,
  rateBp: blank(t?.ratePercent) ? -1 : (percentToBp(t!.ratePercent) ?? -1),
});

export const tiersOf = (list: readonly (TierFormValue | undefined)[] | undefined): RebateTier[] => (list ?? []).map(tierOf);

/** What the server would answer about the typed tiers, or null. */
export const tiersFormProblem = (list: readonly (TierFormValue | undefined)[] | undefined) => rebateTiersProblem(tiersOf(list));

export function ruleFormValues(record: RebateRuleRecord | null): RebateRuleFormValues {
  if (!record) return { agentLevel: undefined, basis: 'ordered', enabled: true, remark: '', tiers: [{ thresholdFen: null, ratePercent: null }] };
  return {
    seasonId: record.seasonId,
    // '' (every level) shows as the select's placeholder
    agentLevel: record.agentLevel || undefined,
    basis: record.basis,
    enabled: record.enabled,
    remark: record.remark,
    tiers: record.tiers.map((t) => ({ thresholdFen: t.thresholdFen, ratePercent: t.rateBp / 100 })),
  };
}

export const ruleInputOf = (values: RebateRuleFormValues): RebateRuleInput => ({
  seasonId: values.seasonId,
  agentLevel: values.agentLevel ?? '',
  basis: values.basis,
  enabled: values.enabled !== false,
  remark: values.remark?.trim() ?? '',
  tiers: tiersOf(values.tiers),
});
