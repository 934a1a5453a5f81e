import type { Db } from './database.ts';

export interface TransactionOptions {
  /**
   * The work ends with a top-level document transition (kernel/documents/transition.ts) and runs no
   * statement after it: the transaction's COMMIT then leaves with the transition's closing
   * statement (pipeline.ts), a round trip less. Only for work whose last statement that is.
   */
  endsWithTransition?: boolean;
}

// transactions whose COMMIT may travel with their closing statement (claimed once)
const commitsAhead = new WeakSet<Db>();

/**
 * Runs `work` in a transaction: a new one on a database, or the caller's when `db` already is one
 * (an idempotent request runs the whole service call inside the transaction that stores its key;
 * a demo seed or an import makes many records in one).
 */
export function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx) => {
    if (options.endsWithTransition) commitsAhead.add(trx);
    return work(trx);
  });
}

/** Whether `trx`'s COMMIT may leave with the statement about to run (true once, for its owner's last statement). */
export function claimCommitAhead(trx: Db): boolean {
  return commitsAhead.delete(trx);
}
