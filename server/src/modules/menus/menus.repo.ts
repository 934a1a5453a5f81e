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
