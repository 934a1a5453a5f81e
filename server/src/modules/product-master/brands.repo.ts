import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { BrandsTable } from '../../db/schema.ts';
import type { BrandSortColumn } from './brands.schema.ts';

export type BrandRow = Selectable<BrandsTable>;

export interface BrandFilter {
  keyword?: string;
  enabled?: boolean;
}

export function pageBrands(db: Db, filter: BrandFilter, page: { limit: number; offset: number; sortColumn: BrandSortColumn; order: 'asc' | 'desc' }) {
  let base = db.selectFrom('brands');
  if (filter.enabled !== undefined) base = base.where('brands.enabled', '=', filter.enabled);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('brands.code', 'ilike', pattern), eb('brands.name', 'ilike', pattern)]));
  }
  return fetchPage(base, (query) => query.selectAll('brands').orderBy(page.sortColumn, page.order).orderBy('brands.id', page.order), page);
}

export function enabledBrands(db: Db) {
  return db.selectFrom('brands').select(['id', 'code', 'name', 'logo_url']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

export function findBrand(db: Db, id: number, forUpdate = false) {
  const query = db.selectFrom('brands').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Which of code and name another brand already has. */
export async function brandClash(db: Db, code: string, name: string, exceptId?: number): Promise<'code' | 'name' | null> {
  let query = db
    .selectFrom('brands')
    .select(['code', 'name'])
    .where((eb) => eb.or([eb('code', '=', code), eb('name', '=', name)]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  if (rows.some((row) => row.code === code)) return 'code';
  return rows.length > 0 ? 'name' : null;
}

export interface BrandValues {
  code: string;
  name: string;
  logo_url: string;
  sort: number;
  enabled: boolean;
  remark: string;
}

export function insertBrand(db: Db, values: BrandValues) {
  return db.insertInto('brands').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateBrand(db: Db, id: number, values: BrandValues) {
  await db.updateTable('brands').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteBrand(db: Db, id: number) {
  await db.deleteFrom('brands').where('id', '=', id).execute();
}
