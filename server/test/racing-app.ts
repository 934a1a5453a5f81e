import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import type { TestApp } from './test-app.ts';

/**
 * The app that takes a race's parallel calls. On PostgreSQL (DATABASE_URL) a second app on a pool of
 * 25 connections to the test's own schema, so the calls overlap and queue on row locks; on the
 * embedded PGlite (one connection) the test app itself, where they run one after another and the
 * same answers must come out.
 */
export async function openRacingApp(t: TestApp): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) return { app: t.app, close: async () => {} };
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db);
  const extra = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: rows[0]!.schema, poolSize: 25 });
  const app = await buildApp({ config: t.config, db: extra.db });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await extra.close();
    },
  };
}
