import type { Db } from '../../db/database.ts';
import { pipeline } from '../../db/pipeline.ts';
import { lockQuery, type DocRow } from './stock-docs.repo.ts';

// A document's lines as its posting reads them, and the header lock that brings them along.

/** The raw lines for posting, in line order. */
const postingLinesQuery = (trx: Db, docId: number) =>
  trx
    .selectFrom('stock_doc_lines')
    .select(['id', 'line_no', 'leg', 'sku_id', 'material_id', 'shelf_id', 'quantity', 'actual_quantity', 'unit_cost_fen', 'source_line_id'])
    .where('doc_id', '=', docId)
    .orderBy('line_no');

export type PostingLine = Awaited<ReturnType<ReturnType<typeof postingLinesQuery>['execute']>>[number];

// lines read with their header's lock (lockDocWithLines), per transaction, for the next postingLines
const linesReadWithLock = new WeakMap<Db, Map<number, PostingLine[]>>();

/** A document's lines in line order: those read with its lock in this transaction, or read now. */
export async function postingLines(trx: Db, docId: number): Promise<PostingLine[]> {
  const read = linesReadWithLock.get(trx)?.get(docId);
  if (read) {
    linesReadWithLock.get(trx)!.delete(docId);
    return read;
  }
  return postingLinesQuery(trx, docId).execute();
}

/**
 * Locks the header and reads its lines in one round trip (pipeline.ts): the lines' read runs after
 * the lock was granted, so it sees what the lock waited for. The lines are kept for the
 * transaction's next postingLines of the document (the action's effects read them first).
 */
export async function lockDocWithLines(trx: Db, id: number): Promise<DocRow | undefined> {
  const [rows, lines] = await pipeline(trx, [lockQuery(trx, id), postingLinesQuery(trx, id)] as const);
  const row = rows[0] as DocRow | undefined;
  if (row) {
    const kept = linesReadWithLock.get(trx) ?? new Map<number, PostingLine[]>();
    kept.set(id, lines);
    linesReadWithLock.set(trx, kept);
  }
  return row;
}
