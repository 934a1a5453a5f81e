import { nextEan13, ProductImportMessages, ProductMessages, type ProductImportRow } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import { guarded, prefixOf } from './products.service.ts';
import { checkImportRows } from './products-import.check.ts';
import { barcodesTakenMany, insertProducts, insertSkuRows, nextBarcodeNumbers, type NewSkuRow } from './products-import.repo.ts';

// 商品导入 (Excel, one row per SKU): the check writes nothing; the import runs the same check in
// its transaction and inserts every product, SKU and seller SKU, or nothing at all.

export async function checkImport(db: Db, rows: readonly ProductImportRow[]) {
  const { products, skus, errors } = await checkImportRows(db, rows);
  return { products, skus, errors };
}

/** `count` automatic EAN-13 codes from the prefix, skipping codes in use or given in the file. */
async function autoBarcodes(trx: Db, prefix: string, count: number, reserved: ReadonlySet<string>): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    let batch: string[];
    try {
      batch = (await nextBarcodeNumbers(trx, count - codes.length)).map((n) => nextEan13(prefix, n));
    } catch {
      throw badRequest(ProductMessages.barcodeExhausted);
    }
    const taken = await barcodesTakenMany(trx, batch);
    codes.push(...batch.filter((code) => !taken.has(code) && !reserved.has(code)));
  }
  return codes;
}

export async function importProducts(db: Db, auth: Pick<AuthContext, 'userId'>, rows: readonly ProductImportRow[]): Promise<{ products: number; skus: number }> {
  return guarded(() =>
    db.transaction().execute(async (trx) => {
      const result = await checkImportRows(trx, rows);
      if (result.errors.length > 0) throw badRequest(ProductImportMessages.failed(result.errors.length));
      const skus = result.prepared.flatMap((p) => p.skus);
      const given = new Set(skus.flatMap((s) => (s.barcode ? [s.barcode] : [])));
      const missing = skus.length - given.size;
      const auto = missing > 0 ? await autoBarcodes(trx, await prefixOf(trx), missing, given) : [];
      const ids = await insertProducts(
        trx,
        result.prepared.map((p) => p.values),
        auth.userId,
      );
      let next = 0;
      const skuRows: NewSkuRow[] = result.prepared.flatMap((p) => {
        const productId = ids.get(p.values.style_no.toLowerCase())!;
        return p.skus.map((s) => ({
          product_id: productId,
          colour_id: s.colourId,
          size_id: s.sizeId,
          barcode: s.barcode ?? auto[next++]!,
          seller_sku: s.sellerSku,
          marketplace_group: s.marketplaceGroup,
        }));
      });
      await insertSkuRows(trx, skuRows);
      return { products: result.prepared.length, skus: skuRows.length };
    }),
  );
}
