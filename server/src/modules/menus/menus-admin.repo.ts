import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MenusTable } from '../../db/schema.ts';

export type MenuRecord = Omit<Selectable<MenusTable>, 'created_at' | 'updated_at'>;
export type MenuValues = Omit<Insertable<MenusTable>, 'id' | 'created_at' | 'updated_at'>;

const COLUMNS = ['id', 'parent_id', 'type', 'name', 'path', 'redirect', 'component', 'title', 'icon', 'sort', 'permission', 'keep_alive', 'hidden', 'enabled'] as const;

/** Every row (disabled and hidden ones and buttons too): the editors work on the whole tree. */
export function findAllMenus(db: Db): Promise<MenuRecord[]> {
  return db.selectFrom('menus').select(COLUMNS).orderBy('sort').orderBy('id').execute();
}

/**
 * Serialises changes to the tree within the transaction (reads go on), so two concurrent moves
 * cannot each pass the cycle check and together make a loop.
 */
export async function lockMenus(db: Db): Promise<void> {
  await sql`LOCK TABLE menus IN EXCLUSIVE MODE`.execute(db);
}

export async function insertMenu(db: Db, values: MenuValues): Promise<number> {
  const row = await db.insertInto('menus').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMenu(db: Db, id: number, values: MenuValues): Promise<void> {
  await db
    .updateTable('menus')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function updatePlacement(db: Db, id: number, parentId: number | null, sort: number): Promise<void> {
  await db.updateTable('menus').set({ parent_id: parentId, sort, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/** Grants of the menu go with it (role_menus cascades). */
export async function deleteMenu(db: Db, id: number): Promise<void> {
  await db.deleteFrom('menus').where('id', '=', id).execute();
}
