import { describe, expect, it } from 'vitest';
import { AGENT_PLAN_TARGET_FEN_MAX, AgentPlanMessages, outermostRows, percentText, planProgress, planTargetProblem } from './agent-plans.ts';
import { seededRandom } from './seeded-random.ts';

describe('planProgress', () => {
  it('rounds the ratio to 0.1 % and never leaves a negative remainder', () => {
    expect(planProgress(1000, 456)).toEqual({ percent: 45.6, remaining: 544 });
    expect(planProgress(3, 1)).toEqual({ percent: 33.3, remaining: 2 });
    expect(planProgress(3, 2)).toEqual({ percent: 66.7, remaining: 1 });
    expect(planProgress(100, 250)).toEqual({ percent: 250, remaining: 0 });
    expect(planProgress(0, 5)).toEqual({ percent: null, remaining: 0 });
    expect(planProgress(0, 0)).toEqual({ percent: null, remaining: 0 });
  });

  it('property: remaining + what counts of the order = target; the percent is within 0.05 of the ratio', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const g = seededRandom(seed);
      const target = g.int(0, AGENT_PLAN_TARGET_FEN_MAX);
      const ordered = g.next() < 0.3 ? target + g.int(0, 1000) : g.int(0, Math.max(0, target));
      const { percent, remaining } = planProgress(target, ordered);
      expect(remaining + Math.min(ordered, target), `seed ${seed}`).toBe(target);
      expect(remaining, `seed ${seed}`).toBeGreaterThanOrEqual(0);
      if (target === 0) expect(percent).toBeNull();
      else {
        expect(Math.abs(percent! - (ordered / target) * 100), `seed ${seed}`).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.round(percent! * 10), `seed ${seed}`).toBeCloseTo(percent! * 10, 6);
      }
    }
  });

  it('shows a percent with one decimal', () => {
    expect(percentText(45.6)).toBe('45.6%');
    expect(percentText(100)).toBe('100.0%');
    expect(percentText(null)).toBe('--');
  });
});

describe('outermostRows', () => {
  // 1 女装 › 2 连衣裙 › 3 长裙; 4 男装
  const parents = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
  ]);
  it('drops a row whose ancestor is planned for the same shop, keeps it for another shop', () => {
    const rows = [
      { shopId: 1, categoryId: 1 },
      { shopId: 1, categoryId: 3 },
      { shopId: 1, categoryId: 4 },
      { shopId: 2, categoryId: 2 },
      { shopId: 2, categoryId: 3 },
    ];
    expect(outermostRows(rows, parents)).toEqual([
      { shopId: 1, categoryId: 1 },
      { shopId: 1, categoryId: 4 },
      { shopId: 2, categoryId: 2 },
    ]);
  });
  it('property: the kept rows never nest and every dropped row has a kept ancestor', () => {
    const ancestors = (c: number) => {
      const out: number[] = [];
      for (let p = parents.get(c) ?? null; p !== null; p = parents.get(p) ?? null) out.push(p);
      return out;
    };
    for (let seed = 1; seed <= 300; seed++) {
      const g = seededRandom(seed);
      const rows = g.shuffle([1, 2, 3, 4].flatMap((c) => [1, 2].map((s) => ({ shopId: s, categoryId: c })))).filter(() => g.next() < 0.6);
      const kept = outermostRows(rows, parents);
      const key = (r: { shopId: number; categoryId: number }) => `${r.shopId}:${r.categoryId}`;
      const keptKeys = new Set(kept.map(key));
      for (const r of kept) for (const a of ancestors(r.categoryId)) expect(keptKeys.has(`${r.shopId}:${a}`), `seed ${seed}`).toBe(false);
      for (const r of rows.filter((x) => !keptKeys.has(key(x))))
        expect(
          ancestors(r.categoryId).some((a) => keptKeys.has(`${r.shopId}:${a}`)),
          `seed ${seed}`,
        ).toBe(true);
    }
  });
});

describe('planTargetProblem', () => {
  it('takes integers from 0 to the limit only', () => {
    const m = AgentPlanMessages.targetFenInvalid;
    expect(planTargetProblem(0, 10, m)).toBeNull();
    expect(planTargetProblem(10, 10, m)).toBeNull();
    for (const bad of [-1, 1.5, 11, '5', null, undefined, Number.NaN]) expect(planTargetProblem(bad, 10, m)).toBe(m);
  });
});
