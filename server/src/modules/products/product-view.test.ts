import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { productViewOf } from './product-view.ts';

// Who sees what of a product (issue 16): a supplier only its own styles and no wholesale price;
// agents and shops not which supplier makes a product. What a role may not see is absent from
// the answer (no key at all), not sent as null.

const BASE = '/api/admin/api/v1';
let t: TestApp;
const session: Record<string, string> = {};
/** own: a style of SP001 (supplier01's); other: of another supplier; none: of no supplier */
const product: Record<'own' | 'other' | 'none', { id: number; styleNo: string; barcode: string }> = {} as never;
let otherSupplier = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.updateTable('menus').set({ enabled: true }).where('name', '=', 'ProductList').execute();
  t.app.accessCache.clearAll();
  for (const account of ['admin', 'supplier01', 'shop01', 'agent01']) session[account] = await t.login(account);
  otherSupplier = (await t.db.insertInto('suppliers').values({ code: 'SP909', name: '别家制衣厂' }).returning('id').executeTakeFirstOrThrow()).id;
  const own = await t.db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirstOrThrow();
  const rows = await t.db.selectFrom('products').select(['id', 'style_no']).where('supplier_id', '=', own.id).orderBy('id').limit(3).execute();
  expect(rows).toHaveLength(3);
  await t.db.updateTable('products').set({ supplier_id: otherSupplier }).where('id', '=', rows[1]!.id).execute();
  await t.db.updateTable('products').set({ supplier_id: null }).where('id', '=', rows[2]!.id).execute();
  for (const [key, row] of [
    ['own', rows[0]!],
    ['other', rows[1]!],
    ['none', rows[2]!],
  ] as const) {
    const sku = await t.db.selectFrom('skus').select('barcode').where('product_id', '=', row.id).orderBy('id').executeTakeFirstOrThrow();
    product[key] = { id: row.id, styleNo: row.style_no, barcode: sku.barcode };
  }
});
afterAll(() => t?.close());

const get = (account: string, url: string) => t.call({ method: 'GET', url: `${BASE}${url}`, session: session[account] });
const post = (account: string, url: string, payload: object) => t.call({ method: 'POST', url: `${BASE}${url}`, payload, session: session[account] });
const styleNos = (records: { styleNo: string }[]) => records.map((r) => r.styleNo);

describe('the view of each role', () => {
  it('is decided from the role and the scope', () => {
    expect(productViewOf({ roleType: 'manager', scope: { kind: 'all' } })).toEqual({ ownSupplierId: null, cost: true, wholesale: true, supplier: true });
    expect(productViewOf({ roleType: 'supplier', scope: { kind: 'supplier', supplierId: 7 } })).toEqual({ ownSupplierId: 7, cost: false, wholesale: false, supplier: true });
    // a supplier account linked to no supplier sees nothing
    expect(productViewOf({ roleType: 'supplier', scope: { kind: 'none' } }).ownSupplierId).toBe(0);
    for (const roleType of ['agent', 'shop'] as const) {
      expect(productViewOf({ roleType, scope: { kind: 'none' } })).toEqual({ ownSupplierId: null, cost: false, wholesale: true, supplier: false });
    }
  });
});

describe('a supplier', () => {
  it('lists only its own styles, with no wholesale or cost price', async () => {
    const all = (await get('admin', '/products/page?limit=500')).body.data;
    const page = await get('supplier01', '/products/page?limit=500');
    expect(page.body.code).toBe('201');
    const mine = styleNos(page.body.data.records);
    expect(mine).toContain(product.own.styleNo);
    expect(mine).not.toContain(product.other.styleNo);
    expect(mine).not.toContain(product.none.styleNo);
    expect(page.body.data.total).toBe(all.total - 2);
    for (const record of page.body.data.records) {
      expect(record).toMatchObject({ supplierName: '广州锦纶纺织有限公司' });
      expect(record).not.toHaveProperty('wholesalePriceFen');
      expect(record).not.toHaveProperty('costPriceFen');
    }
    expect(JSON.stringify(page.body)).not.toMatch(/wholesale|costPrice/);
    // another supplier's filter finds nothing rather than its styles
    expect((await get('supplier01', `/products/page?supplierId=${otherSupplier}`)).body.data.total).toBe(0);
    expect((await get('supplier01', `/products/page?keyword=${product.other.styleNo}`)).body.data.total).toBe(0);
  });

  it("reads its own style's detail without the wholesale price; another's answers like a missing one", async () => {
    const own = await get('supplier01', `/products/${product.own.id}`);
    expect(own.body.data).toMatchObject({ id: product.own.id });
    expect(Object.keys(own.body.data)).not.toEqual(expect.arrayContaining(['wholesalePriceFen']));
    expect(own.body.data).not.toHaveProperty('costPriceFen');
    for (const id of [product.other.id, product.none.id]) {
      const res = await get('supplier01', `/products/${id}`);
      expect([res.status, res.body]).toEqual([404, { code: 'A0404', msg: '商品不存在', data: null }]);
    }
    expect((await post('supplier01', '/products/details', { ids: [product.own.id, product.other.id] })).status).toBe(404);
    const details = await post('supplier01', '/products/details', { ids: [product.own.id] });
    expect(details.body.data[0]).not.toHaveProperty('wholesalePriceFen');
  });

  it('finds, scans and exports only its own styles, without the wholesale price', async () => {
    const found = await get('supplier01', `/products/search?q=${encodeURIComponent(product.other.styleNo)}`);
    expect(styleNos(found.body.data)).not.toContain(product.other.styleNo);
    expect(styleNos((await get('supplier01', `/products/search?q=${encodeURIComponent(product.own.styleNo)}`)).body.data)).toContain(product.own.styleNo);
    const scanned = await get('supplier01', `/skus/by-barcode/${product.own.barcode}`);
    expect(scanned.body.data).toMatchObject({ styleNo: product.own.styleNo });
    expect(scanned.body.data).not.toHaveProperty('wholesalePriceFen');
    expect((await get('supplier01', `/skus/by-barcode/${product.other.barcode}`)).status).toBe(404);
    const rows = (await get('supplier01', '/products/sku-rows/page?limit=500')).body.data.records as {
      styleNo: string;
      wholesalePrice?: string;
      costPrice?: string;
      supplier: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => !('wholesalePrice' in r) && !('costPrice' in r) && r.supplier === 'SP001')).toBe(true);
    expect(rows.map((r) => r.styleNo)).not.toContain(product.other.styleNo);
    expect((await get('supplier01', `/tags/of/product/${product.other.id}`)).status).toBe(404);
  });

  it("finds its own SKU from the workbench search, another supplier's not at all", async () => {
    const wb = (q: string) => t.call({ method: 'GET', url: `/api/admin/api/v1/workbench/search?q=${q}`, session: session.supplier01 });
    const own = await wb(product.own.barcode);
    // the workbench answers what the supplier's menu lets it open; another's barcode is never a hit
    expect((await wb(product.other.barcode)).body.data.hits).toEqual([]);
    for (const hit of own.body.data.hits) expect(hit).toMatchObject({ type: 'sku', styleNo: product.own.styleNo });
  });
});

describe('agents and shops', () => {
  it('see every style and its wholesale price, but not which supplier makes it', async () => {
    const total = (await get('admin', '/products/page')).body.data.total;
    for (const account of ['shop01', 'agent01']) {
      const page = await get(account, '/products/page?limit=500');
      expect(page.body.data.total, account).toBe(total);
      for (const record of page.body.data.records) {
        expect(record).not.toHaveProperty('supplierId');
        expect(record).not.toHaveProperty('supplierName');
        expect(record).not.toHaveProperty('costPriceFen');
        expect(typeof record.wholesalePriceFen).toBe('number');
      }
      expect(JSON.stringify(page.body), account).not.toMatch(/supplier|锦纶纺织|别家/);
      // the supplier filter cannot tell them either: it is ignored
      expect((await get(account, `/products/page?supplierId=${otherSupplier}`)).body.data.total, account).toBe(total);
      const detail = await get(account, `/products/${product.other.id}`);
      for (const key of ['supplierId', 'supplierName', 'costPriceFen']) expect(detail.body.data, account).not.toHaveProperty(key);
      expect(detail.body.data.wholesalePriceFen).toBeGreaterThan(0);
      const details = await post(account, '/products/details', { ids: [product.own.id, product.other.id] });
      expect(JSON.stringify(details.body.data), account).not.toMatch(/supplier|锦纶纺织|别家/);
      const rows = (await get(account, '/products/sku-rows/page?limit=500')).body.data.records as { supplier?: string; wholesalePrice: string }[];
      expect(rows.every((r) => !('supplier' in r) && !('costPrice' in r) && r.wholesalePrice !== '')).toBe(true);
      const scanned = await get(account, `/skus/by-barcode/${product.other.barcode}`);
      expect(scanned.body.data.wholesalePriceFen).toBeGreaterThan(0);
      expect(JSON.stringify(scanned.body.data), account).not.toMatch(/supplier/);
      const found = await get(account, `/products/search?q=${encodeURIComponent(product.other.styleNo)}`);
      expect(styleNos(found.body.data)).toContain(product.other.styleNo);
      expect(JSON.stringify(found.body.data), account).not.toMatch(/supplier|wholesale|costPrice/);
    }
  });

  it('HQ sees all of it', async () => {
    const detail = await get('admin', `/products/${product.other.id}`);
    expect(detail.body.data).toMatchObject({ supplierId: otherSupplier, supplierName: '别家制衣厂' });
    expect(detail.body.data.costPriceFen).not.toBeNull();
    expect(detail.body.data.wholesalePriceFen).not.toBeNull();
  });
});
