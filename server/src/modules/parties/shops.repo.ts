import { sql, type SelectQueryBuilder } from 'kysely';
import type { PartyStatus, ShopKind } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';
import { shopsInScope, type PartyScope } from './party-scope.ts';
import type { ShopSortColumn } from './shops.schema.ts';

export interface ShopFilter {
  /** code, name, contact, phone or manager */
  keyword?: string;
  status?: PartyStatus;
  kind?: ShopKind;
  agentId?: number;
  region?: string;
}

export interface ShopValues {
  code: string;
  name: string;
  kind: ShopKind;
  agent_id: number | null;
  region: string;
  contact_name: string;
  phone: string;
  manager_name: string;
  province: string;
  city: string;
  address: string;
  area_sqm: number | null;
  /** YYYY-MM-DD */
  opened_on: string | null;
  remark: string;
}

const KEYWORD_COLUMNS = ['shops.code', 'shops.name', 'shops.contact_name', 'shops.phone', 'shops.manager_name'] as const;

function withColumns<O>(query: SelectQueryBuilder<Database, 'shops', O>) {
  return query.select((eb) => [
    'shops.id',
    'shops.code',
    'shops.name',
    'shops.kind',
    'shops.agent_id',
    'shops.region',
    'shops.contact_name',
    'shops.phone',
    'shops.manager_name',
    'shops.province',
    'shops.city',
    'shops.address',
    'shops.area_sqm',
    // the calendar day as stored, never shifted by a time zone
    sql<string | null>`to_char(shops.opened_on, 'YYYY-MM-DD')`.as('opened_on_text'),
    'shops.remark',
    'shops.enabled',
    'shops.created_at',
    'shops.updated_at',
    eb.selectFrom('agents').select('agents.name').whereRef('agents.id', '=', 'shops.agent_id').as('agent_name'),
    eb
      .selectFrom('users')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('users.shop_id', '=', 'shops.id')
      .where('users.role_type', '=', 'shop')
      .where('users.deleted_at', 'is', null)
      .as('account_count'),
  ]);
}

export async function pageShops(db: Db, scope: PartyScope, filter: ShopFilter, page: { limit: number; offset: number; sortColumn: ShopSortColumn; order: 'asc' | 'desc' }) {
  let base = db.selectFrom('shops').where((eb) => shopsInScope(eb, scope));
  if (filter.status) base = base.where('shops.enabled', '=', filter.status === 'enabled');
  if (filter.kind) base = base.where('shops.kind', '=', filter.kind);
  if (filter.agentId) base = base.where('shops.agent_id', '=', filter.agentId);
  if (filter.region) base = base.where('shops.region', '=', filter.region);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or(KEYWORD_COLUMNS.map((column) => eb(column, 'ilike', pattern))));
  }
  return fetchPage(
    base,
    (query) =>
      withColumns(query)
        .orderBy(page.sortColumn, (ob) => (page.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('shops.id', page.order),
    page,
  );
}

export function findShop(db: Db, scope: PartyScope, id: number) {
  return withColumns(db.selectFrom('shops'))
    .where('shops.id', '=', id)
    .where((eb) => shopsInScope(eb, scope))
    .executeTakeFirst();
}

export type ShopRow = NonNullable<Awaited<ReturnType<typeof findShop>>>;

export function lockShop(db: Db, scope: PartyScope, id: number) {
  return db
    .selectFrom('shops')
    .select(['id', 'code', 'kind', 'agent_id'])
    .where('shops.id', '=', id)
    .where((eb) => shopsInScope(eb, scope))
    .forUpdate()
    .executeTakeFirst();
}

/** The agent a shop is put under, whatever the caller's scope (only HQ may pick one). */
export function findAgentForShop(db: Db, agentId: number) {
  return db.selectFrom('agents').select(['id', 'enabled']).where('id', '=', agentId).forShare().executeTakeFirst();
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('shops').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertShop(db: Db, values: ShopValues): Promise<number> {
  const { id } = await db.insertInto('shops').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateShop(db: Db, id: number, values: ShopValues) {
  await db
    .updateTable('shops')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
