import { purchaseOrderActionRefused, PurchaseMessages, type PurchaseOrderDetail } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import {
  answer,
  balanceOf,
  eventsOf,
  createProduct,
  docsClient,
  orderInput,
  ordersClient,
  payablesOf,
  purchaseFixture,
  type OrdersClient,
  type TestSku,
} from './purchasing-test-kit.ts';

// 收货: receipts made from an order add up per line and on the header, move the status, the stock
// and the payables; the limit (ordered + tolerance, counting unposted receipts) always holds.

let t: TestApp;
let c: OrdersClient;
let docs: ReturnType<typeof docsClient>;
let f: Awaited<ReturnType<typeof purchaseFixture>>;
let skus: Record<string, TestSku>;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchaseFixture(t);
  c = ordersClient(t, f.admin);
  docs = docsClient(t);
  skus = (await createProduct(t.db, 'RC-T01', ['BK', 'NV'], ['M', 'L'])).skus;
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
  if (t) await assertMoneyConsistent(t.db);
});
afterAll(() => t?.close());

const sourcedDocs = (orderId: number) =>
  t.db
    .selectFrom('stock_docs')
    .select(['id', 'doc_no', 'status', 'biz_type', 'supplier_id', 'source_no'])
    .where('source_type', '=', 'purchase_order')
    .where('source_id', '=', orderId)
    .orderBy('id')
    .execute();
const receivedOf = (order: PurchaseOrderDetail) => order.lines.map((l) => l.receivedQuantity);

describe('two partial receipts', () => {
  it('add up on the lines and the header, move the status, stock and payables', async () => {
    const order = await c.audited(
      orderInput(f.sp001, f.hz, [
        [skus['BK/M']!.id, 10, 5000],
        [skus['NV/L']!.id, 4, 8000],
      ]),
    );
    const [bk, nv] = order.lines;
    const stockBefore = await balanceOf(t.db, f.hz, { skuId: skus['BK/M']!.id }, f.a1);

    const first = await c.receive(order.id, {
      lines: [
        { lineId: bk!.id, quantity: 6, shelfId: f.a1 },
        { lineId: nv!.id, quantity: 0 },
      ],
      post: true,
      remark: '第一批',
    });
    expect(first.body.msg).toBe('收货入库成功');
    const r1 = first.body.data;
    expect(r1.posted).toBe(true);
    expect(r1.inboundNo).toMatch(/^RK/);
    expect(r1.order).toMatchObject({ status: 'partly_received', receivedQuantity: 6, receivedAmountFen: 30000 });
    expect(receivedOf(r1.order)).toEqual([6, 0]);
    expect(r1.order.lines.map((l: { openQuantity: number }) => l.openQuantity)).toEqual([4, 4]);
    expect(await balanceOf(t.db, f.hz, { skuId: skus['BK/M']!.id }, f.a1)).toBe(stockBefore + 6);

    const inbound = (await docs.get('inbound', f.admin, r1.inboundId)).body.data;
    expect(inbound).toMatchObject({
      status: 'posted',
      bizType: 'purchase',
      supplierId: f.sp001,
      sourceType: 'purchase_order',
      sourceId: order.id,
      sourceNo: order.orderNo,
      remark: '第一批',
    });
    expect(inbound.lines.map((l: { skuId: number; quantity: number; shelfId: number; unitCostFen: number }) => [l.skuId, l.quantity, l.shelfId, l.unitCostFen])).toEqual([
      [skus['BK/M']!.id, 6, f.a1, 5000],
    ]);

    const second = (
      await c.received(
        order.id,
        c.receiveInput([
          [bk!.id, 4],
          [nv!.id, 4],
        ]),
      )
    ).order;
    expect(second).toMatchObject({ status: 'received', receivedQuantity: 14, receivedAmountFen: 10 * 5000 + 4 * 8000, actions: [] });
    expect(receivedOf(second)).toEqual([10, 4]);
    expect(await balanceOf(t.db, f.hz, { skuId: skus['NV/L']!.id })).toBe(4);

    const entries = await payablesOf(t.db, order.id);
    expect(entries.map((e) => [e.entry_type, e.quantity, Number(e.amount_fen), e.supplier_id])).toEqual([
      ['receipt', 6, 30000, f.sp001],
      ['receipt', 8, 4 * 5000 + 4 * 8000, f.sp001],
    ]);
    expect(entries.reduce((s, e) => s + Number(e.amount_fen), 0)).toBe(second.receivedAmountFen);

    const receipts = (await c.receipts(order.id)).body.data;
    expect(receipts.map((r: { quantity: number; amountFen: number; status: string }) => [r.quantity, r.amountFen, r.status])).toEqual([
      [8, 52000, 'posted'],
      [6, 30000, 'posted'],
    ]);
  });
});

describe('the limit', () => {
  it('refuses receiving over the ordered quantity and writes nothing', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['BK/L']!.id, 5, 100]]));
    const line = order.lines[0]!;
    await c.received(order.id, c.receiveInput([[line.id, 3]]));
    const res = await c.receive(order.id, c.receiveInput([[line.id, 3]]));
    expect(answer(res)).toEqual([422, PurchaseMessages.receiveOver(skus['BK/L']!.barcode, 5, 3)]);
    expect((await sourcedDocs(order.id)).length).toBe(1);
    expect(receivedOf(await c.detail(order.id))).toEqual([3]);
    expect((await payablesOf(t.db, order.id)).length).toBe(1);
  });

  it('tolerance 10% allows 11 of 10 but not 12', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/M']!.id, 10, 100]], { tolerancePercent: 10 }));
    const line = order.lines[0]!;
    expect(line.receivableQuantity).toBe(11);
    expect(answer(await c.receive(order.id, c.receiveInput([[line.id, 12]])))).toEqual([422, PurchaseMessages.receiveOver(skus['NV/M']!.barcode, 11, 0)]);
    const ok = await c.received(order.id, c.receiveInput([[line.id, 11]]));
    expect(ok.order).toMatchObject({ status: 'received', receivedQuantity: 11 });
    expect(ok.order.lines[0]!.receivableQuantity).toBe(0);
  });

  it('counts unposted receipts (drafts) toward the limit', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['BK/M']!.id, 5, 100]]));
    const line = order.lines[0]!;
    const draft = await c.received(order.id, c.receiveInput([[line.id, 4]], false));
    expect(draft.posted).toBe(false);
    expect(draft.order.status).toBe('audited');
    expect(draft.order.lines[0]).toMatchObject({ receivedQuantity: 0, pendingQuantity: 4, openQuantity: 1, receivableQuantity: 1 });
    expect(answer(await c.receive(order.id, c.receiveInput([[line.id, 2]])))).toEqual([422, PurchaseMessages.receiveOver(skus['BK/M']!.barcode, 5, 4)]);
    expect((await c.received(order.id, c.receiveInput([[line.id, 1]]))).order.lines[0]).toMatchObject({ receivedQuantity: 1, pendingQuantity: 4 });
  });

  it("checks the lines: not the order's, negative, nothing to receive", async () => {
    const order = await c.audited(
      orderInput(f.sp001, f.hz, [
        [skus['NV/L']!.id, 5, 100],
        [skus['NV/M']!.id, 5, 100],
      ]),
    );
    const [a, b] = order.lines;
    const other = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/L']!.id, 5, 100]]));
    expect(
      answer(
        await c.receive(
          order.id,
          c.receiveInput([
            [a!.id, 1],
            [other.lines[0]!.id, 1],
          ]),
        ),
      ),
    ).toEqual([422, PurchaseMessages.receiveLineNotFound(2)]);
    expect(
      answer(
        await c.receive(
          order.id,
          c.receiveInput([
            [a!.id, 0],
            [b!.id, -1],
          ]),
        ),
      ),
    ).toEqual([422, PurchaseMessages.quantityInvalid(2)]);
    expect(answer(await c.receive(order.id, c.receiveInput([[a!.id, 1.5]])))).toEqual([422, PurchaseMessages.quantityInvalid(1)]);
    expect(
      answer(
        await c.receive(
          order.id,
          c.receiveInput([
            [a!.id, 0],
            [b!.id, 0],
          ]),
        ),
      ),
    ).toEqual([422, PurchaseMessages.receiveNothing]);
    expect(answer(await c.receive(order.id, c.receiveInput([[a!.id, 1]], true, { warehouseId: f.transit })))).toEqual([422, PurchaseMessages.warehouseInvalid]);
    const wrongShelf = await c.receive(order.id, {
      lines: [
        {
          lineId: a!.id,
          quantity: 1,
          shelfId: (
            await t.db
              .selectFrom('shelves')
              .innerJoin('warehouses', 'warehouses.id', 'shelves.warehouse_id')
              .select('shelves.id')
              .where('warehouses.code', '=', 'WH-SH003')
              .executeTakeFirstOrThrow()
          ).id,
        },
      ],
      post: true,
    });
    expect(wrongShelf.status).toBe(422);
    expect(wrongShelf.body.msg).toMatch(/不属于本单仓库/);
    expect(await sourcedDocs(order.id)).toEqual([]);
  });

  it('concurrent receives of the last open quantity never pass the limit', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['BK/L']!.id, 6, 100]]));
    const line = order.lines[0]!;
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => c.receive(order.id, c.receiveInput([[line.id, 2]]))));
    expect(results.filter((r) => r.status === 200).length).toBe(3);
    // the losers find the order received in full (409) or the limit taken (422), never more
    for (const r of results.filter((r) => r.status !== 200)) {
      expect([409, 422]).toContain(r.status);
      expect(answer(r)).toEqual(
        r.status === 409 ? [409, purchaseOrderActionRefused(order.orderNo, 'received', 'receive')] : [422, PurchaseMessages.receiveOver(skus['BK/L']!.barcode, 6, 6)],
      );
    }
    const detail = await c.detail(order.id);
    expect(detail).toMatchObject({ status: 'received', receivedQuantity: 6 });
    expect((await sourcedDocs(order.id)).length).toBe(3);
  });

  it('concurrent receipt drafts never together pass the limit', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/L']!.id, 5, 100]]));
    const line = order.lines[0]!;
    const results = await Promise.all([1, 2, 3, 4].map(() => c.receive(order.id, c.receiveInput([[line.id, 2]], false))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 422, 422]);
    for (const r of results.filter((r) => r.status !== 200)) expect(answer(r)).toEqual([422, PurchaseMessages.receiveOver(skus['NV/L']!.barcode, 5, 4)]);
    expect((await c.detail(order.id)).lines[0]).toMatchObject({ pendingQuantity: 4, receivedQuantity: 0 });
  });
});

describe('posting from the inbound screen and voiding', () => {
  it('a receipt draft posted from the inbound route updates the order', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/M']!.id, 8, 700]]));
    const draft = await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 5]], false));
    expect(draft.order.lines[0]!.pendingQuantity).toBe(5);
    for (const action of ['submit', 'post']) expect((await docs.act('inbound', f.admin, draft.inboundId, action)).status).toBe(200);
    const detail = await c.detail(order.id);
    expect(detail).toMatchObject({ status: 'partly_received', receivedQuantity: 5, receivedAmountFen: 3500 });
    expect(detail.lines[0]).toMatchObject({ receivedQuantity: 5, pendingQuantity: 0 });
    expect((await payablesOf(t.db, order.id)).map((e) => [e.entry_type, e.stock_doc_id, e.quantity, Number(e.amount_fen)])).toEqual([['receipt', draft.inboundId, 5, 3500]]);
  });

  it('editing a receipt draft past the limit is refused at posting', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/L']!.id, 3, 100]]));
    const draft = await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 3]], false));
    const edited = await docs.update('inbound', f.admin, draft.inboundId, { warehouseId: f.hz }, [
      { skuId: skus['NV/L']!.id, quantity: 4 },
      { skuId: skus['BK/M']!.id, quantity: 1 },
    ]);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ sourceType: 'purchase_order', sourceId: order.id, bizType: 'purchase' });
    await docs.act('inbound', f.admin, draft.inboundId, 'submit');
    const post = await docs.act('inbound', f.admin, draft.inboundId, 'post');
    expect(answer(post)).toEqual([422, PurchaseMessages.receiveOver(skus['NV/L']!.barcode, 3, 0)]);
    expect((await docs.get('inbound', f.admin, draft.inboundId)).body.data.status).toBe('submitted');
    expect(receivedOf(await c.detail(order.id))).toEqual([0]);
  });

  it('a SKU not on the order is refused at posting', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/L']!.id, 3, 100]]));
    const draft = await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 1]], false));
    await docs.update('inbound', f.admin, draft.inboundId, { warehouseId: f.hz }, [
      { skuId: skus['NV/L']!.id, quantity: 1 },
      { skuId: skus['BK/M']!.id, quantity: 1 },
    ]);
    await docs.act('inbound', f.admin, draft.inboundId, 'submit');
    expect(answer(await docs.act('inbound', f.admin, draft.inboundId, 'post'))).toEqual([422, PurchaseMessages.receiveSkuNotOnOrder(skus['BK/M']!.barcode, order.orderNo)]);
    expect(await balanceOf(t.db, f.hz, { skuId: skus['NV/L']!.id })).toBeGreaterThanOrEqual(0);
    expect(await payablesOf(t.db, order.id)).toEqual([]);
  });

  it('voiding a posted receipt reverses it: quantities, status, payables negated', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['BK/M']!.id, 2, 900]]));
    const stockBefore = await balanceOf(t.db, f.hz, { skuId: skus['BK/M']!.id });
    const receipt = await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 2]]));
    expect(receipt.order.status).toBe('received');
    const voided = await docs.act('inbound', f.admin, receipt.inboundId, 'void', { reason: '错收' });
    expect(voided.status).toBe(200);
    const detail = await c.detail(order.id);
    expect(detail).toMatchObject({ status: 'audited', receivedQuantity: 0, receivedAmountFen: 0 });
    expect(receivedOf(detail)).toEqual([0]);
    expect(await balanceOf(t.db, f.hz, { skuId: skus['BK/M']!.id })).toBe(stockBefore);
    const entries = await payablesOf(t.db, order.id);
    expect(entries.map((e) => [e.entry_type, e.quantity, Number(e.amount_fen)])).toEqual([
      ['receipt', 2, 1800],
      ['receipt_void', -2, -1800],
    ]);
    const receipts = (await c.receipts(order.id)).body.data;
    expect(receipts.map((r: { status: string }) => r.status)).toEqual(['void']);
    // the receipt moved the order through its machine, each step an event naming the receipt
    const receiptNo = (await t.db.selectFrom('stock_docs').select('doc_no').where('id', '=', receipt.inboundId).executeTakeFirstOrThrow()).doc_no;
    expect((await eventsOf(t.db, 'purchase_order', order.id)).slice(-2)).toEqual([`receipt_post audited→received ${receiptNo}`, `receipt_void received→audited ${receiptNo}`]);
  });

  it('voiding is refused while refunds hold the received quantity', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/M']!.id, 4, 100]]));
    const receipt = await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 4]]));
    // a refund took 1 of the 4 (set directly: refunds are their own module)
    await t.db.updateTable('purchase_order_lines').set({ refund_quantity: 1 }).where('id', '=', order.lines[0]!.id).execute();
    expect(answer(await docs.act('inbound', f.admin, receipt.inboundId, 'void'))).toEqual([422, PurchaseMessages.receiptHasRefund(skus['NV/M']!.barcode)]);
    expect((await c.detail(order.id)).receivedQuantity).toBe(4);
  });
});

describe('closing', () => {
  it('is refused while a receipt is unposted, then allowed after voiding it; a closed order takes no receipt', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['BK/L']!.id, 5, 100]]));
    await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 1]]));
    const pending = await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 2]], false));
    expect(answer(await c.act(order.id, 'close'))).toEqual([409, PurchaseMessages.closePending(pending.inboundNo)]);
    expect((await docs.act('inbound', f.admin, pending.inboundId, 'void')).status).toBe(200);
    const closed = await c.act(order.id, 'close', { reason: '余量不要了' });
    expect(closed.body.data).toMatchObject({ status: 'closed', receivedQuantity: 1 });
    expect(answer(await c.receive(order.id, c.receiveInput([[order.lines[0]!.id, 1]])))).toEqual([409, purchaseOrderActionRefused(order.orderNo, 'closed', 'receive')]);
  });

  it('voiding a posted receipt of a closed order keeps it closed', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/L']!.id, 5, 100]]));
    const receipt = await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 2]]));
    await c.act(order.id, 'close');
    expect((await docs.act('inbound', f.admin, receipt.inboundId, 'void')).status).toBe(200);
    expect(await c.detail(order.id)).toMatchObject({ status: 'closed', receivedQuantity: 0 });
  });
});

describe('posting rights and idempotency', () => {
  it('post=true without 审核入库 answers 403 and makes nothing', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['BK/M']!.id, 5, 100]]));
    // a role with 收货 but not the warehouse's 审核入库
    const role = await t.db.insertInto('roles').values({ code: 'po_receiver', name: '收货员' }).returning('id').executeTakeFirstOrThrow();
    const menus = await t.db.selectFrom('menus').select('id').where('name', 'in', ['Purchase', 'PurchaseOrder', 'PurchaseOrderReceiveBtn']).execute();
    await t.db
      .insertInto('role_menus')
      .values(menus.map((m) => ({ role_id: role.id, menu_id: m.id })))
      .execute();
    const admin = await t.db.selectFrom('users').select('password_hash').where('account', '=', 'admin').executeTakeFirstOrThrow();
    const user = await t.db
      .insertInto('users')
      .values({ account: 'po_recv', password_hash: admin.password_hash, name: '收货员', phone: null, role_type: 'manager', active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    const receiver = c.as(await t.login('po_recv'));
    expect(answer(await receiver.receive(order.id, c.receiveInput([[order.lines[0]!.id, 2]])))).toEqual([403, PurchaseMessages.postNeedsAudit]);
    expect(await sourcedDocs(order.id)).toEqual([]);
    const draft = await receiver.received(order.id, c.receiveInput([[order.lines[0]!.id, 2]], false));
    expect(draft.posted).toBe(false);
    expect((await sourcedDocs(order.id)).map((d) => d.status)).toEqual(['draft']);
  });

  it('the same Idempotency-Key answers the first receipt again and makes no second one', async () => {
    const order = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/M']!.id, 5, 100]]));
    const input = c.receiveInput([[order.lines[0]!.id, 2]]);
    const first = await c.receive(order.id, input, 'po-recv-1');
    const again = await c.receive(order.id, input, 'po-recv-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.inboundId).toBe(first.body.data.inboundId);
    expect((await sourcedDocs(order.id)).length).toBe(1);
    expect((await c.detail(order.id)).receivedQuantity).toBe(2);
  });

  it('the receivable list and receiving detail show audited and partly received orders only', async () => {
    const draft = await c.create(orderInput(f.sp001, f.hz, [[skus['NV/M']!.id, 5, 100]]));
    const open = await c.audited(orderInput(f.sp001, f.hz, [[skus['NV/M']!.id, 5, 100]]));
    const ids = (await c.receivable()).body.data.records.map((r: { id: number; status: string }) => r.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(draft.id);
    expect((await c.receiving(open.id)).body.data.id).toBe(open.id);
    expect(answer(await c.receiving(draft.id))).toEqual([404, PurchaseMessages.orderNotFound]);
  });
});
