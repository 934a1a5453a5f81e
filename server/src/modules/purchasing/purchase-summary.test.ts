import { PurchaseMessages } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { refundsClient } from './purchase-refunds-test-kit.ts';
import { answer, API, createProduct, createSupplier, orderInput, ordersClient, purchaseFixture, docsClient } from './purchasing-test-kit.ts';

// 采购汇总: orders past draft by order date, grouped by supplier, style and month, with received
// and returned amounts at the order's prices.

let t: TestApp;
let admin: string;
let p1: number;
let p2: number;

beforeAll(async () => {
  t = await createTestApp();
  const fx = await purchaseFixture(t);
  admin = fx.admin;
  const orders = ordersClient(t, admin);
  const refunds = refundsClient(t, admin);
  const docs = docsClient(t);
  const sp = await createSupplier(t.db, 'SPSUM');
  const sp2 = await createSupplier(t.db, 'SPSUM2');
  const style1 = await createProduct(t.db, 'SUM001', ['BK'], ['M', 'L']);
  const style2 = await createProduct(t.db, 'SUM002', ['NV'], ['M']);
  p1 = style1.productId;
  p2 = style2.productId;
  const [a, b, c] = [style1.skus['BK/M']!, style1.skus['BK/L']!, style2.skus['NV/M']!];

  // SPSUM order 1: A 10 @ 10.00, B 5 @ 20.00; A 6 received, 2 of them returned
  const o1 = await orders.audited(
    orderInput(sp, fx.hz, [
      [a.id, 10, 1000],
      [b.id, 5, 2000],
    ]),
  );
  await orders.received(o1.id, orders.receiveInput([[o1.lines[0]!.id, 6]]));
  const refund = await refunds.audited({
    supplierId: sp,
    warehouseId: fx.hz,
    purchaseOrderId: o1.id,
    reason: '次品',
    lines: [{ orderLineId: o1.lines[0]!.id, skuId: a.id, quantity: 2 }],
  });
  await docs.act('outbound', admin, refund.outboundId!, 'post');
  // SPSUM order 2, submitted only: C 3 @ 5.00
  const o2 = await orders.create(orderInput(sp, fx.hz, [[c.id, 3, 500]]));
  await orders.act(o2.id, 'submit');
  // a draft counts nowhere
  await orders.create(orderInput(sp, fx.hz, [[a.id, 100, 1]]));
  // SPSUM2, an order made in June 2025: A 1 @ 30.00, received
  const o4 = await orders.audited(orderInput(sp2, fx.hz, [[a.id, 1, 3000]]));
  await orders.received(o4.id, orders.receiveInput([[o4.lines[0]!.id, 1]]));
  await t.db.updateTable('purchase_orders').set({ order_date: '2025-06-15' }).where('id', '=', o4.id).execute();
});
afterAll(() => t?.close());

const summary = (query: string) => t.call({ method: 'GET', url: `${API}/purchase/summary?limit=100&${query}`, session: admin });
const figures = (r: Record<string, number>) => [
  r.orderCount,
  r.orderedQuantity,
  r.orderedAmountFen,
  r.receivedQuantity,
  r.receivedAmountFen,
  r.returnedQuantity,
  r.returnedAmountFen,
];

describe('purchase summary', () => {
  it('by supplier', async () => {
    const res = await summary('groupBy=supplier&sort=orderedAmountFen&order=desc');
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.records.map((r: Record<string, never>) => [r.supplierCode, ...figures(r)])).toEqual([
      ['SPSUM', 2, 18, 21500, 6, 6000, 2, 2000],
      ['SPSUM2', 1, 1, 3000, 1, 3000, 0, 0],
    ]);
    expect(res.body.data.records[0]).toMatchObject({ supplierName: '供应商SPSUM', styleNo: '', month: '' });
  });

  it('by style', async () => {
    const res = await summary('groupBy=style&sort=key&order=asc');
    expect(res.body.data.records.map((r: Record<string, never>) => [r.key, r.styleNo, ...figures(r)])).toEqual(
      [
        [String(p1), 'SUM001', 2, 16, 23000, 7, 9000, 2, 2000],
        [String(p2), 'SUM002', 1, 3, 1500, 0, 0, 0, 0],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(res.body.data.records.find((r: { styleNo: string }) => r.styleNo === 'SUM001')).toMatchObject({ productName: '测试款SUM001', supplierName: '' });
  });

  it('by month, within a period (both ends inclusive)', async () => {
    const res = await summary('groupBy=month&sort=key&order=asc');
    const thisMonth = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    expect(res.body.data.records.map((r: Record<string, never>) => [r.month, ...figures(r)])).toEqual([
      ['2025-06', 1, 1, 3000, 1, 3000, 0, 0],
      [thisMonth, 2, 18, 21500, 6, 6000, 2, 2000],
    ]);
    const june = await summary('groupBy=supplier&from=2025-06-15&to=2025-06-15');
    expect(june.body.data.records.map((r: { supplierCode: string }) => r.supplierCode)).toEqual(['SPSUM2']);
    expect((await summary('groupBy=supplier&from=2025-06-16&to=2025-06-30')).body.data.total).toBe(0);
    expect((await summary('groupBy=style&keyword=SUM002')).body.data.records.map((r: { styleNo: string }) => r.styleNo)).toEqual(['SUM002']);
  });

  it('refuses a period that ends before it starts, bad days and unknown sorts', async () => {
    expect(answer(await summary('from=2026-03-02&to=2026-03-01'))).toEqual([422, PurchaseMessages.summaryRangeInvalid]);
    // the list schema's isoDay refuses a day that does not exist before the service sees it
    expect(answer(await summary('from=2026-02-30'))).toEqual([422, 'from：日期不存在或不在1900—2099年之间，请输入正确的日期']);
    expect(answer(await summary('sort=supplier_id'))[0]).toBe(422);
    expect(answer(await summary('groupBy=colour'))[0]).toBe(422);
  });
});
