import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { ColoursTable } from '../../db/schema.ts';
import type { ColourSortColumn } from './colours.schema.ts';

export type ColourRow = Selectable<ColoursTable>;

export interface ColourFilter {
  keyword?: string;
  enabled?: boolean;
}

export function pageColours(db: Db, filter: ColourFilter, page: { limit: number; offset: number; sortColumn: ColourSortColumn; order: 'asc' | 'desc' }) {
  let base = db.selectFrom('colours');
  if (filter.enabled !== undefined) base = base.where('colours.enabled', '=', filter.enabled);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('colours.code', 'ilike', pattern), eb('colours.name', 'ilike', pattern)]));
  }
  return fetchPage(base, (query) => query.selectAll('colours').orderBy(page.sortColumn, page.order).orderBy('colours.id', page.order), page);
}

export function enabledColours(db: Db) {
  return db.selectFrom('colours').select(['id', 'code', 'name', 'hex']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

export function findColour(db: Db, id: number, forUpdate = false) {
  const query = db.selectFrom('colours').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Which of code and name another colour already has. */
export async function colourClash(db: Db, code: string, name: string, exceptId?: number): Promise<'code' | 'name' | null> {
  let query = db
    .selectFrom('colours')
    .select(['code', 'name'])
    .where((eb) => eb.or([eb('code', '=', code), eb('name', '=', name)]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  if (rows.some((row) => row.code === code)) return 'code';
  return rows.length > 0 ? 'name' : null;
}

export interface ColourValues {
  code: string;
  name: string;
  hex: string;
  sort: number;
  enabled: boolean;
}

export function insertColour(db: Db, values: ColourValues) {
  return db.insertInto('colours').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateColour(db: Db, id: number, values: ColourValues) {
  await db.updateTable('colours').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteColour(db: Db, id: number) {
  await db.deleteFrom('colours').where('id', '=', id).execute();
}
