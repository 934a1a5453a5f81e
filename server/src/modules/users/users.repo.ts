import type { Db } from '../../db/database.ts';
import { fetchPage } from '../../db/paging.ts';

export function findProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('agents', 'agents.id', 'users.agent_id')
    .leftJoin('shops', 'shops.id', 'users.shop_id')
    .leftJoin('suppliers', 'suppliers.id', 'users.supplier_id')
    .select([
      'users.id',
      'users.account',
      'users.name',
      'users.phone',
      'users.image',
      'users.role_type',
      'users.active',
      'users.previous_login_at',
      'users.agent_id',
      'agents.name as agent_name',
      'users.shop_id',
      'shops.name as shop_name',
      'shops.agent_id as shop_agent_id',
      'users.supplier_id',
      'suppliers.name as supplier_name',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export function findRoles(db: Db, userId: number) {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.code', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .where('roles.enabled', '=', true)
    .orderBy('roles.id')
    .execute();
}

export type SessionSortColumn = 'created_at' | 'last_seen_at';

export async function pageSessions(db: Db, userId: number, page: { limit: number; offset: number; sortColumn: SessionSortColumn; order: 'asc' | 'desc' }) {
  return fetchPage(
    db.selectFrom('sessions').where('user_id', '=', userId),
    (query) =>
      query
        .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'revoke_reason', 'ip', 'user_agent'])
        .orderBy(page.sortColumn, page.order)
        .orderBy('id', page.order),
    page,
  );
}
