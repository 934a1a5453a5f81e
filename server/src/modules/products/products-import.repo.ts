import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProductValues } from './products.repo.ts';

// SQL of the Excel import and export: the reference data read once per call, the uniqueness
// checks in batches (one query per 1000 values), and multi-row inserts.

const CHUNK = 1000;

function chunks<T>(values: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

export const PRODUCT_DICT_CODES = ['season', 'gender', 'unit', 'grade', 'safety_category'] as const;
export type ProductDictCode = (typeof PRODUCT_DICT_CODES)[number];

/** Everything a row's text may name, in one round of queries. */
export async function loadReferenceRows(db: Db) {
  const [brands, categories, sizeGroups, sizes, colours, suppliers, dictItems] = await Promise.all([
    db.selectFrom('brands').select(['id', 'code', 'name', 'enabled']).execute(),
    db.selectFrom('product_categories').select(['id', 'parent_id', 'code', 'name', 'enabled']).execute(),
    db.selectFrom('size_groups').select(['id', 'code', 'name', 'enabled']).execute(),
    db.selectFrom('sizes').select(['id', 'group_id', 'name', 'sort']).execute(),
    db.selectFrom('colours').select(['id', 'code', 'name', 'enabled']).execute(),
    db.selectFrom('suppliers').select(['id', 'code', 'name', 'enabled']).execute(),
    dictItemsOf(db),
  ]);
  return { brands, categories, sizeGroups, sizes, colours, suppliers, dictItems };
}

export type ReferenceRowSet = Awaited<ReturnType<typeof loadReferenceRows>>;

/** The items (label and value) of the product dictionaries. */
export function dictItemsOf(db: Db) {
  return db
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select(['dicts.dict_code', 'dict_items.name', 'dict_items.value'])
    .where('dicts.dict_code', 'in', [...PRODUCT_DICT_CODES])
    .orderBy('dict_items.sort')
    .orderBy('dict_items.id')
    .execute();
}

/** The lower-cased style nos that products already use. */
export async function styleNosTaken(db: Db, lowerStyleNos: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(lowerStyleNos)) {
    const rows = await db.selectFrom('products').select(sql<string>`lower(style_no)`.as('key')).where(sql<string>`lower(style_no)`, 'in', part).execute();
    for (const row of rows) taken.add(row.key);
  }
  return taken;
}

export async function barcodesTakenMany(db: Db, barcodes: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(barcodes)) {
    for (const row of await db.selectFrom('skus').select('barcode').where('barcode', 'in', part).execute()) taken.add(row.barcode);
  }
  return taken;
}

/** "group\u0000sellerSku" of the pairs already used. */
export async function sellerSkusTaken(db: Db, sellerSkus: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(sellerSkus)) {
    const rows = await db.selectFrom('skus').select(['marketplace_group', 'seller_sku']).where('seller_sku', 'in', part).execute();
    for (const row of rows) taken.add(`${row.marketplace_group}\u0000${row.seller_sku}`);
  }
  return taken;
}

/** `count` numbers from the barcode sequence in one statement. */
export async function nextBarcodeNumbers(db: Db, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const { rows } = await sql<{ n: string }>`SELECT nextval('sku_barcode_seq') AS n FROM generate_series(1, ${count})`.execute(db);
  return rows.map((r) => Number(r.n));
}

/** Inserts the products; answers lower(style_no) → id. */
export async function insertProducts(trx: Db, values: readonly ProductValues[], createdBy: number | null): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // 23 columns a row: 500 rows a statement
  for (const part of chunks(values, 500)) {
    const rows = await trx
      .insertInto('products')
      .values(part.map((v) => ({ ...v, created_by: createdBy })))
      .returning(['id', 'style_no'])
      .execute();
    for (const row of rows) ids.set(row.style_no.toLowerCase(), row.id);
  }
  return ids;
}

export interface NewSkuRow {
  product_id: number;
  colour_id: number;
  size_id: number;
  barcode: string;
  seller_sku: string | null;
  marketplace_group: string | null;
}

export async function insertSkuRows(trx: Db, rows: readonly NewSkuRow[]): Promise<void> {
  for (const part of chunks(rows, 2000)) await trx.insertInto('skus').values(part).execute();
}
