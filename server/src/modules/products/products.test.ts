import { isValidEan13 } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createProductsBatch } from './products.service.ts';

const BASE = '/api/admin/api/v1';

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};

async function idOf(table: 'brands' | 'colours' | 'size_groups' | 'product_categories', code: string) {
  return (await t.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}
async function sizeIds(groupCode: string, names: string[]) {
  const rows = await t.db
    .selectFrom('sizes')
    .innerJoin('size_groups', 'size_groups.id', 'sizes.group_id')
    .select(['sizes.id', 'sizes.name'])
    .where('size_groups.code', '=', groupCode)
    .where('sizes.name', 'in', names)
    .execute();
  return names.map((n) => rows.find((r) => r.name === n)!.id);
}

beforeAll(async () => {
  t = await createTestApp();
  // the 商品 page is disabled until its screen lands (0014); the screen's migration enables it
  await t.db.updateTable('menus').set({ enabled: true }).where('name', '=', 'ProductList').execute();
  t.app.accessCache.clearAll();
  admin = await t.login('admin');
  ids.brand = await idOf('brands', 'YS');
  ids.black = await idOf('colours', 'BK');
  ids.camel = await idOf('colours', 'CA');
  ids.group = await idOf('size_groups', 'DEFAULT');
  ids.kids = await idOf('size_groups', 'KIDS');
  ids.coat = await idOf('product_categories', '010101');
  ids.women = await idOf('product_categories', '01');
  ids.men = await idOf('product_categories', '02');
});
afterAll(() => t?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  styleNo: 'T26W0001',
  name: '女式双面羊毛大衣',
  brandId: ids.brand,
  categoryId: ids.coat,
  year: 2026,
  season: 'winter',
  gender: 'female',
  unit: 'jian',
  retailPriceFen: 189900,
  wholesalePriceFen: 99900,
  costPriceFen: 52000,
  composition: [
    {
      part: '面料',
      fibres: [
        { name: '羊毛', percent: 80 },
        { name: '锦纶', percent: 20 },
      ],
    },
  ],
  care: [{ symbol: 'dry-clean', text: '专业干洗' }],
  grade: 'first',
  safetyCategory: 'C',
  standard: 'FZ/T 81004-2022',
  sizeGroupId: ids.group,
  colourIds: [ids.camel, ids.black],
  sizeIds: [],
  ...overrides,
});
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, session = admin) => t.call({ method, url: `${BASE}${url}`, payload: payload as never, session });

describe('products', () => {
  it('creates a product with its SKU grid in colour, then size order, with EAN-13 barcodes', async () => {
    const sizes = await sizeIds('DEFAULT', ['XL', 'S', 'M', 'L']);
    const res = await call('POST', '/products', body({ sizeIds: sizes }));
    expect(res.body.msg).toBe('新增成功');
    const detail = await call('GET', `/products/${res.body.data.id}`);
    const skus = detail.body.data.skus as { colourName: string; sizeName: string; barcode: string }[];
    // colours by their sort (黑色 before 驼色), sizes S, M, L, XL
    expect(skus.map((s) => `${s.colourName}/${s.sizeName}`)).toEqual(['黑色/S', '黑色/M', '黑色/L', '黑色/XL', '驼色/S', '驼色/M', '驼色/L', '驼色/XL']);
    expect(skus.every((s) => isValidEan13(s.barcode) && s.barcode.startsWith('692088'))).toBe(true);
    expect(new Set(skus.map((s) => s.barcode)).size).toBe(8);
    expect(detail.body.data).toMatchObject({ styleNo: 'T26W0001', brandName: '衣尚', categoryName: '大衣', costPriceFen: 52000, skuCount: 8, status: 'on_sale' });
    ids.product = res.body.data.id;
  });

  it('orders numeric sizes numerically', async () => {
    const res = await call(
      'POST',
      '/products',
      body({ styleNo: 'T26K0001', name: '童装卫衣', sizeGroupId: ids.kids, sizeIds: await sizeIds('KIDS', ['120', '90', '100']), colourIds: [ids.black] }),
    );
    const detail = await call('GET', `/products/${res.body.data.id}`);
    expect(detail.body.data.skus.map((s: { sizeName: string }) => s.sizeName)).toEqual(['90', '100', '120']);
  });

  it('refuses a style no. in any case, a used barcode and a wrong check digit, changing nothing', async () => {
    const sizes = await sizeIds('DEFAULT', ['M']);
    const dup = await call('POST', '/products', body({ styleNo: 't26w0001', sizeIds: sizes }));
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('款号“t26w0001”已存在');
    const detail = await call('GET', `/products/${ids.product}`);
    const used = detail.body.data.skus[0].barcode as string;
    const clash = await call(
      'POST',
      '/products',
      body({ styleNo: 'T26W0009', sizeIds: sizes, colourIds: [ids.black], barcodes: [{ colourId: ids.black, sizeId: sizes[0], barcode: used }] }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe(`条码“${used}”已被其他SKU使用`);
    const bad = await call(
      'POST',
      '/products',
      body({ styleNo: 'T26W0009', sizeIds: sizes, colourIds: [ids.black], barcodes: [{ colourId: ids.black, sizeId: sizes[0], barcode: '6901234567891' }] }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('条码“6901234567891”的校验位不正确，应为2');
    const given = await call(
      'POST',
      '/products',
      body({ styleNo: 'T26W0009', sizeIds: sizes, colourIds: [ids.black], barcodes: [{ colourId: ids.black, sizeId: sizes[0], barcode: 'YS-T26W0009-BK-M' }] }),
    );
    expect(given.body.code).toBe('201');
    expect(await t.db.selectFrom('products').select('id').where('style_no', '=', 'T26W0009').execute()).toHaveLength(1);
  });

  it('checks fields with clear messages', async () => {
    const sizes = await sizeIds('DEFAULT', ['M']);
    const cases: [Record<string, unknown>, string][] = [
      [{ styleNo: '款号' }, '款号须为1-32位字母、数字、下划线或短横线，以字母或数字开头'],
      [{ name: ' ' }, '请输入商品名称'],
      [{ year: 1990 }, '年份须为2000-2100的整数'],
      [{ retailPriceFen: -1 }, '价格须为0至1000000元之间的金额（单位分，整数）'],
      [{ season: 'monsoon' }, '季节不在字典中，请从列表中选择'],
      [{ composition: [{ fibres: [{ name: '棉', percent: 90 }] }] }, '每个部位的成分百分比之和须为100'],
      [{ colourIds: [] }, '请至少选择一个颜色'],
      [{ sizeIds: await sizeIds('KIDS', ['90']) }, '所选尺码不属于该商品的尺码组'],
      [{ brandId: 999999 }, '品牌不存在或已停用'],
    ];
    for (const [overrides, msg] of cases) {
      const res = await call('POST', '/products', body({ styleNo: 'T26X0001', sizeIds: sizes, ...overrides }));
      expect(res.status, msg).toBe(422);
      expect(res.body.msg).toBe(msg);
    }
  });

  it('finds products by barcode, style-no prefix and name', async () => {
    const detail = await call('GET', `/products/${ids.product}`);
    const barcode = detail.body.data.skus[1].barcode as string;
    const hit = await call('GET', `/skus/by-barcode/${barcode}`);
    expect(hit.body.data).toMatchObject({ styleNo: 'T26W0001', colourName: '黑色', sizeName: 'M', retailPriceFen: 189900 });
    expect((await call('GET', '/skus/by-barcode/0000000000000')).status).toBe(404);
    const prefix = await call('GET', '/products/search?q=t26w');
    expect(prefix.body.data.map((p: { styleNo: string }) => p.styleNo)).toEqual(['T26W0001', 'T26W0009']);
    const byName = await call('GET', `/products/search?q=${encodeURIComponent('羊毛大')}`);
    expect(byName.body.data.map((p: { styleNo: string }) => p.styleNo)).toContain('T26W0001');
    const page = await call('GET', `/products/page?barcode=${barcode}`);
    expect(page.body.data).toMatchObject({ total: 1, records: [{ styleNo: 'T26W0001', skuCount: 8 }] });
    const women = await call('GET', `/products/page?categoryId=${ids.women}&keyword=T26&sort=styleNo&order=asc`);
    expect(women.body.data.records.map((p: { styleNo: string }) => p.styleNo)).toEqual(['T26K0001', 'T26W0001', 'T26W0009']);
    expect((await call('GET', `/products/page?categoryId=${ids.men}&keyword=T26`)).body.data.total).toBe(0);
    expect((await call('GET', '/products/page?keyword=%E5%A4%A7%E8%A1%A3')).body.data.total).toBe(3);
    // the demo data's coat
    expect((await call('GET', '/products/search?q=YS26W1001')).body.data).toMatchObject([{ name: '女式双面羊毛大衣' }]);
  });

  it('adds SKUs for new sizes and disables those no longer chosen; batch status and SKU edits', async () => {
    const update = await call(
      'PUT',
      `/products/${ids.product}`,
      body({ colourIds: [ids.black], sizeIds: await sizeIds('DEFAULT', ['S', 'M', 'XXL']), name: '女式双面羊毛大衣（新）' }),
    );
    expect(update.body.msg).toBe('修改成功');
    const skus = update.body.data.skus as { id: number; colourName: string; sizeName: string; status: string }[];
    expect(skus.filter((s) => s.status === 'active').map((s) => `${s.colourName}/${s.sizeName}`)).toEqual(['黑色/S', '黑色/M', '黑色/XXL']);
    expect(skus).toHaveLength(9);
    const off = await call('POST', '/products/status', { ids: [ids.product], status: 'off_sale' });
    expect(off.body.msg).toBe('已将1个商品设为停售');
    const sku = skus[0]!;
    const edit = await call('PUT', `/skus/${sku.id}`, { barcode: 'YS-CUSTOM-0001', sellerSku: 'TM-0001', marketplaceGroup: 'tmall', status: 'active' });
    expect(edit.body.data).toMatchObject({ barcode: 'YS-CUSTOM-0001', sellerSku: 'TM-0001' });
    const dupSeller = await call('PUT', `/skus/${skus[1]!.id}`, {
      barcode: (skus[1] as never as { barcode: string }).barcode,
      sellerSku: 'TM-0001',
      marketplaceGroup: 'tmall',
      status: 'active',
    });
    expect(dupSeller.status).toBe(409);
    expect(dupSeller.body.msg).toBe('平台分组“tmall”中已有商家编码“TM-0001”');
    const badDigit = await call('PUT', `/skus/${sku.id}`, { barcode: '6901234567891', status: 'active' });
    expect(badDigit.status).toBe(422);
    expect(badDigit.body.msg).toBe('条码“6901234567891”的校验位不正确，应为2');
    expect((await call('PUT', '/skus/999999', { barcode: 'YS-CUSTOM-0002', status: 'active' })).status).toBe(404);
    const tag = await t.db.selectFrom('tags').select('id').where('name', '=', '新品').executeTakeFirstOrThrow();
    const tagged = await call('PUT', `/products/${ids.product}/tags`, { tagIds: [tag.id] });
    expect(tagged.body.data).toMatchObject([{ name: '新品' }]);
  });

  it('lets agents, shops and suppliers read but not change; clerk01 not even read', async () => {
    for (const account of ['agent01', 'shop01', 'supplier01']) {
      const session = await t.login(account);
      const page = await call('GET', '/products/page', undefined, session);
      expect(page.body.code, account).toBe('201');
      expect(page.body.data.records[0]).not.toHaveProperty('costPriceFen');
      // a supplier reads only its own styles (product-view.test.ts): this one has no supplier
      expect((await call('GET', `/products/${ids.product}`, undefined, session)).status).toBe(account === 'supplier01' ? 404 : 200);
      expect((await call('POST', '/products', body({ styleNo: 'T26Z0001' }), session)).status).toBe(403);
      expect((await call('PUT', `/products/${ids.product}`, body(), session)).status).toBe(403);
      expect((await call('POST', '/products/status', { ids: [ids.product], status: 'on_sale' }, session)).status).toBe(403);
    }
    const clerk = await t.login('clerk01');
    expect((await call('GET', '/products/page', undefined, clerk)).status).toBe(403);
    expect((await call('GET', '/products/search?q=T', undefined, clerk)).status).toBe(403);
  });

  it('creates a batch in one go, or nothing with every bad row reported', async () => {
    const sizes = await sizeIds('DEFAULT', ['M', 'L']);
    const rows = [
      body({ styleNo: 'B26001', sizeIds: sizes }),
      body({ styleNo: 'B26002', sizeIds: sizes, season: 'monsoon' }),
      body({ styleNo: 'b26001', sizeIds: sizes }),
      body({ styleNo: 'B26004', sizeIds: sizes }),
    ] as never[];
    const failed = await createProductsBatch(t.db, { userId: 1 }, rows);
    expect(failed).toEqual({
      ok: false,
      errors: [
        { row: 2, styleNo: 'B26002', reason: '季节不在字典中，请从列表中选择' },
        { row: 3, styleNo: 'b26001', reason: '款号“b26001”已存在' },
      ],
    });
    expect(await t.db.selectFrom('products').select('id').where('style_no', 'like', 'B26%').execute()).toHaveLength(0);
    const done = await createProductsBatch(t.db, { userId: 1 }, [rows[0]!, rows[3]!]);
    expect(done.ok && done.ids.length).toBe(2);
  });

  it('refuses deleting a brand or colour in use', async () => {
    const { assertBrandUnused, assertColourUnused } = await import('../product-master/usage.service.ts');
    await expect(assertBrandUnused(t.db, ids.brand)).rejects.toThrow('该品牌已被');
    await expect(assertColourUnused(t.db, ids.black)).rejects.toThrow('该颜色已被');
  });
});
