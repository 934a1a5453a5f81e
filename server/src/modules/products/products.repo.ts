import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { ProductStatus, SkuStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { nameContains } from './name-search.ts';
import type { ProductSortColumn } from './products.schema.ts';

// All SQL of products and SKUs. Searches lean on indexes: lower(style_no) text_pattern_ops for
// prefixes (0014), the character-pair GIN for name contains (0021, nameContains), the unique btree
// for barcodes.

export interface ProductFilter {
  keyword?: string;
  barcode?: string;
  brandId?: number;
  categoryId?: number;
  season?: string;
  year?: number;
  status?: ProductStatus;
  supplierId?: number;
  /** set by the caller's view, never by a query: a supplier reads only its own styles */
  ownSupplierId?: number;
}

/** A LIKE pattern for a prefix, with %, _ and \ taken literally. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type ProductsEb = ExpressionBuilder<Database, 'products'>;

/** style no. starts with (case-insensitive, the unique index) or name contains (character-pair index). */
function keywordMatch(eb: ProductsEb, keyword: string) {
  return eb.or([eb(sql<string>`lower(products.style_no)`, 'like', prefixPattern(keyword.toLowerCase())), nameContains('products', keyword)]);
}

/** The category and its descendants (the tree has at most three levels). */
function inCategory(eb: ProductsEb, categoryId: number) {
  return eb.or([
    eb('products.category_id', '=', categoryId),
    eb(
      'products.category_id',
      'in',
      eb
        .selectFrom('product_categories as c')
        .select('c.id')
        .where((w) =>
          w.or([w('c.parent_id', '=', categoryId), w('c.parent_id', 'in', w.selectFrom('product_categories as p').select('p.id').where('p.parent_id', '=', categoryId))]),
        ),
    ),
  ]);
}

export function withListColumns<O>(query: SelectQueryBuilder<Database, 'products', O>) {
  return query
    .innerJoin('brands', 'brands.id', 'products.brand_id')
    .innerJoin('product_categories', 'product_categories.id', 'products.category_id')
    .leftJoin('suppliers', 'suppliers.id', 'products.supplier_id')
    .select((eb) => [
      'products.id',
      'products.style_no',
      'products.name',
      'products.brand_id',
      'brands.name as brand_name',
      'products.category_id',
      'product_categories.name as category_name',
      'products.year',
      'products.season',
      'products.gender',
      'products.unit',
      'products.retail_price_fen',
      'products.wholesale_price_fen',
      'products.cost_price_fen',
      'products.supplier_id',
      'suppliers.name as supplier_name',
      'products.status',
      'products.main_image',
      'products.created_at',
      'products.updated_at',
      eb
        .selectFrom('skus')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('skus.product_id', '=', 'products.id')
        .as('sku_count'),
    ]);
}

/** The products matching the list's filter (no columns yet): the list and the SKU export share it. */
export function filterProducts(db: Db, filter: ProductFilter) {
  let base = db.selectFrom('products');
  if (filter.keyword) base = base.where((eb) => keywordMatch(eb, filter.keyword!));
  if (filter.barcode) {
    base = base.where('products.id', 'in', db.selectFrom('skus').select('skus.product_id').where('skus.barcode', '=', filter.barcode));
  }
  if (filter.brandId) base = base.where('products.brand_id', '=', filter.brandId);
  if (filter.categoryId) base = base.where((eb) => inCategory(eb, filter.categoryId!));
  if (filter.season) base = base.where('products.season', '=', filter.season);
  if (filter.year) base = base.where('products.year', '=', filter.year);
  if (filter.status) base = base.where('products.status', '=', filter.status);
  if (filter.supplierId) base = base.where('products.supplier_id', '=', filter.supplierId);
  if (filter.ownSupplierId !== undefined) base = base.where('products.supplier_id', '=', filter.ownSupplierId);
  return base;
}

export async function pageProducts(db: Db, filter: ProductFilter, page: { limit: number; offset: number; sortColumn: ProductSortColumn; order: 'asc' | 'desc' }) {
  return fetchPage(filterProducts(db, filter), (query) => withListColumns(query).orderBy(page.sortColumn, page.order).orderBy('products.id', page.order), page, {
    count: 'capped',
  });
}

export type ProductListRow = Awaited<ReturnType<typeof pageProducts>>['records'][number];

export const skuColumns = [
  'skus.id',
  'skus.product_id',
  'skus.colour_id',
  'colours.code as colour_code',
  'colours.name as colour_name',
  'colours.hex as colour_hex',
  'skus.size_id',
  'sizes.name as size_name',
  'sizes.sort as size_sort',
  'skus.barcode',
  'skus.seller_sku',
  'skus.marketplace_group',
  'skus.status',
] as const;

/** A SKU row with its colour and size (see skusOfProducts in products-bulk.repo.ts). */
export interface SkuRow {
  id: number;
  product_id: number;
  colour_id: number;
  colour_code: string;
  colour_name: string;
  colour_hex: string;
  size_id: number;
  size_name: string;
  size_sort: number;
  barcode: string;
  seller_sku: string | null;
  marketplace_group: string | null;
  status: string;
}

/** The fast scanner lookup: one index probe on skus.barcode plus primary-key joins. */
export function findSkuByBarcode(db: Db, barcode: string) {
  return db
    .selectFrom('skus')
    .innerJoin('colours', 'colours.id', 'skus.colour_id')
    .innerJoin('sizes', 'sizes.id', 'skus.size_id')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .innerJoin('brands', 'brands.id', 'products.brand_id')
    .select(skuColumns)
    .select([
      'products.style_no',
      'products.name',
      'brands.name as brand_name',
      'products.unit',
      'products.retail_price_fen',
      'products.wholesale_price_fen',
      'products.status as product_status',
      'products.main_image',
      'products.supplier_id',
    ])
    .where('skus.barcode', '=', barcode)
    .executeTakeFirst();
}

/**
 * Pickers and scanners: style-no prefix matches first (read in index order, so it stops at
 * `limit`), then name matches (character-pair index, any length of query) to fill up.
 */
export async function searchProducts(db: Db, q: string, limit: number, ownSupplierId: number | null = null) {
  const prefix = prefixPattern(q.toLowerCase());
  const columns = ['id', 'style_no', 'name', 'retail_price_fen', 'status', 'main_image'] as const;
  // a supplier searches its own styles only
  const products = () => (ownSupplierId === null ? db.selectFrom('products') : db.selectFrom('products').where('products.supplier_id', '=', ownSupplierId));
  const byStyle = await products().select(columns).where(sql<string>`lower(products.style_no)`, 'like', prefix).orderBy(sql`lower(products.style_no)`).limit(limit).execute();
  if (byStyle.length >= limit) return byStyle;
  const byName = await products()
    .select(columns)
    .where(nameContains('products', q))
    .where(sql<string>`lower(products.style_no)`, 'not like', prefix)
    .limit(limit - byStyle.length)
    .execute();
  // no ORDER BY in SQL: a common word matches thousands of names and sorting them all costs more
  // than the search; the few found are sorted here
  byName.sort((a, b) => a.style_no.toLowerCase().localeCompare(b.style_no.toLowerCase()));
  return [...byStyle, ...byName];
}

// ---- writes ----

export function styleNoOwner(db: Db, styleNo: string) {
  return db.selectFrom('products').select('id').where(sql<string>`lower(style_no)`, '=', styleNo.toLowerCase()).executeTakeFirst();
}

export async function barcodesTaken(db: Db, barcodes: readonly string[]): Promise<string[]> {
  if (barcodes.length === 0) return [];
  const rows = await db.selectFrom('skus').select('barcode').where('barcode', 'in', barcodes).execute();
  return rows.map((r) => r.barcode);
}

export async function nextBarcodeNumber(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT nextval('sku_barcode_seq') AS n`.execute(db);
  return Number(rows[0]!.n);
}

export async function barcodePrefix(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('system_settings').select('value').where('key', '=', 'barcodePrefix').executeTakeFirst();
  return row?.value;
}

/** A product's columns as written (jsonb columns as JSON text). */
export interface ProductValues {
  style_no: string;
  name: string;
  brand_id: number;
  category_id: number;
  year: number;
  season: string;
  gender: string;
  unit: string;
  retail_price_fen: number;
  wholesale_price_fen: number;
  cost_price_fen: number;
  supplier_id: number | null;
  status: ProductStatus;
  composition: string;
  care: string;
  grade: string;
  safety_category: string;
  standard: string;
  main_image: string;
  gallery: string;
  size_group_id: number;
  remark: string;
}

export async function insertProduct(trx: Db, values: ProductValues, createdBy: number | null): Promise<number> {
  const row = await trx
    .insertInto('products')
    .values({ ...values, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(trx: Db, id: number, values: ProductValues): Promise<void> {
  await trx
    .updateTable('products')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function lockProduct(trx: Db, id: number) {
  return trx.selectFrom('products').select(['id', 'style_no', 'size_group_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertSkus(trx: Db, rows: { product_id: number; colour_id: number; size_id: number; barcode: string }[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('skus').values(rows).execute();
}

export function existingSkus(trx: Db, productId: number) {
  return trx.selectFrom('skus').select(['id', 'colour_id', 'size_id', 'status']).where('product_id', '=', productId).execute();
}

export async function setSkuStatus(trx: Db, ids: readonly number[], status: SkuStatus): Promise<void> {
  if (ids.length > 0) await trx.updateTable('skus').set({ status, updated_at: sql`now()` }).where('id', 'in', ids).execute();
}

export async function setProductsStatus(trx: Db, ids: readonly number[], status: ProductStatus): Promise<number> {
  const result = await trx.updateTable('products').set({ status, updated_at: sql`now()` }).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function productIdsExisting(db: Db, ids: readonly number[]) {
  return db.selectFrom('products').select('id').where('id', 'in', ids).execute();
}

export function lockSku(trx: Db, id: number) {
  return trx.selectFrom('skus').select(['id', 'product_id', 'barcode', 'seller_sku', 'marketplace_group', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateSku(trx: Db, id: number, values: { barcode: string; seller_sku: string | null; marketplace_group: string | null; status: SkuStatus }) {
  await trx
    .updateTable('skus')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function sellerSkuOwner(db: Db, group: string, sellerSku: string) {
  return db.selectFrom('skus').select('id').where('marketplace_group', '=', group).where('seller_sku', '=', sellerSku).executeTakeFirst();
}

export function skuById(db: Db, id: number) {
  return db
    .selectFrom('skus')
    .innerJoin('colours', 'colours.id', 'skus.colour_id')
    .innerJoin('sizes', 'sizes.id', 'skus.size_id')
    .select(skuColumns)
    .where('skus.id', '=', id)
    .executeTakeFirst();
}

// ---- references ----

export function brandUsable(db: Db, id: number) {
  return db.selectFrom('brands').select('id').where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}
export function categoryUsable(db: Db, id: number) {
  return db.selectFrom('product_categories').select('id').where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}
export function supplierUsable(db: Db, id: number) {
  return db.selectFrom('suppliers').select('id').where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}
export function sizeGroup(db: Db, id: number) {
  return db.selectFrom('size_groups').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
}
export function coloursByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('colours').select(['id', 'name', 'sort', 'enabled']).where('id', 'in', ids).execute();
}
export function sizesByIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('sizes').select(['id', 'group_id', 'name', 'sort']).where('id', 'in', ids).execute();
}

/** The item values of one dictionary (season, gender, unit, grade, safety_category). */
export async function dictValues(db: Db, code: string): Promise<Set<string>> {
  const rows = await db.selectFrom('dict_items').innerJoin('dicts', 'dicts.id', 'dict_items.dict_id').select('dict_items.value').where('dicts.dict_code', '=', code).execute();
  return new Set(rows.map((r) => r.value));
}

// ---- in-use counts for product master data deletes ----

export async function countProductsWhere(db: Db, column: 'brand_id' | 'category_id', id: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSkusWhere(db: Db, column: 'colour_id' | 'size_id', ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('skus')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The style's supplier, its row held (key share) while tags are linked to it. */
export function findProductForTags(db: Db, id: number) {
  return db.selectFrom('products').select(['id', 'supplier_id']).where('id', '=', id).forKeyShare().executeTakeFirst();
}

/** The style's status (an edit keeps it: it changes through its own call). */
export function productStatus(db: Db, id: number) {
  return db.selectFrom('products').select('status').where('id', '=', id).executeTakeFirstOrThrow();
}
