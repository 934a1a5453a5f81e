import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReorderMessages, shanghaiToday, type ReorderInfo, type ReorderSummaryPage, type SalesOrderDetail, type UnshippedPage } from '@erp/shared';
import { cloneAccount } from '../../../test/party-account.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertAllocationsConsistent } from './allocation-consistency.ts';
import { allocationClient } from './allocation-test-kit.ts';
import { orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// 翻单 and 未发货 through the routes: shop01 gets goods of a style the whole way (配货, 生成出库,
// 发货, 收货), re-orders it, HQ cuts and ships the re-order; agent02 and shop03 (a second agent
// with its own shop, made here) see none of it. Refusals change nothing.

const REORDERS = '/api/admin/api/v1/ordering/reorders';
const UNSHIPPED = '/api/admin/api/v1/ordering/unshipped';

let t: TestApp;
let w: OrderWorld;
let c: ReturnType<typeof allocationClient>;
let hz: number;
let agent02: string;
let shop03: string;
let received: SalesOrderDetail;
let otherOrder: SalesOrderDetail;

const sku = (style: 0 | 1, n: number) => w.styles[style]!.skus[n]!.id;
const style = (n: 0 | 1) => w.styles[n]!.productId;
const get = (url: string, session: string) => t.call({ method: 'GET', url, session });
const post = (url: string, session: string, payload: object) => t.call({ method: 'POST', url, session, payload });
const data = async <T>(url: string, session: string): Promise<T> => {
  const res = await get(url, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data as T;
};
const summary = (session: string, query = '') => data<ReorderSummaryPage>(`${REORDERS}/page?limit=100&${query}`, session);
const unshipped = (session: string, query = '') => data<UnshippedPage>(`${UNSHIPPED}/page?limit=500&${query}`, session);
const orderCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sales_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An order audited, allocated, shipped and received in full (stock put into the test's HQ warehouse first). */
async function receivedOrder(session: string, lines: { skuId: number; quantity: number }[]): Promise<SalesOrderDetail> {
  const order = await c.auditedOrder(session, { seasonId: w.ids.spot, lines });
  await c.stockUp(Object.fromEntries(lines.map((l) => [l.skuId, 20])), hz);
  await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id], targetRatePercent: 100 }));
  const { deliveries } = await c.ok(c.deliver(w.admin, { warehouseId: hz, orderIds: [order.id] }), 'deliver');
  const docId = deliveries[0]!.docId;
  expect((await c.docs.act('transfer', w.admin, docId, 'ship')).status).toBe(200);
  const got = await c.docs.act('transfer', session, docId, 'receive', {});
  expect(got.status, got.raw).toBe(200);
  return c.order(order.id);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  c = allocationClient(t, w);
  hz = await c.emptyHqWarehouse('WH-RO1');
  // the demo's SH003 is HQ's own shop: here it is AG002's, so agent02 has a shop of its own
  await t.db.updateTable('shops').set({ agent_id: w.ids.ag002 }).where('id', '=', w.ids.sh003).execute();
  agent02 = await cloneAccount(t, 'agent01', 'agent02', { agent_id: w.ids.ag002 });
  shop03 = await cloneAccount(t, 'shop01', 'shop03', { shop_id: w.ids.sh003 });

  // shop01 receives style 0 and shop03 (agent02's) style 1, the whole way
  received = await receivedOrder(w.shop01, [
    { skuId: sku(0, 0), quantity: 3 },
    { skuId: sku(0, 1), quantity: 2 },
  ]);
  otherOrder = await receivedOrder(shop03, [{ skuId: sku(1, 0), quantity: 4 }]);
});
afterAll(async () => {
  if (t) await assertAllocationsConsistent(t.db);
  await t?.close();
});

describe('翻单汇总 and 翻单明细', () => {
  it('shows shop01 its received style with shipped, received and the last shipping day; no sold figures', async () => {
    const page = await summary(w.shop01);
    expect(page.records.map((r) => r.styleNo)).toEqual([w.styles[0]!.styleNo]);
    expect(page.records[0]).toMatchObject({
      buyerType: 'shop',
      buyerId: w.ids.sh001,
      shipped: 5,
      received: 5,
      ordered: 5,
      reorderCount: 0,
      reorderable: true,
      lastShippedDay: shanghaiToday(),
    });
    expect(page.records[0]!.shippedAmountFen).toBe(received.lines.reduce((s, l) => s + l.shipped * l.unitPriceFen, 0));
    expect(page.totals.shipped).toBe(5);
    expect(page.salesNote).toBe(ReorderMessages.salesAbsent);
    expect(Object.keys(page.records[0]!).some((k) => /sold|sell/i.test(k))).toBe(false);
  });

  it('keeps each party to its own: agent01 sees shop01, agent02 and shop03 only shop03, HQ both', async () => {
    expect((await summary(w.agent01)).records.map((r) => r.buyerId)).toEqual([w.ids.sh001]);
    expect((await summary(agent02)).records.map((r) => r.buyerId)).toEqual([w.ids.sh003]);
    expect((await summary(shop03)).records.map((r) => r.buyerId)).toEqual([w.ids.sh003]);
    expect((await summary(w.admin)).records.map((r) => r.buyerId).sort()).toEqual([w.ids.sh001, w.ids.sh003].sort());
    expect((await summary(w.admin, `buyerType=shop&buyerId=${w.ids.sh003}`)).records).toHaveLength(1);
    expect((await summary(w.admin, `keyword=${w.styles[1]!.styleNo}`)).records.map((r) => r.buyerId)).toEqual([w.ids.sh003]);
    const res = await get(`${REORDERS}/page`, w.supplier01);
    expect(res.status).toBe(403);
  });

  it('翻单明细 answers per colour × size; another party asking reads a missing style', async () => {
    const info = await data<ReorderInfo>(`${REORDERS}/info?seasonId=${w.ids.spot}&productId=${style(0)}`, w.shop01);
    expect(info).toMatchObject({ buyerType: 'shop', buyerId: w.ids.sh001, reorderable: true, shopId: w.ids.sh001 });
    expect(info.cells.map((cell) => [cell.skuId, cell.shipped, cell.received])).toEqual([
      [sku(0, 0), 3, 3],
      [sku(0, 1), 2, 2],
    ]);
    const q = `seasonId=${w.ids.spot}&productId=${style(0)}&buyerType=shop&buyerId=${w.ids.sh001}`;
    expect((await get(`${REORDERS}/info?${q}`, agent02)).status).toBe(404);
    expect((await get(`${REORDERS}/info?${q}`, shop03)).status).toBe(404);
    expect((await get(`${REORDERS}/info?${q}`, w.agent01)).status).toBe(200);
    const bad = await get(`${REORDERS}/info?seasonId=${w.ids.spot}&productId=${style(0)}&buyerType=shop`, w.admin);
    expect([bad.status, bad.body.msg]).toEqual([422, ReorderMessages.buyerIncomplete]);
  });
});

describe('翻单: a re-order of a received style through the ordinary order path', () => {
  let reorder: SalesOrderDetail;

  it('refuses a style never received, a SKU of another style and a missing style, and writes nothing', async () => {
    const before = await orderCount();
    const cases: [object, number, string][] = [
      [{ seasonId: w.ids.spot, productId: style(1), lines: [{ skuId: sku(1, 0), quantity: 2 }] }, 422, ReorderMessages.styleNotReceived(w.styles[1]!.styleNo)],
      [{ seasonId: w.ids.spot, productId: style(0), lines: [{ skuId: sku(1, 0), quantity: 2 }] }, 422, ReorderMessages.skuOtherStyle(1)],
      [{ seasonId: w.ids.spot, productId: null, lines: [{ skuId: sku(0, 0), quantity: 2 }] }, 422, ReorderMessages.styleRequired],
      [{ seasonId: w.ids.spot, productId: style(0), lines: [{ skuId: sku(0, 0), quantity: 0 }] }, 422, '第1行：订货数量须为1-100000的整数'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await post(REORDERS, w.shop01, body);
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([status, msg]);
    }
    // shop03 (another agent's) may not re-order for shop01, and its own style 1 is not shop01's
    const other = await post(REORDERS, shop03, { seasonId: w.ids.spot, productId: style(0), buyerType: 'shop', buyerId: w.ids.sh001, lines: [{ skuId: sku(0, 0), quantity: 1 }] });
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(await orderCount()).toBe(before);
  });

  it('shop01 re-orders the style it received: a draft of kind reorder priced like any order', async () => {
    const res = await post(REORDERS, w.shop01, {
      seasonId: w.ids.spot,
      productId: style(0),
      lines: [
        { skuId: sku(0, 0), quantity: 4 },
        { skuId: sku(0, 2), quantity: 2 },
      ],
    });
    expect(res.body.code, res.raw).toBe('201');
    reorder = res.body.data;
    expect(reorder).toMatchObject({ kind: 'reorder', status: 'draft', totalQuantity: 6, shopId: w.ids.sh001 });
    expect(reorder.lines.every((l) => l.unitPriceFen === received.lines[0]!.unitPriceFen)).toBe(true);
  });

  it('修改数量 edits the draft through the order routes; it stays a re-order and keeps its rule', async () => {
    const edit = (lines: object[]) => t.call({ method: 'PUT', url: `/api/admin/api/v1/sales-orders/${reorder.id}`, session: w.shop01, payload: { seasonId: w.ids.spot, lines } });
    const refused = await edit([{ skuId: sku(1, 0), quantity: 2 }]);
    expect([refused.status, refused.body.msg]).toEqual([422, ReorderMessages.styleNotReceived(w.styles[1]!.styleNo)]);
    const ok = await edit([
      { skuId: sku(0, 0), quantity: 5 },
      { skuId: sku(0, 2), quantity: 2 },
    ]);
    expect(ok.body.code, ok.raw).toBe('201');
    expect(ok.body.data).toMatchObject({ kind: 'reorder', totalQuantity: 7 });
  });

  it('submits within the quota only: over it the submission is refused, then allowed once raised', async () => {
    const quota = await post('/api/admin/api/v1/ordering/quotas', w.admin, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh001, limitPieces: 1 });
    expect(quota.body.code, quota.raw).toBe('201');
    const over = await post(`/api/admin/api/v1/sales-orders/${reorder.id}/submit`, w.shop01, {});
    expect([over.status, String(over.body.msg)]).toEqual([409, expect.stringContaining('超出订货额度')]);
    const raised = await t.call({
      method: 'PUT',
      url: `/api/admin/api/v1/ordering/quotas/${quota.body.data.id}`,
      session: w.admin,
      payload: { limitPieces: 1000, limitFen: null },
    });
    expect(raised.body.code, raised.raw).toBe('201');
    const submitted = await post(`/api/admin/api/v1/sales-orders/${reorder.id}/submit`, w.shop01, {});
    expect(submitted.body.code, submitted.raw).toBe('201');
    reorder = submitted.body.data;
  });

  it('HQ audits with a cut; 未发货 shows what the audit kept, 0-7 days old, and the totals match the orders', async () => {
    const line = reorder.lines.find((l) => l.skuId === sku(0, 0))!;
    const audited = await post(`/api/admin/api/v1/sales-orders/${reorder.id}/audit`, w.admin, { lines: [{ lineId: line.id, approved: 3 }], reason: '库存紧张' });
    expect(audited.body.code, audited.raw).toBe('201');
    const page = await unshipped(w.shop01, 'kind=reorder');
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ orderId: reorder.id, kind: 'reorder', ordered: 7, approved: 5, shipped: 0, unshipped: 5, ageDays: 0, bucket: 'd0_7' });
    expect(page.totals).toMatchObject({ orderCount: 1, unshipped: 5 });
    expect(page.totals.buckets.d0_7.unshipped).toBe(5);

    // the figures of every party equal the open lines in the tables
    const open = await t.db
      .selectFrom('sales_order_lines as l')
      .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
      .select(['o.shop_id', 'o.agent_id', 'o.status', 'l.ordered', 'l.approved', 'l.shipped', 'l.unit_price_fen'])
      .where('o.status', 'in', ['submitted', 'audited', 'partly_shipped'])
      .execute();
    const sum = (rows: typeof open) => rows.reduce((s, l) => s + Math.max(0, (l.approved ?? l.ordered) - l.shipped), 0);
    expect((await unshipped(w.admin)).totals.unshipped).toBe(sum(open));
    expect((await unshipped(w.agent01)).totals.unshipped).toBe(sum(open.filter((l) => l.agent_id === w.ids.ag001)));
    expect((await unshipped(agent02)).records.every((r) => r.buyerId !== w.ids.sh001)).toBe(true);
  });

  it('ages by the order date: a re-order dated 20 days ago is 16-30 days old and filtered by its bucket', async () => {
    const day = shanghaiToday(new Date(Date.now() - 20 * 86_400_000));
    await t.db.updateTable('sales_orders').set({ order_date: day }).where('id', '=', reorder.id).execute();
    const aged = await unshipped(w.shop01, 'bucket=d16_30');
    expect(aged.records.map((r) => [r.orderId, r.ageDays, r.bucket])).toEqual([[reorder.id, 20, 'd16_30']]);
    expect((await unshipped(w.shop01, 'bucket=d0_7&kind=reorder')).records).toHaveLength(0);
    const bad = await get(`${UNSHIPPED}/page?bucket=d99`, w.shop01);
    expect([bad.status, bad.body.code]).toEqual([422, 'A0400']);
    expect((await get(`${UNSHIPPED}/page`, w.supplier01)).status).toBe(403);
  });

  it('生成出库 for re-orders: HQ only, re-orders only; allocates and makes the 配货出库 at once', async () => {
    expect((await post(`${REORDERS}/deliver`, w.shop01, { orderIds: [reorder.id], warehouseId: hz })).status).toBe(403);
    const notReorder = await post(`${REORDERS}/deliver`, w.admin, { orderIds: [otherOrder.id], warehouseId: hz });
    expect([notReorder.status, notReorder.body.msg]).toEqual([422, ReorderMessages.notReorder(otherOrder.orderNo)]);
    const empty = await c.emptyHqWarehouse('WH-RO2');
    const nothing = await post(`${REORDERS}/deliver`, w.admin, { orderIds: [reorder.id], warehouseId: empty, targetRatePercent: 0 });
    expect(nothing.status).toBe(422);
    expect((await c.order(reorder.id)).lines.every((l) => l.allocated === 0)).toBe(true);

    await c.stockUp({ [sku(0, 2)]: 5 }, hz);
    const res = await post(`${REORDERS}/deliver`, w.admin, { orderIds: [reorder.id], warehouseId: hz, targetRatePercent: 100 });
    expect(res.body.code, res.raw).toBe('201');
    expect(res.body.data.allocation.pieces).toBe(5);
    expect(res.body.data.deliveries).toMatchObject([{ orderNos: [reorder.orderNo], pieces: 5 }]);
    const info = await data<ReorderInfo>(`${REORDERS}/info?seasonId=${w.ids.spot}&productId=${style(0)}`, w.shop01);
    expect(info.reorders.map((r) => [r.orderNo, r.approved])).toEqual([[reorder.orderNo, 5]]);
    expect((await summary(w.shop01)).records[0]).toMatchObject({ reorderCount: 1, reorderedPieces: 7 });
  });
});
