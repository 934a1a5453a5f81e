import { PurchaseMessages, type PurchaseOrderDetail } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { answer, createProduct, createSupplier, createSupplierUser, orderInput, ordersClient, purchaseFixture, type OrdersClient, type TestSku } from './purchasing-test-kit.ts';

// The supplier's view: its own orders once audited, nothing of other suppliers (404 like missing),
// confirming a promised date, and only the posted receipts.

let t: TestApp;
let hq: OrdersClient;
let sup: OrdersClient;
let other: OrdersClient;
let f: Awaited<ReturnType<typeof purchaseFixture>>;
let skus: Record<string, TestSku>;
let otherSupplier: number;
const orders: Record<'draft' | 'submitted' | 'audited' | 'foreign', PurchaseOrderDetail> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchaseFixture(t);
  hq = ordersClient(t, f.admin);
  sup = hq.as(f.supplier01);
  otherSupplier = await createSupplier(t.db, 'SPV02', '苏州丝绸厂');
  await createSupplierUser(t.db, 'supplier02', otherSupplier);
  other = hq.as(await t.login('supplier02'));
  skus = (await createProduct(t.db, 'SV-T01', ['BK'], ['M', 'L'])).skus;
  const input = (supplierId: number) =>
    orderInput(supplierId, f.hz, [
      [skus['BK/M']!.id, 10, 3000],
      [skus['BK/L']!.id, 5, 3000],
    ]);
  orders.draft = await hq.create(input(f.sp001));
  orders.submitted = await hq.create(input(f.sp001));
  await hq.act(orders.submitted.id, 'submit');
  orders.audited = await hq.audited(input(f.sp001));
  orders.foreign = await hq.audited(input(otherSupplier));
});
afterAll(() => t?.close());

const ids = (res: { body: { data: { records: { id: number }[] } } }) => res.body.data.records.map((r) => r.id);

describe('what a supplier sees', () => {
  it("lists its own audited orders only: not drafts, not submitted, not another supplier's", async () => {
    const res = await sup.page();
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([orders.audited.id]);
    expect(res.body.data.total).toBe(1);
    expect(ids(await other.page())).toEqual([orders.foreign.id]);
    // a filter naming another supplier still finds nothing of it
    expect(ids(await sup.page(`&supplierId=${otherSupplier}`))).toEqual([]);
    expect((await hq.page()).body.data.total).toBe(4);
  });

  it("reads its own order; another supplier's, a draft or a submitted one answers 404", async () => {
    const own = await sup.get(orders.audited.id);
    expect(own.status).toBe(200);
    expect(own.body.data.lines.map((l: { quantity: number }) => l.quantity)).toEqual([10, 5]);
    for (const id of [orders.foreign.id, orders.draft.id, orders.submitted.id, 999999]) {
      expect(answer(await sup.get(id)), String(id)).toEqual([404, PurchaseMessages.orderNotFound]);
      expect(answer(await sup.receipts(id)), String(id)).toEqual([404, PurchaseMessages.orderNotFound]);
    }
    expect(answer(await other.get(orders.audited.id))).toEqual([404, PurchaseMessages.orderNotFound]);
  });

  it('may not add, audit, close or receive', async () => {
    expect((await sup.post(orderInput(f.sp001, f.hz, [[skus['BK/M']!.id, 1, 1]]))).status).toBe(403);
    expect((await sup.act(orders.audited.id, 'close')).status).toBe(403);
    expect((await sup.receive(orders.audited.id, sup.receiveInput([[orders.audited.lines[0]!.id, 1]]))).status).toBe(403);
    expect((await sup.receivable()).status).toBe(403);
  });
});

describe('confirming a promised date', () => {
  it('validates the date', async () => {
    const id = orders.audited.id;
    expect(answer(await sup.act(id, 'confirm', {}))).toEqual([422, PurchaseMessages.promisedDateRequired]);
    expect(answer(await sup.act(id, 'confirm', { promisedDate: '' }))).toEqual([422, PurchaseMessages.promisedDateRequired]);
    expect(answer(await sup.act(id, 'confirm', { promisedDate: '2027-13-01' }))).toEqual([422, PurchaseMessages.dateInvalid]);
    expect(answer(await sup.act(id, 'confirm', { promisedDate: '2020-01-01' }))).toEqual([422, PurchaseMessages.promisedDateTooEarly]);
    expect((await hq.detail(id)).promisedDate).toBeNull();
  });

  it('sets the promised date, who and when; confirming again changes it', async () => {
    const id = orders.audited.id;
    const res = await sup.act(id, 'confirm', { promisedDate: '2027-01-10' });
    expect(res.body.msg).toBe('确认成功');
    expect(res.body.data).toMatchObject({ promisedDate: '2027-01-10', confirmedByName: '黄志强', status: 'audited' });
    expect(res.body.data.confirmedAt).not.toBeNull();
    await sup.act(id, 'confirm', { promisedDate: '2027-01-20' });
    expect((await hq.detail(id)).promisedDate).toBe('2027-01-20');
    expect(ids(await hq.page('&confirmed=yes'))).toEqual([id]);
    expect(ids(await hq.page('&confirmed=no'))).not.toContain(id);
  });

  it("confirming another supplier's order answers 404 and changes nothing", async () => {
    expect(answer(await sup.act(orders.foreign.id, 'confirm', { promisedDate: '2027-01-10' }))).toEqual([404, PurchaseMessages.orderNotFound]);
    expect(answer(await sup.act(orders.submitted.id, 'confirm', { promisedDate: '2027-01-10' }))).toEqual([404, PurchaseMessages.orderNotFound]);
    expect((await hq.detail(orders.foreign.id)).promisedDate).toBeNull();
  });

  it('HQ has no 确认交期 code', async () => {
    expect((await hq.act(orders.audited.id, 'confirm', { promisedDate: '2027-01-10' })).status).toBe(403);
  });
});

describe('receipts', () => {
  it('the supplier sees the posted receipts only; HQ sees the drafts too', async () => {
    const order = orders.audited;
    const posted = await hq.received(order.id, hq.receiveInput([[order.lines[0]!.id, 4]]));
    const draft = await hq.received(order.id, hq.receiveInput([[order.lines[1]!.id, 2]], false));
    const mine = (await sup.receipts(order.id)).body.data;
    expect(mine.map((r: { id: number; quantity: number; amountFen: number; status: string }) => [r.id, r.quantity, r.amountFen, r.status])).toEqual([
      [posted.inboundId, 4, 12000, 'posted'],
    ]);
    expect(mine[0].lines.map((l: { barcode: string; quantity: number }) => [l.barcode, l.quantity])).toEqual([[skus['BK/M']!.barcode, 4]]);
    const all = (await hq.receipts(order.id)).body.data.map((r: { id: number }) => r.id);
    expect(all).toEqual([draft.inboundId, posted.inboundId]);
    // the partly received order is still the supplier's to see and confirm
    expect((await sup.get(order.id)).body.data.status).toBe('partly_received');
    expect((await sup.act(order.id, 'confirm', { promisedDate: '2027-02-01' })).status).toBe(200);
  });
});
