import { compositionToText, fenToYuanText, ProductMessages, type ProductCompositionPart } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { AuthContext } from '../sessions/sessions.service.ts';
import { changeTagsOfMany } from '../tags/tag-links.service.ts';
import * as bulk from './products-bulk.repo.ts';
import { dictRefsOf } from './products-import.refs.ts';
import { dictItemsOf } from './products-import.repo.ts';
import { filterInView, productViewOf } from './product-view.ts';
import type { ProductFilter } from './products.repo.ts';
import type { ProductSortColumn } from './products.schema.ts';
import type { SkuExportRow } from './products-bulk.schema.ts';

// Calls on many products at once: the SKU export in the import format, and batch tags.

/**
 * One page of SKU rows in the import format: codes for brand, category, size group, colour and
 * supplier (an import resolves them unambiguously), dictionary labels, yuan with two decimals,
 * the prices and the supplier only as the caller's view allows (product-view.ts: absent otherwise); `row` is the sheet
 * row (the header is row 1).
 */
export async function pageSkuRows(db: Db, auth: AuthContext, filter: ProductFilter, params: ListParams<ProductSortColumn>) {
  const view = productViewOf(auth);
  const [{ records, total }, items] = await Promise.all([bulk.pageSkuRows(db, filterInView(filter, view), params), dictItemsOf(db)]);
  const dicts = dictRefsOf(items);
  const rows: SkuExportRow[] = records.map((r, index) => ({
    row: params.offset + index + 2,
    styleNo: r.style_no,
    name: r.name,
    brand: r.brand_code,
    category: r.category_code,
    year: String(r.year),
    season: dicts.label('season', r.season),
    gender: dicts.label('gender', r.gender),
    unit: dicts.label('unit', r.unit),
    retailPrice: fenToYuanText(r.retail_price_fen),
    ...(view.wholesale ? { wholesalePrice: fenToYuanText(r.wholesale_price_fen) } : {}),
    ...(view.cost ? { costPrice: fenToYuanText(r.cost_price_fen) } : {}),
    ...(view.supplier ? { supplier: r.supplier_code ?? '' } : {}),
    sizeGroup: r.size_group_code,
    colour: r.colour_code,
    size: r.size_name,
    barcode: r.barcode,
    marketplaceGroup: r.marketplace_group ?? '',
    sellerSku: r.seller_sku ?? '',
    grade: dicts.label('grade', r.grade),
    safetyCategory: dicts.label('safety_category', r.safety_category),
    standard: r.standard,
    composition: compositionToText(r.composition as ProductCompositionPart[]),
    remark: r.remark,
  }));
  return { total, records: rows };
}

/**
 * Puts tags on (add) or takes them off (remove) many products in one transaction. add: a tag of
 * a single-choice group replaces the product's other tag of that group. Unknown products: 404
 * and nothing changes. Answers how many products were changed.
 */
export async function batchTags(db: Db, ids: readonly number[], tagIds: readonly number[], mode: 'add' | 'remove'): Promise<number> {
  const productIds = [...new Set(ids)];
  if (productIds.length === 0) throw badRequest(ProductMessages.idsRequired);
  return db.transaction().execute(async (trx) => {
    const found = await bulk.productIdsHeld(trx, productIds);
    if (found.length !== productIds.length) throw notFound(ProductMessages.productNotFound);
    await changeTagsOfMany(trx, 'product', productIds, tagIds, mode);
    return productIds.length;
  });
}
