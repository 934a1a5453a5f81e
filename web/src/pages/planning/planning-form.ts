import {
  bpToPercent,
  percentToBp,
  PlanningMessages,
  PRICE_MAX_FEN,
  policyInputProblem,
  specialInputProblem,
  type PolicyInput,
  type PolicyRecord,
  type PolicyTargetType,
  type SpecialInput,
  type SpecialMode,
  type SpecialRecord,
  type SpecialTargetType,
} from '@erp/shared';
import { checkRule } from '../../ui/form-modal/check-rule.ts';

// The 政策明细 and 特价 forms type rates as percents (90.5) and money in yuan (YuanInput, which holds
// fen); the server stores basis points and fen. These convert the rates both ways and check each
// field with the server's own message.

/** A typed percent → basis points, or -1 (out of range, too many decimals) so the shared check refuses it. */
const bpOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  return percentToBp(value as number | string) ?? -1;
};

export const percentRule = (required: string | null, invalid: string) =>
  checkRule((value) => {
    const bp = bpOf(value);
    if (bp === null) return required;
    return bp < 0 ? invalid : null;
  });

/** 一口价 in fen as YuanInput holds it: required, 0 to 1,000,000 yuan. */
export const fixedPriceRule = checkRule((value) => {
  if (value === null || value === undefined) return PlanningMessages.fixedPriceRequired;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= PRICE_MAX_FEN ? null : PlanningMessages.fixedPriceInvalid;
});

// ---- 政策明细 ----

export interface PolicyFormValues {
  targetType: PolicyTargetType;
  targetValue?: string;
  ratePercent?: number | null;
  returnPercent?: number | null;
  swapPercent?: number | null;
  windowDays?: number | null;
  remark?: string;
  enabled: boolean;
}

export function policyFormValues(record: PolicyRecord | null): PolicyFormValues {
  if (!record) return { targetType: 'agent_level', ratePercent: null, returnPercent: 0, swapPercent: 0, windowDays: 90, remark: '', enabled: true };
  return {
    targetType: record.targetType,
    targetValue: record.targetValue,
    ratePercent: bpToPercent(record.rateBp),
    returnPercent: bpToPercent(record.returnRateBp),
    swapPercent: bpToPercent(record.swapRateBp),
    windowDays: record.returnWindowDays,
    remark: record.remark,
    enabled: record.enabled,
  };
}

export function policyInputOf(values: PolicyFormValues): PolicyInput {
  return {
    targetType: values.targetType,
    targetValue: values.targetValue ?? '',
    rateBp: bpOf(values.ratePercent) as number,
    returnRateBp: bpOf(values.returnPercent) ?? 0,
    swapRateBp: bpOf(values.swapPercent) ?? 0,
    returnWindowDays: values.windowDays ?? 90,
    remark: (values.remark ?? '').trim(),
    enabled: values.enabled,
  };
}

/** The whole policy's first problem (the form's rules already showed field ones). */
export const policyFormProblem = (values: PolicyFormValues) => policyInputProblem(policyInputOf(values));

// ---- 特价 ----

export interface SpecialFormValues {
  name: string;
  agentId?: number | null;
  shopId?: number | null;
  brandId?: number | null;
  categoryId?: number | null;
  season?: string | null;
  tagId?: number | null;
  productId?: number | null;
  mode: SpecialMode;
  ratePercent?: number | null;
  /** 一口价 in fen (typed in yuan) */
  fixedFen?: number | null;
  /** [from, to] as yyyy-mm-dd */
  validFrom?: string;
  validTo?: string;
  remark?: string;
  enabled: boolean;
}

export function specialFormValues(record: SpecialRecord | null, today: string): SpecialFormValues {
  if (!record) return { name: '', mode: 'rate', ratePercent: null, fixedFen: null, validFrom: today, validTo: today, remark: '', enabled: true };
  return {
    name: record.name,
    agentId: record.agentId,
    shopId: record.shopId,
    brandId: record.brandId,
    categoryId: record.categoryId,
    season: record.season,
    tagId: record.tagId,
    productId: record.productId,
    mode: record.mode,
    ratePercent: record.rateBp === null ? null : bpToPercent(record.rateBp),
    fixedFen: record.fixedPriceFen,
    validFrom: record.validFrom,
    validTo: record.validTo,
    remark: record.remark,
    enabled: record.enabled,
  };
}

/** The body to send: every condition field, null when empty, so an edit can clear one. */
export function specialInputOf(targetType: SpecialTargetType, values: SpecialFormValues): SpecialInput {
  const orNull = <T>(value: T | null | undefined) => value ?? null;
  return {
    name: values.name.trim(),
    targetType,
    agentId: targetType === 'agent' ? orNull(values.agentId) : null,
    shopId: targetType === 'shop' ? orNull(values.shopId) : null,
    brandId: orNull(values.brandId),
    categoryId: orNull(values.categoryId),
    season: values.season || null,
    tagId: orNull(values.tagId),
    productId: orNull(values.productId),
    mode: values.mode,
    rateBp: values.mode === 'rate' ? bpOf(values.ratePercent) : null,
    fixedPriceFen: values.mode === 'fixed' ? (values.fixedFen ?? null) : null,
    validFrom: values.validFrom ?? '',
    validTo: values.validTo ?? '',
    remark: (values.remark ?? '').trim(),
    enabled: values.enabled,
  };
}

/** The whole special's first problem: what no single field shows (no condition set, from after to). */
export const specialFormProblem = (targetType: SpecialTargetType, values: SpecialFormValues) => specialInputProblem(specialInputOf(targetType, values));
