/**
 * 企划 (planning): 政策明细 (discount policies per agent level and per shop kind) and 特价 (special
 * discounts for one agent, one shop, or a condition). The rules and messages the server enforces
 * and the forms apply before sending; whether a referenced agent, shop, brand, category, season,
 * tag or style exists only the server can tell. Prices come from ordering-pricing.ts.
 */
import { formatYuan, percentToDiscount } from './format.ts';
import { FULL_RATE_BP, PRICE_MAX_FEN, type PolicyTargetType, type PriceStep, type SpecialMode, type SpecialTargetType } from './ordering-pricing.ts';
import { SHOP_KIND_LABELS, SHOP_KINDS, type ShopKind } from './parties.ts';
import { DAY_INVALID_MESSAGE, isCalendarDay } from './validators.ts';

/** The dictionary of agent levels (agents.level holds one of its item values). */
export const AGENT_LEVEL_DICT = 'agent_level';
export const POLICY_TARGET_TYPES = ['agent_level', 'shop_kind'] as const satisfies readonly PolicyTargetType[];
export const POLICY_TARGET_LABELS: Record<PolicyTargetType, string> = { agent_level: '代理级别', shop_kind: '门店类型' };
export const SPECIAL_TARGET_TYPES = ['agent', 'shop', 'condition'] as const satisfies readonly SpecialTargetType[];
export const SPECIAL_TARGET_LABELS: Record<SpecialTargetType, string> = { agent: '代理商特价', shop: '门店特价', condition: '条件特价' };
export const SPECIAL_MODES = ['rate', 'fixed'] as const satisfies readonly SpecialMode[];
export const SPECIAL_MODE_LABELS: Record<SpecialMode, string> = { rate: '折扣', fixed: '一口价' };
/** Where a special stands on a day: in force, not yet, over, or switched off. */
export const SPECIAL_STATES = ['active', 'upcoming', 'expired', 'disabled'] as const;
export type SpecialState = (typeof SPECIAL_STATES)[number];
export const SPECIAL_STATE_LABELS: Record<SpecialState, string> = { active: '生效中', upcoming: '未开始', expired: '已过期', disabled: '已停用' };
export const PRICE_STEP_LABELS: Record<PriceStep['step'], string> = { list: '批发价', policy: '政策折扣', special: '特价' };
export const SPECIAL_NAME_MAX = 40;
export const PLANNING_REMARK_MAX = 200;

export const PlanningMessages = {
  policyTargetTypeInvalid: '政策对象只能是代理级别或门店类型',
  levelRequired: '请选择代理级别',
  levelInvalid: '代理级别不存在或已停用，请重新选择',
  shopKindInvalid: '门店类型只能是直营店或加盟店',
  rateRequired: '请输入折扣率',
  rateInvalid: '折扣率须为0-100之间的百分比，最多两位小数',
  returnRateInvalid: '退货率须为0-100之间的百分比，最多两位小数',
  swapRateInvalid: '换货率须为0-100之间的百分比，最多两位小数',
  returnWindowInvalid: '退换期限须为0-3650之间的整数天数',
  remarkTooLong: `备注不能超过${PLANNING_REMARK_MAX}个字符`,
  enabledInvalid: '启用状态不正确',
  policyNotFound: '政策不存在',
  policyTargetFixed: '政策对象不能修改，请新增另一条政策',
  nameRequired: '请输入特价名称',
  nameTooLong: `特价名称不能超过${SPECIAL_NAME_MAX}个字符`,
  specialTargetTypeInvalid: '特价对象只能是代理商、门店或条件',
  agentRequired: '请选择代理商',
  agentInvalid: '代理商编号不正确',
  agentNotFound: '代理商不存在',
  shopRequired: '请选择门店',
  shopInvalid: '门店编号不正确',
  shopNotFound: '门店不存在',
  conditionRequired: '条件特价须至少设置品牌、商品分类、季节、标签、款式中的一项',
  idInvalid: '编号不正确',
  brandNotFound: '品牌不存在',
  categoryNotFound: '商品分类不存在',
  seasonInvalid: '季节不存在或已停用，请重新选择',
  tagNotFound: '标签不存在或不适用于商品',
  productNotFound: '款式不存在',
  modeInvalid: '特价方式只能是折扣或一口价',
  fixedPriceRequired: '请输入特价金额',
  fixedPriceInvalid: '特价金额须为0-1000000元之间的金额，最多两位小数',
  validFromRequired: '请选择开始日期',
  validToRequired: '请选择结束日期',
  dayInvalid: DAY_INVALID_MESSAGE,
  rangeInvalid: '开始日期不能晚于结束日期',
  specialNotFound: '特价不存在',
  specialTargetFixed: '特价对象类型不能修改，请新增另一条特价',
  buyerTypeInvalid: '购货方只能是代理商或门店',
  buyerRequired: '请选择购货方',
  created: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  enabled: '已启用',
  disabled: '已停用',
} as const;

export const policyTaken = (label: string) => `“${label}”的政策已存在，请编辑原有政策`;

export interface PolicyInput {
  targetType: PolicyTargetType;
  /** an agent_level item value, or a shop kind */
  targetValue: string;
  rateBp: number;
  returnRateBp?: number | null;
  swapRateBp?: number | null;
  /** days after receipt a return or swap may be asked for (default 90) */
  returnWindowDays?: number | null;
  remark?: string | null;
  enabled?: boolean | null;
}

export interface SpecialInput {
  name: string;
  targetType: SpecialTargetType;
  agentId?: number | null;
  shopId?: number | null;
  brandId?: number | null;
  categoryId?: number | null;
  season?: string | null;
  tagId?: number | null;
  productId?: number | null;
  mode: SpecialMode;
  rateBp?: number | null;
  fixedPriceFen?: number | null;
  validFrom: string;
  validTo: string;
  remark?: string | null;
  enabled?: boolean | null;
}

export interface PolicyRecord {
  id: number;
  targetType: PolicyTargetType;
  targetValue: string;
  /** 一级代理, 加盟店 … (the level's dictionary name, '' when the item is gone) */
  targetName: string;
  rateBp: number;
  returnRateBp: number;
  swapRateBp: number;
  returnWindowDays: number;
  remark: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SpecialRecord {
  id: number;
  name: string;
  targetType: SpecialTargetType;
  agentId: number | null;
  agentName: string;
  shopId: number | null;
  shopName: string;
  brandId: number | null;
  brandName: string;
  categoryId: number | null;
  categoryName: string;
  season: string | null;
  seasonName: string;
  tagId: number | null;
  tagName: string;
  productId: number | null;
  productStyleNo: string;
  productName: string;
  mode: SpecialMode;
  rateBp: number | null;
  fixedPriceFen: number | null;
  validFrom: string;
  validTo: string;
  state: SpecialState;
  remark: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export type BuyerType = 'agent' | 'shop';
export const BUYER_TYPES = ['agent', 'shop'] as const satisfies readonly BuyerType[];

export interface PriceSimulation {
  day: string;
  buyer: { type: BuyerType; id: number; code: string; name: string; description: string };
  product: { id: number; styleNo: string; name: string; wholesalePriceFen: number };
  steps: PriceStep[];
  unitPriceFen: number;
}

type Loose<T> = { [K in keyof T]?: unknown };
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isBp = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= FULL_RATE_BP;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const absent = (value: unknown) => value === null || value === undefined;
const optionalBp = (value: unknown, message: string) => (absent(value) || isBp(value) ? null : message);
const optionalId = (value: unknown, message: string) => (absent(value) || isId(value) ? null : message);
const enabledProblem = (value: unknown) => (absent(value) || typeof value === 'boolean' ? null : PlanningMessages.enabledInvalid);
const remarkProblem = (value: unknown) =>
  !absent(value) && typeof value !== 'string' ? PlanningMessages.remarkTooLong : text(value).length > PLANNING_REMARK_MAX ? PlanningMessages.remarkTooLong : null;

export function rateProblem(value: unknown): string | null {
  if (absent(value)) return PlanningMessages.rateRequired;
  return isBp(value) ? null : PlanningMessages.rateInvalid;
}

export function policyTargetProblem(targetType: unknown, targetValue: unknown): string | null {
  if (!(POLICY_TARGET_TYPES as readonly unknown[]).includes(targetType)) return PlanningMessages.policyTargetTypeInvalid;
  if (targetType === 'agent_level') return text(targetValue) ? null : PlanningMessages.levelRequired;
  return (SHOP_KINDS as readonly unknown[]).includes(targetValue) ? null : PlanningMessages.shopKindInvalid;
}

const windowProblem = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3650) ? null : PlanningMessages.returnWindowInvalid;

/** The first problem of a policy, in form order. */
export function policyInputProblem(input: Loose<PolicyInput>): string | null {
  return (
    policyTargetProblem(input.targetType, input.targetValue) ??
    rateProblem(input.rateBp) ??
    optionalBp(input.returnRateBp, PlanningMessages.returnRateInvalid) ??
    optionalBp(input.swapRateBp, PlanningMessages.swapRateInvalid) ??
    windowProblem(input.returnWindowDays) ??
    remarkProblem(input.remark) ??
    enabledProblem(input.enabled)
  );
}

function specialTargetProblem(input: Loose<SpecialInput>): string | null {
  if (!(SPECIAL_TARGET_TYPES as readonly unknown[]).includes(input.targetType)) return PlanningMessages.specialTargetTypeInvalid;
  if (input.targetType === 'agent') return absent(input.agentId) ? PlanningMessages.agentRequired : isId(input.agentId) ? null : PlanningMessages.agentInvalid;
  if (input.targetType === 'shop') return absent(input.shopId) ? PlanningMessages.shopRequired : isId(input.shopId) ? null : PlanningMessages.shopInvalid;
  return null;
}

function conditionProblem(input: Loose<SpecialInput>): string | null {
  const ids = [input.brandId, input.categoryId, input.tagId, input.productId];
  for (const id of ids) {
    const problem = optionalId(id, PlanningMessages.idInvalid);
    if (problem) return problem;
  }
  if (!absent(input.season) && typeof input.season !== 'string') return PlanningMessages.seasonInvalid;
  const anySet = ids.some((id) => !absent(id)) || text(input.season) !== '';
  return input.targetType === 'condition' && !anySet ? PlanningMessages.conditionRequired : null;
}

function priceProblem(input: Loose<SpecialInput>): string | null {
  if (!(SPECIAL_MODES as readonly unknown[]).includes(input.mode)) return PlanningMessages.modeInvalid;
  if (input.mode === 'rate') return rateProblem(input.rateBp);
  if (absent(input.fixedPriceFen)) return PlanningMessages.fixedPriceRequired;
  const fen = input.fixedPriceFen;
  return typeof fen === 'number' && Number.isSafeInteger(fen) && fen >= 0 && fen <= PRICE_MAX_FEN ? null : PlanningMessages.fixedPriceInvalid;
}

function rangeProblem(from: unknown, to: unknown): string | null {
  if (absent(from) || from === '') return PlanningMessages.validFromRequired;
  if (!isCalendarDay(from)) return PlanningMessages.dayInvalid;
  if (absent(to) || to === '') return PlanningMessages.validToRequired;
  if (!isCalendarDay(to)) return PlanningMessages.dayInvalid;
  return from > to ? PlanningMessages.rangeInvalid : null;
}

/** The first problem of a special, in form order. */
export function specialInputProblem(input: Loose<SpecialInput>): string | null {
  const name = text(input.name);
  return (
    (name === '' ? PlanningMessages.nameRequired : name.length > SPECIAL_NAME_MAX ? PlanningMessages.nameTooLong : null) ??
    specialTargetProblem(input) ??
    conditionProblem(input) ??
    priceProblem(input) ??
    rangeProblem(input.validFrom, input.validTo) ??
    remarkProblem(input.remark) ??
    enabledProblem(input.enabled)
  );
}

/** Where a special stands on `day` (yyyy-mm-dd, Asia/Shanghai). */
export function specialStateOn(special: { enabled: boolean; validFrom: string; validTo: string }, day: string): SpecialState {
  if (!special.enabled) return 'disabled';
  if (day < special.validFrom) return 'upcoming';
  return day > special.validTo ? 'expired' : 'active';
}

/** A percent typed in a form (0-100, at most two decimals) → basis points; null when it is not one. */
export function percentToBp(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= FULL_RATE_BP ? bp : null;
}

/** Basis points → the percent a form shows (9050 → 90.5). */
export const bpToPercent = (bp: number): number => bp / 100;

/** A rate as people read it: 9000 → 90%（9折）, 10000 → 100%（原价）, 0 → 0%（免费）. */
export function rateText(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return percentToDiscount(null);
  const percent = percentToDiscount(bp / 100);
  if (bp === FULL_RATE_BP) return `${percent}（原价）`;
  if (bp === 0) return `${percent}（免费）`;
  return `${percent}（${Number((bp / 1000).toFixed(3))}折）`;
}

/** A special's price as one text: 85%（8.5折） or 一口价 ¥99.00. */
export function specialPriceText(special: { mode: SpecialMode; rateBp: number | null; fixedPriceFen: number | null }): string {
  return special.mode === 'fixed' ? `一口价 ${formatYuan(special.fixedPriceFen)}` : rateText(special.rateBp);
}

/** 一级代理 / 直营店 …: the policy's target as shown, given the level's dictionary name. */
export function policyTargetName(targetType: PolicyTargetType, targetValue: string, levelName: string): string {
  if (targetType === 'shop_kind') return SHOP_KIND_LABELS[targetValue as ShopKind] ?? targetValue;
  return levelName || targetValue;
}
