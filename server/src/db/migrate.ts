import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { migrations as allMigrations } from './migrations/index.ts';

/** A pending migration failed: all pending migrations were rolled back together, nothing of them stays. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string | null,
    readonly reason: string,
  ) {
    super(
      `数据库升级失败${migrationName ? `（迁移 ${migrationName}）` : ''}：${reason}。所有待执行的迁移已一并回滚，数据库保持升级前的状态。` +
        `\nDatabase upgrade failed${migrationName ? ` in migration ${migrationName}` : ''}: ${reason}. Every pending migration was rolled back; the database is unchanged.`,
    );
    this.name = 'MigrationFailedError';
  }
}

// A migration may rewrite a big table: the pool's statement_timeout does not apply to it. Kysely
// runs the pending migrations in one transaction on PostgreSQL, so SET LOCAL ends with it.
function withoutTimeout(source: Record<string, Migration>): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(source).map(([name, migration]) => [
      name,
      {
        ...migration,
        up: async (db: Kysely<unknown>) => {
          await sql`SET LOCAL statement_timeout = 0`.execute(db);
          await migration.up(db);
        },
      },
    ]),
  );
}

/** True when every migration is recorded already: a restart then needs one query, not the migrator's lock dance. */
async function upToDate<DB>(db: Kysely<DB>, names: string[], schema?: string): Promise<boolean> {
  try {
    const table = schema ? sql`${sql.id(schema)}.kysely_migration` : sql`kysely_migration`;
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    const done = new Set(rows.map((row) => row.name));
    return names.every((name) => done.has(name));
  } catch {
    // no migration table yet: a new database
    return false;
  }
}

/**
 * Applies every pending migration in one transaction (Kysely does so on PostgreSQL): either all
 * of them or, when one fails, none, and then MigrationFailedError names the one that failed.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema?: string, source: Record<string, Migration> = allMigrations): Promise<string[]> {
  if (await upToDate(db, Object.keys(source), schema)) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => withoutTimeout(source) },
    migrationTableSchema: schema,
    // numbers are reserved per branch (0019-0021 while 0022 landed): a database that already ran
    // a later one still takes an earlier one merged afterwards, instead of refusing to start
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? null;
    throw new MigrationFailedError(failed, error instanceof Error ? error.message : String(error));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
