import pg from 'pg';
import { HOLD_WRITES, RELEASE_WRITES } from '../src/db/database.ts';

/**
 * The SQL statements the app sends while `work` runs (both databases go through pg's client: the
 * embedded one through its socket bridge). A guard on how a read or a posting scales, in place of
 * a timing: a count does not change with the machine's load. Not reentrant.
 */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ value: T; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  (pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    // the pipeline's hold and release of writes are answered by the client, never sent
    if (text !== HOLD_WRITES && text !== RELEASE_WRITES) statements.push(String(text).replace(/\s+/g, ' ').slice(0, 160));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never;
  try {
    return { value: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}
