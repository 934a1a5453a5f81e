import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceAccountRecord, OrderSummaryPage, UnshippedPage } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { reportCalls, reportWorld, type ReportWorld } from './sales-reports-test-kit.ts';

// Issue 26: 订货汇总, 未发货 and 往来账户 read one 未发 (approved — ordered before the audit — less
// shipped, of open orders only), and 订货汇总 leaves rejected and cancelled orders out unless asked.

let t: TestApp;
let w: ReportWorld;
const reports = () => reportCalls(t);
const data = async <T>(url: string, session: string): Promise<T> => {
  const res = await t.call({ method: 'GET', url, session });
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp();
  w = await reportWorld(t);
});
afterAll(() => t?.close());

describe('one 未发', () => {
  it('订货汇总, 未发货 and 往来账户 agree, a submitted order included', async () => {
    const summary: OrderSummaryPage = await reports().data('/summary/seasons', w.admin);
    const unshipped = await data<UnshippedPage>('/api/admin/api/v1/ordering/unshipped/page?limit=500', w.admin);
    const accounts = await data<{ records: FinanceAccountRecord[] }>('/api/admin/api/v1/finance/accounts/page?limit=100', w.admin);
    // submitted 5 (3 + 2), agent01's partly shipped (8−5) + (6−6) + 4, SH001's audited 7
    expect(summary.totals.outstanding).toBe(5 + 3 + 4 + 7);
    expect(unshipped.totals.unshipped).toBe(summary.totals.outstanding);
    expect(unshipped.totals.unshippedAmountFen).toBe(summary.totals.outstandingAmountFen);
    // every open order here is billed (HQ's direct shop's order shipped in full)
    expect(accounts.records.reduce((sum, a) => sum + a.unshippedFen, 0)).toBe(summary.totals.outstandingAmountFen);
  });

  it('订货汇总 counts rejected and cancelled orders only when that status is chosen', async () => {
    const counted: OrderSummaryPage = await reports().data('/summary/seasons', w.admin);
    const rejected: OrderSummaryPage = await reports().data('/summary/seasons?status=rejected', w.admin);
    expect(rejected.totals).toMatchObject({ orderCount: 1, ordered: 5 });
    // shopSubmitted, agentShipping, shopOfAgentAudited, otherShipped, old: the rejected one is not among them
    expect(counted.totals.orderCount).toBe(5);
    expect(counted.totals.ordered).toBe(5 + 20 + 7 + 9 + 5);
  });
});
