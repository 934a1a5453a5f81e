import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createPglite, openDatabase, type DatabaseHandle, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_PASSWORD } from '../src/demo/demo-data.ts';
import { seedDemoData } from '../src/demo/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  /** Signs in and returns the session id; throws when sign-in fails. */
  login(account: string, password?: string): Promise<string>;
  /** inject() that parses the JSON envelope. */
  call(options: InjectOptions & { session?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: string }>;
  close(): Promise<void>;
}

/** A database of its own for one test file: migrated, with the demo data unless `demo` is false. */
export async function openTestDatabase({ demo = true } = {}): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // 每个测试文件独占一个 schema，互不干扰
    const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const handle = await openDatabase({ databaseUrl, schema, poolSize: 5 });
    await migrateToLatest(handle.db, schema);
    if (demo) await seedDemoData(handle.db);
    return {
      handle,
      dispose: async () => {
        await handle.close();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  if (!demo) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return { handle, dispose: () => handle.close() };
  }
  const data = readFileSync(inject('pgliteTemplate'));
  const pglite = await createPglite({ loadDataDir: new Blob([data]) });
  const handle = await openDatabase({ pglite });
  return { handle, dispose: () => handle.close() };
}

export async function createTestApp(options: { config?: Partial<AppConfig>; extend?: (app: FastifyInstance) => void | Promise<void>; reportDb?: Db } = {}): Promise<TestApp> {
  const { handle, dispose } = await openTestDatabase();
  // sessions are read on every request unless a test turns the cache on (session-cache.test.ts)
  const config: AppConfig = { ...loadConfig({}), webDir: null, sessionCacheMs: 0, ...options.config };
  const app = await buildApp({ config, db: handle.db, reportDb: options.reportDb, listen: handle.listen });
  await options.extend?.(app);
  await app.ready();

  const call: TestApp['call'] = async ({ session, headers, ...rest }) => {
    const res = await app.inject({ ...rest, headers: { ...headers, ...(session ? { session } : {}) } });
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      body = null;
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body };
  };

  return {
    app,
    db: handle.db,
    config,
    call,
    async login(account, password = DEMO_PASSWORD) {
      const res = await call({ method: 'POST', url: `${config.apiPrefix}/auth/login`, payload: { account, password } });
      if (res.body?.code !== '201' || !res.body.data.session) throw new Error(`login ${account} failed: ${res.raw}`);
      return res.body.data.session as string;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
}
