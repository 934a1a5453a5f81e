import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database, DictItemsTable, DictsTable } from '../../db/schema.ts';
import type { DictItemSortColumn, DictSortColumn } from './dicts.schema.ts';

export type DictRow = Selectable<DictsTable>;
export type DictItemRow = Selectable<DictItemsTable> & { dict_code: string };
type DictStatus = DictRow['status'];

export { isUniqueViolation } from '../../db/db-errors.ts';

/** The index a unique violation names ('' when the driver does not say). */
export function constraintOf(error: unknown): string {
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : '';
}

interface Paging<C> {
  limit: number;
  offset: number;
  sortColumn: C;
  order: 'asc' | 'desc';
}

// ---- dictionaries ----

/** The number of items of the outer query's dictionary (a correlated subquery). */
const itemCount = (eb: ExpressionBuilder<Database, 'dicts'>) =>
  eb
    .selectFrom('dict_items')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('dict_items.dict_id', '=', 'dicts.id')
    .as('item_count');

export async function pageDicts(db: Db, filter: { keyword?: string; status?: DictStatus }, page: Paging<DictSortColumn>) {
  let base = db.selectFrom('dicts');
  if (filter.status) base = base.where('dicts.status', '=', filter.status);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('dicts.dict_code', 'ilike', pattern), eb('dicts.name', 'ilike', pattern)]));
  }
  return fetchPage(base, (query) => query.selectAll('dicts').select(itemCount).orderBy(page.sortColumn, page.order).orderBy('dicts.id', page.order), page);
}

export function findDict(db: Db, id: number) {
  return db.selectFrom('dicts').selectAll('dicts').select(itemCount).where('dicts.id', '=', id).executeTakeFirst();
}

export function findDictForUpdate(db: Db, id: number) {
  return db.selectFrom('dicts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** By its exact code; `lock` holds it against a concurrent delete or code change while items are added. */
export function findDictByCode(db: Db, code: string, lock = false) {
  const query = db.selectFrom('dicts').selectAll().where('dict_code', '=', code);
  return (lock ? query.forShare() : query).executeTakeFirst();
}

/** Another dictionary already uses this code in any letter case. */
export async function dictCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('dicts').select('id').where(sql<string>`lower(dict_code)`, '=', code.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function countItems(db: Db, dictId: number): Promise<number> {
  const row = await db
    .selectFrom('dict_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dict_id', '=', dictId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface DictValues {
  dict_code: string;
  name: string;
  remark: string;
  status: DictStatus;
  sort: number;
}

export function insertDict(db: Db, values: DictValues) {
  return db.insertInto('dicts').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateDict(db: Db, id: number, values: DictValues) {
  await db
    .updateTable('dicts')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteDict(db: Db, id: number) {
  await db.deleteFrom('dicts').where('id', '=', id).execute();
}

// ---- items ----

const ITEM_COLUMNS = [
  'dict_items.id',
  'dict_items.dict_id',
  'dict_items.name',
  'dict_items.value',
  'dict_items.remark',
  'dict_items.status',
  'dict_items.sort',
  'dict_items.created_at',
  'dict_items.updated_at',
  'dicts.dict_code',
] as const;

export interface ItemFilter {
  /** exact code */
  dictCode?: string;
  /** part of the item's name */
  name?: string;
  status?: DictStatus;
}

function itemsBase(db: Db, filter: ItemFilter) {
  let base = db.selectFrom('dict_items').innerJoin('dicts', 'dicts.id', 'dict_items.dict_id');
  if (filter.dictCode) base = base.where('dicts.dict_code', '=', filter.dictCode);
  if (filter.name) base = base.where('dict_items.name', 'ilike', containsPattern(filter.name));
  if (filter.status) base = base.where('dict_items.status', '=', filter.status);
  return base;
}

/** Every matching item, dictionary by dictionary, each in its sort order. */
export function listItems(db: Db, filter: ItemFilter): Promise<DictItemRow[]> {
  return itemsBase(db, filter).select(ITEM_COLUMNS).orderBy('dicts.sort').orderBy('dicts.id').orderBy('dict_items.sort').orderBy('dict_items.id').execute();
}

export function pageItems(db: Db, filter: ItemFilter, page: Paging<DictItemSortColumn>) {
  return fetchPage(itemsBase(db, filter), (query) => query.select(ITEM_COLUMNS).orderBy(page.sortColumn, page.order).orderBy('dict_items.id', page.order), page);
}

/** The enabled items of an enabled dictionary, in sort order (for selects). */
export function selectableItems(db: Db, dictId: number) {
  return db.selectFrom('dict_items').select(['id', 'name', 'value']).where('dict_id', '=', dictId).where('status', '=', 'enabled').orderBy('sort').orderBy('id').execute();
}

export function findItem(db: Db, id: number, lock = false): Promise<DictItemRow | undefined> {
  const query = db.selectFrom('dict_items').innerJoin('dicts', 'dicts.id', 'dict_items.dict_id').select(ITEM_COLUMNS).where('dict_items.id', '=', id);
  return (lock ? query.forUpdate('dict_items') : query).executeTakeFirst();
}

/** Which of the value (any letter case) and the name another item of the dictionary already has. */
export async function itemClash(db: Db, dictId: number, item: { value: string; name: string }, exceptId?: number) {
  let query = db
    .selectFrom('dict_items')
    .select(['value', 'name'])
    .where('dict_id', '=', dictId)
    .where((eb) => eb.or([eb(sql<string>`lower(value)`, '=', item.value.toLowerCase()), eb('name', '=', item.name)]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  return {
    value: rows.some((row) => row.value.toLowerCase() === item.value.toLowerCase()),
    name: rows.some((row) => row.name === item.name),
  };
}

export interface ItemValues {
  dict_id: number;
  name: string;
  value: string;
  remark: string;
  status: DictStatus;
  sort: number;
}

export function insertItem(db: Db, values: ItemValues) {
  return db.insertInto('dict_items').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateItem(db: Db, id: number, values: Pick<ItemValues, 'name' | 'remark' | 'status' | 'sort'>) {
  await db
    .updateTable('dict_items')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The value of an item created without one (its id, see createItem). */
export async function setItemValue(db: Db, id: number, value: string) {
  await db.updateTable('dict_items').set({ value }).where('id', '=', id).execute();
}

export async function deleteItem(db: Db, id: number) {
  await db.deleteFrom('dict_items').where('id', '=', id).execute();
}

/**
 * The name of the item of dictionary `dictCode` whose value is in `column` (matched whatever the
 * case), as a scalar subquery other modules' lists select beside their own columns; `column` is
 * a column reference of the caller's query, never input.
 */
export const dictItemNameSql = (dictCode: string, column: string) =>
  sql<string | null>`(SELECT i.name FROM dict_items i JOIN dicts d ON d.id = i.dict_id WHERE d.dict_code = ${dictCode} AND lower(i.value) = lower(${sql.ref(column)}) LIMIT 1)`;
