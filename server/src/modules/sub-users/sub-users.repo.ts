import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';

type Page<C> = { limit: number; offset: number; sortColumn: C; order: 'asc' | 'desc' };
export type SubUserSort = 'users.account' | 'users.name' | 'users.created_at' | 'users.last_login_at';

/** The caller as a would-be parent: its type, party link and whether it is itself a sub-user. */
export function findParent(db: Db, userId: number, { lock = false } = {}) {
  const query = db
    .selectFrom('users')
    .select(['id', 'account', 'role_type', 'parent_id', 'agent_id', 'shop_id', 'supplier_id'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export type ParentRow = NonNullable<Awaited<ReturnType<typeof findParent>>>;

const COLUMNS = ['users.id', 'users.account', 'users.name', 'users.phone', 'users.active', 'users.enabled', 'users.last_login_at', 'users.created_at'] as const;

export function pageSubUsers(db: Db, parentId: number, filter: { keyword?: string; enabled?: boolean }, page: Page<SubUserSort>) {
  let base = db.selectFrom('users').where('users.parent_id', '=', parentId).where('users.deleted_at', 'is', null);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('users.account', 'ilike', pattern), eb('users.name', 'ilike', pattern), eb('users.phone', 'ilike', pattern)]));
  }
  if (filter.enabled !== undefined) base = base.where('users.enabled', '=', filter.enabled);
  return fetchPage(
    base,
    (query) =>
      query
        .select(COLUMNS)
        .orderBy(sql`${sql.ref(page.sortColumn)} ${sql.raw(page.order === 'asc' ? 'asc nulls first' : 'desc nulls last')}`)
        .orderBy('users.id', page.order),
    page,
  );
}

/** One of the parent's own sub-users (anything else is "not found"). */
export function findOwnSubUser(db: Db, parentId: number, id: number, { lock = false } = {}) {
  const query = db.selectFrom('users').select(COLUMNS).where('users.id', '=', id).where('users.parent_id', '=', parentId).where('users.deleted_at', 'is', null);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export type SubUserRow = NonNullable<Awaited<ReturnType<typeof findOwnSubUser>>>;

export async function insertSubUser(
  db: Db,
  parent: ParentRow,
  row: { account: string; name: string; phone: string | null; passwordHash: string },
): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      account: row.account,
      password_hash: row.passwordHash,
      name: row.name,
      phone: row.phone,
      // the parent's type and party link: the same data scope everywhere
      role_type: parent.role_type,
      agent_id: parent.agent_id,
      shop_id: parent.shop_id,
      supplier_id: parent.supplier_id,
      parent_id: parent.id,
      // 首次登录须设置新密码
      active: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSubUser(db: Db, id: number, values: { name: string; phone: string | null }) {
  await db.updateTable('users').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/** The sub-user's private role, created on first use (code `sub-<userId>`, hidden from 角色管理). */
export async function ensurePrivateRole(db: Db, userId: number, parentAccount: string): Promise<number> {
  const existing = await db.selectFrom('roles').select('id').where('owner_user_id', '=', userId).executeTakeFirst();
  if (existing) return existing.id;
  const { id } = await db
    .insertInto('roles')
    .values({ code: `sub-${userId}`, name: '子账号', remark: `${parentAccount} 的子账号`, owner_user_id: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: userId, role_id: id }).execute();
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

export async function replaceGrants(db: Db, roleId: number, menuIds: readonly number[]) {
  await db.deleteFrom('role_menus').where('role_id', '=', roleId).execute();
  if (menuIds.length) await db.insertInto('role_menus').values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id }))).execute();
}

export async function phoneTakenByOther(db: Db, phone: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('phone', '=', phone).where('deleted_at', 'is', null);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}
