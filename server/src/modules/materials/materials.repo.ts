import { sql, type ExpressionBuilder } from 'kysely';
import { MATERIAL_CATEGORY_DICT, MATERIAL_UNIT_DICT } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import type { MaterialSortColumn } from './materials.schema.ts';

export { isUniqueViolation } from '../../db/db-errors.ts';

/** The item name of a dictionary value, for display (the value stays what is stored). */
function itemName(eb: ExpressionBuilder<Database, 'materials'>, dictCode: string, column: 'materials.unit' | 'materials.category') {
  return eb
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select('dict_items.name')
    .where('dicts.dict_code', '=', dictCode)
    .where((inner) => inner(inner.fn('lower', ['dict_items.value']), '=', inner.fn('lower', [column])))
    .limit(1);
}

const materialColumns = (eb: ExpressionBuilder<Database, 'materials'>) =>
  [
    'materials.id',
    'materials.code',
    'materials.name',
    'materials.unit',
    'materials.specification',
    'materials.category',
    'materials.image_url',
    'materials.supplier_id',
    'materials.cost_price_fen',
    'materials.remark',
    'materials.enabled',
    'materials.created_at',
    'materials.updated_at',
    eb.fn.coalesce(itemName(eb, MATERIAL_UNIT_DICT, 'materials.unit'), sql<string>`''`).as('unit_name'),
    eb.fn.coalesce(itemName(eb, MATERIAL_CATEGORY_DICT, 'materials.category'), sql<string>`''`).as('category_name'),
    eb.fn.coalesce(eb.selectFrom('suppliers').select('suppliers.name').whereRef('suppliers.id', '=', 'materials.supplier_id'), sql<string>`''`).as('supplier_name'),
  ] as const;

export interface MaterialFilter {
  keyword?: string;
  category?: string;
  enabled?: boolean;
  supplierId?: number;
}

export function pageMaterials(db: Db, filter: MaterialFilter, page: { limit: number; offset: number; sortColumn: MaterialSortColumn; order: 'asc' | 'desc' }) {
  let base = db.selectFrom('materials');
  if (filter.category) base = base.where((eb) => eb(eb.fn('lower', ['materials.category']), '=', filter.category!.toLowerCase()));
  if (filter.enabled !== undefined) base = base.where('materials.enabled', '=', filter.enabled);
  if (filter.supplierId !== undefined) base = base.where('materials.supplier_id', '=', filter.supplierId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('materials.code', 'ilike', pattern), eb('materials.name', 'ilike', pattern), eb('materials.specification', 'ilike', pattern)]));
  }
  return fetchPage(base, (query) => query.select(materialColumns).orderBy(page.sortColumn, page.order).orderBy('materials.id', page.order), page);
}

export function findMaterial(db: Db, id: number) {
  return db.selectFrom('materials').select(materialColumns).where('materials.id', '=', id).executeTakeFirst();
}
export type MaterialRow = NonNullable<Awaited<ReturnType<typeof findMaterial>>>;

/** Held until commit: a delete or status change waits for a save in flight, and the reverse. */
export function lockMaterial(trx: Db, id: number) {
  return trx.selectFrom('materials').select(['id', 'unit', 'category', 'supplier_id', 'enabled']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('materials')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

/**
 * The stored form of a dictionary value (the item's own spelling) when the item and its dictionary
 * are enabled; share-locked so the item cannot go while the material is saved.
 */
export async function enabledDictValue(trx: Db, dictCode: string, value: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('dict_items')
    .innerJoin('dicts', 'dicts.id', 'dict_items.dict_id')
    .select('dict_items.value')
    .where('dicts.dict_code', '=', dictCode)
    .where('dicts.status', '=', 'enabled')
    .where('dict_items.status', '=', 'enabled')
    .where((eb) => eb(eb.fn('lower', ['dict_items.value']), '=', value.toLowerCase()))
    .forShare()
    .executeTakeFirst();
  return row?.value;
}

/** Key-share locked: the supplier cannot be deleted while the material is saved. */
export function findSupplier(trx: Db, id: number) {
  return trx.selectFrom('suppliers').select(['id', 'enabled']).where('id', '=', id).forKeyShare().executeTakeFirst();
}

export interface MaterialValues {
  code: string;
  name: string;
  unit: string;
  specification: string;
  category: string;
  image_url: string;
  supplier_id: number | null;
  cost_price_fen: number | null;
  remark: string;
  enabled: boolean;
}

export function insertMaterial(db: Db, values: MaterialValues) {
  return db.insertInto('materials').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateMaterial(db: Db, id: number, values: Partial<MaterialValues>) {
  await db
    .updateTable('materials')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteMaterial(db: Db, id: number) {
  await db.deleteFrom('materials').where('id', '=', id).execute();
}

/** A stock move or balance of the material (0016), the first found, or undefined. */
export async function stockRecordOfMaterial(db: Db, id: number) {
  return (
    (await db.selectFrom('stock_moves').select('id').where('material_id', '=', id).limit(1).executeTakeFirst()) ??
    (await db.selectFrom('stock_balances').select('id').where('material_id', '=', id).limit(1).executeTakeFirst())
  );
}
