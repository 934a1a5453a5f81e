import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { migrations } from './migrations/index.ts';

// A migration may rewrite a big table: the pool's statement_timeout does not apply to it. Kysely
// runs the pending migrations in one transaction on PostgreSQL, so SET LOCAL ends with it.
const unlimited: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrations).map(([name, migration]) => [
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

export async function migrateToLatest<DB>(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => unlimited },
    migrationTableSchema: schema,
    // numbers are reserved per branch (0019-0021 while 0022 landed): a database that already ran
    // a later one still takes an earlier one merged afterwards, instead of refusing to start
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
