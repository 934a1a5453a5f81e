import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Sessions a process has checked are kept for a moment (session-cache.ts): a request does not read
// its session row each time, and whatever ends a session is still enforced — at once when it
// happens through this process, within about a second when the row is changed behind its back
// (another process, a script), through the shared 'sessions' counter (0023).

let t: TestApp;
const statements: string[] = [];
let counting = false;
const original = pg.Client.prototype.query;

beforeAll(async () => {
  t = await createTestApp({ config: { sessionCacheMs: 200 } });
  (pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) statements.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never;
});
afterAll(async () => {
  pg.Client.prototype.query = original;
  await t?.close();
});

const info = (session: string) => t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session });
const sessionReads = () => statements.filter((s) => s.includes('"sessions"."token_hash"') || s.includes('from "sessions"')).length;

/** Calls until the answer is a refusal (within the bound): the change's propagation time. */
async function refusedWithin(session: string, boundMs = 5000) {
  const start = Date.now();
  const res = await vi.waitFor(
    async () => {
      const answer = await info(session);
      expect(answer.status).toBe(401);
      return answer;
    },
    { timeout: boundMs, interval: 20 },
  );
  return { res, ms: Date.now() - start };
}

describe('the session cache', () => {
  it('a signed-in user’s next calls do not read the session row', async () => {
    const session = await t.login('admin');
    expect((await info(session)).status).toBe(200);
    statements.length = 0;
    counting = true;
    for (let i = 0; i < 5; i += 1) expect((await info(session)).status).toBe(200);
    counting = false;
    expect(sessionReads()).toBe(0);
  });

  it('a sign-out here is refused on the very next call', async () => {
    const session = await t.login('admin');
    expect((await info(session)).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/apilogout', session })).status).toBe(200);
    expect((await info(session)).status).toBe(401);
  });

  it('a session revoked behind the process’s back is refused within about a second', async () => {
    const session = await t.login('admin');
    expect((await info(session)).status).toBe(200);
    await t.db.updateTable('sessions').set({ revoked_at: new Date(), revoke_reason: 'test' }).where('revoked_at', 'is', null).execute();
    const { res, ms } = await refusedWithin(session);
    expect(res.body.code).toBeTruthy();
    expect(ms).toBeLessThan(5000);
  });

  it('a disabled account is refused within about a second, and its session is ended', async () => {
    const session = await t.login('clerk01');
    expect((await info(session)).status).toBe(200);
    const clerk = await t.db.selectFrom('users').select('id').where('account', '=', 'clerk01').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', clerk.id).execute();
    try {
      await refusedWithin(session);
      const row = await t.db.selectFrom('sessions').select('revoke_reason').where('user_id', '=', clerk.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.revoke_reason).toBe('account-disabled');
    } finally {
      await t.db.updateTable('users').set({ enabled: true }).where('id', '=', clerk.id).execute();
    }
  });

  it('a session whose end is moved forward behind the process’s back is refused within about a second, as expired', async () => {
    const session = await t.login('admin');
    expect((await info(session)).status).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('revoked_at', 'is', null)
      .execute();
    const { res } = await refusedWithin(session);
    expect(res.body.code).toBe('A0231');
  });
});
