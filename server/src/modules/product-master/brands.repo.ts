import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BrandsTable } from '../../db/schema.ts';
import { codedTableRepo, type CodedFilter } from './coded-table.repo.ts';

export type BrandRow = Selectable<BrandsTable>;
export type BrandFilter = CodedFilter;

export interface BrandValues {
  code: string;
  name: string;
  logo_url: string;
  sort: number;
  enabled: boolean;
  remark: string;
}

const brands = codedTableRepo('brands', ['id', 'code', 'name', 'logo_url']);

export const pageBrands = brands.page;
export const enabledBrands = brands.enabled;
export const findBrand = brands.find;
/** Which of code and name another brand already has. */
export const brandClash = brands.clash;
export const insertBrand = (db: Db, values: BrandValues) => brands.insert(db, values);
export const updateBrand = (db: Db, id: number, values: BrandValues) => brands.update(db, id, values);
export const deleteBrand = brands.remove;

/** The brands among `ids` (enabled or not), FOR SHARE: a delete of one waits for the caller's transaction. */
export function shareBrands(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('brands')
    .select(['id', 'code', 'name', 'enabled'])
    .where('id', 'in', [...ids])
    .forShare()
    .execute();
}
