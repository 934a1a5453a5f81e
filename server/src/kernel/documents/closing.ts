import { sql, type OperationNodeSource } from 'kysely';
import type { Db } from '../../db/database.ts';
import { commitAhead, pipeline } from '../../db/pipeline.ts';

/**
 * A transition's closing statement (DESIGN §9). The last writes of a transition's effects — a
 * posting's moves and balances — need no answer from the database, so instead of a statement each
 * they travel with the header's status update and its event, as data-modifying CTEs of one
 * statement: a round trip less per posting, all of it still in the one transaction.
 *
 * An effect offers its writes with deferToClosing(trx, …); outside a transition (or when told
 * to, see flushClosing) they run at once. A deferred write is invisible to later reads of the same
 * transaction, so whatever reads after it flushes first: the next posting, the source hooks, a
 * nested transition.
 */
export interface ClosingWrite {
  /** a plain INSERT / UPDATE / DELETE (no WITH of its own: PostgreSQL allows those only at the top) */
  query: OperationNodeSource;
  /** turns a database refusal of this write into the answer its module gives (null: not ours) */
  refusal?: (error: unknown) => Error | null;
}

// per transaction object: a stack of frames, one per transition running on it
const frames = new WeakMap<object, ClosingWrite[][]>();

/** Defers writes to the closing statement of the transition running on `trx`; false when none runs. */
export function deferToClosing(trx: Db, writes: readonly ClosingWrite[]): boolean {
  const stack = frames.get(trx);
  const top = stack?.[stack.length - 1];
  if (!top) return false;
  top.push(...writes);
  return true;
}

/** Whether writes wait for the closing statement of the transition on `trx`. */
export function hasDeferredWrites(trx: Db): boolean {
  return (frames.get(trx) ?? []).some((frame) => frame.length > 0);
}

/**
 * Runs writes as one statement — each as a CTE (`named` ones under the names given, after the
 * writes) and `last` (or else the last write) as the statement itself — mapping refusals as their
 * writers would. Answers the rows of that last statement. With `commit`, the transaction's COMMIT
 * leaves with it (the transaction's last statement: see db/transaction.ts endsWithTransition).
 */
export async function runWrites(
  trx: Db,
  writes: readonly ClosingWrite[],
  last?: OperationNodeSource,
  named: readonly { name: string; query: OperationNodeSource }[] = [],
  commit = false,
): Promise<unknown[]> {
  const parts = [...writes.map((w, i) => ({ name: `w${i}`, query: w.query })), ...named];
  const main = last ?? parts.pop()?.query;
  if (!main) return [];
  const ctes = parts.map((p) => sql`${sql.id(p.name)} AS (${p.query})`);
  const statement = ctes.length ? sql`WITH ${sql.join(ctes)} ${main}` : sql`${main}`;
  try {
    if (commit) return (await pipeline(trx, [statement, commitAhead]))[0];
    const { rows } = await statement.execute(trx);
    return rows;
  } catch (error) {
    throw refusalOf(writes, error);
  }
}

function refusalOf(writes: readonly ClosingWrite[], error: unknown): unknown {
  for (const write of writes) {
    const mapped = write.refusal?.(error);
    if (mapped) return mapped;
  }
  return error;
}

/** Runs what waits for the closing statement now (before a read that must see it). */
export async function flushClosing(trx: Db): Promise<void> {
  const stack = frames.get(trx);
  if (!stack) return;
  const pending = stack.flatMap((frame) => frame.splice(0));
  if (pending.length) await runWrites(trx, pending);
}

/**
 * Runs a transition's work with a closing frame open on `trx`, then hands what was deferred to
 * `close`, which writes it with the header's own statement; answers what `close` answers. A
 * transition inside another's effects (a source hook moving its own document) first flushes the
 * outer one's writes. `close` learns whether this is the outermost transition on `trx`.
 */
export async function withClosing<T, C>(trx: Db, work: () => Promise<T>, close: (writes: ClosingWrite[], result: T, outermost: boolean) => Promise<C>): Promise<C> {
  await flushClosing(trx);
  const stack = frames.get(trx) ?? [];
  frames.set(trx, stack);
  const frame: ClosingWrite[] = [];
  stack.push(frame);
  try {
    const result = await work();
    stack.pop();
    return await close(frame, result, stack.length === 0);
  } finally {
    if (stack[stack.length - 1] === frame) stack.pop();
    if (stack.length === 0) frames.delete(trx);
  }
}
