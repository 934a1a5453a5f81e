import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPlanOrderRecord, ReorderSummaryPage, SalesOrderDetail, OrderSummaryPage } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { returnsWorld, type ReturnsWorld } from '../aftersales/returns-test-kit.ts';
import { completedReturn, reportCalls } from './sales-reports-test-kit.ts';

// Issue 26: a return already credited is netted where people read the goods: the order's lines
// (已退), 订货汇总 and 翻单汇总 (已退 / 净发) and 代理规划's counted orders. shop01's order (a ×3, b ×2,
// c ×2) was shipped and received; shop01 sends 2 of a back and HQ receives them.

let t: TestApp;
let w: ReturnsWorld;
const reports = () => reportCalls(t);
const data = async <T>(url: string, session: string): Promise<T> => {
  const res = await t.call({ method: 'GET', url, session });
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp();
  w = await returnsWorld(t);
  await completedReturn(t, w, w.hz, w.ids.spot, [{ skuId: w.sku.a, quantity: 2 }]);
});
afterAll(() => t?.close());

const priceOf = (skuId: number) => w.order.lines.find((l) => l.skuId === skuId)!.unitPriceFen;

describe('what a completed return took back is netted', () => {
  it('the order detail shows 已退 per line', async () => {
    const order = await data<SalesOrderDetail>(`/api/admin/api/v1/sales-orders/${w.order.id}`, w.shop01);
    const bySku = new Map(order.lines.map((l) => [l.skuId, [l.shipped, l.returned]]));
    expect([w.sku.a, w.sku.b, w.sku.c].map((id) => bySku.get(id))).toEqual([
      [3, 2],
      [2, 0],
      [2, 0],
    ]);
  });

  it('订货汇总 shows 已退 and 净发 (pieces and amounts)', async () => {
    const page: OrderSummaryPage = await reports().data('/summary/seasons', w.admin);
    expect(page.totals).toMatchObject({
      shipped: 7,
      returned: 2,
      netShipped: 5,
      returnedAmountFen: 2 * priceOf(w.sku.a),
      netShippedAmountFen: page.totals.shippedAmountFen - 2 * priceOf(w.sku.a),
    });
  });

  it('翻单汇总 shows 已退 and 净发 per style', async () => {
    const page = await data<ReorderSummaryPage>(`/api/admin/api/v1/ordering/reorders/page?seasonId=${w.ids.spot}`, w.admin);
    const style0 = page.records.find((r) => r.productId === w.styles[0]!.productId)!;
    expect(style0).toMatchObject({ shipped: 5, returned: 2, netShipped: 3, returnedAmountFen: 2 * priceOf(w.sku.a) });
    expect(page.totals).toMatchObject({ shipped: 7, returned: 2, netShipped: 5 });
  });

  it('代理规划 counts the shop’s order net of what came back', async () => {
    const orders = await data<{ records: AgentPlanOrderRecord[] }>(`/api/admin/api/v1/agent-plans/shop/orders/page?seasonId=${w.ids.spot}&shopId=${w.ids.sh001}`, w.agent01);
    const mine = orders.records.find((o) => o.id === w.order.id)!;
    expect(mine).toMatchObject({ countedPieces: 5, returnedPieces: 2, countedFen: w.order.totalAmountFen - 2 * priceOf(w.sku.a) });
  });
});
