import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { SizeRunsTable } from '../../db/schema.ts';
import type { SizeRunSortColumn } from './size-runs.schema.ts';

export type SizeRunRow = Selectable<SizeRunsTable>;

export interface SizeRunFilter {
  groupId?: number;
  keyword?: string;
  enabled?: boolean;
}

export function pageRuns(db: Db, filter: SizeRunFilter, page: { limit: number; offset: number; sortColumn: SizeRunSortColumn; order: 'asc' | 'desc' }) {
  let base = db.selectFrom('size_runs');
  if (filter.groupId !== undefined) base = base.where('group_id', '=', filter.groupId);
  if (filter.enabled !== undefined) base = base.where('enabled', '=', filter.enabled);
  if (filter.keyword) base = base.where('name', 'ilike', containsPattern(filter.keyword));
  return fetchPage(base, (query) => query.selectAll().orderBy(sql.ref(page.sortColumn), page.order).orderBy('id', page.order), page);
}

export function enabledRunsOf(db: Db, groupId: number): Promise<SizeRunRow[]> {
  return db.selectFrom('size_runs').selectAll().where('group_id', '=', groupId).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

export function findRun(db: Db, id: number, forUpdate = false): Promise<SizeRunRow | undefined> {
  const query = db.selectFrom('size_runs').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The counts of the runs with their sizes, in each group's size order. */
export function countsOf(db: Db, runIds: readonly number[]) {
  if (runIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('size_run_counts')
    .innerJoin('sizes', 'sizes.id', 'size_run_counts.size_id')
    .select(['size_run_counts.run_id', 'size_run_counts.size_id', 'size_run_counts.count', 'sizes.name as size_name'])
    .where('size_run_counts.run_id', 'in', runIds)
    .orderBy('sizes.sort')
    .orderBy('sizes.id')
    .execute();
}
export type CountRow = Awaited<ReturnType<typeof countsOf>>[number];

/** How many styles order in each run by default. */
export async function styleCounts(db: Db, runIds: readonly number[]): Promise<Map<number, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['size_run_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('size_run_id', 'in', runIds)
    .groupBy('size_run_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.size_run_id), Number(row.n)]));
}

export async function nameTakenInGroup(db: Db, groupId: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('size_runs').select('id').where('group_id', '=', groupId).where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export interface RunValues {
  name: string;
  sort: number;
  enabled: boolean;
}

export async function insertRun(db: Db, groupId: number, values: RunValues): Promise<number> {
  return (
    await db
      .insertInto('size_runs')
      .values({ group_id: groupId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function updateRun(db: Db, id: number, values: RunValues) {
  await db
    .updateTable('size_runs')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Replaces the run's counts (only sizes with pieces are stored). */
export async function replaceCounts(db: Db, runId: number, counts: readonly { size_id: number; count: number }[]) {
  await db.deleteFrom('size_run_counts').where('run_id', '=', runId).execute();
  const rows = counts.filter((c) => c.count > 0).map((c) => ({ run_id: runId, ...c }));
  if (rows.length > 0) await db.insertInto('size_run_counts').values(rows).execute();
}

export async function makeDefault(db: Db, groupId: number, id: number) {
  await db
    .updateTable('size_runs')
    .set({ is_default: false, updated_at: sql`now()` })
    .where('group_id', '=', groupId)
    .where('is_default', '=', true)
    .where('id', '<>', id)
    .execute();
  await db.updateTable('size_runs').set({ is_default: true, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteRun(db: Db, id: number) {
  await db.deleteFrom('size_runs').where('id', '=', id).execute();
}

/** A run that holds pieces of one of the sizes, and that size's name (the first found). */
export function runUsingSizes(db: Db, sizeIds: readonly number[]) {
  if (sizeIds.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('size_run_counts')
    .innerJoin('size_runs', 'size_runs.id', 'size_run_counts.run_id')
    .innerJoin('sizes', 'sizes.id', 'size_run_counts.size_id')
    .select(['size_runs.name as run_name', 'sizes.name as size_name'])
    .where('size_run_counts.size_id', 'in', sizeIds)
    .orderBy('sizes.sort')
    .orderBy('size_runs.sort')
    .limit(1)
    .executeTakeFirst();
}

/** A group's runs go with the group (counts cascade). */
export async function deleteRunsOfGroup(db: Db, groupId: number) {
  await db.deleteFrom('size_runs').where('group_id', '=', groupId).execute();
}
