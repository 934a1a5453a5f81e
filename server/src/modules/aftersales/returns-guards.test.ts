import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { returnCalls, returnsWorld, type ReturnsWorld } from './returns-test-kit.ts';

// Issue 26: a swap's out leg obeys an order line's rules (the season's on-sale styles, 可订品牌),
// and HQ's audit and receipt refuse line ids that are not the document's own instead of
// approving (or receiving) the rest in full. Each refusal is a 422 that changes nothing.

let t: TestApp;
let w: ReturnsWorld;
const s = () => returnCalls(t, 'swap');
const r = () => returnCalls(t, 'return');

beforeAll(async () => {
  t = await createTestApp();
  w = await returnsWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const swapBody = (outSkuId: number) => ({
  shopId: w.ids.sh001,
  seasonId: w.ids.spot,
  reason: '换款',
  lines: [{ skuId: w.sku.b, quantity: 1 }],
  outLines: [{ skuId: outSkuId, quantity: 1 }],
});
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('sales_returns')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a swap’s out leg obeys the rules of an order line', () => {
  it('refuses a style the season does not offer', async () => {
    const sku = await t.db.selectFrom('skus').select('id').where('product_id', '=', w.notOffered).executeTakeFirstOrThrow();
    const before = await count();
    const res = await s().call('POST', '', w.shop01, swapBody(sku.id));
    expect([res.status, res.body.code, res.body.msg]).toEqual([422, expect.any(String), '第2行：该SKU不在本订货季在售款式中']);
    expect(await count()).toBe(before);
  });

  it('refuses an off-sale style, on saving and again on submitting a draft saved before it went off sale', async () => {
    const draft = await s().create(w.shop01, swapBody(w.sku.other));
    await t.db.updateTable('products').set({ status: 'off_sale' }).where('id', '=', w.styles[1]!.productId).execute();
    try {
      const res = await s().call('POST', '', w.shop01, swapBody(w.sku.other));
      expect([res.status, res.body.msg]).toEqual([422, '第2行：该SKU不在本订货季在售款式中']);
      const submit = await s().call('POST', `/${draft.id}/submit`, w.shop01, {});
      expect([submit.status, submit.body.msg]).toEqual([422, '第2行：该SKU不在本订货季在售款式中']);
      expect((await s().get(w.shop01, draft.id)).status).toBe('draft');
    } finally {
      await t.db.updateTable('products').set({ status: 'on_sale' }).where('id', '=', w.styles[1]!.productId).execute();
    }
  });

  it('refuses a brand outside the buyer’s 可订品牌', async () => {
    const style = await t.db.selectFrom('products').select('brand_id').where('id', '=', w.styles[1]!.productId).executeTakeFirstOrThrow();
    const other = await t.db.selectFrom('brands').select('id').where('id', '<>', style.brand_id).orderBy('id').executeTakeFirstOrThrow();
    await t.db.insertInto('ordering_buyer_brands').values({ buyer_type: 'shop', buyer_id: w.ids.sh001, brand_id: other.id, created_by: null }).execute();
    try {
      const before = await count();
      const res = await s().call('POST', '', w.shop01, swapBody(w.sku.other));
      expect([res.status, res.body.msg]).toEqual([422, `第2行：款式${w.styles[1]!.styleNo}不在可订品牌内`]);
      expect(await count()).toBe(before);
      // the brand allowed: the same swap goes through
      await t.db.insertInto('ordering_buyer_brands').values({ buyer_type: 'shop', buyer_id: w.ids.sh001, brand_id: style.brand_id, created_by: null }).execute();
      expect((await s().call('POST', '', w.shop01, swapBody(w.sku.other))).status).toBe(200);
    } finally {
      await t.db.deleteFrom('ordering_buyer_brands').where('buyer_type', '=', 'shop').where('buyer_id', '=', w.ids.sh001).execute();
    }
  });
});

describe('HQ’s audit and receipt take only the document’s own line ids', () => {
  let mine: ReturnDetail;
  let other: ReturnDetail;

  it('an audit naming another document’s line (or a line twice) is refused and changes nothing', async () => {
    mine = await r().act(
      w.shop01,
      (await r().create(w.shop01, { shopId: w.ids.sh001, seasonId: w.ids.spot, reason: '退', lines: [{ skuId: w.sku.a, quantity: 2 }] })).id,
      'submit',
    );
    other = await r().act(
      w.shop01,
      (await r().create(w.shop01, { shopId: w.ids.sh001, seasonId: w.ids.spot, reason: '退', lines: [{ skuId: w.sku.c, quantity: 1 }] })).id,
      'submit',
    );
    const foreign = await r().call('POST', `/${mine.id}/audit`, w.admin, {
      hqWarehouseId: w.hz,
      lines: [{ lineId: other.lines[0]!.id, approvedQuantity: 0, cutReason: '不收' }],
    });
    expect([foreign.status, foreign.body.msg]).toEqual([422, '审核明细与单据不符，请刷新后重试']);
    const twice = await r().call('POST', `/${mine.id}/audit`, w.admin, {
      hqWarehouseId: w.hz,
      lines: [
        { lineId: mine.lines[0]!.id, approvedQuantity: 2 },
        { lineId: mine.lines[0]!.id, approvedQuantity: 0, cutReason: '不收' },
      ],
    });
    expect([twice.status, twice.body.msg]).toEqual([422, '审核明细与单据不符，请刷新后重试']);
    const after = await r().get(w.admin, mine.id);
    expect(after).toMatchObject({ status: 'submitted', approvedQuantity: null, stockDocId: null });
    expect(after.lines.map((l) => l.approvedQuantity)).toEqual([null]);
    expect((await r().get(w.admin, other.id)).status).toBe('submitted');
  });

  it('a swap’s audit naming its own out line is refused too (only back lines are approved)', async () => {
    const swap = await s().act(w.shop01, (await s().create(w.shop01, swapBody(w.sku.other))).id, 'submit');
    const out = swap.lines.find((l) => l.leg === 'out')!;
    const res = await s().call('POST', `/${swap.id}/audit`, w.admin, { hqWarehouseId: w.hz, lines: [{ lineId: out.id, approvedQuantity: 0, cutReason: '不换' }] });
    expect([res.status, res.body.msg]).toEqual([422, '审核明细与单据不符，请刷新后重试']);
    expect((await s().get(w.admin, swap.id)).status).toBe('submitted');
    await s().act(w.admin, swap.id, 'reject', { reason: '测试结束' });
  });

  it('a receipt naming another document’s line is refused and receives nothing', async () => {
    mine = await r().act(w.admin, mine.id, 'audit', { hqWarehouseId: w.hz });
    mine = await r().act(w.shop01, mine.id, 'ship');
    const res = await r().call('POST', `/${mine.id}/receive`, w.admin, { lines: [{ lineId: other.lines[0]!.id, goodQuantity: 0 }], reason: '少到' });
    expect([res.status, res.body.msg]).toEqual([422, '收货明细与单据不符，请刷新后重试']);
    const after = await r().get(w.admin, mine.id);
    expect(after).toMatchObject({ status: 'shipped', receivedQuantity: 0, settledFen: 0 });
  });
});
