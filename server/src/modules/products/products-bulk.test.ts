import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// POST /products/details, POST /products/tags and GET /products/sku-rows/page on the demo data.

const BASE = '/api/admin/api/v1/products';

let t: TestApp;
let admin: string;
const product: Record<string, number> = {};
const tag: Record<string, number> = {};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, session = admin) => t.call({ method, url: `${BASE}${url}`, payload: payload as never, session });
const tagNames = async (productId: number) =>
  (
    await t.db
      .selectFrom('tag_links')
      .innerJoin('tags', 'tags.id', 'tag_links.tag_id')
      .select('tags.name')
      .where('tag_links.target_type', '=', 'product')
      .where('tag_links.target_id', '=', productId)
      .execute()
  )
    .map((r) => r.name)
    .sort();
const sorted = (names: string[]) => [...names].sort();
const linkCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('tag_links')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  for (const row of await t.db.selectFrom('products').select(['id', 'style_no']).execute()) product[row.style_no] = row.id;
  // a single-choice product group (the demo has none) and a disabled tag
  const group = await t.db
    .insertInto('tag_groups')
    .values({ name: '商品定位', applies_to: ['product'], multiple: false, sort: 9 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('tags')
    .values([
      { group_id: group.id, name: '基础款', sort: 1 },
      { group_id: group.id, name: '形象款', sort: 2 },
    ])
    .execute();
  await t.db.updateTable('tags').set({ enabled: false }).where('name', '=', '联名').execute();
  for (const row of await t.db.selectFrom('tags').select(['id', 'name']).execute()) tag[row.name] = row.id;
});
afterAll(() => t?.close());

describe('POST /products/details', () => {
  it('answers the details with SKUs and tags in the order asked', async () => {
    await call('PUT', `/${product.YS26W2003}/tags`, { tagIds: [tag['休闲']] });
    const res = await call('POST', '/details', { ids: [product.YS26W2003, product.YS26W1001] });
    expect(res.body.code).toBe('201');
    const [dress, coat] = res.body.data;
    expect(dress).toMatchObject({ styleNo: 'YS26W2003', costPriceFen: 18500, skuCount: 9, sizeGroupName: '常规尺码', tags: [{ name: '休闲' }] });
    expect(dress.composition).toEqual([
      {
        fibres: [
          { name: '粘纤', percent: 70 },
          { name: '锦纶', percent: 25 },
          { name: '氨纶', percent: 5 },
        ],
      },
    ]);
    expect(coat).toMatchObject({ styleNo: 'YS26W1001', costPriceFen: 52000, tags: [], grade: 'first' });
    expect(coat.skus.map((s: { colourName: string; sizeName: string }) => `${s.colourName}/${s.sizeName}`)).toEqual([
      '黑色/S',
      '黑色/M',
      '黑色/L',
      '黑色/XL',
      '驼色/S',
      '驼色/M',
      '驼色/L',
      '驼色/XL',
    ]);
    // the same as GET /products/:id, field for field
    const one = await call('GET', `/${product.YS26W1001}`);
    expect(coat).toEqual(one.body.data);
  });

  it('reads a fixed number of queries whatever the number of products', async () => {
    const executor = t.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    // not the route's own: the shared cache versions (read at most once a second, whenever a call
    // falls due) and the operation log (written after the answer, in batches of whatever calls came)
    const routeQueries = () => spy.mock.calls.filter(([query]) => !/cache_versions|operation_logs/.test(JSON.stringify(query))).length;
    await t.app.operationLogsSettled();
    spy.mockClear();
    await call('POST', '/details', { ids: [product.YS26W1001] });
    const one = routeQueries();
    await t.app.operationLogsSettled();
    spy.mockClear();
    await call('POST', '/details', { ids: Object.values(product) });
    const all = routeQueries();
    spy.mockRestore();
    expect(one).toBeGreaterThan(0);
    expect(all).toBe(one);
  });

  it('answers 404 for an unknown id and refuses empty or too long lists', async () => {
    const res = await call('POST', '/details', { ids: [product.YS26W1001, 999999] });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('商品不存在');
    expect((await call('POST', '/details', { ids: [] })).body.msg).toContain('请选择商品');
    expect((await call('POST', '/details', { ids: Array.from({ length: 201 }, (_, i) => i + 1) })).status).toBe(422);
  });

  it('lets agents, shops and suppliers read details without the cost', async () => {
    for (const account of ['agent01', 'shop01', 'supplier01']) {
      const res = await call('POST', '/details', { ids: [product.YS26M3001] }, await t.login(account));
      expect(res.body.code, account).toBe('201');
      expect(res.body.data[0]).toMatchObject({ styleNo: 'YS26M3001' });
      expect(res.body.data[0]).not.toHaveProperty('costPriceFen');
    }
    expect((await call('POST', '/details', { ids: [product.YS26M3001] }, await t.login('clerk01'))).status).toBe(403);
  });
});

describe('POST /products/tags', () => {
  it('adds tags to every product, keeping their own', async () => {
    const res = await call('POST', '/tags', { ids: [product.YS26W2003, product.YS26W1001], tagIds: [tag['通勤'], tag['新品']], mode: 'add' });
    expect(res.body).toMatchObject({ code: '201', msg: '已为2个商品添加标签', data: { updated: 2 } });
    expect(await tagNames(product.YS26W2003!)).toEqual(sorted(['通勤', '休闲', '新品']));
    expect(await tagNames(product.YS26W1001!)).toEqual(sorted(['通勤', '新品']));
    // adding again changes nothing
    await call('POST', '/tags', { ids: [product.YS26W1001], tagIds: [tag['新品']], mode: 'add' });
    expect(await tagNames(product.YS26W1001!)).toEqual(sorted(['通勤', '新品']));
  });

  it('replaces the other tag of a single-choice group', async () => {
    await call('POST', '/tags', { ids: [product.YS26W1001], tagIds: [tag['基础款']], mode: 'add' });
    expect(await tagNames(product.YS26W1001!)).toContain('基础款');
    const res = await call('POST', '/tags', { ids: [product.YS26W1001, product.YS26M3001], tagIds: [tag['形象款']], mode: 'add' });
    expect(res.body.data.updated).toBe(2);
    expect(await tagNames(product.YS26W1001!)).toEqual(sorted(['通勤', '新品', '形象款']));
    expect(await tagNames(product.YS26M3001!)).toEqual(sorted(['形象款']));
  });

  it('refuses bad tags or unknown products and changes nothing', async () => {
    const before = await linkCount();
    const cases: [unknown, number, string][] = [
      [{ ids: [product.YS26M3102], tagIds: [tag['基础款'], tag['形象款']], mode: 'add' }, 422, '“商品定位”为单选分组，只能选择一个标签'],
      [{ ids: [product.YS26M3102, 999999], tagIds: [tag['爆款']], mode: 'add' }, 404, '商品不存在'],
      [{ ids: [product.YS26M3102], tagIds: [tag['爆款'], 999998], mode: 'add' }, 404, '标签不存在（编号 999998）'],
      [{ ids: [product.YS26M3102], tagIds: [tag['爆款'], tag['A 类店']], mode: 'add' }, 422, '标签“A 类店”所属分组“门店等级”不适用于商品'],
      [{ ids: [product.YS26M3102], tagIds: [tag['爆款'], tag['联名']], mode: 'add' }, 422, '标签“联名”已停用，不能选用'],
      [{ ids: [product.YS26M3102], tagIds: [tag['A 类店']], mode: 'remove' }, 422, '标签“A 类店”所属分组“门店等级”不适用于商品'],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await call('POST', '/tags', payload);
      expect(res.status, msg).toBe(status);
      expect(res.body.msg).toBe(msg);
    }
    expect(await linkCount()).toBe(before);
    expect(await tagNames(product.YS26M3102!)).toEqual(sorted([]));
    expect((await call('POST', '/tags', { ids: [product.YS26M3102], tagIds: [tag['爆款']], mode: 'swap' })).status).toBe(422);
    expect((await call('POST', '/tags', { ids: [], tagIds: [tag['爆款']], mode: 'add' })).status).toBe(422);
  });

  it('removes tags, a disabled one too', async () => {
    await t.db.insertInto('tag_links').values({ tag_id: tag['联名']!, target_type: 'product', target_id: product.YS26W1001! }).execute();
    const res = await call('POST', '/tags', { ids: [product.YS26W1001, product.YS26W2003], tagIds: [tag['新品'], tag['联名']], mode: 'remove' });
    expect(res.body).toMatchObject({ code: '201', msg: '已从2个商品移除标签', data: { updated: 2 } });
    expect(await tagNames(product.YS26W1001!)).toEqual(sorted(['通勤', '形象款']));
    expect(await tagNames(product.YS26W2003!)).toEqual(sorted(['通勤', '休闲']));
  });

  it('is refused to agents, shops and suppliers', async () => {
    for (const account of ['agent01', 'shop01', 'supplier01']) {
      const res = await call('POST', '/tags', { ids: [product.YS26W1001], tagIds: [tag['爆款']], mode: 'add' }, await t.login(account));
      expect(res.status, account).toBe(403);
    }
    expect(await tagNames(product.YS26W1001!)).not.toContain('爆款');
  });
});

describe('GET /products/sku-rows/page', () => {
  it('answers one row per SKU in the import format, with codes, labels and yuan', async () => {
    const res = await call('GET', '/sku-rows/page?keyword=YS26W1001&limit=500');
    expect(res.body.data.total).toBe(8);
    const rows = res.body.data.records;
    expect(rows.map((r: { colour: string; size: string }) => `${r.colour}/${r.size}`)).toEqual(['BK/S', 'BK/M', 'BK/L', 'BK/XL', 'CA/S', 'CA/M', 'CA/L', 'CA/XL']);
    expect(rows[0]).toEqual({
      row: 2,
      styleNo: 'YS26W1001',
      name: '女式双面羊毛大衣',
      brand: 'YS',
      category: '010101',
      year: '2026',
      season: '冬',
      gender: '女',
      unit: '件',
      retailPrice: '1899.00',
      wholesalePrice: '949.00',
      costPrice: '520.00',
      supplier: 'SP001',
      sizeGroup: 'DEFAULT',
      colour: 'BK',
      size: 'S',
      barcode: expect.stringMatching(/^692088\d{7}$/),
      marketplaceGroup: '',
      sellerSku: '',
      grade: '一等品',
      safetyCategory: 'GB 18401-2010 C类',
      standard: 'FZ/T 81004-2022',
      composition: '面料:羊毛90%,羊绒10%',
      remark: '',
    });
    expect(rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('counts SKUs, pages them with sheet row numbers and sorts products like the list', async () => {
    const first = await call('GET', '/sku-rows/page?sort=styleNo&order=asc&limit=10&page=1');
    expect(first.body.data.total).toBe(35);
    const second = await call('GET', '/sku-rows/page?sort=styleNo&order=asc&limit=10&page=2');
    expect(second.body.data.records.map((r: { row: number }) => r.row)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    const all = await call('GET', '/sku-rows/page?sort=styleNo&order=asc&limit=500');
    const styles = [...new Set(all.body.data.records.map((r: { styleNo: string }) => r.styleNo))];
    expect(styles).toEqual(['YS26M3001', 'YS26M3102', 'YS26W1001', 'YS26W2003']);
    expect(all.body.data.records.slice(10, 20)).toEqual(second.body.data.records);
    // filters as the list: the women's category and its sub-categories
    const women = (await t.db.selectFrom('product_categories').select('id').where('code', '=', '01').executeTakeFirstOrThrow()).id;
    expect((await call('GET', `/sku-rows/page?categoryId=${women}&limit=500`)).body.data.total).toBe(17);
    expect((await call('GET', '/sku-rows/page?limit=1000')).status).toBe(422);
  });

  it('leaves the cost out for agents, shops and suppliers', async () => {
    for (const account of ['agent01', 'shop01', 'supplier01']) {
      const res = await call('GET', '/sku-rows/page?keyword=YS26M3102', undefined, await t.login(account));
      expect(res.body.code, account).toBe('201');
      expect(res.body.data.records[0]).toMatchObject({ styleNo: 'YS26M3102', retailPrice: '459.00', unit: '条' });
      expect(res.body.data.records[0], account).not.toHaveProperty('costPrice');
    }
  });
});
