import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fetchPage } from '../../db/paging.ts';
import { filterProducts, skuColumns, withListColumns, type ProductFilter } from './products.repo.ts';
import type { ProductSortColumn } from './products.schema.ts';

// SQL of the calls on many products at once: details for printing, the SKU export rows and
// batch tags. Each answers in a fixed number of queries whatever the number of products.

/** Products with their detail columns (any order; the caller orders them as asked). */
export function findProducts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return withListColumns(db.selectFrom('products'))
    .innerJoin('size_groups', 'size_groups.id', 'products.size_group_id')
    .select([
      'products.composition',
      'products.care',
      'products.grade',
      'products.safety_category',
      'products.standard',
      'products.gallery',
      'products.size_group_id',
      'size_groups.name as size_group_name',
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

/**
 * The same per-object advisory lock setTags takes (tags.repo lockTarget), for many products in
 * one statement, in id order so two batches cannot deadlock.
 */
export async function lockProductTagTargets(trx: Db, ids: readonly number[]): Promise<void> {
  const sorted = [...ids].sort((a, b) => a - b);
  await trx
    .selectFrom(trx.selectFrom('products').select('products.id').where('products.id', 'in', sorted).orderBy('products.id').as('p'))
    .select(sql<string>`pg_advisory_xact_lock(hashtextextended('tag_links:product:' || p.id::text, 0))`.as('locked'))
    .execute();
}

/** Takes the other tags of the single-choice groups off the products (the new one replaces them). */
export async function dropOtherTagsOfGroups(trx: Db, productIds: readonly number[], groupIds: readonly number[], keepTagIds: readonly number[]) {
  if (groupIds.length === 0) return;
  await trx
    .deleteFrom('tag_links')
    .where('target_type', '=', 'product')
    .where('target_id', 'in', productIds)
    .where('tag_id', 'in', trx.selectFrom('tags').select('tags.id').where('tags.group_id', 'in', groupIds).where('tags.id', 'not in', keepTagIds))
    .execute();
}

/** Every product × tag link; links already there stay as they are. */
export async function addTagLinks(trx: Db, productIds: readonly number[], tagIds: readonly number[]) {
  const rows = productIds.flatMap((targetId) => tagIds.map((tagId) => ({ tag_id: tagId, target_type: 'product' as const, target_id: targetId })));
  // 3 parameters a row: 5000 rows a statement stays far below the protocol's 65535
  for (let i = 0; i < rows.length; i += 5000) {
    await trx
      .insertInto('tag_links')
      .values(rows.slice(i, i + 5000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function removeTagLinks(trx: Db, productIds: readonly number[], tagIds: readonly number[]) {
  await trx.deleteFrom('tag_links').where('target_type', '=', 'product').where('target_id', 'in', productIds).where('tag_id', 'in', tagIds).execute();
}
