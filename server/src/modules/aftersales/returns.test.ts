import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, type ReturnDetail, type ReturnableAnswer } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { assertAllocationsConsistent } from '../sales-orders/allocation-consistency.ts';
import { balanceOf } from '../stock/stock-test-kit.ts';
import { receivableOf, returnCalls, returnsWorld, type ReturnsWorld } from './returns-test-kit.ts';

// 退货单 through the API: what shop01 may send back, the ask, HQ's audit with a cut, the goods
// travelling back (shop ships, HQ receives good, defective and short with a reason), the credit at
// the order's price even after the style's price changed, the void, and every refusal.

let t: TestApp;
let w: ReturnsWorld;
const r = () => returnCalls(t, 'return');

beforeAll(async () => {
  t = await createTestApp();
  w = await returnsWorld(t);
});
afterAll(async () => {
  if (t) {
    await assertMoneyConsistent(t.db);
    await assertAllocationsConsistent(t.db);
  }
  await t?.close();
});

const priceOf = (skuId: number) => w.order.lines.find((l) => l.skuId === skuId)!.unitPriceFen;
const returnable = async (session = w.shop01): Promise<ReturnableAnswer> => {
  const res = await r().call('GET', `/returnable?shopId=${w.ids.sh001}&seasonId=${w.ids.spot}`, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};
const body = (lines: { skuId: number; quantity: number }[], extra: object = {}) => ({ shopId: w.ids.sh001, seasonId: w.ids.spot, reason: '尺码偏小，顾客退回', lines, ...extra });
const countReturns = async () =>
  Number(
    (
      await t.db
        .selectFrom('sales_returns')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('shop01 returns goods it received; HQ audits, receives and credits', () => {
  let ret: ReturnDetail;

  it('lists what shop01 received, what it may still return, and its allowance', async () => {
    const answer = await returnable();
    expect(answer.buyerType).toBe('shop');
    expect(answer.allowance).toMatchObject({ rateBp: 10_000, windowDays: 90, usedFen: 0 });
    const shipped = w.order.lines.reduce((s, l) => s + l.shipped * l.unitPriceFen, 0);
    expect(answer.allowance.shippedFen).toBe(shipped);
    expect(answer.allowance.leftFen).toBe(shipped);
    const by = new Map(answer.skus.map((k) => [k.skuId, k]));
    expect([w.sku.a, w.sku.b, w.sku.c].map((id) => [by.get(id)?.received, by.get(id)?.returnable, by.get(id)?.unitPriceFen])).toEqual([
      [3, 3, priceOf(w.sku.a)],
      [2, 2, priceOf(w.sku.b)],
      [2, 2, priceOf(w.sku.c)],
    ]);
    expect(by.has(w.sku.other)).toBe(false);
  });

  it('shop01 drafts and submits a return at the order prices (a price sent by the client is ignored)', async () => {
    ret = await r().create(w.shop01, body([{ skuId: w.sku.a, quantity: 2, unitPriceFen: 1 } as never, { skuId: w.sku.b, quantity: 1 }, { skuId: w.sku.c, quantity: 1 }]));
    expect(ret).toMatchObject({ status: 'draft', kind: 'return', shopName: '衣尚·杭州湖滨银泰店', totalQuantity: 4, billedType: 'agent' });
    expect(ret.returnNo).toMatch(/^TH\d{8}-\d{4}$/);
    expect(ret.lines.map((l) => [l.skuId, l.quantity, l.unitPriceFen, l.orderNo])).toEqual([
      [w.sku.a, 2, priceOf(w.sku.a), w.order.orderNo],
      [w.sku.b, 1, priceOf(w.sku.b), w.order.orderNo],
      [w.sku.c, 1, priceOf(w.sku.c), w.order.orderNo],
    ]);
    // the style's price changes: the return keeps what the order charged
    await t.db.updateTable('products').set({ wholesale_price_fen: 1 }).where('id', '=', w.styles[0]!.productId).execute();
    ret = await r().act(w.shop01, ret.id, 'submit');
    expect(ret.status).toBe('submitted');
    expect(ret.lines[0]!.unitPriceFen).toBe(priceOf(w.sku.a));
    // a draft holds nothing; a submitted return holds its pieces
    const by = new Map((await returnable()).skus.map((k) => [k.skuId, k.returnable]));
    expect([by.get(w.sku.a), by.get(w.sku.b), by.get(w.sku.c)]).toEqual([1, 1, 1]);
  });

  it('agent01 sees its shop’s return; another agent, another shop and a supplier do not', async () => {
    expect((await r().call('GET', '/page', w.agent01)).body.data.records.map((x: ReturnDetail) => x.id)).toContain(ret.id);
    expect((await r().call('GET', '/page', w.agent09)).body.data).toEqual({ total: 0, records: [] });
    for (const session of [w.agent09, w.shop09]) {
      const res = await r().call('GET', `/${ret.id}`, session);
      expect([res.status, res.body.msg]).toEqual([404, '退换货单不存在']);
    }
    expect((await r().call('GET', '/page', w.supplier01)).status).toBe(403);
    // a swap's route never opens a return
    expect((await returnCalls(t, 'swap').call('GET', `/${ret.id}`, w.admin)).status).toBe(404);
  });

  it('only HQ audits: a cut needs a reason; the audit makes the return transfer to the chosen HQ warehouse', async () => {
    expect((await r().call('POST', `/${ret.id}/audit`, w.shop01, { hqWarehouseId: w.hz })).status).toBe(403);
    const [a, b, c] = ret.lines;
    const noReason = await r().call('POST', `/${ret.id}/audit`, w.admin, { hqWarehouseId: w.hz, lines: [{ lineId: b!.id, approvedQuantity: 0 }] });
    expect([noReason.status, noReason.body.msg]).toEqual([422, '第2行：核减数量时请填写原因']);
    const shopSide = await r().call('POST', `/${ret.id}/audit`, w.admin, { hqWarehouseId: w.shopWarehouse });
    expect([shopSide.status, shopSide.body.msg]).toEqual([422, '收货仓库须为总部仓库']);
    ret = await r().act(w.admin, ret.id, 'audit', { hqWarehouseId: w.hz, lines: [{ lineId: b!.id, approvedQuantity: 0, cutReason: '已过季不收' }] });
    expect(ret).toMatchObject({
      status: 'audited',
      approvedQuantity: 3,
      approvedAmountFen: 2 * a!.unitPriceFen + c!.unitPriceFen,
      hqWarehouseName: '测试总仓WH-RT',
      stockDocKind: 'transfer',
    });
    expect(ret.lines.map((l) => [l.approvedQuantity, l.cutReason])).toEqual([
      [2, ''],
      [0, '已过季不收'],
      [1, ''],
    ]);
    const doc = (await w.c.docs.get('transfer', w.shop01, ret.stockDocId!)).body.data;
    expect(doc).toMatchObject({ status: 'submitted', bizType: 'sales_return', warehouseId: w.shopWarehouse, toWarehouseId: w.hz, sourceNo: ret.returnNo });
    const again = await r().call('POST', `/${ret.id}/audit`, w.admin, { hqWarehouseId: w.hz });
    expect([again.status, again.body.msg]).toEqual([409, `退货单${ret.returnNo}当前为「已审核」，不能审核`]);
    // the cut piece is free again
    expect((await returnable()).skus.find((k) => k.skuId === w.sku.b)!.returnable).toBe(2);
  });

  it('shop01 ships the goods back: they leave its warehouse for transit', async () => {
    const before = await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.a });
    expect((await r().call('POST', `/${ret.id}/receive`, w.admin, {})).status).toBe(409);
    ret = await r().act(w.shop01, ret.id, 'ship');
    expect(ret.status).toBe('shipped');
    expect(await balanceOf(t.db, w.shopWarehouse, { skuId: w.sku.a })).toBe(before - 2);
  });

  it('HQ receives one good and one defective of a, none of c (with a reason): AG001 is credited at the order price', async () => {
    const [a, , c] = ret.lines;
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    expect((await r().call('POST', `/${ret.id}/receive`, w.agent01, {})).status).toBe(403);
    const lines = [
      { lineId: a!.id, goodQuantity: 1, defectiveQuantity: 1 },
      { lineId: c!.id, goodQuantity: 0 },
    ];
    const noReason = await r().call('POST', `/${ret.id}/receive`, w.admin, { lines, defectiveWarehouseId: w.defective });
    expect([noReason.status, noReason.body.msg]).toEqual([422, '收货数量与发货数量不一致，请填写差异原因']);
    const noDefective = await r().call('POST', `/${ret.id}/receive`, w.admin, { lines, reason: '少到一件' });
    expect([noDefective.status, noDefective.body.msg]).toEqual([422, '有次品时请选择次品仓']);
    const over = await r().call('POST', `/${ret.id}/receive`, w.admin, { lines: [{ lineId: a!.id, goodQuantity: 3 }], reason: '多' });
    expect([over.status, over.body.msg]).toEqual([422, '第1行：收货数量须为0到审核数量之间的整数']);
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before);

    ret = await r().act(w.admin, ret.id, 'receive', { lines, defectiveWarehouseId: w.defective, reason: '少到一件' });
    const credit = 2 * priceOf(w.sku.a);
    expect(ret).toMatchObject({ status: 'done', receivedQuantity: 2, settledFen: -credit, differenceReason: '少到一件' });
    expect(ret.lines.map((l) => [l.receivedQuantity, l.defectiveQuantity])).toEqual([
      [2, 1],
      [0, 0],
      [0, 0],
    ]);
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before - credit);
    expect(await balanceOf(t.db, w.hz, { skuId: w.sku.a })).toBe(20 - 3 + 1);
    expect(await balanceOf(t.db, w.defective, { skuId: w.sku.a })).toBe(1);
    // the account shows the credit, opening the return
    const entries = await t.db.selectFrom('account_entries').select(['entry_type', 'amount_fen', 'origin_type', 'origin_id']).where('entry_type', '=', 'sales_return').execute();
    expect(entries.map((e) => [Number(e.amount_fen), e.origin_type, Number(e.origin_id)])).toEqual([[-credit, 'sales_return', ret.id]]);
    expect(fenToYuan(credit)).toMatch(/\./);
  });

  it('voiding the done return takes the goods back to the shop and reverses the credit', async () => {
    const before = await receivableOf(t, 'agent', w.ids.ag001);
    expect((await r().call('POST', `/${ret.id}/void`, w.shop01, {})).status).toBe(403);
    ret = await r().act(w.admin, ret.id, 'void', { reason: '收错单' });
    expect(ret.status).toBe('voided');
    expect(await receivableOf(t, 'agent', w.ids.ag001)).toBe(before + 2 * priceOf(w.sku.a));
    expect(await balanceOf(t.db, w.defective, { skuId: w.sku.a })).toBe(0);
    const by = new Map((await returnable()).skus.map((k) => [k.skuId, k.returnable]));
    expect([by.get(w.sku.a), by.get(w.sku.b), by.get(w.sku.c)]).toEqual([3, 2, 2]);
  });
});

describe('refusals: each answers 4xx with a Chinese message and writes nothing', () => {
  it('refuses bad lines, more than received, goods never received and another party’s shop', async () => {
    const before = await countReturns();
    const cases: [string, object, number, string][] = [
      [w.shop01, body([{ skuId: w.sku.a, quantity: 0 }]), 422, '第1行：数量须为1-100000之间的整数'],
      [w.shop01, body([{ skuId: w.sku.a, quantity: 1.5 }]), 422, '第1行：数量须为1-100000之间的整数'],
      [w.shop01, body([{ skuId: w.sku.a, quantity: -1 }]), 422, '第1行：数量须为1-100000之间的整数'],
      [w.shop01, body([]), 422, '请至少退回一件商品'],
      [w.shop01, body([{ skuId: w.sku.a, quantity: 1 }], { reason: '  ' }), 422, '请填写退换货原因'],
      [w.shop01, body([{ skuId: w.sku.a, quantity: 1 }], { reason: 12345 }), 422, '请填写退换货原因'],
      [
        w.shop01,
        body([
          { skuId: w.sku.a, quantity: 1 },
          { skuId: w.sku.a, quantity: 1 },
        ]),
        422,
        '第2行：商品重复，请合并为一行',
      ],
      [w.shop01, body([{ skuId: w.sku.a, quantity: 4 }]), 422, `${w.order.lines.find((l) => l.skuId === w.sku.a)!.barcode}最多可退3件（已收货减去已退）`],
      [w.shop01, body([{ skuId: w.sku.other, quantity: 1 }]), 422, expect.stringMatching(/^第1行：\S+不是该门店本季从总部收到的货品$/) as unknown as string],
      [w.shop01, body([{ skuId: w.sku.a, quantity: 1 }], { shopId: w.ids.sh003 }), 404, '门店不存在'],
      [w.agent09, body([{ skuId: w.sku.a, quantity: 1 }]), 404, '门店不存在'],
      [w.shop09, body([{ skuId: w.sku.a, quantity: 1 }]), 404, '门店不存在'],
      [w.shop01, body([{ skuId: w.sku.a, quantity: 1 }], { seasonId: 999_999 }), 422, '订货季不存在'],
    ];
    for (const [session, payload, status, msg] of cases) {
      const res = await r().call('POST', '', session, payload);
      expect([res.status, res.body.msg], JSON.stringify(payload)).toEqual([status, msg]);
    }
    expect(await countReturns()).toBe(before);
  });

  it('refuses a style tagged 不可退换, a receipt past the window and an ask beyond the allowance', async () => {
    const before = await countReturns();
    const tag = await t.db.selectFrom('tags').select('id').where('name', '=', '不可退换').where('no_return', '=', true).executeTakeFirstOrThrow();
    await t.db.insertInto('tag_links').values({ tag_id: tag.id, target_type: 'product', target_id: w.styles[1]!.productId }).execute();
    const tagged = await r().call('POST', '', w.shop01, body([{ skuId: w.sku.c, quantity: 1 }]));
    expect([tagged.status, tagged.body.msg]).toEqual([422, `款号${w.styles[1]!.styleNo}为不可退换商品`]);
    expect((await returnable()).skus.find((k) => k.skuId === w.sku.c)).toMatchObject({ returnable: 0, blocked: '不可退换（不可退换）' });
    await t.db.deleteFrom('tag_links').where('tag_id', '=', tag.id).execute();

    await t.db.updateTable('discount_policies').set({ return_window_days: 0 }).where('target_type', '=', 'shop_kind').execute();
    await t.db
      .updateTable('stock_docs')
      .set({ posted_at: new Date(Date.now() - 3 * 86_400_000) })
      .where('source_type', '=', 'sales_order')
      .execute();
    const late = await r().call('POST', '', w.shop01, body([{ skuId: w.sku.a, quantity: 1 }]));
    const barcode = w.order.lines.find((l) => l.skuId === w.sku.a)!.barcode;
    expect([late.status, late.body.msg]).toEqual([422, `${barcode}已超过收货后0天的退换期限`]);
    await t.db.updateTable('discount_policies').set({ return_window_days: 90 }).where('target_type', '=', 'shop_kind').execute();

    await t.db.updateTable('discount_policies').set({ return_rate_bp: 100 }).where('target_type', '=', 'shop_kind').execute();
    const answer = await returnable();
    const over = await r().call('POST', '', w.shop01, body([{ skuId: w.sku.a, quantity: 1 }]));
    expect([over.status, over.body.msg]).toEqual([422, `超出本季退货额度：剩余 ${formatYuan(answer.allowance.leftFen)}，本单 ${formatYuan(priceOf(w.sku.a))}`]);
    await t.db.updateTable('discount_policies').set({ return_rate_bp: 10_000 }).where('target_type', '=', 'shop_kind').execute();

    await t.db.updateTable('discount_policies').set({ enabled: false }).where('target_type', '=', 'shop_kind').execute();
    const none = await r().call('POST', '', w.shop01, body([{ skuId: w.sku.a, quantity: 1 }]));
    expect([none.status, none.body.msg]).toEqual([422, '该购货方没有适用的退换货政策，不能退换货']);
    await t.db.updateTable('discount_policies').set({ enabled: true }).where('target_type', '=', 'shop_kind').execute();
    expect(await countReturns()).toBe(before);
  });

  it('rejects with a reason; a rejected return is withdrawn to a draft, and a draft is deleted', async () => {
    const draft = await r().create(w.shop01, body([{ skuId: w.sku.b, quantity: 1 }]));
    await r().act(w.shop01, draft.id, 'submit');
    const noReason = await r().call('POST', `/${draft.id}/reject`, w.admin, {});
    expect([noReason.status, noReason.body.msg]).toEqual([422, '请填写驳回原因']);
    const rejected = await r().act(w.admin, draft.id, 'reject', { reason: '无质量问题' });
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '无质量问题', actions: ['withdraw'] });
    const back = await r().act(w.shop01, draft.id, 'withdraw');
    expect(back.status).toBe('draft');
    const del = await r().call('DELETE', `/${draft.id}`, w.shop01);
    expect(del.status).toBe(200);
    expect((await r().call('GET', `/${draft.id}`, w.admin)).status).toBe(404);
  });
});
