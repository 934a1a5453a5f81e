import { sql, type SelectQueryBuilder } from 'kysely';
import type { PartyStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { suppliersInScope, type PartyScope } from './party-scope.ts';
import type { SupplierSortColumn } from './suppliers.schema.ts';

export interface SupplierFilter {
  /** code, name, contact or phone */
  keyword?: string;
  status?: PartyStatus;
}

export interface SupplierValues {
  code: string;
  name: string;
  contact_name: string;
  phone: string;
  address: string;
  remark: string;
}

const KEYWORD_COLUMNS = ['suppliers.code', 'suppliers.name', 'suppliers.contact_name', 'suppliers.phone'] as const;

function withColumns<O>(query: SelectQueryBuilder<Database, 'suppliers', O>) {
  return query.select((eb) => [
    'suppliers.id',
    'suppliers.code',
    'suppliers.name',
    'suppliers.contact_name',
    'suppliers.phone',
    'suppliers.address',
    'suppliers.remark',
    'suppliers.enabled',
    'suppliers.created_at',
    'suppliers.updated_at',
    eb
      .selectFrom('users')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('users.supplier_id', '=', 'suppliers.id')
      .where('users.role_type', '=', 'supplier')
      .where('users.deleted_at', 'is', null)
      .as('account_count'),
  ]);
}

export async function pageSuppliers(
  db: Db,
  scope: PartyScope,
  filter: SupplierFilter,
  page: { limit: number; offset: number; sortColumn: SupplierSortColumn; order: 'asc' | 'desc' },
) {
  let base = db.selectFrom('suppliers').where((eb) => suppliersInScope(eb, scope));
  if (filter.status) base = base.where('suppliers.enabled', '=', filter.status === 'enabled');
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or(KEYWORD_COLUMNS.map((column) => eb(column, 'ilike', pattern))));
  }
  return fetchPage(base, (query) => withColumns(query).orderBy(page.sortColumn, page.order).orderBy('suppliers.id', page.order), page);
}

export function findSupplier(db: Db, scope: PartyScope, id: number) {
  return withColumns(db.selectFrom('suppliers'))
    .where('suppliers.id', '=', id)
    .where((eb) => suppliersInScope(eb, scope))
    .executeTakeFirst();
}

export type SupplierRow = NonNullable<Awaited<ReturnType<typeof findSupplier>>>;

export function lockSupplier(db: Db, scope: PartyScope, id: number) {
  return db
    .selectFrom('suppliers')
    .select(['id', 'code', 'enabled'])
    .where('suppliers.id', '=', id)
    .where((eb) => suppliersInScope(eb, scope))
    .forUpdate()
    .executeTakeFirst();
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('suppliers').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertSupplier(db: Db, values: SupplierValues): Promise<number> {
  const { id } = await db.insertInto('suppliers').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateSupplier(db: Db, id: number, values: SupplierValues) {
  await db
    .updateTable('suppliers')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Enabled suppliers for pickers: code or name contains the keyword, by code, at most `limit`. */
export function supplierOptions(db: Db, scope: PartyScope, keyword: string | undefined, limit: number) {
  let query = db
    .selectFrom('suppliers')
    .select(['suppliers.id', 'suppliers.code', 'suppliers.name'])
    .where('suppliers.enabled', '=', true)
    .where((eb) => suppliersInScope(eb, scope));
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) => eb.or([eb('suppliers.code', 'ilike', pattern), eb('suppliers.name', 'ilike', pattern)]));
  }
  return query.orderBy('suppliers.code').orderBy('suppliers.id').limit(limit).execute();
}
