import type { Db } from '../../db/database.ts';
import { fetchPage } from '../../db/paging.ts';
import { filterProducts, skuColumns, withListColumns, type ProductFilter } from './products.repo.ts';
import type { ProductSortColumn } from './products.schema.ts';

// SQL of the calls on many products at once: details for printing, the SKU export rows and the
// products a batch tag change holds (the links themselves are the tags module's). Each answers in
// a fixed number of queries whatever the number of products.

/** Products with their detail columns (any order; the caller orders them as asked). */
export function findProducts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return withListColumns(db.selectFrom('products'))
    .innerJoin('size_groups', 'size_groups.id', 'products.size_group_id')
    .leftJoin('size_runs', 'size_runs.id', 'products.size_run_id')
    .select([
      'products.composition',
      'products.care',
      'products.grade',
      'products.safety_category',
      'products.standard',
      'products.gallery',
      'products.size_group_id',
      'size_groups.name as size_group_name',
      'products.size_run_id',
      'size_runs.name as size_run_name',
      'products.whole_runs',
      'products.min_runs',
      'products.remark',
    ])
    .where('products.id', 'in', ids)
    .execute();
}

/** The SKUs of the products, product by product, colour by colour, sizes in their group's order. */
export function skusOfProducts(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('skus')
    .innerJoin('colours', 'colours.id', 'skus.colour_id')
    .innerJoin('sizes', 'sizes.id', 'skus.size_id')
    .select(skuColumns)
    .where('skus.product_id', 'in', productIds)
    .orderBy('skus.product_id')
    .orderBy('colours.sort')
    .orderBy('colours.id')
    .orderBy('sizes.sort')
    .orderBy('sizes.id')
    .execute();
}

/**
 * One page of active SKUs of the filtered products in the import format's terms: products in the
 * list's order, then colour, then size order; `total` counts SKUs.
 */
export function pageSkuRows(db: Db, filter: ProductFilter, page: { limit: number; offset: number; sortColumn: ProductSortColumn; order: 'asc' | 'desc' }) {
  const base = filterProducts(db, filter).innerJoin('skus', 'skus.product_id', 'products.id').where('skus.status', '=', 'active');
  return fetchPage(
    base,
    (query) =>
      query
        .innerJoin('brands', 'brands.id', 'products.brand_id')
        .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
        .innerJoin('size_groups', 'size_groups.id', 'products.size_group_id')
        .innerJoin('colours', 'colours.id', 'skus.colour_id')
        .innerJoin('sizes', 'sizes.id', 'skus.size_id')
        .leftJoin('suppliers', 'suppliers.id', 'products.supplier_id')
        .select([
          'products.style_no',
          'products.name',
          'brands.code as brand_code',
          'product_categories.code as category_code',
          'products.year',
          'products.season',
          'products.gender',
          'products.unit',
          'products.retail_price_fen',
          'products.wholesale_price_fen',
          'products.cost_price_fen',
          'suppliers.code as supplier_code',
          'size_groups.code as size_group_code',
          'colours.code as colour_code',
          'sizes.name as size_name',
          'skus.barcode',
          'skus.marketplace_group',
          'skus.seller_sku',
          'products.grade',
          'products.safety_category',
          'products.standard',
          'products.composition',
          'products.remark',
        ])
        .orderBy(page.sortColumn, page.order)
        .orderBy('products.id', page.order)
        .orderBy('colours.sort')
        .orderBy('colours.id')
        .orderBy('sizes.sort')
        .orderBy('sizes.id'),
    page,
  );
}

export type SkuExportRow = Awaited<ReturnType<typeof pageSkuRows>>['records'][number];

/** Products that exist, held against a delete until commit. */
export async function productIdsHeld(trx: Db, ids: readonly number[]): Promise<number[]> {
  const rows = await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forKeyShare().execute();
  return rows.map((r) => r.id);
}
