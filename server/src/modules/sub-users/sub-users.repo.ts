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

export async function phoneTakenByOther(db: Db, phone: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('phone', '=', phone).where('deleted_at', 'is', null);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}
