import { describe, expect, it } from 'vitest';
import {
  adjustmentAmountProblem,
  billedFigures,
  creditLoweringWarning,
  creditLimitProblem,
  creditProblem,
  paidOnProblem,
  paymentAmountProblem,
  PAYMENT_MACHINE,
  paymentNext,
} from './finance.ts';
import { seededRandom } from './seeded-random.ts';

describe('billedFigures', () => {
  it('reads an agent’s figures from its signed 应收 balance, its limit and its open orders', () => {
    expect(billedFigures(30_000, 100_000, 20_000)).toEqual({
      balanceFen: -30_000,
      receivableFen: 30_000,
      prepaymentFen: 0,
      creditLimitFen: 100_000,
      unshippedFen: 20_000,
      availableFen: 50_000,
    });
    // paid ahead: the prepayment adds to what may be ordered
    expect(billedFigures(-5_000, 0, 0)).toMatchObject({ balanceFen: 5_000, receivableFen: 0, prepaymentFen: 5_000, availableFen: 5_000 });
    // no limit: not under credit control
    expect(billedFigures(1, null, 1).availableFen).toBeNull();
  });

  it('for any balance, limit and open orders: never both owing and prepaid, 余额 = 预付款 − 应收, 可用 = 额度 + 预付款 − 应收 − 未发货', () => {
    const { next: random } = seededRandom(18);
    for (let i = 0; i < 500; i += 1) {
      const net = Math.round((random() - 0.5) * 2e9);
      const limit = random() < 0.2 ? null : Math.round(random() * 1e9);
      const open = Math.round(random() * 1e8);
      const f = billedFigures(net, limit, open);
      expect(f.receivableFen === 0 || f.prepaymentFen === 0).toBe(true);
      expect(f.receivableFen).toBeGreaterThanOrEqual(0);
      expect(f.prepaymentFen).toBeGreaterThanOrEqual(0);
      expect(f.balanceFen).toBe(f.prepaymentFen - f.receivableFen);
      expect(f.availableFen).toBe(limit === null ? null : limit + f.prepaymentFen - f.receivableFen - open);
      // a payment of p raises what is available by exactly p
      const p = Math.round(random() * 1e7) + 1;
      if (limit !== null) expect(billedFigures(net - p, limit, open).availableFen! - f.availableFen!).toBe(p);
    }
  });
});

describe('credit and input rules', () => {
  it('names both figures when an order is over what is available', () => {
    expect(creditProblem(46_100, 78_990)).toBe('授信额度不足：可用授信 ¥461.00，本单 ¥789.90');
    expect(creditProblem(78_990, 78_990)).toBeNull();
    expect(creditProblem(null, 1e12)).toBeNull();
    expect(creditProblem(-100, 1)).toBe('授信额度不足：可用授信 −¥1.00，本单 ¥0.01');
  });

  it('refuses zero, negative, fractional and oversized amounts; an adjustment may be negative but not zero', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, '100', 10_000_000_001, null]) expect(paymentAmountProblem(bad)).not.toBeNull();
    expect(paymentAmountProblem(1)).toBeNull();
    expect(paymentAmountProblem(10_000_000_000)).toBeNull();
    expect(adjustmentAmountProblem(-500)).toBeNull();
    expect(adjustmentAmountProblem(0)).not.toBeNull();
    expect(creditLimitProblem(null)).toBeNull();
    expect(creditLimitProblem(-1)).not.toBeNull();
  });

  it('takes a real day, not before 2000, not after today', () => {
    expect(paidOnProblem('2026-11-28', '2026-11-28')).toBeNull();
    expect(paidOnProblem('2026-11-29', '2026-11-28')).toBe('付款日期不能晚于今天');
    expect(paidOnProblem('2027-12-31', '2026-11-28')).toBe('付款日期不能晚于今天');
    expect(paidOnProblem('2026-02-30', '2026-11-28')).toBe('请填写正确的付款日期');
    expect(paidOnProblem('1999-12-31', '2026-11-28')).toBe('付款日期不能早于2000-01-01');
    expect(paidOnProblem(20261128, '2026-11-28')).toBe('请填写正确的付款日期');
  });

  it('moves a payment recorded → posted or rejected or cancelled, and only a posted one is voided', () => {
    expect(paymentNext('submitted', 'audit')).toBe('posted');
    expect(paymentNext('posted', 'audit')).toBeNull();
    expect(paymentNext('posted', 'void')).toBe('voided');
    expect(paymentNext('rejected', 'void')).toBeNull();
    expect(Object.keys(PAYMENT_MACHINE.voided ?? {})).toEqual([]);
  });
});

describe('creditLoweringWarning', () => {
  const figures = { receivableFen: 50_000, prepaymentFen: 0, unshippedFen: 30_000 };
  it('warns when the new limit is below what is committed, naming the figures', () => {
    expect(creditLoweringWarning(figures, 60_000)).toBe(
      '新的授信额度 ¥600.00 低于已占用的 ¥800.00（应收 − 预付款 + 未发货订单），保存后可用授信为 −¥200.00，该单位的新订货单将无法提交。',
    );
  });
  it('is silent when the limit covers it, or when there is no control', () => {
    expect(creditLoweringWarning(figures, 80_000)).toBeNull();
    expect(creditLoweringWarning(figures, null)).toBeNull();
    expect(creditLoweringWarning({ ...figures, prepaymentFen: 40_000, receivableFen: 0 }, 0)).toBeNull();
  });
});
