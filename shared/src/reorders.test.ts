import { describe, expect, it } from 'vitest';
import { UNSHIPPED_AGE_BUCKETS, orderAgeDays, unshippedAgeBucketDays, unshippedAgeBucketOf, type UnshippedAgeBucket } from './reorders.ts';
import { SALES_ORDER_KIND_LABELS } from './sales-orders.ts';
import { seededRandom } from './seeded-random.ts';

describe('翻单 ageing', () => {
  it('counts whole days from the order day, never below zero', () => {
    expect(orderAgeDays('2026-11-28', '2026-11-28')).toBe(0);
    expect(orderAgeDays('2026-11-20', '2026-11-28')).toBe(8);
    expect(orderAgeDays('2026-02-27', '2026-03-01')).toBe(2);
    expect(orderAgeDays('2026-12-01', '2026-11-28')).toBe(0);
  });

  it('puts each age in its bucket at the edges', () => {
    const cases: [number, UnshippedAgeBucket][] = [
      [0, 'd0_7'],
      [7, 'd0_7'],
      [8, 'd8_15'],
      [15, 'd8_15'],
      [16, 'd16_30'],
      [30, 'd16_30'],
      [31, 'd31_60'],
      [60, 'd31_60'],
      [61, 'over60'],
      [400, 'over60'],
    ];
    for (const [days, bucket] of cases) expect(unshippedAgeBucketOf(days), `${days}`).toBe(bucket);
  });

  it('answers the order days of a bucket', () => {
    expect(unshippedAgeBucketDays('d0_7', '2026-11-28')).toEqual({ from: '2026-11-21' });
    expect(unshippedAgeBucketDays('d8_15', '2026-11-28')).toEqual({ from: '2026-11-13', to: '2026-11-20' });
    expect(unshippedAgeBucketDays('over60', '2026-11-28')).toEqual({ to: '2026-09-28' });
  });

  it("a day is in a bucket's range exactly when its age falls in that bucket (property)", () => {
    const random = seededRandom(20261128);
    const base = Date.parse('2026-01-01T00:00:00Z');
    const day = (offset: number) => new Date(base + offset * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 500; i += 1) {
      const today = day(random.int(0, 800));
      const orderDay = day(random.int(-50, 850));
      const bucket = unshippedAgeBucketOf(orderAgeDays(orderDay, today));
      for (const b of UNSHIPPED_AGE_BUCKETS) {
        const { from, to } = unshippedAgeBucketDays(b, today);
        const inside = (from === undefined || orderDay >= from) && (to === undefined || orderDay <= to);
        expect(inside, `${orderDay} ${today} ${b}`).toBe(b === bucket);
      }
    }
  });

  it('labels the re-order kind 翻单', () => {
    expect(SALES_ORDER_KIND_LABELS.reorder).toBe('翻单');
  });
});
