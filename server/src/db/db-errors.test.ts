import { EventEmitter } from 'node:events';
import { Messages, ResultCode } from '@erp/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { installProcessGuards, type GuardLog } from '../process-guards.ts';
import { CommitRolledBackError, openDatabase } from './database.ts';
import { databaseTrouble } from './db-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('which errors mean the database is away', () => {
  it.each([
    ['refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset socket', withCode('ECONNRESET')],
    ['admin shutdown (pg_terminate_backend, restart)', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['starting up / in recovery', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['busy pool timeout', new Error('timeout exceeded when trying to connect')],
    ['broken client reused', new Error('Client has encountered a connection error and is not queryable')],
    ['every address refused', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), {})],
  ])('%s → unavailable', (_name, error) => {
    expect(databaseTrouble(error)).toBe('unavailable');
  });

  it('a statement cut off by statement_timeout is a timeout', () => {
    expect(databaseTrouble(withCode('57014', 'canceling statement due to statement timeout'))).toBe('timeout');
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['deadlock', withCode('40P01')],
    ['syntax error', withCode('42601')],
    ['plain bug', new TypeError('x is undefined')],
    // a failed fetch() to S3 or an SMS carrier is not the database's fault
    ['fetch failed with a refused cause', new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') })],
    ['swallowed failure at COMMIT', new CommitRolledBackError()],
    ['nothing', null],
  ])('%s → not the database being away', (_name, error) => {
    expect(databaseTrouble(error)).toBeNull();
  });
});

describe('the central error handler', () => {
  it('answers 503 C0300 with Retry-After for connection errors and 503 for timeouts, 500 for anything else', async () => {
    const errors: Record<string, Error> = {
      terminated: withCode('57P01', 'terminating connection due to administrator command'),
      lost: new Error('Connection terminated unexpectedly'),
      timeout: withCode('57014', 'canceling statement due to statement timeout'),
      bug: new TypeError('boom'),
    };
    const t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/fail/:kind', { config: { public: true } }, async (request) => {
          throw errors[(request.params as { kind: string }).kind];
        });
      },
    });
    try {
      const answer = async (kind: string) => {
        const res = await t.call({ method: 'GET', url: `/api/test/fail/${kind}` });
        return [res.status, res.body, res.headers['retry-after']];
      };
      const down = { code: ResultCode.databaseUnavailable, msg: Messages.databaseUnavailable, data: null };
      expect(await answer('terminated')).toEqual([503, down, '5']);
      expect(await answer('lost')).toEqual([503, down, '5']);
      expect(await answer('timeout')).toEqual([503, { ...down, msg: Messages.databaseTimeout }, '5']);
      expect(await answer('bug')).toEqual([500, { code: ResultCode.serverError, msg: Messages.systemError, data: null }, undefined]);
    } finally {
      await t.close();
    }
  });

  it('an app whose database refuses connections answers 503 envelopes and /readyz 503, /healthz 200', async () => {
    // nothing listens on port 1: every connection attempt is refused at once
    const handle = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutMs: 2_000 });
    const app = await buildApp({ config: { ...loadConfig({}), webDir: null }, db: handle.db });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: 'admin', password: 'x' } });
      expect([login.statusCode, login.json()]).toEqual([503, { code: 'C0300', msg: '数据库暂时不可用，请稍后重试', data: null }]);
      const routes = await app.inject({ method: 'GET', url: '/api/admin/api/v1/menus/route', headers: { session: 'a'.repeat(32) } });
      expect([routes.statusCode, routes.json().code]).toEqual([503, 'C0300']);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([503, { code: 'C0300', msg: '数据库暂时不可用，请稍后重试', data: null }]);
      const alive = await app.inject({ method: 'GET', url: '/healthz' });
      expect([alive.statusCode, alive.json()]).toEqual([200, { code: '201', msg: '操作成功', data: { status: 'alive' } }]);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('/healthz and /readyz with the database up', () => {
  it('answer 200 envelopes without a session, outside the API prefix', async () => {
    const t = await createTestApp();
    try {
      expect(await t.call({ method: 'GET', url: '/healthz' })).toMatchObject({ status: 200, body: { code: '201', data: { status: 'alive' } } });
      expect(await t.call({ method: 'GET', url: '/readyz' })).toMatchObject({ status: 200, body: { code: '201', data: { status: 'ready' } } });
      expect((await t.call({ method: 'GET', url: '/api/readyz' })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('a COMMIT that PostgreSQL answers with ROLLBACK', () => {
  it('fails instead of reporting success, and nothing was written', async () => {
    const t = await createTestApp();
    try {
      const before = await t.db.selectFrom('tags').select('id').execute();
      const committed = t.db.transaction().execute(async (trx) => {
        await sql`CREATE TEMP TABLE IF NOT EXISTS commit_probe (n int)`.execute(trx);
        await sql`INSERT INTO commit_probe VALUES (1)`.execute(trx);
        // a failed statement whose error is swallowed leaves the transaction aborted
        await sql`SELECT 1 / 0`.execute(trx).catch(() => {});
        return 'done';
      });
      await expect(committed).rejects.toBeInstanceOf(CommitRolledBackError);
      // the connection is usable again and the transaction's work is gone
      const probe = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'commit_probe'`.execute(t.db);
      expect(probe.rows[0]!.n).toBe(0);
      expect(await t.db.selectFrom('tags').select('id').execute()).toEqual(before);
    } finally {
      await t.close();
    }
  });
});

describe('process guards (main.ts)', () => {
  function harness() {
    const target = new EventEmitter();
    const seen: string[] = [];
    const log: GuardLog = { warn: (_o, m) => seen.push(`warn ${m}`), error: (_o, m) => seen.push(`error ${m}`), fatal: (_o, m) => seen.push(`fatal ${m}`) };
    const exits: number[] = [];
    const guards = installProcessGuards(target, (code) => exits.push(code));
    guards.useLog(log);
    return { target, seen, exits, guards };
  }

  it('logs an unhandled rejection and keeps running', () => {
    const h = harness();
    h.target.emit('unhandledRejection', new Error('stray'));
    expect([h.seen, h.exits]).toEqual([['error unhandled promise rejection'], []]);
  });

  it('ends the process with 1 when start-up fails, even on a database error', () => {
    const h = harness();
    h.target.emit('uncaughtException', withCode('ECONNREFUSED'));
    expect([h.seen, h.exits]).toEqual([['fatal start-up failed'], [1]]);
  });

  it('once serving, survives a database connection error and stops gracefully on any other', () => {
    const h = harness();
    const stops: number[] = [];
    h.guards.serving((code) => stops.push(code));
    h.target.emit('uncaughtException', withCode('57P01', 'terminating connection due to administrator command'));
    expect(stops).toEqual([]);
    h.target.emit('uncaughtException', new TypeError('bug'));
    expect([h.seen, stops, h.exits]).toEqual([['warn database connection error outside a request', 'fatal uncaught exception: shutting down'], [1], []]);
  });
});
