import type { Db } from './database.ts';

/**
 * Runs `work` in a transaction: a new one on a database, or the caller's when `db` already is one
 * (an idempotent request runs the whole service call inside the transaction that stores its key;
 * a demo seed or an import makes many records in one).
 */
export function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
