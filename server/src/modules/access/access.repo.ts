import type { Db } from '../../db/database.ts';
import type { MenuRow } from './menu-tree.ts';

export function findEnabledMenus(db: Db): Promise<MenuRow[]> {
  return db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'type', 'name', 'path', 'redirect', 'component', 'title', 'icon', 'sort', 'permission', 'keep_alive', 'hidden'])
    .where('enabled', '=', true)
    .execute();
}

export async function findGrantedMenuIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('role_menus', 'role_menus.role_id', 'roles.id')
    .select('role_menus.menu_id')
    .distinct()
    .where('user_roles.user_id', '=', userId)
    .where('roles.enabled', '=', true)
    .execute();
  return new Set(rows.map((r) => r.menu_id));
}

/** The user's parent (a sub-user's creator) and whether that parent may still sign in. */
export async function findParentLink(db: Db, userId: number): Promise<{ parentId: number; parentUsable: boolean } | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('users as p', 'p.id', 'u.parent_id')
    .select(['p.id', 'p.enabled', 'p.deleted_at'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? { parentId: row.id, parentUsable: row.enabled && row.deleted_at === null } : null;
}
