import { CONTROL_CHAR_MESSAGE } from '../../http/control-chars.ts';
import { seedDemoPricing } from '../../demo/demo-pricing.ts';
import { seedDemoSalesOrders } from '../../demo/demo-sales-orders.ts';
import { seedDemoSeasons } from '../../demo/demo-seasons.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoPurchasing } from '../../demo/demo-purchasing.ts';
import { seedDemoStock } from '../../demo/demo-stock.ts';
import { docsClient } from '../stock-docs/stock-docs-test-kit.ts';
import { API, createProduct, createSupplier, createSupplierUser, orderInput, ordersClient, purchaseFixture, warehouseIdOf } from '../purchasing/purchasing-test-kit.ts';

// 工作台: each role's to-dos counted as the list each opens counts them (same filter, same data
// scope), and the search by number or barcode that finds only what the caller may open.

const WB = `${API}/workbench`;

let t: TestApp;
let s: Record<'admin' | 'agent01' | 'shop01' | 'supplier01' | 'clerk01' | 'other', string>;
let fx: Awaited<ReturnType<typeof purchaseFixture>>;
let docs: ReturnType<typeof docsClient>;
let foreignOrderNo: string;

const todos = async (session: string) => {
  const res = await t.call({ method: 'GET', url: `${WB}/todos`, session });
  expect(res.status, res.raw).toBe(200);
  return res.body.data as { key: string; count: number; capped: boolean }[];
};
const countsOf = async (session: string) => Object.fromEntries((await todos(session)).map((todo) => [todo.key, todo.count]));
const search = (session: string, q: string) => t.call({ method: 'GET', url: `${WB}/search?q=${encodeURIComponent(q)}`, session });
const hitsOf = async (session: string, q: string) => {
  const res = await search(session, q);
  expect(res.status, res.raw).toBe(200);
  return res.body.data.hits as { type: string; kind?: string; id: number; no: string }[];
};
/** The total of a list as the caller's list page asks for it. */
const listTotal = async (session: string, url: string) => {
  const res = await t.call({ method: 'GET', url: `${API}/${url}`, session });
  expect(res.status, res.raw).toBe(200);
  return res.body.data.total as number;
};

/** A transfer HQ → `to`, shipped (in transit). */
async function shippedTransfer(to: string): Promise<{ id: number; no: string }> {
  const id = await docs.draft('transfer', s.admin, { warehouseId: fx.hz, toWarehouseId: await warehouseIdOf(t.db, to) }, [{ skuId: fx.coatM.id, shelfId: fx.a1, quantity: 1 }]);
  for (const action of ['submit', 'ship']) expect((await docs.act('transfer', s.admin, id, action)).status).toBe(200);
  return { id, no: (await docs.get('transfer', s.admin, id)).body.data.docNo };
}

beforeAll(async () => {
  t = await createTestApp();
  // the demo business as `npm start` loads it: orders, refunds and stock documents in every state
  await seedDemoStock(t.db);
  await seedDemoPurchasing(t.db);
  fx = await purchaseFixture(t);
  docs = docsClient(t);
  const other = await createSupplier(t.db, 'SP-WB');
  await createSupplierUser(t.db, 'supplier-wb', other);
  const [agent01, shop01, clerk01, otherSession] = await Promise.all(['agent01', 'shop01', 'clerk01', 'supplier-wb'].map((a) => t.login(a)));
  s = { admin: fx.admin, supplier01: fx.supplier01, agent01, shop01, clerk01, other: otherSession };
  // stock to send, and an audited order of another supplier (supplier01 must never count or find it)
  await docs.posted('inbound', s.admin, { warehouseId: fx.hz }, [{ skuId: fx.coatM.id, shelfId: fx.a1, quantity: 50 }]);
  const foreign = await ordersClient(t, s.admin).audited(orderInput(other, fx.hz, [[fx.coatM.id, 5, 1000]]));
  foreignOrderNo = foreign.orderNo;
});
afterAll(() => t?.close());

describe('GET /workbench/todos', () => {
  it('gives HQ its to-dos, each counted exactly as the list it opens', async () => {
    const list = await todos(s.admin);
    expect(list.map((todo) => todo.key)).toEqual([
      'purchaseOrderAudit',
      'purchaseOrderReceive',
      'purchaseOrderPartlyReceived',
      'transferInTransit',
      'outboundScan',
      'stocktakeCounting',
      'registrationPending',
      'salesOrderAudit',
      'salesOrderAllocate',
      'paymentAudit',
      'returnAudit',
      'swapAudit',
      'returnReceive',
    ]);
    const counts = Object.fromEntries(list.map((todo) => [todo.key, todo.count]));
    expect(counts).toEqual({
      purchaseOrderAudit: await listTotal(s.admin, 'purchase-orders/page?status=submitted'),
      purchaseOrderReceive: await listTotal(s.admin, 'purchase-orders/page?status=audited'),
      purchaseOrderPartlyReceived: await listTotal(s.admin, 'purchase-orders/page?status=partly_received'),
      transferInTransit: await listTotal(s.admin, 'stock-docs/transfer/page?status=shipped'),
      outboundScan: await listTotal(s.admin, 'stock-docs/outbound/page?status=submitted'),
      stocktakeCounting: await listTotal(s.admin, 'stock-docs/stocktake/page?status=counting'),
      registrationPending: await listTotal(s.admin, 'registrations/page?status=pending'),
      salesOrderAudit: await listTotal(s.admin, 'sales-orders/page?status=submitted'),
      salesOrderAllocate: await listTotal(s.admin, 'sales-allocation/page'),
      paymentAudit: await listTotal(s.admin, 'finance/payments/page?status=submitted'),
      returnAudit: await listTotal(s.admin, 'sales-returns/page?status=submitted'),
      swapAudit: await listTotal(s.admin, 'sales-swaps/page?status=submitted'),
      returnReceive: await listTotal(s.admin, 'sales-returns/page?status=shipped'),
    });
    // the demo business has work waiting: the foreign order above is one more to receive
    expect(counts.purchaseOrderAudit).toBeGreaterThan(0);
    expect(counts.purchaseOrderReceive).toBeGreaterThanOrEqual(2);
    expect(list.every((todo) => todo.capped === false)).toBe(true);
  });

  it('moves with the documents: a new submitted order and a new shipped transfer count at once', async () => {
    const before = await countsOf(s.admin);
    const orders = ordersClient(t, s.admin);
    const order = await orders.create(orderInput(fx.sp001, fx.hz, [[fx.coatL.id, 2, 1000]]));
    expect((await orders.act(order.id, 'submit')).status).toBe(200);
    await shippedTransfer('WH-SH003');
    const after = await countsOf(s.admin);
    expect(after.purchaseOrderAudit).toBe(before.purchaseOrderAudit! + 1);
    expect(after.transferInTransit).toBe(before.transferInTransit! + 1);
  });

  it("gives a shop and an agent the transfers coming to their own warehouses, never another party's", async () => {
    const shopBefore = await countsOf(s.shop01);
    const agentBefore = await countsOf(s.agent01);
    const partyTodos = ['transferReceive', 'stocktakeCounting', 'returnShip', 'salesOrderDraft', 'salesOrderRejected', 'deliveryReceive'];
    expect(Object.keys(shopBefore)).toEqual(partyTodos);
    // the agent is billed: its statement and payments too (workbench-party.test.ts)
    expect(Object.keys(agentBefore)).toEqual([...partyTodos, 'statementConfirm', 'paymentRejected']);
    // the demo's transfer to 湖滨银泰店仓 is in transit
    expect(shopBefore.transferReceive).toBe(1);
    await shippedTransfer('WH-SH003'); // HQ's own shop: nobody's but HQ's
    await shippedTransfer('WH-SH002'); // agent01's other shop: the agent's, not shop01's
    await shippedTransfer('WH-SH001'); // shop01's
    const shop = await countsOf(s.shop01);
    const agent = await countsOf(s.agent01);
    expect(shop.transferReceive).toBe(shopBefore.transferReceive! + 1);
    expect(agent.transferReceive).toBe(agentBefore.transferReceive! + 2);
    // a transfer the shop sends is in its list in transit too, but not among what it receives
    const sh001 = await warehouseIdOf(t.db, 'WH-SH001');
    await docs.posted('inbound', s.admin, { warehouseId: sh001 }, [{ skuId: fx.coatM.id, quantity: 1 }]);
    const sent = await docs.draft('transfer', s.admin, { warehouseId: sh001, toWarehouseId: fx.hz }, [{ skuId: fx.coatM.id, quantity: 1 }]);
    for (const action of ['submit', 'ship']) expect((await docs.act('transfer', s.admin, sent, action)).status).toBe(200);
    expect(await listTotal(s.shop01, 'stock-docs/transfer/page?status=shipped')).toBe(shop.transferReceive! + 1);
    // the list the to-do opens (incoming=true) shows exactly what it counts
    expect((await countsOf(s.shop01)).transferReceive).toBe(await listTotal(s.shop01, 'stock-docs/transfer/page?status=shipped&incoming=true'));
    expect(agent.transferReceive).toBe(await listTotal(s.agent01, 'stock-docs/transfer/page?status=shipped&incoming=true'));
    expect(shop.stocktakeCounting).toBe(await listTotal(s.shop01, 'stock-docs/stocktake/page?status=counting'));
  });

  it("gives a supplier its own audited orders without a promised date, never another supplier's", async () => {
    const list = await todos(s.supplier01);
    expect(list.map((todo) => todo.key)).toEqual(['purchaseOrderConfirm', 'purchaseOrderConfirmPartly']);
    const counts = await countsOf(s.supplier01);
    expect(counts).toEqual({
      purchaseOrderConfirm: await listTotal(s.supplier01, 'purchase-orders/page?status=audited&confirmed=no'),
      purchaseOrderConfirmPartly: await listTotal(s.supplier01, 'purchase-orders/page?status=partly_received&confirmed=no'),
    });
    // the other supplier has exactly its one audited order to confirm
    expect(await countsOf(s.other)).toEqual({ purchaseOrderConfirm: 1, purchaseOrderConfirmPartly: 0 });
    const orders = ordersClient(t, s.admin);
    await orders.audited(orderInput(fx.sp001, fx.hz, [[fx.coatM.id, 1, 1000]]));
    expect((await countsOf(s.supplier01)).purchaseOrderConfirm).toBe(counts.purchaseOrderConfirm! + 1);
    expect((await countsOf(s.other)).purchaseOrderConfirm).toBe(1);
  });

  it('gives no to-do without its action code, and refuses a user without any of the lists', async () => {
    // 行政文员 sees 注册审核 but may not approve: nothing to do
    expect(await todos(s.clerk01)).toEqual([]);
    const res = await t.call({ method: 'GET', url: `${WB}/todos` });
    expect(res.status).toBe(401);
  });
});

describe('GET /workbench/search', () => {
  it('finds every kind of document by its exact number, in any case, and a SKU by its barcode', async () => {
    const docRows = await t.db.selectFrom('stock_docs').select(['id', 'kind', 'doc_no']).orderBy('id').execute();
    const kinds = new Set(docRows.map((d) => d.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(4);
    for (const kind of kinds) {
      const doc = docRows.find((d) => d.kind === kind)!;
      expect(await hitsOf(s.admin, doc.doc_no), doc.doc_no).toEqual([expect.objectContaining({ type: 'stock_doc', kind, id: doc.id, no: doc.doc_no })]);
    }
    const order = await t.db.selectFrom('purchase_orders').select(['id', 'order_no']).orderBy('id').executeTakeFirstOrThrow();
    expect(await hitsOf(s.admin, ` ${order.order_no.toLowerCase()} `)).toEqual([
      { type: 'purchase_order', id: order.id, no: order.order_no, status: 'draft', statusLabel: '草稿' },
    ]);
    const refund = await t.db.selectFrom('purchase_refunds').select(['id', 'refund_no']).orderBy('id').executeTakeFirstOrThrow();
    expect(await hitsOf(s.admin, refund.refund_no)).toEqual([expect.objectContaining({ type: 'purchase_refund', id: refund.id, no: refund.refund_no })]);
    expect(await hitsOf(s.admin, fx.coatM.barcode)).toEqual([
      expect.objectContaining({ type: 'sku', id: fx.coatM.id, no: fx.coatM.barcode, styleNo: 'YS26W1001', colourName: expect.any(String), sizeName: 'M' }),
    ]);
    const res = await search(s.admin, 'CG20991231-9999');
    expect(res.body).toMatchObject({ code: '201', data: { q: 'CG20991231-9999', hits: [] } });
  });

  it("answers another party's document exactly like one that does not exist", async () => {
    const transferToShop01 = await shippedTransfer('WH-SH001');
    const transferToHq = await shippedTransfer('WH-SH003');
    const outbound = await t.db.selectFrom('stock_docs').select('doc_no').where('kind', '=', 'outbound').orderBy('id').executeTakeFirstOrThrow();
    const answerOf = async (session: string, q: string) => (await search(session, q)).raw;
    const missing = (q: string) => JSON.stringify({ code: '201', msg: '操作成功', data: { q, hits: [] } });

    expect(await hitsOf(s.shop01, transferToShop01.no)).toEqual([expect.objectContaining({ type: 'stock_doc', kind: 'transfer', id: transferToShop01.id })]);
    expect(await answerOf(s.shop01, transferToHq.no)).toBe(missing(transferToHq.no));
    expect(await answerOf(s.shop01, outbound.doc_no)).toBe(missing(outbound.doc_no));
    // an agent and a shop read no purchase orders; a supplier no stock documents
    expect(await answerOf(s.agent01, foreignOrderNo)).toBe(missing(foreignOrderNo));
    expect(await answerOf(s.supplier01, transferToShop01.no)).toBe(missing(transferToShop01.no));
    // a supplier finds its own audited orders, not another supplier's nor its own unaudited ones
    const own = await t.db.selectFrom('purchase_orders').select(['order_no', 'status']).where('supplier_id', '=', fx.sp001).orderBy('id').execute();
    const audited = own.find((o) => o.status === 'audited')!;
    const submitted = own.find((o) => o.status === 'submitted')!;
    expect(await hitsOf(s.supplier01, audited.order_no)).toEqual([expect.objectContaining({ type: 'purchase_order', no: audited.order_no })]);
    expect(await answerOf(s.supplier01, submitted.order_no)).toBe(missing(submitted.order_no));
    expect(await answerOf(s.supplier01, foreignOrderNo)).toBe(missing(foreignOrderNo));
    expect(await hitsOf(s.other, foreignOrderNo)).toHaveLength(1);
  });

  it("finds an order by its number in the caller's scope only", async () => {
    await seedDemoPricing(t.db);
    await seedDemoSeasons(t.db);
    await seedDemoSalesOrders(t.db);
    const orders = await t.db
      .selectFrom('sales_orders as o')
      .innerJoin('shops as sh', 'sh.id', 'o.shop_id')
      .select(['o.id', 'o.order_no', 'o.status', 'sh.code'])
      .orderBy('o.id')
      .execute();
    const shop01s = orders.find((o) => o.code === 'SH001' && o.status === 'submitted')!;
    const sh002s = orders.find((o) => o.code === 'SH002')!;
    expect(await hitsOf(s.admin, shop01s.order_no.toLowerCase())).toEqual([
      { type: 'sales_order', id: shop01s.id, no: shop01s.order_no, status: 'submitted', statusLabel: '待审核' },
    ]);
    expect(await hitsOf(s.shop01, shop01s.order_no)).toHaveLength(1);
    expect(await hitsOf(s.shop01, sh002s.order_no)).toEqual([]);
    expect(await hitsOf(s.supplier01, shop01s.order_no)).toEqual([]);
    const todoCounts = await countsOf(s.admin);
    expect(todoCounts.salesOrderAudit).toBe(await listTotal(s.admin, 'sales-orders/page?status=submitted'));
    expect(todoCounts.salesOrderAudit).toBeGreaterThan(0);
  });

  it("finds a supplier only its own styles' barcodes", async () => {
    const ownSku = await t.db
      .selectFrom('skus')
      .innerJoin('products', 'products.id', 'skus.product_id')
      .select('skus.barcode')
      .where('products.supplier_id', '=', fx.sp001)
      .executeTakeFirstOrThrow();
    // a style of no supplier: not supplier01's
    const foreignSku = (await createProduct(t.db, 'WB-FOREIGN', ['BK'], ['M'])).skus['BK/M']!;
    expect(await hitsOf(s.supplier01, ownSku.barcode)).toEqual([expect.objectContaining({ type: 'sku', no: ownSku.barcode })]);
    expect(await hitsOf(s.supplier01, foreignSku.barcode)).toEqual([]);
    expect(await hitsOf(s.shop01, foreignSku.barcode)).toEqual([expect.objectContaining({ type: 'sku', no: foreignSku.barcode })]);
  });

  it('refuses bad input with a Chinese message, and a user without any of the lists', async () => {
    const refused = async (url: string) => {
      const res = await t.call({ method: 'GET', url, session: s.admin });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.body.code, url).toBe('A0400');
      return res.body.msg as string;
    };
    expect(await refused(`${WB}/search`)).toContain('请输入单号或条码');
    expect(await refused(`${WB}/search?q=%20%20`)).toContain('请输入单号或条码');
    expect(await refused(`${WB}/search?q=${'A'.repeat(65)}`)).toContain('单号或条码不能超过64个字符');
    expect(await refused(`${WB}/search?q=CG2026%01`)).toContain(CONTROL_CHAR_MESSAGE);
    expect(await refused(`${WB}/search?q=${encodeURIComponent('CG\u0085')}`)).toContain(CONTROL_CHAR_MESSAGE);
    // 行政文员 reads no document list and no products
    const clerk = await search(s.clerk01, 'CG20261127-0001');
    expect([clerk.status, clerk.body.code]).toEqual([403, 'A0301']);
    expect((await t.call({ method: 'GET', url: `${WB}/search?q=x` })).status).toBe(401);
  });
});
