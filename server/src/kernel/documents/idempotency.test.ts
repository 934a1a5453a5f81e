import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { inboundSpec } from '../../modules/stock-docs/kinds/inbound.ts';
import { createDoc } from '../../modules/stock-docs/stock-docs.service.ts';
import { skuOf, userIdOf, warehouseIdOf } from '../../modules/stock/stock-test-kit.ts';
import { idempotent } from './idempotency.ts';

// The key is stored in the same transaction as the work: a process that dies after the commit and
// before answering leaves the answer behind, and the client's retry gets it instead of a second
// document. (With the key claimed in a transaction of its own, the retry found a claim without an
// answer and, once it was released, created the document again.)

let t: TestApp;
let adminId: number;
let hz: number;
let coat: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  adminId = await userIdOf(t.db, 'admin');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
});
afterAll(() => t?.close());

function fakeRequest(key: string, body: unknown): FastifyRequest {
  return {
    headers: { 'idempotency-key': key },
    method: 'POST',
    url: '/api/admin/api/v1/stock-docs/inbound',
    body,
    routeOptions: { url: '/api/admin/api/v1/stock-docs/inbound' },
  } as unknown as FastifyRequest;
}

function fakeReply() {
  const sent: { status: number; headers: Record<string, string>; body: unknown } = { status: 200, headers: {}, body: undefined };
  const reply = {
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    status(code: number) {
      sent.status = code;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return body;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

const ctx = () => ({ userId: adminId, scope: { kind: 'all' } as const, permissions: new Set<string>() });
const docCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('stock_docs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('idempotency inside the posting transaction', () => {
  it('a request whose process died between commit and answer is answered from the store when retried: one document', async () => {
    const body = { header: { warehouseId: hz }, lines: [{ skuId: coat.id, quantity: 3 }] };
    const work = async (db: Db) => ({ code: '201', msg: '新增成功', data: await createDoc(db, inboundSpec, ctx(), body) });
    const before = await docCount(t.db);
    const first = fakeReply();
    await expect(
      idempotent(t.db, fakeRequest('crash-1', body), first.reply, adminId, work, {
        afterCommit: () => {
          throw new Error('process killed before answering');
        },
      }),
    ).rejects.toThrow('process killed');
    expect(await docCount(t.db)).toBe(before + 1);

    const retry = fakeReply();
    const answer = (await idempotent(t.db, fakeRequest('crash-1', body), retry.reply, adminId, work)) as { data: { id: number } };
    expect(retry.sent.headers['idempotent-replayed']).toBe('true');
    expect(await docCount(t.db)).toBe(before + 1);
    const stored = await t.db.selectFrom('stock_docs').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(answer.data.id).toBe(stored.id);
  });

  it('a failure inside the work stores nothing: the retry runs anew', async () => {
    const body = { header: { warehouseId: hz }, lines: [{ skuId: coat.id, quantity: 1 }] };
    const before = await docCount(t.db);
    await expect(
      idempotent(t.db, fakeRequest('boom-1', body), fakeReply().reply, adminId, async (db) => {
        await createDoc(db, inboundSpec, ctx(), body);
        throw new Error('connection lost mid-way');
      }),
    ).rejects.toThrow('connection lost');
    expect(await docCount(t.db)).toBe(before);
    expect(await t.db.selectFrom('idempotency_keys').select('id').where('key', '=', 'boom-1').executeTakeFirst()).toBeUndefined();
    const again = fakeReply();
    await idempotent(t.db, fakeRequest('boom-1', body), again.reply, adminId, async (db) => ({ data: await createDoc(db, inboundSpec, ctx(), body) }));
    expect(again.sent.headers['idempotent-replayed']).toBeUndefined();
    expect(await docCount(t.db)).toBe(before + 1);
  });

  it('the same key sent many times at once creates one document (real concurrency on PostgreSQL)', async () => {
    const session = await t.login('admin');
    const payload = { header: { warehouseId: hz }, lines: [{ skuId: coat.id, quantity: 2 }] };
    const before = await docCount(t.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call({ method: 'POST', url: '/api/admin/api/v1/stock-docs/inbound', session, payload, headers: { 'idempotency-key': 'burst-1' } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await docCount(t.db)).toBe(before + 1);
  });
});
