import { PurchaseMessages, purchaseRefundActionRefused, type PurchaseRefundDetail, type PurchaseRefundInput } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import {
  answer,
  createProduct,
  createSupplier,
  createSupplierUser,
  docsClient,
  orderInput,
  ordersClient,
  payableEntries,
  payablesOf,
  purchaseFixture,
  type OrdersClient,
  type TestSku,
  eventsOf,
} from './purchasing-test-kit.ts';
import { refundsClient, stockOf } from './purchase-refunds-test-kit.ts';

// 采购退货 end to end: limits against what was received, the outbound the audit makes and the
// warehouse posts, voiding either side, every refused transition, and the supplier's view.

let t: TestApp;
let fx: Awaited<ReturnType<typeof purchaseFixture>>;
let orders: OrdersClient;
let docs: ReturnType<typeof docsClient>;

const count = async (db: Db, table: 'purchase_refunds' | 'purchase_refund_lines' | 'account_entries' | 'stock_docs') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let styleSeq = 0;
/** A fresh style BK × M/L and an audited order of SP001 for M 10 @ 50.00 and L 6 @ 70.00, received M 8, L 6 (posted). */
async function receivedOrder() {
  const { skus } = await createProduct(t.db, `RF${String(++styleSeq).padStart(3, '0')}`, ['BK'], ['M', 'L']);
  const m = skus['BK/M']!;
  const l = skus['BK/L']!;
  const order = await orders.audited(
    orderInput(fx.sp001, fx.hz, [
      [m.id, 10, 5000],
      [l.id, 6, 7000],
    ]),
  );
  const [lm, ll] = order.lines;
  await orders.received(
    order.id,
    orders.receiveInput([
      [lm!.id, 8],
      [ll!.id, 6],
    ]),
  );
  return { order, m, l, lineM: lm!.id, lineL: ll!.id };
}

const fromOrder = (orderId: number, lines: [orderLineId: number, sku: TestSku, quantity: number][], extra: Partial<PurchaseRefundInput> = {}): PurchaseRefundInput => ({
  supplierId: fx.sp001,
  warehouseId: fx.hz,
  purchaseOrderId: orderId,
  reason: '面料色差',
  lines: lines.map(([orderLineId, sku, quantity]) => ({ orderLineId, skuId: sku.id, quantity, unitPriceFen: 1 })),
  ...extra,
});

const orderCounters = async (orderId: number) => (await orders.detail(orderId)).lines.map((l) => [l.receivedQuantity, l.refundQuantity, l.returnedQuantity, l.refundableQuantity]);

let refunds: ReturnType<typeof refundsClient>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await purchaseFixture(t);
  orders = ordersClient(t, fx.admin);
  docs = docsClient(t);
  refunds = refundsClient(t, fx.admin);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
  if (t) await assertMoneyConsistent(t.db);
});
afterAll(() => t?.close());

describe('refunds from an order', () => {
  it('refuses more than received (nothing written); audit makes a submitted outbound; posting it completes the refund', async () => {
    const { order, m, l, lineM, lineL } = await receivedOrder();
    const before = await count(t.db, 'purchase_refunds');
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, m, 9]])))).toEqual([422, PurchaseMessages.refundOver(m.barcode, 8)]);
    expect(await count(t.db, 'purchase_refunds')).toBe(before);

    // the order's prices count, not the client's
    const draft = await refunds.create(
      fromOrder(order.id, [
        [lineM, m, 5],
        [lineL, l, 2],
      ]),
    );
    expect(draft).toMatchObject({
      status: 'draft',
      refundNo: expect.stringMatching(/^CT\d{8}-\d{4}$/),
      orderNo: order.orderNo,
      totalQuantity: 7,
      totalAmountFen: 5 * 5000 + 2 * 7000,
      outboundId: null,
    });
    expect(draft.lines.map((x) => [x.orderLineId, x.skuId, x.quantity, x.unitPriceFen, x.amountFen])).toEqual([
      [lineM, m.id, 5, 5000, 25000],
      [lineL, l.id, 2, 7000, 14000],
    ]);
    // drafts commit nothing
    expect(await orderCounters(order.id)).toEqual([
      [8, 0, 0, 8],
      [6, 0, 0, 6],
    ]);

    const audited = (await refunds.act(draft.id, 'audit')).body.data as PurchaseRefundDetail;
    expect(audited).toMatchObject({ status: 'audited', actions: ['void'], auditedByName: expect.any(String) });
    expect(await orderCounters(order.id)).toEqual([
      [8, 5, 0, 3],
      [6, 2, 0, 4],
    ]);
    const outbound = (await docs.get('outbound', fx.admin, audited.outboundId!)).body.data;
    expect(outbound).toMatchObject({
      status: 'submitted',
      bizType: 'purchase_refund',
      sourceType: 'purchase_refund',
      sourceId: draft.id,
      sourceNo: draft.refundNo,
      supplierId: fx.sp001,
      warehouseId: fx.hz,
    });
    expect(outbound.lines.map((x: { skuId: number; quantity: number; unitCostFen: number }) => [x.skuId, x.quantity, x.unitCostFen])).toEqual([
      [m.id, 5, 5000],
      [l.id, 2, 7000],
    ]);
    expect(audited.outboundNo).toBe(outbound.docNo);

    // a second refund is limited by what is left
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, m, 4]])))).toEqual([422, PurchaseMessages.refundOver(m.barcode, 3)]);

    // the warehouse posts the outbound on the 出库单 screen
    expect((await docs.act('outbound', fx.admin, audited.outboundId!, 'post')).status).toBe(200);
    const done = (await refunds.get(draft.id)).body.data as PurchaseRefundDetail;
    expect(done).toMatchObject({ status: 'done', returnedQuantity: 7, doneAt: expect.any(String), actions: [] });
    expect(done.lines.map((x) => x.returnedQuantity)).toEqual([5, 2]);
    expect(await stockOf(t.db, fx.hz, m.id)).toBe(3);
    expect(await stockOf(t.db, fx.hz, l.id)).toBe(4);
    expect(await orderCounters(order.id)).toEqual([
      [8, 5, 5, 3],
      [6, 2, 2, 4],
    ]);
    expect((await orders.detail(order.id)).returnedQuantity).toBe(7);
    const entries = await payablesOf(t.db, order.id);
    expect(entries.at(-1)).toEqual({ entry_type: 'refund', stock_doc_id: audited.outboundId, quantity: -7, amount_fen: -39000, supplier_id: fx.sp001 });
  });

  it('a partly scanned outbound returns what was scanned and frees the rest for another refund', async () => {
    const { order, m, lineM } = await receivedOrder();
    const refund = await refunds.audited(fromOrder(order.id, [[lineM, m, 3]]));
    const scan = await docs.scan('outbound', fx.admin, refund.outboundId!, { barcode: m.barcode });
    expect(scan.body.data.result).toBe('ok');
    expect(answer(await docs.act('outbound', fx.admin, refund.outboundId!, 'post', { reason: '只找到一件' }))).toEqual([200, '操作成功']);
    expect((await refunds.get(refund.id)).body.data).toMatchObject({ status: 'done', returnedQuantity: 1 });
    // received 8, returned 1: 7 may be refunded again
    expect((await orderCounters(order.id))[0]).toEqual([8, 1, 1, 7]);
    expect((await payablesOf(t.db, order.id)).at(-1)).toMatchObject({ entry_type: 'refund', quantity: -1, amount_fen: -5000 });
    expect(await stockOf(t.db, fx.hz, m.id)).toBe(7);
  });

  it('voiding an audited refund voids its outbound and frees the quantity', async () => {
    const { order, m, l, lineM, lineL } = await receivedOrder();
    const refund = await refunds.audited(
      fromOrder(order.id, [
        [lineM, m, 8],
        [lineL, l, 1],
      ]),
    );
    expect(await orderCounters(order.id)).toEqual([
      [8, 8, 0, 0],
      [6, 1, 0, 5],
    ]);
    const res = await refunds.act(refund.id, 'void', { reason: '供应商同意换货' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'void', voidedAt: expect.any(String) });
    expect((await docs.get('outbound', fx.admin, refund.outboundId!)).body.data).toMatchObject({ status: 'void', voidReason: '供应商同意换货' });
    expect(await orderCounters(order.id)).toEqual([
      [8, 0, 0, 8],
      [6, 0, 0, 6],
    ]);
    expect(await stockOf(t.db, fx.hz, m.id)).toBe(8);
    // nothing reached the ledger
    expect((await payablesOf(t.db, order.id)).map((e) => e.entry_type)).toEqual(['receipt']);
  });

  it('voiding the posted outbound voids the refund, puts the stock back and reverses the payables entry', async () => {
    const { order, m, l, lineM, lineL } = await receivedOrder();
    const refund = await refunds.audited(
      fromOrder(order.id, [
        [lineM, m, 2],
        [lineL, l, 3],
      ]),
    );
    await docs.act('outbound', fx.admin, refund.outboundId!, 'post');
    expect(await stockOf(t.db, fx.hz, l.id)).toBe(3);
    expect(answer(await docs.act('outbound', fx.admin, refund.outboundId!, 'void', { reason: '退错货' }))).toEqual([200, '操作成功']);
    expect((await refunds.get(refund.id)).body.data).toMatchObject({ status: 'void', returnedQuantity: 0 });
    expect(await stockOf(t.db, fx.hz, l.id)).toBe(6);
    expect(await orderCounters(order.id)).toEqual([
      [8, 0, 0, 8],
      [6, 0, 0, 6],
    ]);
    expect((await orders.detail(order.id)).returnedQuantity).toBe(0);
    const entries = (await payablesOf(t.db, order.id)).filter((e) => e.stock_doc_id === refund.outboundId);
    expect(entries.map((e) => [e.entry_type, e.quantity, e.amount_fen])).toEqual([
      ['refund', -5, -(2 * 5000 + 3 * 7000)],
      ['refund_void', 5, 2 * 5000 + 3 * 7000],
    ]);
    // the outbound moved the refund through its machine: done, then void, each step an event naming the outbound
    const outboundNo = (await docs.get('outbound', fx.admin, refund.outboundId!)).body.data.docNo;
    expect(await eventsOf(t.db, 'purchase_refund', refund.id)).toEqual([
      'audit draft→audited',
      `outbound_post audited→done ${outboundNo}`,
      `outbound_void done→void ${outboundNo}作废`,
    ]);
  });

  it('voiding the unposted outbound on the 出库单 screen voids the refund too', async () => {
    const { order, m, lineM } = await receivedOrder();
    const refund = await refunds.audited(fromOrder(order.id, [[lineM, m, 4]]));
    expect((await docs.act('outbound', fx.admin, refund.outboundId!, 'void')).status).toBe(200);
    expect((await refunds.get(refund.id)).body.data.status).toBe('void');
    expect((await orderCounters(order.id))[0]).toEqual([8, 0, 0, 8]);
    const outboundNo = (await docs.get('outbound', fx.admin, refund.outboundId!)).body.data.docNo;
    expect(await eventsOf(t.db, 'purchase_refund', refund.id)).toEqual(['audit draft→audited', `outbound_void audited→void ${outboundNo}作废`]);
  });

  it('refuses to post an outbound edited to carry an SKU that is not on the refund, or more than refunded', async () => {
    const { order, m, l, lineM } = await receivedOrder();
    const refund = await refunds.audited(fromOrder(order.id, [[lineM, m, 2]]));
    const id = refund.outboundId!;
    expect((await docs.act('outbound', fx.admin, id, 'withdraw')).status).toBe(200);
    expect(
      (
        await docs.update('outbound', fx.admin, id, { warehouseId: fx.hz }, [
          { skuId: m.id, quantity: 2 },
          { skuId: l.id, quantity: 1 },
        ])
      ).status,
    ).toBe(200);
    await docs.act('outbound', fx.admin, id, 'submit');
    expect(answer(await docs.act('outbound', fx.admin, id, 'post'))).toEqual([422, PurchaseMessages.refundPostSkuNotOnRefund(l.barcode, refund.refundNo)]);
    await docs.act('outbound', fx.admin, id, 'withdraw');
    await docs.update('outbound', fx.admin, id, { warehouseId: fx.hz }, [{ skuId: m.id, quantity: 3 }]);
    await docs.act('outbound', fx.admin, id, 'submit');
    expect(answer(await docs.act('outbound', fx.admin, id, 'post'))).toEqual([422, PurchaseMessages.refundPostOver(m.barcode, 2)]);
    // nothing moved
    expect(await stockOf(t.db, fx.hz, m.id)).toBe(8);
    expect((await refunds.get(refund.id)).body.data.status).toBe('audited');
  });

  it('two audits racing for the same received quantity: one passes, the other is refused and writes nothing', async () => {
    const { order, m, lineM } = await receivedOrder();
    const a = await refunds.create(fromOrder(order.id, [[lineM, m, 5]]));
    const b = await refunds.create(fromOrder(order.id, [[lineM, m, 5]]));
    const docsBefore = await count(t.db, 'stock_docs');
    const results = await Promise.all([refunds.act(a.id, 'audit'), refunds.act(b.id, 'audit')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body.msg).toBe(PurchaseMessages.refundOver(m.barcode, 3));
    expect(await count(t.db, 'stock_docs')).toBe(docsBefore + 1);
    expect((await orderCounters(order.id))[0]).toEqual([8, 5, 0, 3]);
  });

  it("checks the order: the supplier's own, received, and lines of that order", async () => {
    const { order, m, l, lineM } = await receivedOrder();
    const other = await createSupplier(t.db, 'SPRF1');
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, m, 1]], { supplierId: other })))).toEqual([422, PurchaseMessages.refundOrderSupplier]);
    const fresh = await orders.audited(orderInput(fx.sp001, fx.hz, [[m.id, 5, 5000]]));
    expect(answer(await refunds.post(fromOrder(fresh.id, [[fresh.lines[0]!.id, m, 1]])))).toEqual([422, PurchaseMessages.refundOrderNotReceived]);
    expect(answer(await refunds.post(fromOrder(order.id, [[fresh.lines[0]!.id, m, 1]])))).toEqual([422, PurchaseMessages.refundLineNotOnOrder(1)]);
    // the SKU must be the order line's
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, l, 1]])))).toEqual([422, PurchaseMessages.refundLineNotOnOrder(1)]);
    expect(
      answer(
        await refunds.post(
          fromOrder(order.id, [
            [lineM, m, 1],
            [lineM, m, 1],
          ]),
        ),
      ),
    ).toEqual([422, PurchaseMessages.duplicateSku(2)]);
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, m, 1]], { reason: '  ' })))).toEqual([422, PurchaseMessages.reasonRequired]);
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, m, 1]], { reason: '长'.repeat(201) })))).toEqual([422, PurchaseMessages.reasonTooLong]);
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, m, 0]])))).toEqual([422, PurchaseMessages.quantityInvalid(1)]);
    expect(answer(await refunds.post(fromOrder(order.id, [[lineM, m, 1]], { warehouseId: fx.transit })))).toEqual([422, PurchaseMessages.refundWarehouseTransit]);
    expect(answer(await refunds.post(fromOrder(order.id, [])))).toEqual([422, PurchaseMessages.noLines]);
  });
});

describe('refunds without an order', () => {
  it('need a price per line; the outbound carries it and posting writes the negative entry', async () => {
    const { skus } = await createProduct(t.db, 'RF900', ['NV'], ['M']);
    const sku = skus['NV/M']!;
    await docs.posted('inbound', fx.admin, { warehouseId: fx.hz, bizType: 'other' }, [{ skuId: sku.id, quantity: 5 }]);
    const input: PurchaseRefundInput = { supplierId: fx.sp001, warehouseId: fx.hz, reason: '质量问题', lines: [{ skuId: sku.id, quantity: 2 }] };
    expect(answer(await refunds.post(input))).toEqual([422, PurchaseMessages.priceInvalid(1)]);
    expect(answer(await refunds.post({ ...input, lines: [{ skuId: sku.id, quantity: 2, unitPriceFen: -1 }] }))).toEqual([422, PurchaseMessages.priceInvalid(1)]);
    expect(answer(await refunds.post({ ...input, lines: [{ skuId: sku.id, quantity: 2, unitPriceFen: 100, orderLineId: 1 }] }))).toEqual([
      422,
      PurchaseMessages.refundLineNotOnOrder(1),
    ]);
    expect(answer(await refunds.post({ ...input, lines: [{ skuId: 99_999_999, quantity: 2, unitPriceFen: 100 }] }))).toEqual([422, PurchaseMessages.skuNotFound(1)]);
    const refund = await refunds.audited({ ...input, lines: [{ skuId: sku.id, quantity: 2, unitPriceFen: 4550 }] });
    expect(refund).toMatchObject({ purchaseOrderId: null, orderNo: '', totalAmountFen: 9100 });
    await docs.act('outbound', fx.admin, refund.outboundId!, 'post');
    expect(await stockOf(t.db, fx.hz, sku.id)).toBe(3);
    const entry = (await payableEntries(t.db)).find((e) => e.refund_id === refund.id);
    expect(entry).toMatchObject({ entry_type: 'refund', purchase_order_id: null, quantity: -2, amount_fen: -9100 });
  });
});

describe('status machine', () => {
  it('refuses every illegal transition with 409', async () => {
    const { order, m, lineM } = await receivedOrder();
    const refused = (no: string, status: 'draft' | 'audited' | 'done' | 'void', action: 'edit' | 'delete' | 'audit' | 'void') => [
      409,
      purchaseRefundActionRefused(no, status, action),
    ];
    const input = fromOrder(order.id, [[lineM, m, 1]]);

    const draft = await refunds.create(input);
    expect(answer(await refunds.act(draft.id, 'void'))).toEqual(refused(draft.refundNo, 'draft', 'void'));
    // a draft may be edited and deleted
    expect((await refunds.update(draft.id, fromOrder(order.id, [[lineM, m, 2]]))).body.data.totalQuantity).toBe(2);
    expect(answer(await refunds.remove(draft.id))).toEqual([200, '删除成功']);
    expect((await refunds.get(draft.id)).status).toBe(404);

    const audited = await refunds.audited(input);
    for (const action of ['audit'] as const) expect(answer(await refunds.act(audited.id, action))).toEqual(refused(audited.refundNo, 'audited', action));
    expect(answer(await refunds.update(audited.id, input))).toEqual(refused(audited.refundNo, 'audited', 'edit'));
    expect(answer(await refunds.remove(audited.id))).toEqual(refused(audited.refundNo, 'audited', 'delete'));

    await docs.act('outbound', fx.admin, audited.outboundId!, 'post');
    for (const action of ['audit', 'void'] as const) expect(answer(await refunds.act(audited.id, action))).toEqual(refused(audited.refundNo, 'done', action));
    expect(answer(await refunds.update(audited.id, input))).toEqual(refused(audited.refundNo, 'done', 'edit'));
    expect(answer(await refunds.remove(audited.id))).toEqual(refused(audited.refundNo, 'done', 'delete'));

    const voided = await refunds.audited(input);
    await refunds.act(voided.id, 'void');
    for (const action of ['audit', 'void'] as const) expect(answer(await refunds.act(voided.id, action))).toEqual(refused(voided.refundNo, 'void', action));
    expect(answer(await refunds.update(voided.id, input))).toEqual(refused(voided.refundNo, 'void', 'edit'));
    expect(answer(await refunds.remove(voided.id))).toEqual(refused(voided.refundNo, 'void', 'delete'));
    // the voided refund's outbound cannot be voided twice
    expect((await docs.act('outbound', fx.admin, voided.outboundId!, 'void')).status).toBe(409);
  });
});

describe('data scope', () => {
  it("a supplier sees its own refunds once audited, never another supplier's (404 by id), and cannot change them", async () => {
    const { order, m, lineM } = await receivedOrder();
    const own = await refunds.audited(fromOrder(order.id, [[lineM, m, 1]]));
    const ownDraft = await refunds.create(fromOrder(order.id, [[lineM, m, 1]]));
    const otherSupplier = await createSupplier(t.db, 'SPRF2');
    const { skus } = await createProduct(t.db, 'RF901', ['BK'], ['M']);
    await docs.posted('inbound', fx.admin, { warehouseId: fx.hz, bizType: 'other' }, [{ skuId: skus['BK/M']!.id, quantity: 3 }]);
    const others = await refunds.audited({ supplierId: otherSupplier, warehouseId: fx.hz, reason: '退货', lines: [{ skuId: skus['BK/M']!.id, quantity: 1, unitPriceFen: 100 }] });

    const supplier = refundsClient(t, fx.supplier01);
    const page = (await supplier.page()).body.data;
    const ids = page.records.map((r: { id: number }) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(ownDraft.id);
    expect(ids).not.toContain(others.id);
    expect(page.records.every((r: { supplierId: number; status: string }) => r.supplierId === fx.sp001 && r.status !== 'draft')).toBe(true);
    expect((await supplier.get(own.id)).body.data.lines).toHaveLength(1);
    expect(answer(await supplier.get(others.id))).toEqual([404, PurchaseMessages.refundNotFound]);
    expect(answer(await supplier.get(ownDraft.id))).toEqual([404, PurchaseMessages.refundNotFound]);
    // read only: the role has no button codes
    expect((await supplier.act(own.id, 'void')).status).toBe(403);
    expect((await supplier.post(fromOrder(order.id, [[lineM, m, 1]]))).status).toBe(403);

    // another supplier's account sees only its own
    await createSupplierUser(t.db, 'sprf2user', otherSupplier);
    const second = refundsClient(t, await t.login('sprf2user'));
    expect((await second.page()).body.data.records.map((r: { id: number }) => r.id)).toEqual([others.id]);
    expect((await second.get(own.id)).status).toBe(404);
  });
});
