import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SizeGroupsTable, SizesTable } from '../../db/schema.ts';

export type SizeGroupRow = Selectable<SizeGroupsTable>;
export type SizeRow = Selectable<SizesTable>;

export function allGroups(db: Db): Promise<SizeGroupRow[]> {
  return db.selectFrom('size_groups').selectAll().orderBy('sort').orderBy('id').execute();
}

export function sizesOf(db: Db, groupIds: readonly number[]): Promise<SizeRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('sizes').selectAll().where('group_id', 'in', groupIds).orderBy('sort').orderBy('id').execute();
}

export function findGroup(db: Db, id: number, forUpdate = false) {
  const query = db.selectFrom('size_groups').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Which of code and name another group already has. */
export async function groupClash(db: Db, code: string, name: string, exceptId?: number): Promise<'code' | 'name' | null> {
  let query = db
    .selectFrom('size_groups')
    .select(['code', 'name'])
    .where((eb) => eb.or([eb('code', '=', code), eb('name', '=', name)]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  if (rows.some((row) => row.code === code)) return 'code';
  return rows.length > 0 ? 'name' : null;
}

export async function hasDefault(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('size_groups').select('id').where('is_default', '=', true).executeTakeFirst());
}

export interface GroupValues {
  code: string;
  name: string;
  sort: number;
  enabled: boolean;
}

export function insertGroup(db: Db, values: GroupValues & { is_default: boolean }) {
  return db.insertInto('size_groups').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateGroup(db: Db, id: number, values: GroupValues) {
  await db
    .updateTable('size_groups')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function makeDefault(db: Db, id: number) {
  await db.updateTable('size_groups').set({ is_default: false, updated_at: sql`now()` }).where('is_default', '=', true).where('id', '<>', id).execute();
  await db.updateTable('size_groups').set({ is_default: true, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteSizes(db: Db, ids: readonly number[]) {
  if (ids.length > 0) await db.deleteFrom('sizes').where('id', 'in', ids).execute();
}

export async function setSizeSort(db: Db, id: number, sort: number) {
  await db.updateTable('sizes').set({ sort }).where('id', '=', id).execute();
}

export async function insertSizes(db: Db, rows: readonly { group_id: number; name: string; sort: number }[]) {
  if (rows.length > 0) await db.insertInto('sizes').values(rows).execute();
}

export async function deleteGroup(db: Db, id: number) {
  await db.deleteFrom('sizes').where('group_id', '=', id).execute();
  await db.deleteFrom('size_groups').where('id', '=', id).execute();
}
