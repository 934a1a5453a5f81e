import { describe, expect, it } from 'vitest';
import { allocate, type AllocationDemand, type AllocationResult } from './ordering-allocation.ts';
import { seededRandom, type SeededRandom } from './seeded-random.ts';

const SIZES = ['S', 'M', 'L', 'XL'];
const RUN = { S: 1, M: 2, L: 2, XL: 1 };

/** One order's group: a style and colour, one line per size with `pieces` outstanding. */
function group(orderId: number, pieces: Record<string, number>, extra: Partial<AllocationDemand> = {}): AllocationDemand[] {
  return Object.entries(pieces).map(([size, outstanding]) => ({
    orderId,
    lineId: orderId * 100 + SIZES.indexOf(size),
    priority: 1,
    orderedAt: '2026-11-01T08:00:00Z',
    styleId: 7,
    colourKey: 'BK',
    skuId: 1000 + SIZES.indexOf(size),
    sizeName: size,
    outstanding,
    ...extra,
  }));
}
const stock = (pieces: Record<string, number>) => new Map(Object.entries(pieces).map(([size, n]) => [1000 + SIZES.indexOf(size), n]));
const bySize = (result: AllocationResult, orderId: number) =>
  Object.fromEntries(result.allocations.filter((a) => a.orderId === orderId).map((a) => [SIZES[a.skuId - 1000], a.quantity]));

describe('allocation (配货) examples', () => {
  it('fills every size at the scarcest size’s rate, or nothing below the target', () => {
    // ten runs of S1 M2 L2 XL1 ordered; M is short: 15 of 20
    const demand = group(1, { S: 10, M: 20, L: 20, XL: 10 });
    const supply = stock({ S: 10, M: 15, L: 20, XL: 10 });
    // 75 % of every size, rounded down: 7 15 15 7 = 44 of 60 (73 %)
    expect(bySize(allocate(demand, supply, { targetRateBp: 7_000 }), 1)).toEqual({ S: 7, M: 15, L: 15, XL: 7 });
    const refused = allocate(demand, supply, { targetRateBp: 8_000 });
    expect(refused.allocations).toEqual([]);
    expect(refused.skipped).toEqual([{ orderId: 1, styleId: 7, colourKey: 'BK', rateBp: 7_333 }]);
    // what a skipped group would have had stays for the next order
    expect(refused.left).toEqual(supply);
  });

  it('allocates whole runs when the group orders in runs', () => {
    const demand = group(1, { S: 10, M: 20, L: 20, XL: 10 }, { run: RUN });
    // M allows 7 runs (15 / 2), the others more
    expect(bySize(allocate(demand, stock({ S: 10, M: 15, L: 20, XL: 10 }), { targetRateBp: 0 }), 1)).toEqual({ S: 7, M: 14, L: 14, XL: 7 });
  });

  it('serves the first priority, then the earlier order, and never gives the last units twice', () => {
    const late = group(1, { S: 2, M: 2 }, { priority: 1, orderedAt: '2026-11-02T08:00:00Z' });
    const early = group(2, { S: 2, M: 2 }, { priority: 1, orderedAt: '2026-11-01T08:00:00Z' });
    const agent = group(3, { S: 2, M: 2 }, { priority: 0, orderedAt: '2026-11-03T08:00:00Z' });
    const result = allocate([...late, ...early, ...agent], stock({ S: 4, M: 4 }), { targetRateBp: 10_000 });
    expect([bySize(result, 3), bySize(result, 2), bySize(result, 1)]).toEqual([{ S: 2, M: 2 }, { S: 2, M: 2 }, {}]);
    expect([...result.left.values()]).toEqual([0, 0]);
  });
});

// ── properties over random orders and stock ────────────────────────────────────────────────────

function randomDemands(g: SeededRandom): AllocationDemand[] {
  const demands: AllocationDemand[] = [];
  let lineId = 1;
  const orders = g.int(1, 6);
  for (let orderId = 1; orderId <= orders; orderId++) {
    const priority = g.int(0, 2);
    const orderedAt = `2026-11-0${g.int(1, 3)}T0${g.int(0, 9)}:00:00Z`;
    for (let styleId = 1; styleId <= g.int(1, 2); styleId++) {
      for (const colourKey of ['BK', 'WH'].slice(0, g.int(1, 2))) {
        const run = g.next() < 0.3 ? RUN : null;
        const runs = g.int(0, 6);
        for (const size of SIZES) {
          const outstanding = run ? runs * run[size as keyof typeof RUN] : g.pick([0, 1, 2, 3, 5, 8, 13, 40]);
          demands.push({
            orderId,
            lineId: lineId++,
            priority,
            orderedAt,
            styleId,
            colourKey,
            skuId: styleId * 100 + (colourKey === 'BK' ? 0 : 10) + SIZES.indexOf(size),
            sizeName: size,
            outstanding,
            run,
          });
        }
      }
    }
  }
  return demands;
}

function randomSupply(g: SeededRandom, demands: readonly AllocationDemand[]): Map<number, number> {
  const supply = new Map<number, number>();
  for (const d of demands) if (!supply.has(d.skuId) && g.next() < 0.9) supply.set(d.skuId, g.pick([0, 1, 2, 3, 5, 10, 20, 60, 200]));
  return supply;
}

const CASES = 1_500;
const sumBy = <T>(items: readonly T[], key: (item: T) => number, value: (item: T) => number) => {
  const sums = new Map<number, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
};

describe('allocation properties', () => {
  it('never gives more than exists nor more than a line lacks, and the rest is what is left', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const g = seededRandom(seed);
      const demands = randomDemands(g);
      const supply = randomSupply(g, demands);
      const result = allocate(demands, supply, { targetRateBp: g.pick([0, 5_000, 8_000, 10_000]) });
      const perSku = sumBy(
        result.allocations,
        (a) => a.skuId,
        (a) => a.quantity,
      );
      for (const [skuId, given] of perSku) expect([seed, skuId, given <= (supply.get(skuId) ?? 0)]).toEqual([seed, skuId, true]);
      for (const [skuId, had] of supply) expect([seed, result.left.get(skuId)]).toEqual([seed, had - (perSku.get(skuId) ?? 0)]);
      const lines = new Map(demands.map((d) => [d.lineId, d]));
      for (const a of result.allocations) expect([seed, a.quantity > 0 && a.quantity <= lines.get(a.lineId)!.outstanding]).toEqual([seed, true]);
    }
  });

  it('sends a group at or above the target rate, sizes in proportion or in whole runs, or not at all', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const g = seededRandom(seed);
      const demands = randomDemands(g);
      const target = g.pick([0, 5_000, 8_000, 10_000]);
      const result = allocate(demands, randomSupply(g, demands), { targetRateBp: target });
      const given = new Map(result.allocations.map((a) => [a.lineId, a.quantity]));
      const groups = new Map<string, AllocationDemand[]>();
      for (const d of demands) groups.set(`${d.orderId}|${d.styleId}|${d.colourKey}`, [...(groups.get(`${d.orderId}|${d.styleId}|${d.colourKey}`) ?? []), d]);
      for (const lines of groups.values()) {
        const wanted = lines.reduce((s, l) => s + l.outstanding, 0);
        const got = lines.reduce((s, l) => s + (given.get(l.lineId) ?? 0), 0);
        if (got === 0) continue;
        expect([seed, got * 10_000 >= target * wanted]).toEqual([seed, true]);
        const run = lines[0]!.run;
        if (run) {
          // the same number of runs in every size
          const runs = new Set(lines.map((l) => (given.get(l.lineId) ?? 0) / run[l.sizeName as keyof typeof RUN]!));
          expect([seed, runs.size]).toEqual([seed, 1]);
        } else {
          // every size at the same rate, give or take the rounding down of one piece
          const rates = lines.filter((l) => l.outstanding > 0).map((l) => ({ rate: (given.get(l.lineId) ?? 0) / l.outstanding, step: 1 / l.outstanding }));
          const top = Math.max(...rates.map((r) => r.rate));
          for (const r of rates) expect([seed, top - r.rate < r.step + 1e-9]).toEqual([seed, true]);
        }
      }
    }
  });

  it('gives the same allocation whatever the order of its input, and a first-served order the same as alone', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const g = seededRandom(seed);
      const demands = randomDemands(g);
      const supply = randomSupply(g, demands);
      const options = { targetRateBp: g.pick([0, 8_000]) };
      const sorted = (r: AllocationResult) => [...r.allocations].sort((a, b) => a.lineId - b.lineId);
      const base = allocate(demands, supply, options);
      expect([seed, sorted(allocate(g.shuffle(demands), new Map(g.shuffle([...supply])), options))]).toEqual([seed, sorted(base)]);
      // the order served first gets what it would get without the others
      const first = [...demands].sort((a, b) => a.priority - b.priority || (a.orderedAt < b.orderedAt ? -1 : a.orderedAt > b.orderedAt ? 1 : 0) || a.orderId - b.orderId)[0];
      if (!first) continue;
      const alone = allocate(
        demands.filter((d) => d.orderId === first.orderId),
        supply,
        options,
      );
      expect([seed, sorted(alone)]).toEqual([seed, sorted(base).filter((a) => a.orderId === first.orderId)]);
    }
  });
});
