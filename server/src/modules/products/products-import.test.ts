import { isValidEan13, type ProductImportRow } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// POST /products/import/check and /products/import: one row per SKU, all or nothing.

const BASE = '/api/admin/api/v1/products';

let t: TestApp;
let admin: string;

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, session = admin) => t.call({ method, url: `${BASE}${url}`, payload: payload as never, session });
const check = (rows: ProductImportRow[]) => call('POST', '/import/check', { rows });
const importRows = (rows: ProductImportRow[]) => call('POST', '/import', { rows });
const count = async (table: 'products' | 'skus') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A product's cells as an HQ clerk fills them in, by names and labels. */
const shirt = {
  styleNo: 'IM26S001',
  name: '女式真丝衬衫',
  brand: '衣尚',
  category: '衬衫',
  year: '2026',
  season: '夏',
  gender: '女',
  unit: '件',
  retailPrice: '599',
  wholesalePrice: '299.5',
  costPrice: '120.00',
  supplier: '广州锦纶纺织有限公司',
  sizeGroup: '常规尺码',
  grade: '一等品',
  safetyCategory: 'B',
  standard: 'FZ/T 81007-2012',
  composition: '面料:桑蚕丝100%;里料:聚酯纤维100%',
  remark: '首单',
};
const dress = { ...shirt, styleNo: 'IM26D001', name: '女式印花连衣裙', category: '女装/连衣裙', brand: 'YS', supplier: '', composition: '棉95%,氨纶5%' };

/** Rows 2.. of a sheet: the shirt in 黑色 S/M/L (product cells on the first row only), the dress in 米色 M/L. */
function goodRows(): ProductImportRow[] {
  return [
    { row: 2, ...shirt, colour: '黑色', size: 'S', barcode: 'IM-S001-BK-S', marketplaceGroup: 'tmall', sellerSku: 'TM-IM26S001-BK-S' },
    { row: 3, styleNo: 'IM26S001', colour: 'BK', size: 'M' },
    { row: 4, styleNo: 'im26s001', name: shirt.name, colour: '黑色', size: 'l' },
    { row: 5, ...dress, colour: '米色', size: 'M', barcode: '6901234567892' },
    { row: 6, ...dress, colour: '米色', size: 'L' },
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

describe('product import', () => {
  it('checks a good file without writing anything', async () => {
    const [products, skus] = [await count('products'), await count('skus')];
    const res = await check(goodRows());
    expect(res.body).toMatchObject({ code: '201', data: { products: 2, skus: 5, errors: [] } });
    expect([await count('products'), await count('skus')]).toEqual([products, skus]);
  });

  it('imports every product and SKU in one go', async () => {
    const res = await importRows(goodRows());
    expect(res.body).toMatchObject({ code: '201', msg: '成功导入2个商品（5个SKU）', data: { products: 2, skus: 5 } });
    const found = await call('GET', '/page?keyword=IM26&sort=styleNo&order=asc');
    const [dressRecord, shirtRecord] = found.body.data.records;
    const detail = (await call('GET', `/${shirtRecord.id}`)).body.data;
    expect(detail).toMatchObject({
      styleNo: 'IM26S001',
      brandName: '衣尚',
      categoryName: '衬衫',
      season: 'summer',
      gender: 'female',
      unit: 'jian',
      retailPriceFen: 59900,
      wholesalePriceFen: 29950,
      costPriceFen: 12000,
      supplierName: '广州锦纶纺织有限公司',
      sizeGroupName: '常规尺码',
      grade: 'first',
      safetyCategory: 'B',
      standard: 'FZ/T 81007-2012',
      remark: '首单',
      status: 'on_sale',
      composition: [
        { part: '面料', fibres: [{ name: '桑蚕丝', percent: 100 }] },
        { part: '里料', fibres: [{ name: '聚酯纤维', percent: 100 }] },
      ],
    });
    expect(detail.skus.map((s: { colourName: string; sizeName: string }) => `${s.colourName}/${s.sizeName}`)).toEqual(['黑色/S', '黑色/M', '黑色/L']);
    expect(detail.skus[0]).toMatchObject({ barcode: 'IM-S001-BK-S', marketplaceGroup: 'tmall', sellerSku: 'TM-IM26S001-BK-S' });
    expect(detail.skus.slice(1).every((s: { barcode: string }) => isValidEan13(s.barcode) && s.barcode.startsWith('692088'))).toBe(true);
    const dressDetail = (await call('GET', `/${dressRecord.id}`)).body.data;
    expect(dressDetail).toMatchObject({
      categoryName: '连衣裙',
      supplierId: null,
      composition: [
        {
          fibres: [
            { name: '棉', percent: 95 },
            { name: '氨纶', percent: 5 },
          ],
        },
      ],
    });
    expect(dressDetail.skus.map((s: { barcode: string }) => s.barcode)[0]).toBe('6901234567892');
    // the generic hook logs the import under the products module
    await t.app.operationLogsSettled();
    const log = await t.db.selectFrom('operation_logs').select(['module', 'action', 'result']).where('path', 'like', '%/products/import').executeTakeFirstOrThrow();
    expect(log).toEqual({ module: 'products', action: 'create', result: 'success' });
  });

  it('imports nothing when one row is bad, and names exactly that row', async () => {
    const rows = goodRows().map((r) => ({ ...r, styleNo: r.styleNo!.replace(/IM26/i, 'IN26'), barcode: '', sellerSku: '' }));
    // the dress's two rows repeat its product cells
    for (const r of rows.slice(3)) r.retailPrice = '12.345';
    const [products, skus] = [await count('products'), await count('skus')];
    const res = await importRows(rows);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('导入失败：共1处错误，未导入任何商品');
    expect([await count('products'), await count('skus')]).toEqual([products, skus]);
    const checked = await check(rows);
    expect(checked.body.data).toEqual({
      products: 2,
      skus: 5,
      errors: [{ row: 5, styleNo: 'IN26D001', reason: '“吊牌价（元）”须为0至1000000之间的金额，最多两位小数' }],
    });
  });

  it('gives each kind of bad row a clear reason on the right row', async () => {
    const fresh = (styleNo: string) => goodRows().map((r) => ({ ...r, styleNo: r.styleNo!.replace(/IM26/i, styleNo), barcode: '', sellerSku: '' }));
    const cases: [string, (rows: ProductImportRow[]) => void, { row: number; reason: string }[]][] = [
      ['unknown brand', (rows) => (rows[0]!.brand = '无此品牌'), [{ row: 2, reason: '品牌“无此品牌”不存在或已停用' }]],
      ['bad price', (rows) => (rows[0]!.costPrice = '-5'), [{ row: 2, reason: '“成本价（元）”须为0至1000000之间的金额，最多两位小数' }]],
      ['bad EAN check digit', (rows) => (rows[1]!.barcode = '6901234567891'), [{ row: 3, reason: '条码“6901234567891”的校验位不正确，应为2' }]],
      [
        'duplicate barcode in the file',
        (rows) => {
          rows[1]!.barcode = 'DUP-CODE-0001';
          rows[4]!.barcode = 'DUP-CODE-0001';
        },
        [{ row: 6, reason: '条码“DUP-CODE-0001”与第3行重复' }],
      ],
      ['barcode in the database', (rows) => (rows[2]!.barcode = '6901234567892'), [{ row: 4, reason: '条码“6901234567892”已被其他SKU使用' }]],
      ['inconsistent product cell', (rows) => (rows[2]!.brand = 'YSK'), [{ row: 4, reason: '与第2行同款号的“品牌”不一致' }]],
      ['size not in group', (rows) => (rows[1]!.size = '120'), [{ row: 3, reason: '尺码“120”不属于尺码组“常规尺码”' }]],
      ['duplicate colour and size', (rows) => (rows[2]!.size = 'M'), [{ row: 4, reason: '颜色“黑色”、尺码“M”与第3行重复' }]],
      [
        'ambiguous category',
        (rows) => (rows[0]!.category = '羽绒服'),
        [{ row: 2, reason: '商品分类“羽绒服”有多个（女装/外套/羽绒服、男装/外套/羽绒服），请填写分类编码或完整路径，如“女装/外套/羽绒服”' }],
      ],
      [
        'unknown dictionary label',
        (rows) => {
          for (const r of rows.slice(3)) r.season = '雨季';
        },
        [{ row: 5, reason: '季节“雨季”不在字典中' }],
      ],
      [
        'bad composition',
        (rows) => {
          for (const r of rows.slice(3)) r.composition = '棉95%,氨纶4%';
        },
        [{ row: 5, reason: '每个部位的成分百分比之和须为100' }],
      ],
      ['required cell', (rows) => (rows[4]!.colour = ''), [{ row: 6, reason: '请填写“颜色”' }]],
      [
        'style no. taken',
        (rows) => {
          for (const r of rows) if (r.styleNo === rows[3]!.styleNo) r.styleNo = 'YS26W1001';
        },
        [{ row: 5, reason: '款号“YS26W1001”已存在' }],
      ],
      ['seller SKU without group', (rows) => (rows[1]!.sellerSku = 'TM-1'), [{ row: 3, reason: '填写平台商家编码时须同时填写平台分组' }]],
      [
        'seller SKU in the database',
        (rows) => Object.assign(rows[1]!, { marketplaceGroup: 'tmall', sellerSku: 'TM-IM26S001-BK-S' }),
        [{ row: 3, reason: '平台分组“tmall”中已有商家编码“TM-IM26S001-BK-S”' }],
      ],
      ['cell too long', (rows) => (rows[4]!.remark = '长'.repeat(501)), [{ row: 6, reason: '单元格内容不能超过500个字符' }]],
      ['disabled colour', (rows) => (rows[4]!.colour = '停用色'), [{ row: 6, reason: '颜色“停用色”不存在或已停用' }]],
    ];
    await t.db.insertInto('colours').values({ code: 'OFF', name: '停用色', enabled: false }).execute();
    const [products, skus] = [await count('products'), await count('skus')];
    for (const [index, [name, spoil, expected]] of cases.entries()) {
      const rows = fresh(`K${index}`);
      spoil(rows);
      const res = await check(rows);
      expect(
        res.body.data.errors.map((e: { row: number; reason: string }) => ({ row: e.row, reason: e.reason })),
        name,
      ).toEqual(expected);
      const failed = await importRows(rows);
      expect(failed.status, name).toBe(422);
    }
    expect([await count('products'), await count('skus')]).toEqual([products, skus]);
  });

  it('reports every error of a file, sorted by row', async () => {
    const rows: ProductImportRow[] = goodRows().map((r) => ({ ...r, styleNo: r.styleNo!.replace(/IM26/i, 'IL26'), barcode: '', sellerSku: '' }));
    rows[4]!.size = 'XXXXL';
    rows[0]!.brand = '无此品牌';
    rows[0]!.year = '26';
    rows.push({ row: 7, name: '没有款号' });
    const res = await check(rows);
    expect(res.body.data.errors).toEqual([
      { row: 2, styleNo: 'IL26S001', reason: '品牌“无此品牌”不存在或已停用' },
      { row: 2, styleNo: 'IL26S001', reason: '年份须为2000-2100的整数' },
      { row: 6, styleNo: 'IL26D001', reason: '尺码“XXXXL”不属于尺码组“常规尺码”' },
      { row: 7, styleNo: '', reason: '请填写“款号”' },
    ]);
  });

  it('imports exported SKU rows under new style nos. into equal products', async () => {
    const strip = (d: Record<string, any>) => ({
      ...d,
      id: 0,
      styleNo: '',
      createdAt: '',
      updatedAt: '',
      // not columns of the sheet: care instructions and images stay with the product form
      care: [],
      mainImage: '',
      thumbnailUrl: '',
      gallery: [],
      // nor are the 配码 rules (a style's default run, 整手订货, 起订手数): the product form sets them
      sizeRunId: null,
      sizeRunName: null,
      wholeRuns: false,
      minRuns: 0,
      skus: d.skus.map((s: Record<string, unknown>) => ({ ...s, id: 0, productId: 0, barcode: '' })),
    });
    for (const styleNo of ['YS26W1001', 'YS26W2003', 'YS26M3001', 'YS26M3102']) {
      const exported = (await call('GET', `/sku-rows/page?keyword=${styleNo}&limit=500`)).body.data.records as Required<ProductImportRow>[];
      // a new style no. and new barcodes (the old ones stay with the old SKUs)
      const rows = exported.map((r) => ({ ...r, styleNo: `RT-${styleNo}`, barcode: '' }));
      const res = await importRows(rows);
      expect(res.body.msg, styleNo).toBe(`成功导入1个商品（${rows.length}个SKU）`);
      const [original, copy] = await Promise.all(
        [styleNo, `RT-${styleNo}`].map(async (s) => {
          const id = (await t.db.selectFrom('products').select('id').where('style_no', '=', s).executeTakeFirstOrThrow()).id;
          return (await call('GET', `/${id}`)).body.data;
        }),
      );
      expect(copy.styleNo).toBe(`RT-${styleNo}`);
      expect(strip(copy), styleNo).toEqual(strip(original));
    }
  });

  it('refuses empty and oversized files, and agents, shops and suppliers', async () => {
    expect((await check([])).body.msg).toContain('文件中没有商品数据');
    const tooMany = Array.from({ length: 5001 }, (_, i) => ({ row: i + 2, styleNo: 'X' }));
    expect((await check(tooMany)).body.msg).toContain('一次最多导入5000行');
    for (const account of ['agent01', 'shop01', 'supplier01']) {
      const session = await t.login(account);
      expect((await call('POST', '/import/check', { rows: goodRows() }, session)).status, account).toBe(403);
      expect((await call('POST', '/import', { rows: goodRows() }, session)).status, account).toBe(403);
    }
  });
});
