import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint ids and integer fen stay far below 2^53, so numbers are safe and simpler than strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// calendar dates stay 'yyyy-mm-dd' text: no time zone shifts
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

/** PGlite loads extensions when the instance is created: pg_trgm backs the product name search (0014). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ dataDir: 'memory://', ...options, extensions: { pg_trgm } });
}

export interface DatabaseHandle {
  db: Db;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A real PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string | null;
  /** PGlite data directory (or memory:// for tests). */
  dataDir?: string;
  /** An already created PGlite instance (tests load a migrated template into one). */
  pglite?: PGlite;
  /** Put every table into this schema (tests on a shared PostgreSQL). */
  schema?: string;
  poolSize?: number;
}

/** One code path for both databases: a pg.Pool handed to Kysely's PostgresDialect. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = options.pglite ?? (await createPglite({ dataDir: options.dataDir ?? 'memory://' }));
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'embedded',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
