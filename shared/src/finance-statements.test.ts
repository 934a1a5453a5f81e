import { describe, expect, it } from 'vitest';
import { AGEING_BUCKETS, ageingBucketOf, splitAgeing, STATEMENT_SPAN_MAX_DAYS, StatementMessages, statementPeriodProblem } from './finance-statements.ts';
import { seededRandom } from './seeded-random.ts';

describe('statement period', () => {
  it('takes a real period of at most 366 days and names what is wrong otherwise', () => {
    expect(statementPeriodProblem('2026-01-01', '2026-01-31')).toBeNull();
    expect(statementPeriodProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(statementPeriodProblem('2024-01-01', '2024-12-31')).toBeNull(); // 366 days (leap year)
    expect(statementPeriodProblem('2025-01-01', '2026-01-01')).toBeNull(); // 366 days
    expect(statementPeriodProblem('2025-01-01', '2026-01-02')).toBe(StatementMessages.spanTooLong);
    expect(statementPeriodProblem(undefined, '2026-01-01')).toBe(StatementMessages.periodRequired);
    expect(statementPeriodProblem('2026-01-01', '')).toBe(StatementMessages.periodRequired);
    expect(statementPeriodProblem('2026-02-30', '2026-03-01')).toBe(StatementMessages.dayInvalid);
    expect(statementPeriodProblem('2026/01/01', '2026-03-01')).toBe(StatementMessages.dayInvalid);
    expect(statementPeriodProblem('2026-02-01', '2026-01-31')).toBe(StatementMessages.fromAfterTo);
    expect(StatementMessages.spanTooLong).toContain(String(STATEMENT_SPAN_MAX_DAYS));
  });
});

describe('ageing buckets', () => {
  it('puts each day in its bucket: 0-30, 31-60, 61-90, over 90', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(ageingBucketOf)).toEqual(['d0to30', 'd0to30', 'd31to60', 'd31to60', 'd61to90', 'd61to90', 'over90', 'over90']);
  });

  it('takes the most recent charges for what is owed (payments settled the oldest)', () => {
    // charged 100 at 100 days, 200 at 45 days, 300 at 5 days; paid 250 → owes 350: 300 (5 days) + 50 of the 45-day charge
    const split = splitAgeing(350, [
      { ageDays: 100, amountFen: 100 },
      { ageDays: 5, amountFen: 300 },
      { ageDays: 45, amountFen: 200 },
    ]);
    expect(split).toEqual({ d0to30: 300, d31to60: 50, d61to90: 0, over90: 0, totalFen: 350, oldestAgeDays: 45 });
  });

  it('owes nothing: all zero; charges short of the amount: the rest is over 90 days; non-charges ignored', () => {
    expect(splitAgeing(0, [{ ageDays: 1, amountFen: 10 }])).toEqual({ d0to30: 0, d31to60: 0, d61to90: 0, over90: 0, totalFen: 0, oldestAgeDays: null });
    expect(splitAgeing(-500, [])).toMatchObject({ totalFen: 0, oldestAgeDays: null });
    expect(
      splitAgeing(500, [
        { ageDays: 10, amountFen: 100 },
        { ageDays: 3, amountFen: -50 },
      ]),
    ).toEqual({ d0to30: 100, d31to60: 0, d61to90: 0, over90: 400, totalFen: 500, oldestAgeDays: 10 });
  });

  it('properties: buckets add up to what is owed, none negative, order of the charges does not matter', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const g = seededRandom(seed);
      const charges = Array.from({ length: g.int(0, 12) }, () => ({ ageDays: g.int(0, 400), amountFen: g.int(-5_000, 100_000) }));
      const outstanding = g.int(-10_000, 400_000);
      const split = splitAgeing(outstanding, charges);
      const sum = AGEING_BUCKETS.reduce((s, b) => s + split[b], 0);
      expect([seed, sum, split.totalFen]).toEqual([seed, Math.max(outstanding, 0), Math.max(outstanding, 0)]);
      for (const b of AGEING_BUCKETS) expect([seed, b, split[b] >= 0]).toEqual([seed, b, true]);
      expect([seed, splitAgeing(outstanding, g.shuffle(charges))]).toEqual([seed, split]);
      // never more in a bucket than the charges of that age (except the uncovered rest, over 90)
      for (const b of ['d0to30', 'd31to60', 'd61to90'] as const) {
        const charged = charges.filter((c) => c.amountFen > 0 && ageingBucketOf(c.ageDays) === b).reduce((s, c) => s + c.amountFen, 0);
        expect([seed, b, split[b] <= charged]).toEqual([seed, b, true]);
      }
    }
  });
});
