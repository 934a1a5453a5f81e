import { ProductImportLimits, type ProductImportRow } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../../test/statement-count.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { IMPORT_BODY_LIMIT } from './products-bulk.schema.ts';

// A full import file: 1000 styles × 5 sizes = 5000 rows with every column filled, names and
// labels to resolve, given barcodes and seller SKUs to check against the file and the database.
// What keeps it quick on any machine is counted, not timed: the statements of the check and of the
// import stay a few dozen whatever the number of rows (today 21 and 30; one a style would be 1000).
const CHECK_STATEMENTS = 30;
const IMPORT_STATEMENTS = 40;

const BASE = '/api/admin/api/v1/products';
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = ['黑色', '白色', '驼色', '藏青', '灰色'];

let t: TestApp;
let admin: string;

function fullFile(): ProductImportRow[] {
  const rows: ProductImportRow[] = [];
  for (let p = 0; p < ProductImportLimits.rowsMax / SIZES.length; p += 1) {
    const styleNo = `BIG26${String(p).padStart(4, '0')}`;
    for (const [i, size] of SIZES.entries()) {
      rows.push({
        row: rows.length + 2,
        styleNo,
        name: `女式羊毛混纺针织开衫第${p}款`,
        brand: '衣尚',
        category: p % 2 === 0 ? '女装/针织衫' : '010201',
        year: '2026',
        season: '秋',
        gender: '女',
        unit: '件',
        retailPrice: '1,299.00',
        wholesalePrice: '649.50',
        costPrice: '318.00',
        supplier: 'SP001',
        sizeGroup: '常规尺码',
        colour: COLOURS[p % COLOURS.length],
        size,
        barcode: i % 2 === 0 ? `BIG-${styleNo}-${size}` : '',
        marketplaceGroup: 'tmall',
        sellerSku: `TM-${styleNo}-${size}`,
        grade: '一等品',
        safetyCategory: 'GB 18401-2010 B类',
        standard: 'FZ/T 73020-2019',
        composition: '面料:羊毛50%,腈纶30%,锦纶20%;罗纹:棉95%,氨纶5%',
        remark: '秋冬新品，门店首批铺货，注意按尺码配比发货',
      });
    }
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

describe('a 5000-row import', () => {
  it('checks and imports in a bounded number of statements, in one transaction', async () => {
    const rows = fullFile();
    expect(rows).toHaveLength(5000);
    const payload = JSON.stringify({ rows });
    const bytes = Buffer.byteLength(payload);
    expect(bytes).toBeLessThan(IMPORT_BODY_LIMIT / 2);

    const { value: checked, statements: checkStatements } = await countStatements(() =>
      t.call({ method: 'POST', url: `${BASE}/import/check`, payload, headers: { 'content-type': 'application/json' }, session: admin }),
    );
    expect(checked.body.data, checked.raw.slice(0, 500)).toEqual({ products: 1000, skus: 5000, errors: [] });

    const { value: imported, statements: importStatements } = await countStatements(() =>
      t.call({ method: 'POST', url: `${BASE}/import`, payload, headers: { 'content-type': 'application/json' }, session: admin }),
    );
    expect(imported.body.msg).toBe('成功导入1000个商品（5000个SKU）');
    const skus = await t.db
      .selectFrom('skus')
      .innerJoin('products', 'products.id', 'skus.product_id')
      .select('skus.barcode')
      .where('products.style_no', 'like', 'BIG26%')
      .execute();
    expect(skus).toHaveLength(5000);
    expect(new Set(skus.map((s) => s.barcode)).size).toBe(5000);

    // the same file again: every style no., given barcode and seller SKU is taken now
    const { value: again, statements: againStatements } = await countStatements(() =>
      t.call({ method: 'POST', url: `${BASE}/import/check`, payload, headers: { 'content-type': 'application/json' }, session: admin }),
    );
    expect(again.body.data.errors).toHaveLength(1000 + 3000 + 5000);

    console.info(
      `5000-row import: body ${(bytes / 1024 / 1024).toFixed(2)} MB, statements: check ${checkStatements.length}, import ${importStatements.length}, check with 9000 errors ${againStatements.length}`,
    );
    // set-wise reads and batched inserts: a statement per row or per style would be thousands
    expect(checkStatements.length).toBeLessThanOrEqual(CHECK_STATEMENTS);
    expect(againStatements.length).toBeLessThanOrEqual(CHECK_STATEMENTS);
    expect(importStatements.length).toBeLessThanOrEqual(IMPORT_STATEMENTS);
  });
});
