import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProductCategoriesTable } from '../../db/schema.ts';

export type CategoryRow = Selectable<ProductCategoriesTable>;

/** The whole tree (a few hundred rows at most), siblings in sort order. */
export function allCategories(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('product_categories').selectAll().orderBy('sort').orderBy('id').execute();
}

/** Tree changes take turns so two moves cannot make a cycle or a fourth level together. */
export async function lockTree(db: Db) {
  await sql`LOCK TABLE product_categories IN SHARE ROW EXCLUSIVE MODE`.execute(db);
}

export function findCategory(db: Db, id: number) {
  return db.selectFrom('product_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function codeTakenBy(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('product_categories').select('id').where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function siblingNameTaken(db: Db, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('product_categories')
    .select('id')
    .where('name', '=', name)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export interface CategoryValues {
  parent_id: number | null;
  code: string;
  name: string;
  level: number;
  sort: number;
  enabled: boolean;
}

export function insertCategory(db: Db, values: CategoryValues) {
  return db.insertInto('product_categories').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateCategory(db: Db, id: number, values: CategoryValues) {
  await db
    .updateTable('product_categories')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setLevel(db: Db, id: number, level: number) {
  await db.updateTable('product_categories').set({ level, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function hasChildren(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('product_categories').select('id').where('parent_id', '=', id).executeTakeFirst());
}

export async function deleteCategory(db: Db, id: number) {
  await db.deleteFrom('product_categories').where('id', '=', id).execute();
}
