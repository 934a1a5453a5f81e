import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Db } from './database.ts';
import { MigrationFailedError, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

async function schemaSnapshot(db: Db) {
  const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema() order by table_name, column_name`.execute(db);
  const { rows: applied } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return { columns, applied: applied.map((r) => r.name) };
}

describe('upgrades', () => {
  let db: Db;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase({ demo: false });
    db = opened.handle.db;
    dispose = opened.dispose;
  });
  afterAll(async () => dispose?.());

  it('a failing migration rolls back every pending one and leaves the schema as it was', async () => {
    const before = await schemaSnapshot(db);
    expect(before.applied).toEqual(Object.keys(migrations).sort());
    const newer = {
      ...migrations,
      '9998_good': {
        up: async (trx: Kysely<unknown>) => {
          await trx.schema.createTable('upgrade_probe').addColumn('id', 'integer').execute();
        },
      },
      '9999_broken': {
        up: async (trx: Kysely<unknown>) => {
          await trx.schema.alterTable('users').addColumn('upgrade_probe', 'text').execute();
          await sql`select * from no_such_table`.execute(trx);
        },
      },
    };

    const failure = await migrateToLatest(db, undefined, newer).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationFailedError);
    expect((failure as MigrationFailedError).migrationName).toBe('9999_broken');
    expect((failure as Error).message).toMatch(/数据库升级失败（迁移 9999_broken）.*no_such_table.*数据库保持升级前的状态/);
    expect((failure as Error).message).toMatch(/Database upgrade failed in migration 9999_broken.*the database is unchanged/);
    expect(await schemaSnapshot(db)).toEqual(before);

    // the good one alone goes through, and a second start finds nothing to do
    const { '9999_broken': _broken, ...fixed } = newer;
    expect(await migrateToLatest(db, undefined, fixed)).toEqual(['9998_good']);
    expect(await migrateToLatest(db, undefined, fixed)).toEqual([]);
    const after = await schemaSnapshot(db);
    expect(after.columns.filter((c) => c.table_name === 'upgrade_probe')).toHaveLength(1);
    expect(after.columns.some((c) => c.column_name === 'upgrade_probe')).toBe(false);
  });
});
