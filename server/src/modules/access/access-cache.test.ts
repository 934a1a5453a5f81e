import { Permissions } from '@erp/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { grantMenus } from '../roles/roles.service.ts';
import { SharedVersion } from '../../db/cache-versions.ts';
import { AccessCache } from './access.service.ts';

// The shared access version (0022) on either database: two AccessCache instances on one database
// stand for two server processes (the PostgreSQL suite also runs two real apps: multi-process.test.ts).

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({
    handle: { db },
    dispose,
  } = await openTestDatabase());
});
afterAll(() => dispose?.());

const idOf = async (table: 'roles' | 'users' | 'menus', column: 'code' | 'account' | 'name', value: string) =>
  (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(db)).rows[0]!.id;

describe('the access version', () => {
  it('moves with every change to what users may do, in the same transaction, and not with sign-ins', async () => {
    // read on every call (checkEveryMs 0): the number as the database holds it
    const access = new SharedVersion('access', 0);
    const moved = async (change: () => Promise<unknown>) => {
      const before = await access.current(db);
      await change();
      return (await access.current(db)) - before;
    };
    const clerk = await idOf('users', 'account', 'clerk01');
    const role = await idOf('roles', 'code', 'clerk');
    expect(await moved(() => db.updateTable('users').set({ last_login_at: new Date(), name: '郑佳怡' }).where('id', '=', clerk).execute())).toBe(0);
    expect(await moved(() => db.updateTable('users').set({ enabled: true }).where('id', '=', clerk).execute())).toBe(0);
    expect(await moved(() => db.updateTable('users').set({ enabled: false }).where('id', '=', clerk).execute())).toBe(1);
    expect(await moved(() => db.updateTable('users').set({ enabled: true }).where('id', '=', clerk).execute())).toBe(1);
    expect(await moved(() => db.updateTable('menus').set({ sort: sql`sort` }).where('name', '=', 'Registration').execute())).toBe(1);
    expect(await moved(() => db.updateTable('roles').set({ remark: 'x' }).where('id', '=', role).execute())).toBeGreaterThan(0);
    expect(await moved(() => db.deleteFrom('user_roles').where('user_id', '=', -1).execute())).toBeGreaterThan(0);
    const grants = (await db.selectFrom('role_menus').select('menu_id').where('role_id', '=', role).execute()).map((r) => r.menu_id);
    expect(await moved(() => grantMenus(db, role, grants))).toBeGreaterThan(0);
    // a change rolled back leaves the version alone
    const rollBack = () =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('menus').set({ sort: sql`sort` }).execute();
          throw new Error('undo');
        })
        .catch(() => {});
    expect(await moved(rollBack)).toBe(0);
  });
});

describe('AccessCache across processes', () => {
  it('an entry cached by one process is rebuilt after another process changes the grants', async () => {
    const clerk = await idOf('users', 'account', 'clerk01');
    const role = await idOf('roles', 'code', 'clerk');
    const registration = await idOf('menus', 'name', 'Registration');
    const grants = (await db.selectFrom('role_menus').select('menu_id').where('role_id', '=', role).execute()).map((r) => r.menu_id);

    const checking = new AccessCache(0); // reads the version on every call
    const lazy = new AccessCache(60_000); // reads it once a minute
    const can = async (cache: AccessCache) => (await cache.get(db, clerk, '/api')).permissions.has(Permissions.registrationList);
    expect([await can(checking), await can(lazy)]).toEqual([true, true]);

    // "another process" takes the page away
    await grantMenus(
      db,
      role,
      grants.filter((id) => id !== registration),
    );
    try {
      expect(await can(checking)).toBe(false);
      // until its next look at the version, the lazy one still answers from its entry: it caches
      expect(await can(lazy)).toBe(true);
      lazy.clearAll();
      expect(await can(lazy)).toBe(false);
    } finally {
      await grantMenus(db, role, grants);
    }
    expect(await can(checking)).toBe(true);
  });
});
