import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { balanceOf } from '../stock/stock-test-kit.ts';
import { receivableOf, returnCalls, returnsWorld, type ReturnsWorld } from './returns-test-kit.ts';

// 换货单 through the API: shop01 sends one piece back and takes another style; HQ audits (the
// exchange document is made), confirms: both legs move together and AG001's account takes the
// difference (today's price out, the order's price back). A leg that cannot move stops both.

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

  it('HQ audits: a stock exchange document carries both legs', async () => {
    swap = await s().act(w.shop01, swap.id, 'submit');
    swap = await s().act(w.admin, swap.id, 'audit', { hqWarehouseId: w.hz });
    expect(swap).toMatchObject({ status: 'audited', stockDocKind: 'exchange', actions: ['receive', 'void'] });
    const doc = (await w.c.docs.get('exchange', w.admin, swap.stockDocId!)).body.data;
    expect(doc).toMatchObject({ status: 'submitted', warehouseId: w.hz, toWarehouseId: w.shopWarehouse, sourceNo: swap.returnNo });
    expect(doc.lines.map((l: { leg: string; skuId: number; quantity: number }) => [l.leg, l.skuId, l.quantity])).toEqual([
      ['in', w.sku.b, 1],
      ['out', w.sku.other, 1],
    ]);
    // the shop cannot confirm it, and has no ship step
    expect((await s().call('POST', `/${swap.id}/receive`, w.shop01, {})).status).toBe(403);
    expect((await s().call('POST', `/${swap.id}/ship`, w.shop01, {})).status).toBe(404);
  });

  it('a leg that cannot move stops both: nothing posts while HQ lacks the piece out', async () => {
    const held = await balanceOf(t.db, w.hz, { skuId: w.sku.other });
    await w.c.docs.posted('outbound', w.admin, { warehouseId: w.hz, bizType: 'other' }, [{ skuId: w.sku.other, quantity: held }]);
    const shopB = await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b });
    const res = await s().call('POST', `/${swap.id}/receive`, w.admin, {});
    expect([res.status, res.body.msg]).toEqual([409, expect.stringMatching(/^库存不足：/)]);
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b })).toBe(shopB);
    expect((await s().get(w.admin, swap.id)).status).toBe('audited');
    await w.c.stockUp({ [w.sku.other]: 5 }, w.hz);
  });

  it('HQ confirms: the piece comes back, the other goes out, AG001 is charged the difference', async () => {
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    const [shopB, shopOther, hqB] = [
      await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b }),
      await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.other }),
      await balanceOf(t.db, w.hz, { skuId: w.sku.b }),
    ];
    swap = await s().act(w.admin, swap.id, 'receive');
    const difference = swap.lines[1]!.unitPriceFen - priceOf(w.sku.b);
    expect(swap).toMatchObject({ status: 'done', receivedQuantity: 1, settledFen: difference });
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before + difference);
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.b })).toBe(shopB - 1);
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.other })).toBe(shopOther + 1);
    expect(await balanceOf(t.db, w.hz, { skuId: w.sku.b })).toBe(hqB + 1);
    const entry = await t.db.selectFrom('account_entries').select(['amount_fen', 'memo']).where('entry_type', '=', 'sales_swap').executeTakeFirstOrThrow();
    expect(Number(entry.amount_fen)).toBe(difference);
    expect(entry.memo).toContain(swap.returnNo);
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
    const doc = (await w.c.docs.get('exchange', w.admin, swap.stockDocId!)).body.data;
    expect(doc.status).toBe('void');
  });
});
