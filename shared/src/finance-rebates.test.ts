import { describe, expect, it } from 'vitest';
import { type RebateTier, rebateFor, rebateOf, rebateRateText, rebateRuleProblem, rebateTiersProblem, sortedTiers } from './finance-rebates.ts';
import { seededRandom } from './seeded-random.ts';

const tiers: RebateTier[] = [
  { thresholdFen: 10_000_000, rateBp: 300 },
  { thresholdFen: 0, rateBp: 0 },
  { thresholdFen: 5_000_000, rateBp: 200 },
];

describe('返利 tiers', () => {
  it('takes the highest threshold not above the figure, and floors the fen', () => {
    expect(rebateFor(tiers, 4_999_999)).toEqual({ tier: { thresholdFen: 0, rateBp: 0 }, rateBp: 0, amountFen: 0 });
    expect(rebateFor(tiers, 5_000_000)).toEqual({ tier: { thresholdFen: 5_000_000, rateBp: 200 }, rateBp: 200, amountFen: 100_000 });
    expect(rebateFor(tiers, 12_345_678).amountFen).toBe(370_370); // 12345678 × 3% = 370370.34
    expect(rebateFor([{ thresholdFen: 100, rateBp: 500 }], 99)).toEqual({ tier: null, rateBp: 0, amountFen: 0 });
    expect(rebateFor(tiers, -500).amountFen).toBe(0);
    expect(rebateOf(333, 3_333)).toBe(110); // 110.9889
    expect(rebateOf(1_000_000_000_000, 10_000)).toBe(1_000_000_000_000);
    expect(rebateOf(999_999_999_999, 9_999)).toBe(Math.floor(Number((999_999_999_999n * 9_999n) / 10_000n)));
    expect(rebateRateText(250)).toBe('2.5%');
    expect(rebateRateText(1)).toBe('0.01%');
  });

  it('refuses bad tiers with the reason', () => {
    expect(rebateTiersProblem([])).toBe('请至少填写一档返利');
    expect(rebateTiersProblem(undefined)).toBe('请至少填写一档返利');
    expect(rebateTiersProblem([{ thresholdFen: 0, rateBp: -1 }])).toBe('返利比例须在0%到100%之间，最多两位小数');
    expect(rebateTiersProblem([{ thresholdFen: 0, rateBp: 10_001 }])).toBe('返利比例须在0%到100%之间，最多两位小数');
    expect(rebateTiersProblem([{ thresholdFen: 0, rateBp: 1.5 }])).toBe('返利比例须在0%到100%之间，最多两位小数');
    expect(rebateTiersProblem([{ thresholdFen: -1, rateBp: 1 }])).toBe('门槛金额须为 ¥0.00 到 ¥10,000,000,000.00 之间、最多两位小数的金额');
    expect(rebateTiersProblem([{ thresholdFen: '100', rateBp: 1 }])).toBe('门槛金额须为 ¥0.00 到 ¥10,000,000,000.00 之间、最多两位小数的金额');
    expect(
      rebateTiersProblem([
        { thresholdFen: 100, rateBp: 1 },
        { thresholdFen: 100, rateBp: 2 },
      ]),
    ).toBe('门槛金额 ¥1.00 重复');
    expect(
      rebateTiersProblem([
        { thresholdFen: 100, rateBp: 5 },
        { thresholdFen: 200, rateBp: 2 },
      ]),
    ).toBe('门槛越高的档位，返利比例不能越低');
    expect(rebateTiersProblem(Array.from({ length: 11 }, (_, i) => ({ thresholdFen: i, rateBp: i })))).toBe('返利档位最多10档');
    expect(rebateTiersProblem(tiers)).toBeNull();
    expect(rebateRuleProblem({ basis: 'shipped', tiers })).toBe('请选择返利口径');
    expect(rebateRuleProblem({ basis: 'paid', tiers, remark: 'x'.repeat(201) })).toBe('备注不能超过200个字');
    expect(rebateRuleProblem({ basis: 'paid', tiers, enabled: 'yes' })).toBe('请选择是否启用');
    expect(rebateRuleProblem({ basis: 'ordered', tiers })).toBeNull();
    expect(sortedTiers(tiers).map((t) => t.thresholdFen)).toEqual([0, 5_000_000, 10_000_000]);
  });

  it('property: never negative, never above the figure, monotone in the figure, blind to tier order', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const g = seededRandom(seed);
      // valid tiers: unique thresholds, rates not falling as thresholds rise
      const thresholds = [...new Set(Array.from({ length: g.int(1, 6) }, () => g.int(0, 50_000_000)))].sort((a, b) => a - b);
      let rate = g.int(0, 500);
      const made = thresholds.map((thresholdFen) => {
        rate = Math.min(10_000, rate + g.int(0, 1_500));
        return { thresholdFen, rateBp: rate };
      });
      expect(rebateTiersProblem(made), `seed ${seed}`).toBeNull();
      const shuffled = g.shuffle(made);
      let last = -1;
      let lastAmount = 0;
      const figures = Array.from({ length: 12 }, () => g.int(0, 80_000_000)).sort((a, b) => a - b);
      for (const basis of figures) {
        const { amountFen } = rebateFor(made, basis);
        expect(amountFen, `seed ${seed}`).toBeGreaterThanOrEqual(0);
        expect(amountFen, `seed ${seed}`).toBeLessThanOrEqual(basis);
        expect(Number.isSafeInteger(amountFen)).toBe(true);
        if (basis > last) expect(amountFen, `seed ${seed} basis ${basis}`).toBeGreaterThanOrEqual(lastAmount);
        expect(rebateFor(shuffled, basis), `seed ${seed}`).toEqual(rebateFor(made, basis));
        last = basis;
        lastAmount = amountFen;
      }
    }
  });
});
