import type { ShopKind } from './parties.ts';

/**
 * 订货价格 (DESIGN §9 "Prices are a breakdown, not a number"): the one pure function that turns a
 * style's wholesale price into a buyer's unit price, step by step, in integer fen.
 *
 * Steps, in this order:
 * 1. `list`: the style's wholesale price (base 0, amount = the price).
 * 2. `policy`: the discount policy (政策) of the agent's level, or of the shop's kind (直营/加盟);
 *    at most one applies (one policy per level and per kind); a disabled one is ignored.
 * 3. `special`: at most one special discount (特价), applied to the price after the policy.
 *
 * Rates are integer basis points of the price the buyer PAYS (折扣率): 10000 = 原价, 9000 = 九折,
 * 0 = free. A rate step's result is `round(base × rateBp / 10000)`, rounded half up to the fen —
 * the only rounding anywhere in pricing (roundRateHalfUp). A fixed-price special (一口价) sets the
 * price, but never above the price it starts from: a special never raises a price.
 *
 * Which special, when several apply: the one that leaves the buyer the lowest price; on a tie the
 * more specific target (shop, then agent, then condition), then the older rule (smaller id). So
 * the choice never depends on the order rules are loaded in, never throws on a tie (unlike
 * ERPNext's equal-priority error, ANCHORS-SALES C), and specials never stack (no "percentages
 * added instead of multiplied", Xboard #259).
 *
 * A special applies when it is enabled, the day lies within [validFrom, validTo] (both inclusive,
 * Asia/Shanghai business days as yyyy-mm-dd, compared as text), its target matches the buyer (a
 * shop special: that shop; an agent special: that agent and the shops under it, since the agent
 * is billed for its shops' orders), and every condition field it sets matches the style (brand,
 * category or any of its parents, season, tag, style).
 *
 * Every step has `base` (the price before it) and `amount` (its change, ≤ 0 after the list step);
 * the unit price is the sum of the amounts, never typed.
 */

export type PriceStepKind = 'list' | 'policy' | 'special';
export type SpecialTargetType = 'agent' | 'shop' | 'condition';
export type SpecialMode = 'rate' | 'fixed';
export type PolicyTargetType = 'agent_level' | 'shop_kind';

/** 10000 basis points = 100 %. */
export const FULL_RATE_BP = 10_000;
/** The highest wholesale or fixed price a rule may hold: 1 000 000 yuan. */
export const PRICE_MAX_FEN = 100_000_000;

export interface PriceStep {
  step: PriceStepKind;
  /** the policy or special's id; null for the list price */
  ruleId: number | null;
  ruleName: string;
  /** the price before this step, fen */
  base: number;
  /** this step's change, fen: the price itself for `list`, ≤ 0 for the others */
  amount: number;
}

export interface LinePrice {
  steps: PriceStep[];
  /** the sum of the steps' amounts */
  unitPriceFen: number;
}

export type PricingBuyer = { kind: 'agent'; agentId: number; level: string } | { kind: 'shop'; shopId: number; shopKind: ShopKind; agentId: number | null };

export interface PricingStyle {
  productId: number;
  wholesalePriceFen: number;
  brandId: number;
  /** the style's category and each of its parents */
  categoryIds: readonly number[];
  season: string;
  tagIds: readonly number[];
}

export interface PricingPolicy {
  id: number;
  name: string;
  targetType: PolicyTargetType;
  /** an agent_level dictionary value, or a shop kind */
  targetValue: string;
  rateBp: number;
  enabled: boolean;
}

export interface PricingSpecial {
  id: number;
  name: string;
  targetType: SpecialTargetType;
  agentId: number | null;
  shopId: number | null;
  brandId: number | null;
  categoryId: number | null;
  season: string | null;
  tagId: number | null;
  productId: number | null;
  mode: SpecialMode;
  rateBp: number | null;
  fixedPriceFen: number | null;
  /** yyyy-mm-dd, inclusive */
  validFrom: string;
  validTo: string;
  enabled: boolean;
}

export interface PricingRules {
  policies: readonly PricingPolicy[];
  specials: readonly PricingSpecial[];
}

const isFen = (value: number) => Number.isSafeInteger(value) && value >= 0 && value <= PRICE_MAX_FEN;
const isRate = (value: number) => Number.isInteger(value) && value >= 0 && value <= FULL_RATE_BP;

/** base × rateBp / 10000, rounded half up to the fen: the one rounding rule of pricing. */
export function roundRateHalfUp(baseFen: number, rateBp: number): number {
  if (!isFen(baseFen)) throw new RangeError(`price out of range: ${baseFen}`);
  if (!isRate(rateBp)) throw new RangeError(`rate out of range: ${rateBp}`);
  // base ≤ 1e8 and rate ≤ 1e4: the product stays far below 2^53, so integer arithmetic is exact
  return Math.floor((baseFen * rateBp + FULL_RATE_BP / 2) / FULL_RATE_BP);
}

/** The policy of the buyer's level (agent) or kind (shop), if one is enabled. */
export function policyFor(buyer: PricingBuyer, policies: readonly PricingPolicy[]): PricingPolicy | null {
  const targetType: PolicyTargetType = buyer.kind === 'agent' ? 'agent_level' : 'shop_kind';
  const targetValue = buyer.kind === 'agent' ? buyer.level : buyer.shopKind;
  if (!targetValue) return null;
  // one per target by the table's unique key; the smallest id decides should input ever hold two
  let found: PricingPolicy | null = null;
  for (const policy of policies) {
    if (!policy.enabled || policy.targetType !== targetType || policy.targetValue !== targetValue) continue;
    if (!found || policy.id < found.id) found = policy;
  }
  return found;
}

function targetMatches(special: PricingSpecial, buyer: PricingBuyer): boolean {
  if (special.targetType === 'condition') return true;
  if (special.targetType === 'shop') return buyer.kind === 'shop' && buyer.shopId === special.shopId;
  return special.agentId !== null && buyer.agentId === special.agentId;
}

function conditionMatches(special: PricingSpecial, style: PricingStyle): boolean {
  if (special.productId !== null && special.productId !== style.productId) return false;
  if (special.brandId !== null && special.brandId !== style.brandId) return false;
  if (special.categoryId !== null && !style.categoryIds.includes(special.categoryId)) return false;
  if (special.season !== null && special.season !== '' && special.season !== style.season) return false;
  if (special.tagId !== null && !style.tagIds.includes(special.tagId)) return false;
  return true;
}

/** Is the special in force for this buyer and style on this day? */
export function specialApplies(special: PricingSpecial, buyer: PricingBuyer, style: PricingStyle, day: string): boolean {
  return special.enabled && special.validFrom <= day && day <= special.validTo && targetMatches(special, buyer) && conditionMatches(special, style);
}

/** The price a special leaves from `base` (never above it). */
export function priceAfterSpecial(special: PricingSpecial, base: number): number {
  if (special.mode === 'fixed') {
    const fixed = special.fixedPriceFen;
    if (fixed === null || !isFen(fixed)) throw new RangeError(`fixed price out of range: ${fixed}`);
    return Math.min(fixed, base);
  }
  if (special.rateBp === null) throw new RangeError('rate special without a rate');
  return roundRateHalfUp(base, special.rateBp);
}

const SPECIFICITY: Record<SpecialTargetType, number> = { shop: 0, agent: 1, condition: 2 };

/** The special that applies, by the documented choice: lowest price, then most specific, then smallest id. */
export function chooseSpecial(
  specials: readonly PricingSpecial[],
  buyer: PricingBuyer,
  style: PricingStyle,
  day: string,
  base: number,
): { special: PricingSpecial; price: number } | null {
  let best: { special: PricingSpecial; price: number } | null = null;
  for (const special of specials) {
    if (!specialApplies(special, buyer, style, day)) continue;
    const price = priceAfterSpecial(special, base);
    if (
      !best ||
      price < best.price ||
      (price === best.price &&
        (SPECIFICITY[special.targetType] < SPECIFICITY[best.special.targetType] ||
          (SPECIFICITY[special.targetType] === SPECIFICITY[best.special.targetType] && special.id < best.special.id)))
    ) {
      best = { special, price };
    }
  }
  return best;
}

/** One style's price for one buyer on one day (yyyy-mm-dd, Asia/Shanghai). */
export function priceLine(buyer: PricingBuyer, style: PricingStyle, rules: PricingRules, day: string): LinePrice {
  if (!isFen(style.wholesalePriceFen)) throw new RangeError(`wholesale price out of range: ${style.wholesalePriceFen}`);
  const steps: PriceStep[] = [{ step: 'list', ruleId: null, ruleName: '批发价', base: 0, amount: style.wholesalePriceFen }];
  let price = style.wholesalePriceFen;

  const policy = policyFor(buyer, rules.policies);
  if (policy) {
    const after = roundRateHalfUp(price, policy.rateBp);
    steps.push({ step: 'policy', ruleId: policy.id, ruleName: policy.name, base: price, amount: after - price });
    price = after;
  }

  const chosen = chooseSpecial(rules.specials, buyer, style, day, price);
  if (chosen) {
    steps.push({ step: 'special', ruleId: chosen.special.id, ruleName: chosen.special.name, base: price, amount: chosen.price - price });
    price = chosen.price;
  }
  return { steps, unitPriceFen: sumOfSteps(steps) };
}

/** Several styles for one buyer: each line priced on its own (no line depends on another). */
export function priceLines(buyer: PricingBuyer, styles: readonly PricingStyle[], rules: PricingRules, day: string): LinePrice[] {
  return styles.map((style) => priceLine(buyer, style, rules, day));
}

/** The unit price a breakdown stands for: what a stored line's total is derived from. */
export function sumOfSteps(steps: readonly PriceStep[]): number {
  return steps.reduce((sum, step) => sum + step.amount, 0);
}
