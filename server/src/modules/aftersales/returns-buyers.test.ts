import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnBuyerKey, type ReturnableAnswer } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { receivableOf, returnCalls, returnsWorld, type ReturnsWorld } from './returns-test-kit.ts';

// Issue 26: shop01 holds SKU a bought by two buyers — 3 pieces on its own order, 2 on agent01's
// order for it. 可退 is per buyer (the shop's own orders unless another is chosen) and the
// submission spreads over the same buyer's lines, so every quantity 可退 showed goes through,
// for shop01, agent01 and HQ alike, and nothing beyond it does.

let t: TestApp;
let w: ReturnsWorld;
let shopKey: string;
let agentKey: string;
const r = () => returnCalls(t, 'return');
const s = () => returnCalls(t, 'swap');

beforeAll(async () => {
  t = await createTestApp();
  w = await returnsWorld(t);
  // the agent's level policy lets as much back as the shop's
  await t.db.updateTable('discount_policies').set({ return_rate_bp: 10_000, swap_rate_bp: 10_000, return_window_days: 90 }).execute();
  const order = await w.c.auditedOrder(w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh001, lines: [{ skuId: w.sku.a, quantity: 2 }] });
  expect(order).toMatchObject({ buyerType: 'agent', shopId: w.ids.sh001 });
  await w.c.ok(w.c.allocate(w.admin, { warehouseId: w.hz, orderIds: [order.id], targetRatePercent: 100 }));
  const { deliveries } = await w.c.ok(w.c.deliver(w.admin, { warehouseId: w.hz, orderIds: [order.id] }), 'deliver');
  for (const [session, action] of [
    [w.admin, 'ship'],
    [w.shop01, 'receive'],
  ] as const) {
    const res = await w.c.docs.act('transfer', session, deliveries[0]!.docId, action);
    expect(res.status, res.raw).toBe(200);
  }
  shopKey = returnBuyerKey('shop', w.ids.sh001, 'agent', w.ids.ag001);
  agentKey = returnBuyerKey('agent', w.ids.ag001, 'agent', w.ids.ag001);
});
afterAll(async () => {
  if (t) await assertMoneyConsistent(t.db);
  await t?.close();
});

const returnable = async (session: string, buyerKey?: string): Promise<ReturnableAnswer> => {
  const res = await r().call('GET', `/returnable?shopId=${w.ids.sh001}&seasonId=${w.ids.spot}${buyerKey ? `&buyerKey=${encodeURIComponent(buyerKey)}` : ''}`, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};
const left = (answer: ReturnableAnswer, skuId: number) => answer.skus.find((k) => k.skuId === skuId)?.returnable;
const body = (quantity: number, extra: object = {}) => ({ shopId: w.ids.sh001, seasonId: w.ids.spot, reason: '退回', lines: [{ skuId: w.sku.a, quantity }], ...extra });

describe('a SKU received under two buyers', () => {
  it('可退 names both buyers and shows the shop’s own pieces unless the agent’s are chosen', async () => {
    for (const session of [w.shop01, w.agent01, w.admin]) {
      const mine = await returnable(session);
      expect(mine.buyers.map((b) => [b.key, b.buyerName, b.billedName])).toEqual([
        [shopKey, '衣尚·杭州湖滨银泰店', expect.any(String)],
        [agentKey, expect.any(String), expect.any(String)],
      ]);
      expect([mine.buyerKey, mine.buyerType, left(mine, w.sku.a)]).toEqual([shopKey, 'shop', 3]);
      const agents = await returnable(session, agentKey);
      expect([agents.buyerKey, agents.buyerType, left(agents, w.sku.a), left(agents, w.sku.b)]).toEqual([agentKey, 'agent', 2, undefined]);
    }
    const wrong = await r().call('GET', `/returnable?shopId=${w.ids.sh001}&seasonId=${w.ids.spot}&buyerKey=shop:999:none:0`, w.shop01);
    expect([wrong.status, wrong.body.msg]).toEqual([422, '所选购货方在该门店本季没有收到过货品，请重新选择']);
  });

  it('shop01 returns the 3 pieces 可退 showed: the return takes its own order’s line and submits', async () => {
    const ret = await r().create(w.shop01, body(3));
    expect(ret).toMatchObject({ buyerType: 'shop', buyerKey: shopKey, totalQuantity: 3 });
    expect(ret.lines.map((l) => [l.orderNo, l.quantity])).toEqual([[w.order.orderNo, 3]]);
    expect((await r().act(w.shop01, ret.id, 'submit')).status).toBe('submitted');
    expect(left(await returnable(w.shop01), w.sku.a)).toBe(0);
    expect(left(await returnable(w.shop01, agentKey), w.sku.a)).toBe(2);
  });

  it('agent01 returns its own 2 pieces; a third is refused with the figure 可退 showed', async () => {
    const over = await r().call('POST', '', w.agent01, body(3, { buyerKey: agentKey }));
    const barcode = w.order.lines.find((l) => l.skuId === w.sku.a)!.barcode;
    expect([over.status, over.body.msg]).toEqual([422, `${barcode}最多可退2件（已收货减去已退）`]);
    const ret = await r().create(w.agent01, body(2, { buyerKey: agentKey }));
    expect(ret).toMatchObject({ buyerType: 'agent', billedType: 'agent', buyerKey: agentKey, totalQuantity: 2 });
    expect(ret.lines[0]!.orderNo).not.toBe(w.order.orderNo);
    const submitted = await r().act(w.agent01, ret.id, 'submit');
    expect(submitted.status).toBe('submitted');
    expect(left(await returnable(w.agent01, agentKey), w.sku.a)).toBe(0);
    // HQ audits and receives it: AG001 is credited at the agent's order price
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    await r().act(w.admin, ret.id, 'audit', { hqWarehouseId: w.hz });
    await r().act(w.shop01, ret.id, 'ship');
    const done = await r().act(w.admin, ret.id, 'receive', {});
    expect(done.status).toBe('done');
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before - 2 * ret.lines[0]!.unitPriceFen);
  });

  it('a buyer that bought none of the SKU is refused by line, and an unknown buyer too', async () => {
    const none = await r().call('POST', '', w.admin, { ...body(1, { buyerKey: agentKey }), lines: [{ skuId: w.sku.b, quantity: 1 }] });
    const barcode = w.order.lines.find((l) => l.skuId === w.sku.b)!.barcode;
    expect([none.status, none.body.msg]).toEqual([422, `第1行：${barcode}不是所选购货方订的货品`]);
    const unknown = await r().call('POST', '', w.admin, { ...body(1, { buyerKey: 'agent:999:agent:999' }), lines: [{ skuId: w.sku.b, quantity: 1 }] });
    expect(unknown.status).toBe(422);
  });

  it('HQ swaps for the shop under the buyer chosen, and the choice is kept through submission', async () => {
    const swaps = await s().call('GET', `/returnable?shopId=${w.ids.sh001}&seasonId=${w.ids.spot}&buyerKey=${encodeURIComponent(shopKey)}`, w.admin);
    expect(swaps.body.data.skus.find((k: { skuId: number }) => k.skuId === w.sku.b).returnable).toBe(2);
    const swap = await s().create(w.admin, { ...body(1, { buyerKey: shopKey }), lines: [{ skuId: w.sku.b, quantity: 1 }], outLines: [{ skuId: w.sku.other, quantity: 1 }] });
    expect(swap.buyerKey).toBe(shopKey);
    expect((await s().act(w.admin, swap.id, 'submit')).status).toBe('submitted');
  });
});
