import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyerBrandRecord, CartAnswer, CatalogueStyle } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { calls, orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';

// 可订品牌: the routes (who may read and change what, bad input), then the rule where ordering
// happens. One spot style (YS26W2006) is moved to the second demo brand 衣尚童装 and SH002 (agent01's
// shop) may order 衣尚 only: its catalogue, style detail, order entry, order lines, draft submission
// and cart refuse that style; SH001 (no rows) is unaffected.

const BB = '/api/admin/api/v1/ordering/buyer-brands';
const CATALOGUE = '/api/admin/api/v1/ordering/catalogue';
const CART = '/api/admin/api/v1/ordering/cart';
const KIDS_STYLE = 'YS26W2006';

let t: TestApp;
let w: OrderWorld;
let orders: ReturnType<typeof calls>;
let clerk: string;
let brand: { ys: number; ysk: number };
let kids: { productId: number; skus: { id: number; colourId: number; size: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  orders = calls(t);
  clerk = await t.login('clerk01');
  const idOf = async (code: string) => (await t.db.selectFrom('brands').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  brand = { ys: await idOf('YS'), ysk: await idOf('YSK') };
  const skus = await t.db
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .innerJoin('sizes as z', 'z.id', 'k.size_id')
    .select(['k.id', 'p.id as productId', 'k.colour_id as colourId', 'z.name as size'])
    .where('p.style_no', '=', KIDS_STYLE)
    .orderBy('k.id')
    .execute();
  kids = { productId: skus[0]!.productId, skus };
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, session: string, payload?: object) =>
  t.call({ method, url: `${BB}${path}`, session, ...(payload ? { payload } : {}) });
const rowCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('ordering_buyer_brands')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const listed = async (session: string, query = ''): Promise<BuyerBrandRecord[]> => {
  const res = await call('GET', `/page?limit=100${query}`, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data.records;
};
const add = async (body: object) => {
  const res = await call('POST', '', w.admin, body);
  expect(res.body.code, res.raw).toBe('201');
  return res.body;
};
const catalogue = async (session: string, query: string): Promise<{ total: number; styleNos: string[] }> => {
  const res = await t.call({ method: 'GET', url: `${CATALOGUE}/page?seasonId=${w.ids.spot}&limit=100${query}`, session });
  expect(res.body.code, res.raw).toBe('201');
  return { total: res.body.data.total, styleNos: res.body.data.records.map((s: CatalogueStyle) => s.styleNo) };
};
const kidsColour = () => kids.skus[0]!.colourId;
const kidsCells = (quantity: number) => kids.skus.filter((k) => k.colourId === kidsColour()).map((k) => ({ skuId: k.id, quantity }));
const putKids = (session: string, party: object, quantity = 1) =>
  t.call({
    method: 'PUT',
    url: `${CART}/styles/${kids.productId}`,
    session,
    payload: { seasonId: w.ids.spot, ...party, colours: [{ colourId: kidsColour(), cells: kidsCells(quantity) }] },
  });
const SH002 = () => ({ buyerType: 'shop', buyerId: w.ids.sh002, shopId: w.ids.sh002 });

describe('who may read and change 可订品牌', () => {
  it('refuses a supplier and an account without the codes every call, and a buyer the changes, with 403', async () => {
    for (const session of [w.supplier01, clerk]) {
      for (const [method, path, body] of [
        ['GET', '/page', undefined],
        ['POST', '', { buyerType: 'agent', buyerId: w.ids.ag002, brandIds: [brand.ys] }],
        ['DELETE', '/1', undefined],
      ] as const) {
        const res = await call(method, path, session, body);
        expect([res.status, res.body.code], `${method} ${path}`).toEqual([403, 'A0301']);
      }
    }
    for (const session of [w.agent01, w.shop01]) {
      const res = await call('POST', '', session, { buyerType: 'shop', buyerId: w.ids.sh002, brandIds: [brand.ys] });
      expect([res.status, res.body.code]).toEqual([403, 'A0301']);
    }
    expect(await rowCount()).toBe(0);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const off = await t.call({ method: 'POST', url: '/api/admin/api/v1/brands', session: w.admin, payload: { code: 'OLD', name: '旧品牌', enabled: false } });
    expect(off.body.code, off.raw).toBe('201');
    const cases: [object, number, string][] = [
      [{ buyerId: w.ids.ag002, brandIds: [brand.ys] }, 422, '请选择订货方（代理商或门店）'],
      [{ buyerType: 'supplier', buyerId: w.ids.ag002, brandIds: [brand.ys] }, 422, '请选择订货方（代理商或门店）'],
      [{ buyerType: 'agent', brandIds: [brand.ys] }, 422, '请选择订货方（代理商或门店）'],
      [{ buyerType: 'agent', buyerId: 'AG002', brandIds: [brand.ys] }, 404, '订货方不存在'],
      [{ buyerType: 'agent', buyerId: 999_999, brandIds: [brand.ys] }, 404, '订货方不存在'],
      [{ buyerType: 'shop', buyerId: w.ids.ag002 + 999_999, brandIds: [brand.ys] }, 404, '订货方不存在'],
      [{ buyerType: 'agent', buyerId: w.ids.ag002 }, 422, '请选择品牌'],
      [{ buyerType: 'agent', buyerId: w.ids.ag002, brandIds: [] }, 422, '请选择品牌'],
      [{ buyerType: 'agent', buyerId: w.ids.ag002, brandIds: brand.ys }, 422, '请选择品牌'],
      [{ buyerType: 'agent', buyerId: w.ids.ag002, brandIds: Array.from({ length: 51 }, () => brand.ys) }, 422, '一次最多选择50个品牌'],
      [{ buyerType: 'agent', buyerId: w.ids.ag002, brandIds: [brand.ys, 999_999] }, 422, '品牌不存在'],
      [{ buyerType: 'agent', buyerId: w.ids.ag002, brandIds: ['YS'] }, 422, '品牌不存在'],
      [{ buyerType: 'agent', buyerId: w.ids.ag002, brandIds: [brand.ys, off.body.data.id] }, 422, '品牌“旧品牌”已停用，不能设为可订品牌'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await call('POST', '', w.admin, body);
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([status, msg]);
    }
    for (const [path, msg] of [
      ['/page?buyerType=hq', 'buyerType：订货方类型只能是代理商或门店'],
      ['/page?brandId=x', 'brandId：品牌编号必须是正整数'],
      ['/page?sort=secret', '不支持按“secret”排序，可用：createdAt、brandCode、id'],
      ['/abc', 'id：编号必须是正整数'],
    ] as const) {
      const res = await call(path === '/abc' ? 'DELETE' : 'GET', path, w.admin);
      expect([res.status, res.body.code, res.body.msg], path).toEqual([422, 'A0400', msg]);
    }
    expect(await rowCount()).toBe(0);
  });

  it('adds one or many brands at once, ignores those the buyer has, lists them in scope and removes one', async () => {
    const first = await add({ buyerType: 'shop', buyerId: w.ids.sh002, brandIds: [brand.ys, brand.ys] });
    expect([first.msg, first.data]).toEqual(['已添加 1 个可订品牌（1 个已存在）', { added: 1, already: 1 }]);
    expect((await add({ buyerType: 'agent', buyerId: w.ids.ag002, brandIds: [brand.ys, brand.ysk] })).data).toEqual({ added: 2, already: 0 });
    expect((await add({ buyerType: 'shop', buyerId: w.ids.sh003, brandIds: [brand.ysk] })).msg).toBe('已添加 1 个可订品牌');
    await t.app.operationLogsSettled();
    const logged = await t.db.selectFrom('operation_logs').select('module').where('module', '=', 'ordering-brands').execute();
    expect(logged.length).toBeGreaterThanOrEqual(3);

    const all = await listed(w.admin, '&sort=brandCode&order=asc');
    expect(all.map((r) => [r.buyerCode, r.brandName])).toEqual(
      expect.arrayContaining([
        ['SH002', '衣尚'],
        ['AG002', '衣尚'],
        ['AG002', '衣尚童装'],
        ['SH003', '衣尚童装'],
      ]),
    );
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({ buyerType: expect.any(String), brandCode: 'YS', brandEnabled: true, createdByName: '系统管理员' });
    expect((await listed(w.admin, `&buyerType=agent&buyerId=${w.ids.ag002}&brandId=${brand.ysk}`)).map((r) => r.buyerCode)).toEqual(['AG002']);
    // agent01 sees its shop's rows, not another agent's or HQ's shop; shop01 has none and sees none
    expect((await listed(w.agent01)).map((r) => [r.buyerCode, r.brandCode])).toEqual([['SH002', 'YS']]);
    expect(await listed(w.agent01, `&buyerType=agent&buyerId=${w.ids.ag002}`)).toEqual([]);
    expect(await listed(w.shop01)).toEqual([]);
    expect(await listed(w.shop01, `&buyerType=shop&buyerId=${w.ids.sh002}`)).toEqual([]);

    const sh003 = all.find((r) => r.buyerCode === 'SH003')!;
    for (const session of [w.agent01, w.shop01]) expect((await call('DELETE', `/${sh003.id}`, session)).status).toBe(403);
    const removed = await call('DELETE', `/${sh003.id}`, w.admin);
    expect([removed.status, removed.body.msg]).toEqual([200, '可订品牌已删除']);
    const again = await call('DELETE', `/${sh003.id}`, w.admin);
    expect([again.status, again.body.msg]).toEqual([404, '该可订品牌不存在']);
    expect(await rowCount()).toBe(3);
  });

  it('keeps a brand some buyer may order from being deleted', async () => {
    const made = await t.call({ method: 'POST', url: '/api/admin/api/v1/brands', session: w.admin, payload: { code: 'NEW', name: '新品牌' } });
    await add({ buyerType: 'shop', buyerId: w.ids.sh003, brandIds: [made.body.data.id] });
    const res = await t.call({ method: 'DELETE', url: `/api/admin/api/v1/brands/${made.body.data.id}`, session: w.admin });
    expect([res.status, res.body.msg]).toEqual([409, '该品牌是1个订货方的可订品牌，不能删除']);
  });
});

describe('where ordering happens: SH002 may order 衣尚 only', () => {
  let draftId: number;

  beforeAll(async () => {
    // before the style changes brand: a draft and a cart line of it for SH002
    const draft = await orders.create(w.agent01, { seasonId: w.ids.spot, ...SH002(), lines: [{ skuId: kids.skus[0]!.id, quantity: 2 }] });
    draftId = draft.id;
    expect((await putKids(w.agent01, SH002())).body.code).toBe('201');
    await t.db.updateTable('products').set({ brand_id: brand.ysk }).where('id', '=', kids.productId).execute();
  });

  it('hides the style from the catalogue, its detail and order entry, and offers only the allowed brands to filter', async () => {
    const agentAsShop = `&buyerType=shop&buyerId=${w.ids.sh002}`;
    const free = await catalogue(w.shop01, '');
    const limited = await catalogue(w.agent01, agentAsShop);
    expect(free.styleNos).toContain(KIDS_STYLE);
    expect(limited.styleNos).not.toContain(KIDS_STYLE);
    expect(limited.total).toBe(free.total - 1);
    expect((await catalogue(w.agent01, `${agentAsShop}&brandId=${brand.ysk}`)).total).toBe(0);
    expect((await catalogue(w.admin, `${agentAsShop}&keyword=${KIDS_STYLE}`)).total).toBe(0);

    const brandsOf = async (session: string, query = '') =>
      (await t.call({ method: 'GET', url: `${CATALOGUE}/brands?${query}`, session })).body.data.map((b: { code: string }) => b.code);
    expect(await brandsOf(w.agent01, agentAsShop)).toEqual(['YS']);
    // every enabled brand (新品牌 sorts first) for a buyer without rows; AG002 has two of the three
    expect(await brandsOf(w.shop01)).toEqual(['NEW', 'YS', 'YSK']);
    expect(await brandsOf(w.admin, `buyerType=agent&buyerId=${w.ids.ag002}`)).toEqual(['YS', 'YSK']);
    expect((await t.call({ method: 'GET', url: `${CATALOGUE}/brands`, session: w.supplier01 })).status).toBe(403);

    const detail = (session: string, query: string) => t.call({ method: 'GET', url: `${CATALOGUE}/styles/${kids.productId}?seasonId=${w.ids.spot}${query}`, session });
    expect((await detail(w.shop01, '')).status).toBe(200);
    const hidden = await detail(w.agent01, agentAsShop);
    expect([hidden.status, hidden.body.msg]).toEqual([404, '该款式不在当前开放的订货季中']);
    const entry = await orders.call('GET', `/entry/styles/${kids.productId}?seasonId=${w.ids.spot}${agentAsShop}`, w.agent01);
    expect([entry.status, entry.body.msg]).toEqual([404, `款式${KIDS_STYLE}不在可订品牌内`]);
    expect((await orders.call('GET', `/entry/styles/${kids.productId}?seasonId=${w.ids.spot}`, w.shop01)).status).toBe(200);
  });

  it('refuses an order line and a run of that brand naming the style; a draft holding it is not submitted', async () => {
    const other = w.styles[0]!.skus[0]!.id;
    const byLine = await orders.call('POST', '', w.agent01, {
      seasonId: w.ids.spot,
      ...SH002(),
      lines: [
        { skuId: other, quantity: 1 },
        { skuId: kids.skus[0]!.id, quantity: 1 },
      ],
    });
    expect([byLine.status, byLine.body.code, byLine.body.msg]).toEqual([422, 'A0400', `第2行：款式${KIDS_STYLE}不在可订品牌内`]);
    const run = await t.db.selectFrom('size_runs').select('id').where('name', '=', '小码配码').executeTakeFirstOrThrow();
    const byRun = await orders.call('POST', '', w.admin, {
      seasonId: w.ids.spot,
      ...SH002(),
      runs: [{ productId: kids.productId, colourId: kidsColour(), sizeRunId: run.id, runCount: 1 }],
    });
    expect([byRun.status, byRun.body.msg]).toEqual([422, `第1组配码：款式${KIDS_STYLE}不在可订品牌内`]);
    const submit = await orders.call('POST', `/${draftId}/submit`, w.agent01, {});
    expect([submit.status, submit.body.msg]).toEqual([422, `第1行：款式${KIDS_STYLE}不在可订品牌内`]);
    expect((await orders.call('GET', `/${draftId}`, w.agent01)).body.data.status).toBe('draft');
    // SH001 has no rows: every brand
    const free = await orders.create(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: kids.skus[0]!.id, quantity: 1 }] });
    expect(free.lines.map((l) => l.styleNo)).toEqual([KIDS_STYLE]);
  });

  it('refuses the style in the cart and marks the line already there; a buyer without rows still may', async () => {
    const refused = await putKids(w.agent01, SH002(), 2);
    expect([refused.status, refused.body.msg]).toEqual([422, `款式${KIDS_STYLE}不在可订品牌内`]);
    const cart: CartAnswer = (await t.call({ method: 'GET', url: CART, session: w.agent01 })).body.data;
    const order = cart.orders.find((o) => o.shopId === w.ids.sh002)!;
    expect(order.styles[0]!.groups[0]!.problem).toBe(`款式${KIDS_STYLE}不在可订品牌内`);
    expect(order.problem).toBe(`款式${KIDS_STYLE}不在可订品牌内`);
    const checkout = await t.call({ method: 'POST', url: `${CART}/checkout`, session: w.agent01, payload: { seasonId: w.ids.spot, ...SH002() } });
    expect([checkout.status, checkout.body.msg]).toEqual([422, `第1行：款式${KIDS_STYLE}不在可订品牌内`]);
    // taking it out is still allowed
    expect((await putKids(w.agent01, SH002(), 0)).body.data.orders).toEqual([]);
    expect((await putKids(w.shop01, {}, 1)).body.code).toBe('201');
  });
});
