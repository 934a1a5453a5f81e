import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGEING_BUCKETS, type AgeingRecord, type AgeingTotals, type FinanceAccountRecord, type PaymentRecord } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, financeCalls } from './finance-test-kit.ts';

// Issue 26: 应收账龄, 往来账户 and 收款单 answer the 合计 of the whole search beside their page, so a
// one-row page still shows the whole.

let t: TestApp;
let w: OrderWorld;
let f: ReturnType<typeof financeCalls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  f = financeCalls(t);
  for (const [partyId, amountFen] of [
    [w.ids.ag001, 120_000],
    [w.ids.ag002, 34_500],
  ] as const) {
    const res = await f.call('POST', '/adjustments', w.admin, { partyType: 'agent', partyId, amountFen, reason: '运费' });
    expect(res.body.code, res.raw).toBe('201');
  }
  // HQ records two payments for AG001 (posted at once), agent01 one more (waiting)
  for (const amountFen of [10_000, 2_500]) await f.pay(w.admin, { partyType: 'agent', partyId: w.ids.ag001, amountFen, method: 'bank', paidOn: dayFromToday(0), voucherImage: '' });
  await f.pay(w.agent01, { amountFen: 700, method: 'cash', paidOn: dayFromToday(0), voucherImage: await f.voucher(w.agent01) });
});
afterAll(() => t?.close());

describe('应收账龄 合计', () => {
  it('sums every bucket over the whole search, whatever the page', async () => {
    const all = (await f.call('GET', '/ageing/page?limit=100', w.admin)).body.data as { records: AgeingRecord[]; totals: AgeingTotals };
    const first = (await f.call('GET', '/ageing/page?limit=10&page=1', w.admin)).body.data as { totals: AgeingTotals };
    const sum = (k: keyof AgeingTotals) => all.records.reduce((s, r) => s + r[k], 0);
    expect(all.totals).toEqual({ ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, sum(b)])), totalFen: sum('totalFen') });
    // the two charges less the payments HQ posted for AG001
    expect(all.totals.totalFen).toBeGreaterThanOrEqual(154_500 - 12_500);
    expect(first.totals).toEqual(all.totals);
  });
});

describe('往来账户 and 收款单 合计', () => {
  it('往来账户 sums 应收, 预付款, 应付 and 未发货 of the whole search', async () => {
    type Page = { records: FinanceAccountRecord[]; total: number; totals: Record<'receivableFen' | 'prepaymentFen' | 'payableFen' | 'unshippedFen', number> };
    const all = (await f.call('GET', '/accounts/page?limit=100', w.admin)).body.data as Page;
    const one = (await f.call('GET', '/accounts/page?limit=10&page=1&partyType=agent', w.admin)).body.data as Page;
    const sum = (rows: FinanceAccountRecord[], k: 'receivableFen' | 'prepaymentFen' | 'payableFen' | 'unshippedFen') => rows.reduce((s, r) => s + r[k], 0);
    for (const k of ['receivableFen', 'prepaymentFen', 'payableFen', 'unshippedFen'] as const) expect(all.totals[k], k).toBe(sum(all.records, k));
    expect(one.totals.receivableFen).toBe(
      sum(
        all.records.filter((r) => r.partyType === 'agent'),
        'receivableFen',
      ),
    );
    // agent01 reaches its own account only: its totals are its own figures
    const own = (await f.call('GET', '/accounts/page', w.agent01)).body.data as Page;
    expect(own.totals.receivableFen).toBe(sum(own.records, 'receivableFen'));
    expect(own.records.every((r) => r.partyId === w.ids.ag001)).toBe(true);
  });

  it('收款单 sums every listed payment, posted and waiting apart', async () => {
    type Page = { records: PaymentRecord[]; totals: { amountFen: number; postedFen: number; waitingFen: number } };
    const page = (await f.call('GET', '/payments/page?limit=10', w.admin)).body.data as Page;
    expect(page.totals).toEqual({ amountFen: 13_200, postedFen: 12_500, waitingFen: 700 });
    const waiting = (await f.call('GET', '/payments/page?status=submitted', w.agent01)).body.data as Page;
    expect(waiting.totals).toEqual({ amountFen: 700, postedFen: 0, waitingFen: 700 });
  });
});
