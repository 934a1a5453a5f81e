import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { DEMO_PASSWORD } from '../demo/demo-data.ts';
import { moveCount, skuOf, warehouseIdOf } from '../modules/stock/stock-test-kit.ts';

// Two server processes on one PostgreSQL behave as one: two apps, each with its own pool, on the
// same schema. Sessions, sign-in back-off, SMS limits and idempotency keys live in tables; the
// access caches (menus and permissions) are per process and follow a shared version (0022).
// PostgreSQL only: PGlite is one process's embedded database.

const databaseUrl = process.env.DATABASE_URL;
const ROLES = '/api/admin/api/v1/roles';
const REGISTRATIONS = '/api/admin/api/v1/registrations/page';
// how long a test waits for process 2 to follow before it fails (a hang guard, not a measure)
const FOLLOWS = { timeout: 20_000, interval: 50 };

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL', () => {
  let one: TestApp;
  let twoHandle: DatabaseHandle;
  let two: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    one = await createTestApp();
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(one.db);
    twoHandle = await openDatabase({ databaseUrl, schema: rows[0]!.schema, poolSize: 5 });
    // process 2 keeps the sessions it checked for a second, as deployed (SESSION_CACHE_MS)
    two = await buildApp({ config: { ...one.config, sessionCacheMs: 1000 }, db: twoHandle.db, listen: twoHandle.listen });
    await two.ready();
    admin = await one.login('admin');
  });
  afterAll(async () => {
    await two?.close();
    await twoHandle?.close();
    await one?.close();
  });

  /** inject() on either process, the envelope parsed. */
  async function on(app: FastifyInstance, options: InjectOptions & { session?: string }) {
    const { session, headers, ...rest } = options;
    const res = await app.inject({ ...rest, headers: { ...headers, ...(session ? { session } : {}) } });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }
  const login = (app: FastifyInstance, account: string, password = DEMO_PASSWORD) => on(app, { method: 'POST', url: '/api/auth/login', payload: { account, password } });
  const idOf = async (table: 'roles' | 'users' | 'menus', column: 'code' | 'account' | 'name', value: string) =>
    (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${value}`.execute(one.db)).rows[0]!.id;

  it('a session made on one process works on the other, and a logout on either ends it on both', async () => {
    const session = (await login(one.app, 'shop01')).body.data.session as string;
    expect((await on(two, { method: 'GET', url: '/api/admin/api/v1/menus/route', session })).status).toBe(200);
    expect((await on(two, { method: 'GET', url: '/api/auth/apilogout', session })).status).toBe(200);
    const after = await on(one.app, { method: 'GET', url: '/api/admin/api/v1/menus/route', session });
    expect([after.status, after.body.code]).toEqual([401, 'A0200']);
  });

  it('a logout on process 1 ends the session on process 2, which remembered it, within seconds', async () => {
    const session = (await login(one.app, 'shop01')).body.data.session as string;
    const route = () => on(two, { method: 'GET', url: '/api/admin/api/v1/menus/route', session });
    expect((await route()).status).toBe(200);
    expect((await on(one.app, { method: 'GET', url: '/api/auth/apilogout', session })).status).toBe(200);
    const start = Date.now();
    await vi.waitFor(async () => {
      const answer = await route();
      expect([answer.status, answer.body.code]).toEqual([401, 'A0200']);
    }, FOLLOWS);
    console.log(`logout on process 1 enforced by process 2 after ${Date.now() - start} ms`);
  });

  it('a permission taken from a role on process 1 is refused by process 2 within seconds, and a member removed on 2 is refused by 1', async () => {
    const clerk = (await login(one.app, 'clerk01')).body.data.session as string;
    const listed = (app: FastifyInstance) => on(app, { method: 'GET', url: REGISTRATIONS, session: clerk });
    // both processes have the clerk's access cached
    expect((await listed(two)).status).toBe(200);
    expect((await listed(one.app)).status).toBe(200);

    const role = await idOf('roles', 'code', 'clerk');
    const registration = await idOf('menus', 'name', 'Registration');
    const before = (await one.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', role).execute()).map((r) => r.menu_id);
    expect(before).toContain(registration);
    const granted = await on(one.app, { method: 'PUT', url: `${ROLES}/${role}/menus`, session: admin, payload: { menuIds: before.filter((id) => id !== registration) } });
    expect(granted.status).toBe(200);
    // process 1 made the change: it refuses at once; process 2 once it has seen the new version
    expect((await listed(one.app)).status).toBe(403);
    // the version moves at the change's commit and process 2 hears it (NOTIFY): a condition, not a time
    const changedAt = Date.now();
    await vi.waitFor(async () => expect((await listed(two)).body.code).toBe('A0301'), FOLLOWS);
    const followed = Date.now() - changedAt;

    // and back, the other way round: granted again on 2, then the member removed on 2
    expect((await on(two, { method: 'PUT', url: `${ROLES}/${role}/menus`, session: admin, payload: { menuIds: before } })).status).toBe(200);
    await vi.waitFor(async () => expect((await listed(one.app)).status).toBe(200), FOLLOWS);
    const clerkId = await idOf('users', 'account', 'clerk01');
    expect((await on(two, { method: 'PUT', url: `${ROLES}/${role}/users`, session: admin, payload: { remove: [clerkId] } })).status).toBe(200);
    await vi.waitFor(async () => expect((await listed(one.app)).status).toBe(403), FOLLOWS);
    console.log(`access change made on process 1 enforced by process 2 after ${followed} ms`);
  });

  it('counts sign-in failures across both processes', async () => {
    // five failures, three on one process and two on the other: neither alone would lock
    for (const app of [one.app, two, one.app, two, one.app]) {
      const res = await login(app, 'supplier01', 'wrong-password');
      expect([res.status, res.body.code]).toEqual([401, 'A0210']);
    }
    for (const app of [two, one.app]) {
      const locked = await login(app, 'supplier01');
      expect([locked.status, locked.body.code]).toEqual([429, 'A0211']);
      expect(locked.body.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    }
  });

  it('limits SMS sends across both processes', async () => {
    const send = (app: FastifyInstance) => on(app, { method: 'GET', url: '/api/auth/sms_code/13800000003' });
    expect((await send(one.app)).status).toBe(200);
    const again = await send(two);
    expect([again.status, again.body.code]).toEqual([429, 'A0429']);
  });

  it('replays an Idempotency-Key on the other process without posting twice', async () => {
    const hz = await warehouseIdOf(one.db, 'WH-HZ');
    const sku = await skuOf(one.db, 'YS26W1001', 'CA', 'S');
    const docs = '/api/admin/api/v1/stock-docs/inbound';
    const created = await on(one.app, { method: 'POST', url: docs, session: admin, payload: { header: { warehouseId: hz }, lines: [{ skuId: sku.id, quantity: 2 }] } });
    const id = created.body.data.id as number;
    expect((await on(one.app, { method: 'POST', url: `${docs}/${id}/submit`, session: admin, payload: {} })).status).toBe(200);
    const post = (app: FastifyInstance) => on(app, { method: 'POST', url: `${docs}/${id}/post`, session: admin, payload: {}, headers: { 'idempotency-key': 'two-processes-1' } });
    const first = await post(one.app);
    expect(first.status).toBe(200);
    const replay = await post(two);
    expect([replay.status, replay.headers['idempotent-replayed'], replay.body]).toEqual([200, 'true', first.body]);
    expect(await moveCount(one.db, 'inbound', id)).toBe(1);
  });
});
