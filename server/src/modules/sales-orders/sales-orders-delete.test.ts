import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { BASE, calls, orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// Issue 26: a draft is deleted by the side that made it (404 for anyone else, 409 past draft or
// with quota history); the list answers each row's actions and whether it may be deleted; order
// entry reads the billed party of a buyer and shop; HQ's audit reads 可订 per SKU.

let t: TestApp;
let w: OrderWorld;
let api: ReturnType<typeof calls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  api = calls(t);
});
afterAll(() => t?.close());

const line = (sku: number, quantity: number) => ({ skuId: w.styles[0]!.skus[sku]!.id, quantity });
const del = (session: string, id: number | string) => t.call({ method: 'DELETE', url: `${BASE}/${id}`, session });
const exists = async (id: number) => (await t.db.selectFrom('sales_orders').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

describe('DELETE a draft', () => {
  it('the shop deletes its own draft; its lines go with it', async () => {
    const draft = await api.create(w.shop01, { seasonId: w.ids.spot, lines: [line(0, 2)] });
    const res = await del(w.shop01, draft.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '201', msg: '订货单已删除', data: null });
    expect(await exists(draft.id)).toBe(false);
    expect(await t.db.selectFrom('sales_order_lines').select('id').where('order_id', '=', draft.id).execute()).toEqual([]);
    // gone: a second delete finds nothing
    expect((await del(w.shop01, draft.id)).status).toBe(404);
  });

  it('another side answers 404 and nothing changes: HQ, the shop’s agent, a supplier is refused', async () => {
    const draft = await api.create(w.shop01, { seasonId: w.ids.spot, lines: [line(1, 1)] });
    for (const session of [w.admin, w.agent01]) {
      const res = await del(session, draft.id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ msg: '订货单不存在', data: null });
    }
    expect((await del(w.supplier01, draft.id)).status).toBe(403);
    expect(await exists(draft.id)).toBe(true);
    // the list says so: deletable for the shop, not for HQ
    const page = async (session: string) => (await api.call('GET', '/page?limit=100', session)).body.data.records.find((r: { id: number }) => r.id === draft.id);
    expect(await page(w.shop01)).toMatchObject({ deletable: true, actions: expect.arrayContaining(['edit', 'submit', 'cancel']) });
    expect(await page(w.admin)).toMatchObject({ deletable: false });
  });

  it('a submitted order answers 409 and stays; a bad id 4xx', async () => {
    const draft = await api.create(w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh002, lines: [line(2, 3)] });
    await api.act(w.agent01, draft.id, 'submit');
    const res = await del(w.agent01, draft.id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(`订货单${draft.orderNo}当前状态为待审核，只有草稿可以删除`);
    expect(await exists(draft.id)).toBe(true);
    const list = (await api.call('GET', '/page?limit=100', w.admin)).body.data.records.find((r: { id: number }) => r.id === draft.id);
    expect(list).toMatchObject({ actions: expect.arrayContaining(['audit', 'reject', 'cancel']), deletable: false, billedType: 'agent', billedId: w.ids.ag001 });
    expect((await del(w.agent01, 'abc')).status).toBeGreaterThanOrEqual(400);
    expect((await del(w.agent01, 'abc')).body.code).not.toBe('201');
  });

  it('a withdrawn draft whose submission moved a quota answers 409 (its history stays: cancel it)', async () => {
    const quota = await t.call({
      method: 'POST',
      url: '/api/admin/api/v1/ordering/quotas',
      session: w.admin,
      payload: { seasonId: w.ids.spot, buyerType: 'agent', buyerId: w.ids.ag001, limitFen: 100_000_000, limitPieces: null },
    });
    expect(quota.body.code, quota.raw).toBe('201');
    const draft = await api.create(w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh002, lines: [line(3, 1)] });
    await api.act(w.agent01, draft.id, 'submit');
    await api.act(w.agent01, draft.id, 'withdraw');
    const res = await del(w.agent01, draft.id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(`订货单${draft.orderNo}提交过，已有额度流水，不能删除，请取消`);
    expect(await exists(draft.id)).toBe(true);
  });
});

describe('reads for order entry and the audit', () => {
  it('billed-party: the agent for its shop, in scope only', async () => {
    const get = (session: string, q: string) => t.call({ method: 'GET', url: `${BASE}/billed-party?${q}`, session });
    const mine = await get(w.shop01, `shopId=${w.ids.sh001}`);
    expect(mine.body).toMatchObject({ code: '201', data: { billedType: 'agent', billedId: w.ids.ag001, billedName: expect.any(String) } });
    expect((await get(w.shop01, `shopId=${w.ids.sh002}`)).status).toBe(404);
    expect((await get(w.admin, `shopId=${w.ids.sh001}`)).body).toMatchObject({ msg: '请选择购货方', data: null });
    expect((await get(w.admin, `buyerType=shop&buyerId=${w.ids.sh001}&shopId=${w.ids.sh001}`)).body.data).toMatchObject({ billedType: 'agent' });
    expect((await get(w.shop01, 'shopId=x')).status).toBe(422);
    expect((await get(w.supplier01, `shopId=${w.ids.sh001}`)).status).toBe(403);
  });

  it('stock of an order: HQ only, 可订 per SKU', async () => {
    const order = await api.create(w.shop01, { seasonId: w.ids.spot, lines: [line(4, 1)] });
    const res = await api.call('GET', `/${order.id}/stock`, w.admin);
    expect(res.body.code, res.raw).toBe('201');
    const sku = w.styles[0]!.skus[4]!.id;
    expect(res.body.data).toEqual(expect.arrayContaining([{ skuId: sku, available: expect.any(Number) }]));
    expect((await api.call('GET', `/${order.id}/stock`, w.shop01)).status).toBe(403);
    expect((await api.call('GET', '/999999/stock', w.admin)).status).toBe(404);
  });
});

describe('配货出库单详情 (migration 0047)', () => {
  it('is a page of its own title for whoever may open 调拨单详情', async () => {
    for (const session of [w.admin, w.shop01]) {
      const res = await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session });
      const text = JSON.stringify(res.body.data);
      expect(text).toContain('/erp/warehouse/transfer/info');
      expect(text).toMatch(/"path":"\/erp\/warehouse\/delivery\/info".*?"title":"配货出库单详情"|"title":"配货出库单详情".*?"path":"\/erp\/warehouse\/delivery\/info"/);
    }
  });
});
