import { CompiledQuery } from 'kysely';
import { COMMIT_AHEAD, HOLD_WRITES, RELEASE_WRITES } from './database.ts';
import type { Db } from './database.ts';

/**
 * Statements that do not depend on each other's answers, sent together: on PostgreSQL (pipeline
 * mode, database.ts) they leave in one write and PostgreSQL runs them one after another in the
 * given order — each in READ COMMITTED with its own snapshot, taken when its turn comes, so a read
 * after a lock sees what the lock waited for. On the embedded database they simply run in turn.
 * Answers each statement's rows, in order; when one fails, its error is thrown (the first, in
 * order) and the others' are not left unhandled.
 */
export async function pipeline<R extends readonly Statement[]>(db: Db, queries: R): Promise<{ [K in keyof R]: Rows<R[K]> }> {
  // a query builder compiles with its own executor, a raw sql`…` with the one given
  const compiled = queries.map((q) => q.compile(db));
  const settled = await db.getExecutor().provideConnection((connection) => {
    // one consumer: Kysely's transaction connection would otherwise run them one after the other;
    // the statements are issued at once, between a hold and a release of the connection's writes
    connection.executeQuery(CompiledQuery.raw(HOLD_WRITES)).catch(() => {});
    const results = compiled.map((c) => connection.executeQuery(c));
    connection.executeQuery(CompiledQuery.raw(RELEASE_WRITES)).catch(() => {});
    return Promise.allSettled(results);
  });
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<{ rows: unknown[] }>).value.rows) as never;
}

/** A query builder or a raw sql`…`, not run. */
export type Statement = { compile(db: Db): CompiledQuery<unknown> };
type Rows<Q> = Q extends { compile(db: Db): CompiledQuery<infer O> } ? O[] : never;

/** The transaction's COMMIT as the last statement of a pipeline (database.ts COMMIT_AHEAD); answers no rows. */
export const commitAhead: Statement = { compile: () => CompiledQuery.raw(COMMIT_AHEAD) };
