import { describe, expect, it } from 'vitest';
import {
  FULL_RATE_BP,
  priceLine,
  priceLines,
  roundRateHalfUp,
  sumOfSteps,
  type PricingBuyer,
  type PricingPolicy,
  type PricingRules,
  type PricingSpecial,
  type PricingStyle,
} from './ordering-pricing.ts';
import { seededRandom, type SeededRandom } from './seeded-random.ts';

const generator = seededRandom;
type Gen = SeededRandom;

const DAYS = ['2026-01-01', '2026-03-15', '2026-03-31', '2026-04-01', '2026-06-30', '2026-12-31'];
const LEVELS = ['level1', 'level2'];
const SEASONS = ['spring', 'summer', 'autumn', 'winter'];

/** Rates weighted towards the edges (0, 100 %) where rounding and caps bite. */
const rate = (g: Gen) => (g.next() < 0.2 ? g.pick([0, 1, 5_000, 9_999, FULL_RATE_BP]) : g.int(0, FULL_RATE_BP));
const price = (g: Gen) => (g.next() < 0.2 ? g.pick([0, 1, 3, 99, 100_000_000]) : g.int(0, 2_000_000));

function randomBuyer(g: Gen): PricingBuyer {
  return g.next() < 0.5
    ? { kind: 'agent', agentId: g.int(1, 3), level: g.pick(LEVELS) }
    : { kind: 'shop', shopId: g.int(1, 4), shopKind: g.pick(['direct', 'franchise'] as const), agentId: g.maybe(() => g.int(1, 3)) };
}

function randomStyle(g: Gen): PricingStyle {
  return {
    productId: g.int(1, 5),
    wholesalePriceFen: price(g),
    brandId: g.int(1, 3),
    categoryIds: [g.int(1, 3), g.int(10, 12)],
    season: g.pick(SEASONS),
    tagIds: g.next() < 0.5 ? [] : [g.int(1, 4)],
  };
}

function randomRules(g: Gen): PricingRules {
  const policies: PricingPolicy[] = [];
  let id = 1;
  for (const [targetType, values] of [
    ['agent_level', LEVELS],
    ['shop_kind', ['direct', 'franchise']],
  ] as const) {
    for (const targetValue of values)
      if (g.next() < 0.8) policies.push({ id: id++, name: `${targetValue}政策`, targetType, targetValue, rateBp: rate(g), enabled: g.next() < 0.9 });
  }
  const specials: PricingSpecial[] = [];
  for (let i = g.int(0, 8); i > 0; i--) {
    const targetType = g.pick(['agent', 'shop', 'condition'] as const);
    const fixed = g.next() < 0.3;
    const from = g.pick(DAYS);
    const to = g.pick(DAYS.filter((day) => day >= from));
    specials.push({
      id: id++,
      name: `特价${id}`,
      targetType,
      agentId: targetType === 'agent' ? g.int(1, 3) : null,
      shopId: targetType === 'shop' ? g.int(1, 4) : null,
      brandId: g.maybe(() => g.int(1, 3)),
      categoryId: g.maybe(() => g.int(1, 12)),
      season: g.maybe(() => g.pick(SEASONS)),
      tagId: g.maybe(() => g.int(1, 4)),
      productId: targetType === 'condition' ? g.int(1, 5) : g.maybe(() => g.int(1, 5)),
      mode: fixed ? 'fixed' : 'rate',
      rateBp: fixed ? null : rate(g),
      fixedPriceFen: fixed ? price(g) : null,
      validFrom: from,
      validTo: to,
      enabled: g.next() < 0.9,
    });
  }
  return { policies, specials };
}

function shuffled<T>(g: Gen, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = g.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const RUNS = 2_000;

describe('pricing properties (seeded, 2,000 random cases each)', () => {
  it('is never negative, never above the list price, and its steps add up to the unit price', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const g = generator(seed);
      const style = randomStyle(g);
      const line = priceLine(randomBuyer(g), style, randomRules(g), g.pick(DAYS));
      const context = `seed ${seed}`;
      expect(line.unitPriceFen, context).toBeGreaterThanOrEqual(0);
      expect(line.unitPriceFen, context).toBeLessThanOrEqual(style.wholesalePriceFen);
      expect(Number.isInteger(line.unitPriceFen), context).toBe(true);
      expect(sumOfSteps(line.steps), context).toBe(line.unitPriceFen);
      // each step starts where the previous ones left the price, and none raises it
      let running = 0;
      for (const step of line.steps) {
        expect(step.base, context).toBe(running);
        if (step.step !== 'list') expect(step.amount, context).toBeLessThanOrEqual(0);
        running += step.amount;
      }
      expect(line.steps[0]).toMatchObject({ step: 'list', amount: style.wholesalePriceFen });
    }
  });

  it('gives the same result for the rules in any order, and the same again when recalculated', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const g = generator(seed);
      const buyer = randomBuyer(g);
      const style = randomStyle(g);
      const rules = randomRules(g);
      const day = g.pick(DAYS);
      const first = priceLine(buyer, style, rules, day);
      const reordered = priceLine(buyer, style, { policies: shuffled(g, rules.policies), specials: shuffled(g, rules.specials) }, day);
      expect(reordered, `seed ${seed}`).toEqual(first);
      expect(priceLine(buyer, style, rules, day), `seed ${seed}`).toEqual(first);
    }
  });

  it('prices each line on its own: the lines in any order give the same prices', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const g = generator(seed);
      const buyer = randomBuyer(g);
      const rules = randomRules(g);
      const styles = Array.from({ length: 5 }, () => randomStyle(g));
      const lines = priceLines(buyer, styles, rules, '2026-03-31');
      const order = shuffled(
        g,
        styles.map((_, i) => i),
      );
      const again = priceLines(
        buyer,
        order.map((i) => styles[i]!),
        rules,
        '2026-03-31',
      );
      for (const [at, original] of order.entries()) expect(again[at], `seed ${seed}`).toEqual(lines[original]);
    }
  });
});

// ---- plain cases ----

const agent: PricingBuyer = { kind: 'agent', agentId: 1, level: 'level1' };
const shopOfAgent: PricingBuyer = { kind: 'shop', shopId: 7, shopKind: 'franchise', agentId: 1 };
const style: PricingStyle = { productId: 5, wholesalePriceFen: 19_900, brandId: 2, categoryIds: [11, 1], season: 'spring', tagIds: [3] };
const policy = (over: Partial<PricingPolicy> = {}): PricingPolicy => ({
  id: 1,
  name: '一级代理政策',
  targetType: 'agent_level',
  targetValue: 'level1',
  rateBp: 9_000,
  enabled: true,
  ...over,
});
const special = (over: Partial<PricingSpecial> = {}): PricingSpecial => ({
  id: 10,
  name: '春季特价',
  targetType: 'condition',
  agentId: null,
  shopId: null,
  brandId: null,
  categoryId: null,
  season: 'spring',
  tagId: null,
  productId: null,
  mode: 'rate',
  rateBp: 8_000,
  fixedPriceFen: null,
  validFrom: '2026-03-01',
  validTo: '2026-03-31',
  enabled: true,
  ...over,
});

describe('pricing: the documented cases', () => {
  it('rounds half up to the fen, once per step', () => {
    expect(roundRateHalfUp(5, 5_000)).toBe(3); // 2.5 → 3
    expect(roundRateHalfUp(3, 5_000)).toBe(2); // 1.5 → 2
    expect(roundRateHalfUp(1, 4_999)).toBe(0); // 0.4999 → 0
    expect(roundRateHalfUp(19_900, 8_850)).toBe(17_612); // 17611.5 → 17612
    expect(() => roundRateHalfUp(100, 10_001)).toThrow(RangeError);
    expect(() => roundRateHalfUp(-1, 5_000)).toThrow(RangeError);
  });

  it('lists, then the policy, then the special on the price after the policy', () => {
    const line = priceLine(agent, style, { policies: [policy()], specials: [special()] }, '2026-03-15');
    expect(line.steps).toEqual([
      { step: 'list', ruleId: null, ruleName: '批发价', base: 0, amount: 19_900 },
      { step: 'policy', ruleId: 1, ruleName: '一级代理政策', base: 19_900, amount: -1_990 },
      { step: 'special', ruleId: 10, ruleName: '春季特价', base: 17_910, amount: -3_582 },
    ]);
    expect(line.unitPriceFen).toBe(14_328);
  });

  it('makes a 100 % discount exactly 0, by policy or by special', () => {
    expect(priceLine(agent, style, { policies: [policy({ rateBp: 0 })], specials: [] }, '2026-03-15').unitPriceFen).toBe(0);
    const line = priceLine(agent, style, { policies: [policy()], specials: [special({ rateBp: 0 })] }, '2026-03-15');
    expect(line.unitPriceFen).toBe(0);
    expect(line.steps.at(-1)).toMatchObject({ base: 17_910, amount: -17_910 });
  });

  it('counts both ends of the date range as Asia/Shanghai days, and ignores expired and future specials', () => {
    const rules = { policies: [], specials: [special()] };
    const has = (day: string) => priceLine(agent, style, rules, day).steps.some((s) => s.step === 'special');
    expect(has('2026-02-28')).toBe(false); // not yet
    expect(has('2026-03-01')).toBe(true); // first day
    expect(has('2026-03-31')).toBe(true); // last day
    expect(has('2026-04-01')).toBe(false); // expired
  });

  it('ignores disabled rules, and takes no policy step for a buyer without one', () => {
    const none = priceLine(agent, style, { policies: [policy({ enabled: false })], specials: [special({ enabled: false })] }, '2026-03-15');
    expect(none.steps.map((s) => s.step)).toEqual(['list']);
    expect(none.unitPriceFen).toBe(19_900);
    const otherLevel = priceLine({ ...agent, level: 'level2' }, style, { policies: [policy()], specials: [] }, '2026-03-15');
    expect(otherLevel.unitPriceFen).toBe(19_900);
    const noLevel = priceLine({ ...agent, level: '' }, style, { policies: [policy({ targetValue: '' })], specials: [] }, '2026-03-15');
    expect(noLevel.steps).toHaveLength(1);
  });

  it("uses the shop's kind for a shop, and lets an agent's special cover the shops under it", () => {
    const rules = {
      policies: [policy(), policy({ id: 2, name: '加盟店政策', targetType: 'shop_kind', targetValue: 'franchise', rateBp: 9_500 })],
      specials: [special({ id: 11, name: '代理商特价', targetType: 'agent', agentId: 1, season: null, rateBp: 9_000 })],
    };
    const line = priceLine(shopOfAgent, style, rules, '2026-03-15');
    expect(line.steps.map((s) => s.ruleName)).toEqual(['批发价', '加盟店政策', '代理商特价']);
    expect(line.unitPriceFen).toBe(17_015); // 19900 × 0.95 = 18905; × 0.9 = 17014.5 → 17015
    const otherShop = priceLine({ kind: 'shop', shopId: 8, shopKind: 'franchise', agentId: 2 }, style, rules, '2026-03-15');
    expect(otherShop.steps.map((s) => s.step)).toEqual(['list', 'policy']);
  });

  it('matches every condition a special sets: brand, a category or its parent, season, tag, style', () => {
    const applies = (over: Partial<PricingSpecial>) => priceLine(agent, style, { policies: [], specials: [special({ season: null, ...over })] }, '2026-03-15').steps.length === 2;
    expect(applies({ brandId: 2 })).toBe(true);
    expect(applies({ brandId: 3 })).toBe(false);
    expect(applies({ categoryId: 1 })).toBe(true); // the parent category
    expect(applies({ categoryId: 12 })).toBe(false);
    expect(applies({ tagId: 3 })).toBe(true);
    expect(applies({ tagId: 4 })).toBe(false);
    expect(applies({ productId: 5, season: 'spring' })).toBe(true);
    expect(applies({ productId: 5, season: 'winter' })).toBe(false);
    expect(applies({ targetType: 'shop', shopId: 7 })).toBe(false); // the buyer is an agent
  });

  it('chooses one special: the lowest price, then shop before agent before condition, then the older rule', () => {
    const cheap = special({ id: 30, name: '一口价', mode: 'fixed', rateBp: null, fixedPriceFen: 9_900 });
    const rules = { policies: [], specials: [special({ id: 20, rateBp: 5_000 }), cheap] };
    expect(priceLine(agent, style, rules, '2026-03-15').steps.at(-1)).toMatchObject({ ruleId: 30, amount: -10_000 });
    // a tie: the shop's own special wins over the agent's and the condition's, whatever the order
    const tie = [
      special({ id: 41, rateBp: 5_000 }),
      special({ id: 42, targetType: 'agent', agentId: 1, rateBp: 5_000 }),
      special({ id: 43, targetType: 'shop', shopId: 7, rateBp: 5_000 }),
      special({ id: 40, rateBp: 5_000 }),
    ];
    expect(priceLine(shopOfAgent, style, { policies: [], specials: tie }, '2026-03-15').steps.at(-1)?.ruleId).toBe(43);
    expect(priceLine(agent, style, { policies: [], specials: [...tie].reverse() }, '2026-03-15').steps.at(-1)?.ruleId).toBe(42);
    expect(priceLine(agent, style, { policies: [], specials: tie.filter((s) => s.targetType === 'condition') }, '2026-03-15').steps.at(-1)?.ruleId).toBe(40);
  });

  it('never lets a fixed price raise the price', () => {
    const line = priceLine(agent, style, { policies: [policy()], specials: [special({ mode: 'fixed', rateBp: null, fixedPriceFen: 50_000 })] }, '2026-03-15');
    expect(line.unitPriceFen).toBe(17_910);
    expect(line.steps.at(-1)).toMatchObject({ step: 'special', amount: 0 });
  });

  it('refuses a wholesale price it cannot price', () => {
    expect(() => priceLine(agent, { ...style, wholesalePriceFen: -1 }, { policies: [], specials: [] }, '2026-03-15')).toThrow(RangeError);
    expect(() => priceLine(agent, { ...style, wholesalePriceFen: 1.5 }, { policies: [], specials: [] }, '2026-03-15')).toThrow(RangeError);
  });
});
