import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';

type Page<C> = { limit: number; offset: number; sortColumn: C; order: 'asc' | 'desc' };

/** Members that count: accounts not deleted. */
const memberCount = (eb: ExpressionBuilder<Database, 'roles'>) =>
  eb
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('user_roles.role_id', '=', 'roles.id')
    .where('users.deleted_at', 'is', null)
    .as('user_count');

const ROLE_COLUMNS = ['roles.id', 'roles.code', 'roles.name', 'roles.remark', 'roles.enabled', 'roles.builtin', 'roles.created_at', 'roles.updated_at'] as const;

// A sub-user's private role (owner_user_id set, see 0011) is managed in 子账号 only: it is never
// listed, read, edited, granted or given members here.
export function pageRoles(db: Db, keyword: string | undefined, page: Page<'id' | 'code' | 'name' | 'created_at'>) {
  let base = db.selectFrom('roles').where('roles.owner_user_id', 'is', null);
  if (keyword) {
    const pattern = containsPattern(keyword);
    base = base.where((eb) => eb.or([eb('roles.code', 'ilike', pattern), eb('roles.name', 'ilike', pattern), eb('roles.remark', 'ilike', pattern)]));
  }
  return fetchPage(base, (query) => query.select(ROLE_COLUMNS).select(memberCount).orderBy(`roles.${page.sortColumn}`, page.order).orderBy('roles.id', page.order), page);
}

export function findRole(db: Db, id: number, { lock = false } = {}) {
  let query = db.selectFrom('roles').select(ROLE_COLUMNS).select(memberCount).where('roles.id', '=', id).where('roles.owner_user_id', 'is', null);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export type RoleRow = NonNullable<Awaited<ReturnType<typeof findRole>>>;

export async function findClash(db: Db, code: string, name: string, exceptId: number | null) {
  let query = db
    .selectFrom('roles')
    .select(['code', 'name'])
    .where('owner_user_id', 'is', null)
    .where((eb) => eb.or([eb(sql<string>`lower(code)`, '=', code.toLowerCase()), eb('name', '=', name)]));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.execute();
}

export async function insertRole(db: Db, values: { code: string; name: string; remark: string; enabled: boolean }): Promise<number> {
  const row = await db.insertInto('roles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRole(db: Db, id: number, values: { code: string; name: string; remark: string; enabled: boolean }) {
  await db
    .updateTable('roles')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Grants and memberships go with it (cascade). */
export async function deleteRole(db: Db, id: number) {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

export async function grantedMenuIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId).orderBy('menu_id').execute();
  return rows.map((row) => row.menu_id);
}

export function findMenus(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('menus').select(['id', 'type', 'permission']).where('id', 'in', ids).execute();
}

export async function replaceGrants(db: Db, roleId: number, menuIds: readonly number[]) {
  await db.deleteFrom('role_menus').where('role_id', '=', roleId).execute();
  if (menuIds.length)
    await db
      .insertInto('role_menus')
      .values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id })))
      .execute();
}

const MEMBER_COLUMNS = ['users.id', 'users.account', 'users.name', 'users.phone', 'users.role_type', 'users.enabled'] as const;

export function pageMembers(db: Db, roleId: number, keyword: string | undefined, page: Page<'users.account' | 'users.name' | 'users.id'>) {
  let base = db.selectFrom('users').innerJoin('user_roles', 'user_roles.user_id', 'users.id').where('user_roles.role_id', '=', roleId).where('users.deleted_at', 'is', null);
  if (keyword) {
    const pattern = containsPattern(keyword);
    base = base.where((eb) => eb.or([eb('users.account', 'ilike', pattern), eb('users.name', 'ilike', pattern), eb('users.phone', 'ilike', pattern)]));
  }
  return fetchPage(base, (query) => query.select(MEMBER_COLUMNS).orderBy(page.sortColumn, page.order).orderBy('users.id', page.order), page);
}

export function findUsers(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  // sub-users take permissions from their private role only
  return db.selectFrom('users').select(['id', 'account', 'role_type']).where('id', 'in', ids).where('deleted_at', 'is', null).where('parent_id', 'is', null).execute();
}

/** Members able to sign in: enabled and not deleted. */
export async function countUsableMembers(db: Db, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_roles.role_id', '=', roleId)
    .where('users.deleted_at', 'is', null)
    .where('users.enabled', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Users of the role's roleType who are not members yet, best matches of the keyword first. */
export function findCandidates(db: Db, roleId: number, roleType: string, keyword: string | undefined) {
  let query = db
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .where('users.deleted_at', 'is', null)
    .where('users.parent_id', 'is', null)
    .where('users.role_type', '=', roleType as 'manager')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role_id', '=', roleId))),
    );
  if (keyword) {
    const pattern = containsPattern(keyword);
    query = query.where((eb) => eb.or([eb('users.account', 'ilike', pattern), eb('users.name', 'ilike', pattern), eb('users.phone', 'ilike', pattern)]));
  }
  return query.orderBy('users.account').limit(20).execute();
}

/** A role by its code (the built-in agent, shop and supplier roles carry their kind's code). */
export async function findRoleIdByCode(db: Db, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id;
}

export async function findPrivateRoleId(db: Db, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('roles').select('id').where('owner_user_id', '=', userId).executeTakeFirst();
  return row?.id;
}

/** Code `sub-<userId>`: never listed in 角色管理 (owner_user_id set). */
export async function insertPrivateRole(db: Db, userId: number, parentAccount: string): Promise<number> {
  const { id } = await db
    .insertInto('roles')
    .values({ code: `sub-${userId}`, name: '子账号', remark: `${parentAccount} 的子账号`, owner_user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function privateGrants(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('role_menus')
    .innerJoin('roles', 'roles.id', 'role_menus.role_id')
    .select('role_menus.menu_id')
    .where('roles.owner_user_id', '=', userId)
    .orderBy('role_menus.menu_id')
    .execute();
  return rows.map((row) => row.menu_id);
}
