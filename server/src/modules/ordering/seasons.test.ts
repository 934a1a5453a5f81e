import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let clerk: string;
const parties: Record<'agent01' | 'shop01' | 'supplier01', string> = { agent01: '', shop01: '', supplier01: '' };
const ids = { coat: 0, dress: 0, jacket: 0, jeans: 0, womenswear: 0, casualTag: 0 };

beforeAll(async () => {
  t = await createTestApp();
  [admin, clerk, parties.agent01, parties.shop01, parties.supplier01] = await Promise.all(['admin', 'clerk01', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  const product = async (styleNo: string) => (await t.db.selectFrom('products').select('id').where('style_no', '=', styleNo).executeTakeFirstOrThrow()).id;
  [ids.coat, ids.dress, ids.jacket, ids.jeans] = await Promise.all(['YS26W1001', 'YS26W2003', 'YS26M3001', 'YS26M3102'].map(product));
  ids.womenswear = (await t.db.selectFrom('product_categories').select('id').where('code', '=', '01').executeTakeFirstOrThrow()).id;
  ids.casualTag = (await t.db.selectFrom('tags').select('id').where('name', '=', '休闲').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

const BASE = '/api/admin/api/v1/ordering/seasons';
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, payload?: object, session: string = admin) => t.call({ method, url: `${BASE}${path}`, payload, session });
const count = async (table: 'ordering_seasons' | 'ordering_season_styles') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** yyyy-mm-dd `days` from today in Asia/Shanghai */
const day = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const season = (code: string, from: number, to: number, extra: object = {}) => ({ code, name: `订货季 ${code}`, kind: 'spot', opensOn: day(from), closesOn: day(to), ...extra });
async function created(body: object): Promise<number> {
  const res = await call('POST', '', body);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data.id as number;
}
const styleNos = async (seasonId: number, query = '') =>
  ((await call('GET', `/${seasonId}/styles/page?limit=50${query}`)).body.data.records as { styleNo: string }[]).map((r) => r.styleNo).sort();

describe('who may run seasons', () => {
  it('gives the admin 订货季 with its button and 订货; agents and shops only 订货; the supplier and clerk01 neither', async () => {
    const menu = async (session: string) => JSON.stringify((await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session })).body.data);
    const hq = await menu(admin);
    for (const text of ['"path":"/erp/ordering/season"', '"path":"/erp/ordering/purchase"', 'ordering:season:edit', '订货管理']) expect(hq).toContain(text);
    for (const session of [parties.agent01, parties.shop01]) {
      const own = await menu(session);
      expect(own).toContain('"path":"/erp/ordering/purchase"');
      expect(own).not.toContain('/erp/ordering/season');
    }
    for (const session of [parties.supplier01, clerk]) expect(await menu(session)).not.toContain('/erp/ordering');
  });

  it('refuses agent01, shop01, supplier01 and clerk01 every season call, changing nothing', async () => {
    const id = await created(season('GUARD', 0, 10));
    const before = [await count('ordering_seasons'), await count('ordering_season_styles')];
    for (const session of [clerk, ...Object.values(parties)]) {
      const refused = [
        await call('GET', '/page', undefined, session),
        await call('GET', `/${id}`, undefined, session),
        await call('POST', '', season('MINE', 0, 1), session),
        await call('PUT', `/${id}`, { enabled: false }, session),
        await call('GET', `/${id}/styles/page`, undefined, session),
        await call('POST', `/${id}/styles`, { productIds: [ids.coat] }, session),
        await call('POST', `/${id}/styles/by-filter`, { season: 'winter' }, session),
        await call('POST', `/${id}/styles/remove`, { productIds: [ids.coat] }, session),
        await t.call({ method: 'GET', url: '/api/admin/api/v1/ordering/options/products', session }),
      ];
      for (const res of refused) expect([res.status, res.body.code], res.raw).toEqual([403, 'A0301']);
    }
    expect([await count('ordering_seasons'), await count('ordering_season_styles')]).toEqual(before);
    expect((await t.call({ method: 'GET', url: `${BASE}/page` })).status).toBe(401);
  });
});

describe('订货季', () => {
  it('derives the status from today (Asia/Shanghai, both ends inclusive) and filters by it', async () => {
    const open = await created(season('ST-OPEN', 0, 0, { kind: 'preorder', remark: '  只开今天  ' }));
    const upcoming = await created(season('ST-UP', 1, 30));
    const ended = await created(season('ST-END', -30, -1));
    const off = await created(season('ST-OFF', -1, 1, { enabled: false }));
    const got = (await call('GET', `/${open}`)).body.data;
    expect(got).toMatchObject({ code: 'ST-OPEN', kind: 'preorder', status: 'open', styleCount: 0, remark: '只开今天', enabled: true, opensOn: day(0), closesOn: day(0) });
    for (const [id, status] of [
      [upcoming, 'upcoming'],
      [ended, 'ended'],
      [off, 'disabled'],
    ] as const) {
      expect((await call('GET', `/${id}`)).body.data.status).toBe(status);
      const listed = (await call('GET', `/page?status=${status}&keyword=ST-&limit=50`)).body.data.records as { id: number }[];
      expect(listed.map((r) => r.id)).toEqual([id]);
    }
    expect((await call('GET', '/page?keyword=st-&kind=preorder')).body.data.records.map((r: { code: string }) => r.code)).toEqual(['ST-OPEN']);
  });

  it('refuses bad input with the form messages, storing nothing', async () => {
    await created(season('DUP-1', 0, 5));
    const before = await count('ordering_seasons');
    const cases: [object, number, string][] = [
      [{ ...season('BAD', 5, 1) }, 422, '开始日期不能晚于结束日期'],
      [{ ...season('BAD', 0, 1), opensOn: '2026-02-30' }, 422, '日期不存在或不在1900—2099年之间，请输入正确的日期'],
      [{ ...season('BAD', 0, 1), closesOn: '' }, 422, '请选择结束日期'],
      [{ ...season('BAD', 0, 1), kind: 'futures' }, 422, '订货类型只能是现货或期货'],
      [{ ...season('BAD', 0, 1), name: '' }, 422, '请输入订货季名称'],
      [{ ...season('', 0, 1) }, 422, '请输入订货季编码'],
      [{ ...season('秋冬', 0, 1) }, 422, '订货季编码只能包含字母、数字、-和_，最多32个字符'],
      [{ ...season('BAD', 0, 1), remark: 'x'.repeat(201) }, 422, '备注不能超过200个字符'],
      [{ ...season('dup-1', 0, 1) }, 409, '订货季编码“dup-1”已存在'],
      [{ ...season('BAD', 0, 1), name: '春\u0000夏' }, 422, ''],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '', body);
      expect([res.status, res.body.code], res.raw).toEqual([status, status === 409 ? 'A0409' : 'A0400']);
      if (message) expect(res.body.msg).toBe(message);
    }
    expect(await count('ordering_seasons')).toBe(before);
    for (const query of ['page=1000001', 'page=0', 'limit=7', 'sort=price', 'status=soon', 'kind=x']) {
      const res = await call('GET', `/page?${query}`);
      expect([res.status, res.body.code], query).toEqual([422, 'A0400']);
    }
    const beyond = (await call('GET', '/page?page=999999')).body.data;
    expect(beyond.records).toEqual([]);
    expect((await call('GET', '/999999')).status).toBe(404);
    expect((await call('PUT', '/999999', { enabled: false })).status).toBe(404);
  });

  it('edits what is sent and keeps the rest; the kind is fixed once the season offers styles', async () => {
    const id = await created(season('EDIT', 0, 10));
    let res = await call('PUT', `/${id}`, { enabled: false });
    expect(res.body.data).toMatchObject({ code: 'EDIT', status: 'disabled', closesOn: day(10) });
    res = await call('PUT', `/${id}`, { enabled: true, closesOn: day(20), kind: 'preorder' });
    expect(res.body.data).toMatchObject({ status: 'open', closesOn: day(20), kind: 'preorder' });
    expect((await call('PUT', `/${id}`, { opensOn: day(30) })).body.msg).toBe('开始日期不能晚于结束日期');
    await call('POST', `/${id}/styles`, { productIds: [ids.coat] });
    res = await call('PUT', `/${id}`, { kind: 'spot' });
    expect([res.status, res.body.msg]).toEqual([409, '订货季已有款式，不能修改订货类型']);
    expect((await call('PUT', `/${id}`, { code: 'DUP-1' })).status).toBe(409);
    expect((await call('GET', `/${id}`)).body.data).toMatchObject({ code: 'EDIT', kind: 'preorder', styleCount: 1 });
  });
});

describe("a season's styles", () => {
  it('adds styles by id (all existing and on sale, or none), lists, searches and removes them', async () => {
    const id = await created(season('STYLES', 0, 10));
    let res = await call('POST', `/${id}/styles`, { productIds: [ids.coat, ids.dress, ids.coat] });
    expect([res.body.data, res.body.msg]).toEqual([{ added: 2, already: 0, offSale: 0 }, '已加入 2 个款式']);
    res = await call('POST', `/${id}/styles`, { productIds: [ids.dress, ids.jeans] });
    expect([res.body.data, res.body.msg]).toEqual([{ added: 1, already: 1, offSale: 0 }, '已加入 1 个款式（1 个已在订货季中）']);
    expect(await styleNos(id)).toEqual(['YS26M3102', 'YS26W1001', 'YS26W2003']);
    expect(await styleNos(id, '&keyword=大衣')).toEqual(['YS26W1001']);
    const page = (await call('GET', `/${id}/styles/page?limit=10&sort=wholesalePrice&order=desc`)).body.data;
    expect(page.total).toBe(3);
    expect(page.records[0]).toMatchObject({ styleNo: 'YS26W1001', brandName: '衣尚', categoryName: '大衣', seasonName: '冬', wholesalePriceFen: 94_900, status: 'on_sale' });

    const before = await count('ordering_season_styles');
    const bad: [object, number, string][] = [
      [{ productIds: [ids.coat, 999_999] }, 422, '所选款式不存在'],
      [{ productIds: [] }, 422, '请选择款式'],
      [{ productIds: [1.5] }, 422, '款式编号不正确'],
      [{ productIds: Array.from({ length: 501 }, (_, i) => i + 1) }, 422, '一次最多选择500个款式'],
      [{}, 422, '请选择款式'],
    ];
    for (const [body, status, message] of bad) {
      res = await call('POST', `/${id}/styles`, body);
      // zod's messages name the field first (productIds.0：款式编号不正确)
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.body.msg).toContain(message);
    }
    expect((await call('POST', '/999999/styles', { productIds: [ids.coat] })).status).toBe(404);
    expect(await count('ordering_season_styles')).toBe(before);

    res = await call('POST', `/${id}/styles/remove`, { productIds: [ids.dress, ids.jacket] });
    expect([res.body.data, res.body.msg]).toEqual([{ removed: 1 }, '已移除 1 个款式']);
    expect(await styleNos(id)).toEqual(['YS26M3102', 'YS26W1001']);
  });

  it('refuses an off-sale style by id, and adds by filter only on-sale ones (a category with its children, a tag)', async () => {
    const id = await created(season('FILTER', 0, 10));
    await t.call({ method: 'POST', url: '/api/admin/api/v1/products/status', session: admin, payload: { ids: [ids.dress], status: 'off_sale' } });
    try {
      let res = await call('POST', `/${id}/styles`, { productIds: [ids.coat, ids.dress] });
      expect([res.status, res.body.msg]).toEqual([422, '款式 YS26W2003 已下架，不能加入订货季']);
      res = await call('POST', `/${id}/styles/by-filter`, { categoryId: ids.womenswear });
      expect([res.body.data, res.body.msg]).toEqual([{ added: 1, already: 0, offSale: 1 }, '已加入 1 个款式（1 个已下架未加入）']);
      expect(await styleNos(id)).toEqual(['YS26W1001']);
      res = await call('POST', `/${id}/styles/by-filter`, { season: 'winter' });
      expect(res.body.data).toEqual({ added: 1, already: 1, offSale: 0 });
      expect(await styleNos(id)).toEqual(['YS26M3001', 'YS26W1001']);
      // nothing carries the tag yet: none added, none refused
      expect((await call('POST', `/${id}/styles/by-filter`, { tagId: ids.casualTag })).body.data).toEqual({ added: 0, already: 0, offSale: 0 });
      for (const [body, message] of [
        [{}, '请至少设置品牌、商品分类、季节、标签中的一项'],
        [{ brandId: 999_999 }, '品牌不存在'],
        [{ categoryId: 999_999 }, '商品分类不存在'],
        [{ tagId: 999_999 }, '标签不存在或不适用于商品'],
        [{ brandId: -1 }, '品牌编号不正确'],
      ] as const) {
        res = await call('POST', `/${id}/styles/by-filter`, body);
        expect(res.status).toBe(422);
        expect(res.body.msg).toContain(message);
      }
    } finally {
      await t.call({ method: 'POST', url: '/api/admin/api/v1/products/status', session: admin, payload: { ids: [ids.dress], status: 'on_sale' } });
    }
  });

  it('offers on-sale styles to the picker', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/api/v1/ordering/options/products?keyword=YS26M', session: admin });
    expect(res.body.data.map((o: { code: string }) => o.code)).toEqual(['YS26M3001', 'YS26M3102']);
  });
});
