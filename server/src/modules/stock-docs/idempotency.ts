import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { StockDocMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict } from '../../http/app-error.ts';
import { fail } from '../../http/envelope.ts';

// Idempotency-Key on the posting routes (DESIGN §4): the first call's answer is stored per user and
// key; a repeat with the same request gets the stored answer and changes nothing; the same key on a
// different request is refused. Business refusals (4xx) are stored too — repeating them gives the
// same answer; an unexpected failure frees the key so the client can retry.

const KEY = /^[\x21-\x7e]{1,128}$/;

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return null;
  if (!KEY.test(value)) throw badRequest('Idempotency-Key 须为1-128个可见字符');
  return value;
}

export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  work: () => Promise<T>,
): Promise<T> {
  const key = keyOf(request);
  if (key === null) return work();
  const route = request.routeOptions.url ?? request.url;
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
  // a claim whose process died mid-way (never answered) is released after a while
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status_code', 'is', null)
    .where('created_at', '<', sql<Date>`now() - interval '5 minutes'`)
    .execute();
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ key, user_id: userId, method: request.method, route, request_hash: hash })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const stored = await db.selectFrom('idempotency_keys').select(['request_hash', 'status_code', 'response']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirstOrThrow();
    if (stored.request_hash !== hash) throw badRequest(StockDocMessages.idempotencyReused);
    if (stored.status_code === null) throw conflict(StockDocMessages.idempotencyRunning);
    reply.header('idempotent-replayed', 'true');
    // the stored envelope as first sent (a replayed refusal keeps its status)
    return reply.status(stored.status_code).send(stored.response) as unknown as T;
  }
  const store = (status: number, body: unknown) =>
    db.updateTable('idempotency_keys').set({ status_code: status, response: JSON.stringify(body) }).where('id', '=', claimed.id).execute();
  try {
    const body = await work();
    await store(200, body);
    return body;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await store(error.status, fail(error.code, error.message));
    } else {
      await db.deleteFrom('idempotency_keys').where('id', '=', claimed.id).execute();
    }
    throw error;
  }
}
