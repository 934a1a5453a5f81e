import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { balanceOf } from '../stock/stock-test-kit.ts';
import { receivableOf, returnCalls, returnsWorld, type ReturnsWorld } from './returns-test-kit.ts';

// 换货单 through the API: shop01 sends one piece back and takes another style; HQ audits (a
// transfer per leg is made); the shop ships the piece back and HQ receives it, HQ ships the new
// piece and the shop receives it, each through 在途 (issue 26); once both arrived AG001's account
// takes the difference (today's price out, the order's price back) once. Voiding undoes it all.

let t: TestApp;
let w: ReturnsWorld;
const s = () => returnCalls(t, 'swap');

beforeAll(async () => {
  t = await createTestApp();
  w = await returnsWorld(t);
});
afterAll(async () => {
  if (t) await assertMoneyConsistent(t.db);
  await t?.close();
});

const priceOf = (skuId: number) => w.order.lines.find((l) => l.skuId === skuId)!.unitPriceFen;
const body = (extra: object = {}) => ({
  shopId: w.ids.sh001,
  seasonId: w.ids.spot,
  reason: '颜色不合适',
  lines: [{ skuId: w.sku.b, quantity: 1 }],
  outLines: [{ skuId: w.sku.other, quantity: 1 }],
  ...extra,
});

describe('shop01 swaps one piece for another style', () => {
  let swap: ReturnDetail;

  it('drafts a swap: the piece back at the order price, the piece out at today’s price for the shop', async () => {
    const noOut = await s().call('POST', '', w.shop01, body({ outLines: [] }));
    expect([noOut.status, noOut.body.msg]).toEqual([422, '换货单请至少换出一件商品']);
    swap = await s().create(w.shop01, body());
    expect(swap.returnNo).toMatch(/^HD\d{8}-\d{4}$/);
    expect(swap.lines.map((l) => [l.leg, l.skuId, l.quantity])).toEqual([
      ['back', w.sku.b, 1],
      ['out', w.sku.other, 1],
    ]);
    expect(swap.lines[0]!.unitPriceFen).toBe(priceOf(w.sku.b));
    const priced = await t.call({
      method: 'GET',
      url: `/api/admin/api/v1/planning/price?productId=${w.styles[1]!.productId}&buyerType=shop&buyerId=${w.ids.sh001}`,
      session: w.admin,
    });
    expect(swap.lines[1]!.unitPriceFen).toBe(priced.body.data.unitPriceFen);
    expect(swap.outAmountFen).toBe(priced.body.data.unitPriceFen);
  });

  // issue 26: the audit used to make one exchange document that moved the shop's stock at HQ's
  // click; now each leg is a transfer through 在途, moved by the side that holds the goods
  it('HQ audits: two transfers are made, the piece back (shop → HQ) and the piece out (HQ → shop); no stock moves yet', async () => {
    const shopB = await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b });
    swap = await s().act(w.shop01, swap.id, 'submit');
    swap = await s().act(w.admin, swap.id, 'audit', { hqWarehouseId: w.hz });
    expect(swap).toMatchObject({
      status: 'audited',
      stockDocKind: 'transfer',
      stockDocStatusLabel: '待发货',
      outDocStatusLabel: '待发货',
      actions: ['ship', 'ship_out', 'void'],
    });
    const back = (await w.c.docs.get('transfer', w.admin, swap.stockDocId!)).body.data;
    expect(back).toMatchObject({ status: 'submitted', warehouseId: w.shopWarehouse, toWarehouseId: w.hz, sourceNo: swap.returnNo });
    expect(back.lines.map((l: { skuId: number; quantity: number }) => [l.skuId, l.quantity])).toEqual([[w.sku.b, 1]]);
    const out = (await w.c.docs.get('transfer', w.admin, swap.outDocId!)).body.data;
    expect(out).toMatchObject({ status: 'submitted', warehouseId: w.hz, toWarehouseId: w.shopWarehouse, sourceNo: swap.returnNo, docNo: swap.outDocNo });
    expect(out.lines.map((l: { skuId: number; quantity: number }) => [l.skuId, l.quantity])).toEqual([[w.sku.other, 1]]);
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b })).toBe(shopB);
    // each side moves only its own leg; the old one-click confirmation is gone
    expect((await s().call('POST', `/${swap.id}/ship-out`, w.shop01, {})).status).toBe(403);
    expect((await s().call('POST', `/${swap.id}/receive`, w.shop01, {})).status).toBe(403);
    const early = await s().call('POST', `/${swap.id}/receive`, w.admin, {});
    expect([early.status, early.body.msg]).toEqual([409, `换货单${swap.returnNo}的退回货品待发货，不能退回收货`]);
    const shopEarly = await s().call('POST', `/${swap.id}/receive-out`, w.shop01, {});
    expect([shopEarly.status, shopEarly.body.msg]).toEqual([409, `换货单${swap.returnNo}的换出货品待发货，不能换出收货`]);
  });

  it('a leg that cannot move stops only itself: HQ cannot ship a piece it lacks, and nothing moves', async () => {
    const held = await balanceOf(t.db, w.hz, { skuId: w.sku.other });
    await w.c.docs.posted('outbound', w.admin, { warehouseId: w.hz, bizType: 'other' }, [{ skuId: w.sku.other, quantity: held }]);
    const res = await s().call('POST', `/${swap.id}/ship-out`, w.admin, {});
    expect([res.status, res.body.msg]).toEqual([409, expect.stringMatching(/^库存不足：/)]);
    expect(await s().get(w.admin, swap.id)).toMatchObject({ status: 'audited', outDocStatusLabel: '待发货' });
    await w.c.stockUp({ [w.sku.other]: 5 }, w.hz);
  });

  it('the shop ships the piece back and HQ ships the new one: both wait in 在途, the account untouched', async () => {
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    const [shopB, hqOther] = [await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b }), await balanceOf(t.db, w.hz, { skuId: w.sku.other })];
    swap = await s().act(w.shop01, swap.id, 'ship');
    expect(swap).toMatchObject({ status: 'audited', stockDocStatusLabel: '在途', actions: ['receive', 'ship_out', 'void'] });
    const again = await s().call('POST', `/${swap.id}/ship`, w.shop01, {});
    expect([again.status, again.body.msg]).toEqual([409, `换货单${swap.returnNo}的退回货品在途，不能退回发货`]);
    swap = await s().act(w.admin, swap.id, 'ship-out');
    expect(swap).toMatchObject({ status: 'audited', outDocStatusLabel: '在途', actions: ['receive', 'receive_out', 'void'] });
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b })).toBe(shopB - 1);
    expect(await balanceOf(t.db, w.hz, { skuId: w.sku.other })).toBe(hqOther - 1);
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.other })).toBe(0);
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before);
    // another shop never reaches it
    expect((await s().call('POST', `/${swap.id}/receive-out`, w.shop09, {})).status).toBe(404);
  });

  it('the shop receives the new piece (on the transfer’s own page): still no money until the piece back arrives', async () => {
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    const res = await w.c.docs.act('transfer', w.shop01, swap.outDocId!, 'receive');
    expect(res.status, res.raw).toBe(200);
    swap = await s().get(w.shop01, swap.id);
    expect(swap).toMatchObject({ status: 'audited', outDocStatusLabel: '已收货', actions: ['receive', 'void'] });
    expect(swap.lines.find((l) => l.leg === 'out')!.receivedQuantity).toBe(1);
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.other })).toBe(1);
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before);
  });

  it('HQ receives the piece back: the swap is done and AG001 is charged the difference once', async () => {
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    const hqB = await balanceOf(t.db, w.hz, { skuId: w.sku.b });
    swap = await s().act(w.admin, swap.id, 'receive');
    const difference = swap.lines[1]!.unitPriceFen - priceOf(w.sku.b);
    expect(swap).toMatchObject({ status: 'done', receivedQuantity: 1, settledFen: difference, stockDocStatusLabel: '已收货', actions: ['void'] });
    expect(swap.doneAt).not.toBeNull();
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before + difference);
    expect(await balanceOf(t.db, w.hz, { skuId: w.sku.b })).toBe(hqB + 1);
    const entries = await t.db.selectFrom('account_entries').select(['amount_fen', 'memo']).where('entry_type', '=', 'sales_swap').execute();
    expect(entries.map((e) => Number(e.amount_fen))).toEqual([difference]);
    expect(entries[0]!.memo).toContain(swap.returnNo);
  });

  it('the swap held its piece against the swap allowance, not the return’s', async () => {
    const swaps = (await s().call('GET', `/returnable?shopId=${w.ids.sh001}&seasonId=${w.ids.spot}`, w.shop01)).body.data;
    const returns = (await returnCalls(t, 'return').call('GET', `/returnable?shopId=${w.ids.sh001}&seasonId=${w.ids.spot}`, w.shop01)).body.data;
    expect(swaps.allowance.usedFen).toBe(priceOf(w.sku.b));
    expect(returns.allowance.usedFen).toBe(0);
    // but the piece itself is gone for both
    expect(returns.skus.find((k: { skuId: number }) => k.skuId === w.sku.b).returnable).toBe(1);
  });

  it('voiding it moves both legs back and reverses the difference', async () => {
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    swap = await s().act(w.admin, swap.id, 'void', { reason: '换错款' });
    expect(swap.status).toBe('voided');
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before - (swap.lines[1]!.unitPriceFen - priceOf(w.sku.b)));
    for (const id of [swap.stockDocId!, swap.outDocId!]) expect((await w.c.docs.get('transfer', w.admin, id)).body.data.status).toBe('void');
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.other })).toBe(0);
  });
});

describe('the legs in the other order, and a leg voided on the warehouse’s page', () => {
  it('the piece back arrives first, the new piece second: the difference posts with the second, once', async () => {
    let swap = await s().act(w.shop01, (await s().create(w.shop01, body())).id, 'submit');
    swap = await s().act(w.admin, swap.id, 'audit', { hqWarehouseId: w.hz });
    swap = await s().act(w.shop01, swap.id, 'ship');
    swap = await s().act(w.admin, swap.id, 'receive');
    expect(swap).toMatchObject({ status: 'audited', settledFen: 0, stockDocStatusLabel: '已收货', actions: ['ship_out', 'void'] });
    swap = await s().act(w.admin, swap.id, 'ship-out');
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    const entries = async () => (await t.db.selectFrom('account_entries').select('id').where('entry_type', '=', 'sales_swap').where('origin_id', '=', swap.id).execute()).length;
    expect(await entries()).toBe(0);
    // a shortfall needs a reason; then what arrived (none) is charged: the swap credits the piece back
    const short = await s().call('POST', `/${swap.id}/receive-out`, w.shop01, { lines: [{ lineId: swap.lines[1]!.id, quantity: 0 }] });
    expect([short.status, short.body.msg]).toEqual([422, '收货数量与发货数量不一致，请填写差异原因']);
    const foreign = await s().call('POST', `/${swap.id}/receive-out`, w.shop01, { lines: [{ lineId: swap.lines[0]!.id, quantity: 1 }] });
    expect([foreign.status, foreign.body.msg]).toEqual([422, '收货明细与单据不符，请刷新后重试']);
    swap = await s().act(w.shop01, swap.id, 'receive-out', { lines: [{ lineId: swap.lines[1]!.id, quantity: 0 }], reason: '途中丢失' });
    expect(swap).toMatchObject({ status: 'done', settledFen: -priceOf(w.sku.b) });
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before - priceOf(w.sku.b));
    expect(await entries()).toBe(1);
  });

  it('voiding the out leg’s transfer on the warehouse’s page voids the swap and its back leg too', async () => {
    let swap = await s().act(w.shop01, (await s().create(w.shop01, body())).id, 'submit');
    swap = await s().act(w.admin, swap.id, 'audit', { hqWarehouseId: w.hz });
    swap = await s().act(w.shop01, swap.id, 'ship');
    const shopB = await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b });
    const res = await w.c.docs.act('transfer', w.admin, swap.outDocId!, 'void', { reason: '不换了' });
    expect(res.status, res.raw).toBe(200);
    swap = await s().get(w.admin, swap.id);
    expect(swap.status).toBe('voided');
    expect((await w.c.docs.get('transfer', w.admin, swap.stockDocId!)).body.data.status).toBe('void');
    // the piece in transit went back to the shop
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b })).toBe(shopB + 1);
  });
});
