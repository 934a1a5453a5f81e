import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGEING_BUCKETS, type AgeingRecord, type AgeingTotals } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { financeCalls } from './finance-test-kit.ts';

// Issue 26: 应收账龄 answers the 合计 of the whole search beside its page, so a one-row page still
// shows what every owing party owes.

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
});
afterAll(() => t?.close());

describe('应收账龄 合计', () => {
  it('sums every bucket over the whole search, whatever the page', async () => {
    const all = (await f.call('GET', '/ageing/page?limit=100', w.admin)).body.data as { records: AgeingRecord[]; totals: AgeingTotals };
    const first = (await f.call('GET', '/ageing/page?limit=10&page=1', w.admin)).body.data as { totals: AgeingTotals };
    const sum = (k: keyof AgeingTotals) => all.records.reduce((s, r) => s + r[k], 0);
    expect(all.totals).toEqual({ ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, sum(b)])), totalFen: sum('totalFen') });
    expect(all.totals.totalFen).toBeGreaterThanOrEqual(154_500);
    expect(first.totals).toEqual(all.totals);
  });
});
