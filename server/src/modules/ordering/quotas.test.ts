import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuotaRecord, SalesOrderDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { calls, orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { assertQuotasMatchEntries, QUOTAS } from './quotas-test-kit.ts';

let t: TestApp;
let w: OrderWorld;
let api: ReturnType<typeof calls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  api = calls(t);
});
afterEach(async () => {
  if (t) await assertQuotasMatchEntries(t.db);
});
afterAll(() => t?.close());

const q = (method: 'GET' | 'POST' | 'PUT', path: string, session: string, payload?: object) =>
  t.call({ method, url: `${QUOTAS}${path}`, session, ...(payload ? { payload } : {}) });
const quota = async (id: number): Promise<QuotaRecord> => (await q('GET', `/${id}`, w.admin)).body.data;
const entryCount = async (id: number): Promise<number> => (await q('GET', `/${id}/entries/page`, w.admin)).body.data.total;
const line = (style: 0 | 1, sku: number, quantity: number) => ({ skuId: w.styles[style]!.skus[sku]!.id, quantity });
const shopOrder = (lines: object[]) => api.create(w.shop01, { seasonId: w.ids.spot, lines });
const create = async (body: object): Promise<number> => {
  const res = await q('POST', '', w.admin, body);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data.id;
};
const use = (r: QuotaRecord) => [r.reservedPieces, r.consumedPieces, r.reservedFen, r.consumedFen];

let shopQuota: number;

describe('the quota ledger follows the order', () => {
  beforeAll(async () => {
    shopQuota = await create({ seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh001, limitPieces: 10, remark: '秋冬额度' });
  });

  it('submission reserves; an order over what is left is refused with the reason and changes nothing', async () => {
    const first = await shopOrder([line(0, 0, 4)]);
    await api.act(w.shop01, first.id, 'submit');
    let r = await quota(shopQuota);
    expect(use(r)).toEqual([4, 0, first.totalAmountFen, 0]);
    expect([r.leftPieces, r.leftFen]).toEqual([6, null]);

    const big = await shopOrder([line(0, 1, 7)]);
    const refused = await api.call('POST', `/${big.id}/submit`, w.shop01, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ msg: '超出订货额度：剩余6件，本单7件', data: null });
    expect((await api.call('GET', `/${big.id}`, w.shop01)).body.data.status).toBe('draft');
    r = await quota(shopQuota);
    expect(use(r)).toEqual([4, 0, first.totalAmountFen, 0]);
    expect(await entryCount(shopQuota)).toBe(1);

    // withdrawal gives it back; the big order then fits
    await api.act(w.shop01, first.id, 'withdraw');
    expect(use(await quota(shopQuota))).toEqual([0, 0, 0, 0]);
    await api.act(w.shop01, big.id, 'submit');
    expect((await quota(shopQuota)).leftPieces).toBe(3);
    await api.act(w.admin, big.id, 'reject', { reason: '本季不再补货' });
    expect(use(await quota(shopQuota))).toEqual([0, 0, 0, 0]);
  });

  it('the audit consumes what it kept and releases the cut; a cancellation gives the consumption back', async () => {
    const order = await shopOrder([line(0, 0, 3), line(1, 0, 2)]);
    const submitted: SalesOrderDetail = await api.act(w.shop01, order.id, 'submit');
    const [first] = submitted.lines;
    const audited: SalesOrderDetail = await api.act(w.admin, order.id, 'audit', { lines: [{ lineId: first!.id, approved: 1 }], reason: '库存不足' });
    const cut = first!.ordered - 1;
    const kept = audited.approvedAmountFen!;
    expect(kept).toBe(submitted.totalAmountFen - cut * first!.unitPriceFen);
    const r = await quota(shopQuota);
    expect(use(r)).toEqual([0, 5 - cut, 0, kept]);
    expect(r.leftPieces).toBe(5 + cut);
    const entries = (await q('GET', `/${shopQuota}/entries/page`, w.admin)).body.data.records;
    expect(
      entries.slice(0, 3).map((e: { move: string; reservedPieces: number; consumedPieces: number; orderNo: string }) => [e.move, e.reservedPieces, e.consumedPieces, e.orderNo]),
    ).toEqual([
      ['release', -cut, 0, order.orderNo],
      ['consume', cut - 5, 5 - cut, order.orderNo],
      ['reserve', 5, 0, order.orderNo],
    ]);
    await api.act(w.admin, order.id, 'cancel', { reason: '客户取消' });
    expect(use(await quota(shopQuota))).toEqual([0, 0, 0, 0]);
  });

  it('a draft cancelled before submission moves nothing; an order without a quota is not restricted', async () => {
    const before = await entryCount(shopQuota);
    const draft = await shopOrder([line(0, 0, 1)]);
    await api.act(w.shop01, draft.id, 'cancel', { reason: '不要了' });
    expect(await entryCount(shopQuota)).toBe(before);
    // SH002 has no quota: agent01 orders 30 pieces as it
    const free = await api.create(w.agent01, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh002, lines: [line(1, 1, 30)] });
    expect((await api.act(w.agent01, free.id, 'submit')).status).toBe('submitted');
  });

  it('an amount limit refuses in 元', async () => {
    const agentQuota = await create({ seasonId: w.ids.spot, buyerType: 'agent', buyerId: w.ids.ag001, limitFen: 100 });
    const order = await api.create(w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh001, lines: [line(0, 0, 1)] });
    const res = await api.call('POST', `/${order.id}/submit`, w.agent01, {});
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/^超出订货额度：剩余金额 ¥1\.00，本单 ¥[\d,]+\.\d{2}$/);
    expect(await entryCount(agentQuota)).toBe(0);
  });
});

describe('limits', () => {
  it('cannot go below what is reserved and consumed', async () => {
    const order = await shopOrder([line(0, 2, 5)]);
    await api.act(w.shop01, order.id, 'submit');
    const low = await q('PUT', `/${shopQuota}`, w.admin, { limitPieces: 4 });
    expect(low.status).toBe(409);
    expect(low.body.msg).toBe('件数额度不能低于已占用和已扣减的5件');
    expect((await quota(shopQuota)).limitPieces).toBe(10);
    const lowFen = await q('PUT', `/${shopQuota}`, w.admin, { limitPieces: 10, limitFen: order.totalAmountFen - 1 });
    expect(lowFen.status).toBe(409);
    expect(lowFen.body.msg).toMatch(/^金额额度不能低于已占用和已扣减的 ¥[\d,]+\.\d{2}$/);
    const ok = await q('PUT', `/${shopQuota}`, w.admin, { limitPieces: 5, limitFen: order.totalAmountFen, remark: '收紧' });
    expect(ok.body).toMatchObject({ code: '201', msg: '订货额度已修改', data: { limitPieces: 5, leftPieces: 0, leftFen: 0, remark: '收紧' } });
    await q('PUT', `/${shopQuota}`, w.admin, { limitPieces: 20, limitFen: null });
  });

  it('refuses bad input with a Chinese message and creates nothing', async () => {
    const base = { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh003 };
    const cases: [object, number, string][] = [
      [{ ...base, limitFen: -1 }, 422, '金额额度须为0到10亿元之间、最多两位小数的金额'],
      [{ ...base, limitFen: 1.5 }, 422, '金额额度须为0到10亿元之间、最多两位小数的金额'],
      [{ ...base, limitFen: '100' }, 422, '金额额度须为0到10亿元之间、最多两位小数的金额'],
      [{ ...base, limitPieces: 2.5 }, 422, '件数额度须为0到1亿之间的整数'],
      [{ ...base }, 422, '请至少填写金额额度或件数额度'],
      [{ ...base, limitPieces: 1, remark: 'x'.repeat(201) }, 422, '备注不能超过200个字符'],
      [{ ...base, seasonId: undefined, limitPieces: 1 }, 422, '请选择订货季'],
      [{ ...base, seasonId: 999999, limitPieces: 1 }, 404, '订货季不存在'],
      [{ ...base, buyerType: 'supplier', limitPieces: 1 }, 422, '请选择订货方（代理商或门店）'],
      [{ ...base, buyerId: 999999, limitPieces: 1 }, 404, '订货方不存在'],
      [{ seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh001, limitPieces: 1 }, 409, '该订货方在此订货季已有订货额度，请直接修改'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await q('POST', '', w.admin, body);
      expect([res.status, res.body.msg, res.body.data], JSON.stringify(body)).toEqual([status, msg, null]);
    }
    expect((await q('GET', `/page?buyerType=shop&buyerId=${w.ids.sh003}`, w.admin)).body.data.total).toBe(0);
    const badQuery = await q('GET', '/page?seasonId=abc', w.admin);
    expect([badQuery.status, badQuery.body.msg]).toEqual([422, 'seasonId：订货季编号必须是正整数']);
    expect((await q('PUT', '/999999', w.admin, { limitPieces: 1 })).status).toBe(404);
  });
});

describe('who reads what', () => {
  beforeAll(async () => {
    await create({ seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh003, limitPieces: 50 });
    await create({ seasonId: w.ids.spot, buyerType: 'agent', buyerId: w.ids.ag002, limitFen: 1_000_000 });
  });
  const buyersOf = async (session: string) => ((await q('GET', '/page?limit=50', session)).body.data.records as QuotaRecord[]).map((r) => `${r.buyerType}:${r.buyerId}`).sort();

  it('HQ reads all; agent01 its own and its shops; shop01 its own; supplier01 nothing', async () => {
    expect(await buyersOf(w.admin)).toHaveLength(4);
    expect(await buyersOf(w.agent01)).toEqual([`agent:${w.ids.ag001}`, `shop:${w.ids.sh001}`].sort());
    expect(await buyersOf(w.shop01)).toEqual([`shop:${w.ids.sh001}`]);
    expect((await q('GET', '/page', w.supplier01)).status).toBe(403);
    const other = (await q('GET', `/page?buyerType=shop&buyerId=${w.ids.sh003}`, w.admin)).body.data.records[0].id;
    for (const session of [w.agent01, w.shop01]) {
      expect((await q('GET', `/${other}`, session)).status).toBe(404);
      expect((await q('GET', `/${other}/entries/page`, session)).status).toBe(404);
    }
    expect((await q('GET', `/${shopQuota}/entries/page`, w.shop01)).body.data.total).toBeGreaterThan(0);
  });

  it('only HQ sets limits', async () => {
    for (const session of [w.agent01, w.shop01, w.supplier01]) {
      expect((await q('POST', '', session, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh002, limitPieces: 1 })).status).toBe(403);
      expect((await q('PUT', `/${shopQuota}`, session, { limitPieces: 100 })).status).toBe(403);
    }
  });

  it('what is left for a buyer and season, for order entry', async () => {
    const mine = await q('GET', `/left?seasonId=${w.ids.spot}&buyerType=shop&buyerId=${w.ids.sh001}`, w.shop01);
    expect(mine.body.data).toMatchObject({ limited: true, quota: { id: shopQuota, limitPieces: 20, leftPieces: 15 } });
    const none = await q('GET', `/left?seasonId=${w.ids.preorder}&buyerType=shop&buyerId=${w.ids.sh001}`, w.shop01);
    expect(none.body.data).toEqual({ limited: false, quota: null });
    expect((await q('GET', `/left?seasonId=${w.ids.spot}&buyerType=agent&buyerId=${w.ids.ag002}`, w.agent01)).status).toBe(404);
    expect((await q('GET', `/left?seasonId=${w.ids.spot}&buyerType=shop&buyerId=${w.ids.sh002}`, w.agent01)).body.data.limited).toBe(false);
  });

  it('the ledger is append-only', async () => {
    await expect(t.db.deleteFrom('ordering_quota_entries').execute()).rejects.toThrow(/只能追加/);
  });
});
