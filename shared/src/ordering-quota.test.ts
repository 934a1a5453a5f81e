import { describe, expect, it } from 'vitest';
import { quotaAfter, quotaLeft, quotaProblem, type QuotaUse } from './ordering-quota.ts';
import { seededRandom } from './seeded-random.ts';

const none: QuotaUse = { reservedFen: 0, reservedPieces: 0, consumedFen: 0, consumedPieces: 0 };

describe('订货额度', () => {
  it('leaves the limit less what is reserved and consumed; no limit, no restriction', () => {
    const use = { reservedFen: 30_000, reservedPieces: 3, consumedFen: 50_000, consumedPieces: 5 };
    expect(quotaLeft({ amountFen: 100_000, pieces: null }, use)).toEqual({ amountFen: 20_000, pieces: null });
    expect(quotaLeft({ amountFen: 50_000, pieces: 6 }, use)).toEqual({ amountFen: 0, pieces: 0 });
    expect(quotaProblem({ amountFen: 20_000, pieces: null }, { amountFen: 20_000, pieces: 999 })).toBeNull();
    expect(quotaProblem({ amountFen: 20_000, pieces: null }, { amountFen: 20_001, pieces: 1 })).toBe('超出订货额度：剩余金额 ¥200.00，本单 ¥200.01');
    expect(quotaProblem({ amountFen: null, pieces: 4 }, { amountFen: 1, pieces: 5 })).toBe('超出订货额度：剩余4件，本单5件');
  });

  it('reserve, then consume what the audit kept and release the reservation: the cut comes back', () => {
    const order = { amountFen: 10_000, pieces: 10 };
    const kept = { amountFen: 6_000, pieces: 6 };
    let use = quotaAfter(none, 'reserve', order);
    use = quotaAfter(quotaAfter(use, 'release', order), 'consume', kept);
    expect(use).toEqual({ reservedFen: 0, reservedPieces: 0, consumedFen: 6_000, consumedPieces: 6 });
    expect(quotaAfter(use, 'release', { amountFen: 2_000, pieces: 2 }, 'consumed')).toEqual({ reservedFen: 0, reservedPieces: 0, consumedFen: 4_000, consumedPieces: 4 });
  });

  it('returns to nothing used when every order is rejected, cancelled or closed, in any mix', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const g = seededRandom(seed);
      let use = none;
      for (let i = 0; i < g.int(1, 8); i++) {
        const order = { amountFen: g.int(0, 1_000_000), pieces: g.int(0, 500) };
        use = quotaAfter(use, 'reserve', order);
        if (g.next() < 0.5) {
          use = quotaAfter(use, 'release', order); // rejected or cancelled before the audit
        } else {
          const kept = { amountFen: g.int(0, order.amountFen), pieces: g.int(0, order.pieces) };
          use = quotaAfter(quotaAfter(use, 'release', order), 'consume', kept);
          use = quotaAfter(use, 'release', kept, 'consumed'); // closed with nothing shipped
        }
      }
      expect([seed, use]).toEqual([seed, none]);
    }
  });
});
