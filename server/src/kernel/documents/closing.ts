import { sql, type OperationNodeSource } from 'kysely';
import type { Db } from '../../db/database.ts';

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
 * writers would. Answers the rows of that last statement.
 */
export async function runWrites(
  trx: Db,
  writes: readonly ClosingWrite[],
  last?: OperationNodeSource,
  named: readonly { name: string; query: OperationNodeSource }[] = [],
): Promise<unknown[]> {
  const parts = [...writes.map((w, i) => ({ name: `w${i}`, query: w.query })), ...named];
  const main = last ?? parts.pop()?.query;
  if (!main) return [];
  const ctes = parts.map((p) => sql`${sql.id(p.name)} AS (${p.query})`);
  try {
    const { rows } = await (ctes.length ? sql`WITH ${sql.join(ctes)} ${main}` : sql`${main}`).execute(trx);
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
 * outer one's writes.
 */
export async function withClosing<T, C>(trx: Db, work: () => Promise<T>, close: (writes: ClosingWrite[], result: T) => Promise<C>): Promise<C> {
  await flushClosing(trx);
  const stack = frames.get(trx) ?? [];
  frames.set(trx, stack);
  const frame: ClosingWrite[] = [];
  stack.push(frame);
  try {
    const result = await work();
    stack.pop();
    return await close(frame, result);
  } finally {
    if (stack[stack.length - 1] === frame) stack.pop();
    if (stack.length === 0) frames.delete(trx);
  }
}
