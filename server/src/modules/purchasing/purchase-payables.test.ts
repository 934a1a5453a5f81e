import { PAYABLE_ENTRY_LABELS } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { refundsClient } from './purchase-refunds-test-kit.ts';
import { answer, API, createProduct, createSupplier, docsClient, orderInput, ordersClient, purchaseFixture } from './purchasing-test-kit.ts';

// 应付账款: received goods less refunds, per supplier, per order (refunds without an order as one
// row) and entry by entry, in exact fen after receipts, refunds and a voided refund.

const PAYABLES = `${API}/purchase/payables`;

let t: TestApp;
let admin: string;
let supplier01: string;
let sp: number;
let sp2: number;
const ids: Record<string, number> = {};
let o1No: string;

beforeAll(async () => {
  t = await createTestApp();
  const fx = await purchaseFixture(t);
  admin = fx.admin;
  supplier01 = fx.supplier01;
  const orders = ordersClient(t, admin);
  const refunds = refundsClient(t, admin);
  const docs = docsClient(t);
  sp = await createSupplier(t.db, 'SPPAY');
  sp2 = await createSupplier(t.db, 'SPPAY2');
  const p1 = await createProduct(t.db, 'PAY001', ['BK'], ['M', 'L']);
  const p2 = await createProduct(t.db, 'PAY002', ['NV'], ['M']);
  const [a, b, c] = [p1.skus['BK/M']!, p1.skus['BK/L']!, p2.skus['NV/M']!];

  // order 1: A 10 @ 10.00, B 5 @ 20.00, received in two receipts (A 10 + B 3 = 160.00, then B 2 = 40.00)
  const o1 = await orders.audited(
    orderInput(sp, fx.hz, [
      [a.id, 10, 1000],
      [b.id, 5, 2000],
    ]),
  );
  await orders.received(
    o1.id,
    orders.receiveInput([
      [o1.lines[0]!.id, 10],
      [o1.lines[1]!.id, 3],
    ]),
  );
  await orders.received(o1.id, orders.receiveInput([[o1.lines[1]!.id, 2]]));
  // order 2: A 4 @ 15.00 received (60.00)
  const o2 = await orders.audited(orderInput(sp, fx.hz, [[a.id, 4, 1500]]));
  await orders.received(o2.id, orders.receiveInput([[o2.lines[0]!.id, 4]]));
  // a refund from order 1: A 4 (−40.00)
  const r1 = await refunds.audited({
    supplierId: sp,
    warehouseId: fx.hz,
    purchaseOrderId: o1.id,
    reason: '次品',
    lines: [{ orderLineId: o1.lines[0]!.id, skuId: a.id, quantity: 4 }],
  });
  await docs.act('outbound', admin, r1.outboundId!, 'post');
  // refunds without an order: C 1 @ 15.00 posted then voided (−15.00, +15.00), C 2 @ 15.00 posted (−30.00)
  await docs.posted('inbound', admin, { warehouseId: fx.hz, bizType: 'other' }, [{ skuId: c.id, quantity: 5 }]);
  const r2 = await refunds.audited({ supplierId: sp, warehouseId: fx.hz, reason: '滞销', lines: [{ skuId: c.id, quantity: 1, unitPriceFen: 1500 }] });
  await docs.act('outbound', admin, r2.outboundId!, 'post');
  await docs.act('outbound', admin, r2.outboundId!, 'void', { reason: '退错' });
  const r3 = await refunds.audited({ supplierId: sp, warehouseId: fx.hz, reason: '滞销', lines: [{ skuId: c.id, quantity: 2, unitPriceFen: 1500 }] });
  await docs.act('outbound', admin, r3.outboundId!, 'post');
  // another supplier: B 1 @ 9.99
  const o3 = await orders.audited(orderInput(sp2, fx.hz, [[b.id, 1, 999]]));
  await orders.received(o3.id, orders.receiveInput([[o3.lines[0]!.id, 1]]));
  Object.assign(ids, { o1: o1.id, o2: o2.id, r1: r1.id, r2: r2.id, r3: r3.id });
  o1No = o1.orderNo;
});
afterAll(() => t?.close());

const get = (path: string) => t.call({ method: 'GET', url: `${PAYABLES}${path}`, session: admin });

describe('payables', () => {
  it('per supplier: received, refunded (positive) and payable in fen, with the order count', async () => {
    const res = await get('/page?keyword=SPPAY');
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.records.map((r: Record<string, unknown>) => [r.supplierCode, r.receivedAmountFen, r.refundedAmountFen, r.payableFen, r.orderCount])).toEqual([
      ['SPPAY', 26000, 7000, 19000, 2],
      ['SPPAY2', 999, 0, 999, 1],
    ]);
    expect(res.body.data.records[0].lastEntryAt).toEqual(expect.any(String));
    const sorted = await get('/page?sort=payableFen&order=asc');
    expect(sorted.body.data.records.map((r: { supplierCode: string }) => r.supplierCode)).toEqual(['SPPAY2', 'SPPAY']);
    expect((await get(`/page?supplierId=${sp2}`)).body.data.records.map((r: { payableFen: number }) => r.payableFen)).toEqual([999]);
    expect(answer(await get('/page?sort=supplier_id'))[0]).toBe(422);
  });

  it('per order of a supplier, refunds without an order on one row', async () => {
    const res = await get(`/orders?supplierId=${sp}&sort=payableFen&order=desc`);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.records.map((r: Record<string, unknown>) => [r.purchaseOrderId, r.receivedAmountFen, r.refundedAmountFen, r.payableFen])).toEqual([
      [ids.o1, 20000, 4000, 16000],
      [ids.o2, 6000, 0, 6000],
      [null, 0, 3000, -3000],
    ]);
    expect(res.body.data.records[0]).toMatchObject({ orderNo: o1No, orderDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(res.body.data.records[2]).toMatchObject({ orderNo: '', orderDate: null });
    expect((await get('/orders')).status).toBe(422);
  });

  it('lists the entries newest first with their order, refund and document numbers', async () => {
    const res = await get(`/entries?supplierId=${sp}`);
    expect(res.body.data.total).toBe(7);
    const rows = res.body.data.records;
    expect(rows.map((r: Record<string, unknown>) => [r.entryType, r.quantity, r.amountFen, r.refundId])).toEqual([
      ['refund', -2, -3000, ids.r3],
      ['refund_void', 1, 1500, ids.r2],
      ['refund', -1, -1500, ids.r2],
      ['refund', -4, -4000, ids.r1],
      ['receipt', 4, 6000, null],
      ['receipt', 2, 4000, null],
      ['receipt', 13, 16000, null],
    ]);
    expect(rows[0]).toMatchObject({
      entryLabel: PAYABLE_ENTRY_LABELS.refund,
      supplierName: '供应商SPPAY',
      orderNo: '',
      refundNo: expect.stringMatching(/^CT/),
      docNo: expect.stringMatching(/^CK/),
    });
    expect(rows[6]).toMatchObject({ orderNo: o1No, refundNo: '', docNo: expect.stringMatching(/^RK/), businessDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const ofOrder = await get(`/entries?purchaseOrderId=${ids.o1}`);
    expect(ofOrder.body.data.records.map((r: { amountFen: number }) => r.amountFen)).toEqual([-4000, 4000, 16000]);
    expect((await get(`/entries?supplierId=${sp}&from=2000-01-01&to=2000-12-31`)).body.data.total).toBe(0);
  });

  it("is HQ's: a supplier account has no 应付账款 page", async () => {
    expect((await t.call({ method: 'GET', url: `${PAYABLES}/page`, session: supplier01 })).status).toBe(403);
  });
});
