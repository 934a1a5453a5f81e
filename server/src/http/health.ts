import { Messages, ResultCode } from '@erp/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { envelope, fail, failureEnvelope, ok } from './envelope.ts';

/** How long /readyz waits for `select 1`: a load balancer probes often and must not pile up. */
export const READY_TIMEOUT_MS = 2_000;

/** Answers within `timeoutMs` whether the database runs a query; never throws. */
export async function databaseAnswers(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for load balancers and orchestrators, outside the API prefix and without a session:
 * /healthz says the process is alive (never touches the database: restarting the process does
 * not bring a database back); /readyz says it can serve, i.e. the database answers.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  const probe = z.object({ status: z.string() });
  app.get('/healthz', { config: { public: true }, schema: { tags: ['health'], summary: '存活探针（不访问数据库）', response: { 200: envelope(probe) } } }, async () =>
    ok({ status: 'alive' }),
  );
  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: '就绪探针（数据库可用时 200，否则 503）', response: { 200: envelope(probe), 503: failureEnvelope } },
    },
    async (_request, reply) => {
      if (await databaseAnswers(app.db)) return ok({ status: 'ready' });
      return reply.status(503).header('retry-after', '5').send(fail(ResultCode.databaseUnavailable, Messages.databaseUnavailable));
    },
  );
}
