import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { fail } from '../../http/envelope.ts';

// Idempotency-Key on creating and posting routes (DESIGN §4, §9). The key is written in the same
// transaction as the work it guards, together with the answer: either both commit or neither, so
// a process killed between the commit and the answer can never post twice — the retry finds the
// stored answer. A second call with the key while the first is still running waits on the key's
// row and then replays the first answer. A business refusal (4xx) changed nothing; it is stored
// on its own so a repeat answers the same; an unexpected failure stores nothing (retry runs anew).
// The same key on a different request is refused.

const KEY = /^[\x21-\x7e]{1,128}$/;

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return null;
  if (!KEY.test(value)) throw badRequest(IdempotencyMessages.keyInvalid);
  return value;
}

/** Thrown inside the transaction when another call committed the key first. */
class KeyTaken extends Error {}

export interface IdempotencyHooks {
  /** tests: runs after the work committed, before the answer (a crash here must not post twice) */
  afterCommit?: () => void;
}

/**
 * Runs `work` once per (user, Idempotency-Key). `work` gets the transaction to do everything in
 * (services accept it as their `db`). Without a key it runs as it is, on `db`.
 */
export async function idempotent<T>(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number, work: (db: Db) => Promise<T>, hooks: IdempotencyHooks = {}): Promise<T> {
  const key = keyOf(request);
  if (key === null) return work(db);
  const route = request.routeOptions.url ?? request.url;
  const hash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

  const replay = async (): Promise<T | null> => {
    const stored = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!stored) return null;
    if (stored.request_hash !== hash) throw badRequest(IdempotencyMessages.keyReused);
    reply.header('idempotent-replayed', 'true');
    // the stored envelope as first sent (a replayed refusal keeps its status)
    return reply.status(stored.status_code ?? 200).send(stored.response) as unknown as T;
  };

  const earlier = await replay();
  if (earlier !== null) return earlier;
  const row = { key, user_id: userId, method: request.method, route, request_hash: hash };
  try {
    const body = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('idempotency_keys')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claimed) throw new KeyTaken();
      const result = await work(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: 200, response: JSON.stringify(result) })
        .where('id', '=', claimed.id)
        .execute();
      return result;
    });
    hooks.afterCommit?.();
    return body;
  } catch (error) {
    if (error instanceof KeyTaken) return (await replay()) as T;
    if (error instanceof AppError && error.status < 500) {
      // the refusal changed nothing; remember it so the repeat answers the same
      await db
        .insertInto('idempotency_keys')
        .values({ ...row, status_code: error.status, response: JSON.stringify(fail(error.code, error.message)) })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .execute();
    }
    throw error;
  }
}
