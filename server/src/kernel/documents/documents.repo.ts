import { sql, type OperationNodeSource } from 'kysely';
import { formatDocNo } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { runWrites, type ClosingWrite } from './closing.ts';

/** All SQL of the kernel's own tables: number series and document events. */

/**
 * The next number of a prefix's daily series (China business day). The sequence hands out values
 * without any lock, so creating documents never queues; the day's base (a value drawn from the
 * sequence) is written once, by the first creation of the day, and every number of the day is
 * drawn after the base exists, so it is always above it: number = value − base. A creation that
 * rolls back leaves a gap; numbers never repeat.
 */
export async function nextNumber(trx: Db, prefix: string): Promise<{ docNo: string; baseCommitted: boolean }> {
  const sequence = `doc_no_${prefix.toLowerCase()}`;
  // the usual case, one statement: the day's base exists, so a value drawn now is above it
  const usual = await sql<{ day: string; number: number }>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, nextval(${sequence}::regclass) - d.base AS number
    FROM doc_number_days d WHERE d.prefix = ${prefix} AND d.day = (clock_timestamp() AT TIME ZONE 'Asia/Shanghai')::date`.execute(trx);
  // a base this statement sees was committed by its creator: every later statement sees it too
  if (usual.rows[0]) return { docNo: formatDocNo(prefix, usual.rows[0].day, Number(usual.rows[0].number)), baseCommitted: true };
  const today = await sql<{ day: string }>`
    WITH d AS (SELECT (clock_timestamp() AT TIME ZONE 'Asia/Shanghai')::date AS day),
    ins AS (
      -- the value is drawn only when the day has no base yet (otherwise every creation would waste one)
      INSERT INTO doc_number_days (prefix, day, base)
      SELECT ${prefix}, d.day, nextval(${sequence}::regclass) FROM d
      WHERE NOT EXISTS (SELECT 1 FROM doc_number_days x WHERE x.prefix = ${prefix} AND x.day = d.day)
      ON CONFLICT (prefix, day) DO NOTHING)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day FROM d`.execute(trx);
  const day = today.rows[0]!.day;
  // a new statement: it sees the base row (ours, or the one another creation committed first)
  const drawn = await sql<{ number: number }>`
    SELECT nextval(${sequence}::regclass) - base AS number FROM doc_number_days WHERE prefix = ${prefix} AND day = ${day}::date`.execute(trx);
  return { docNo: formatDocNo(prefix, day, Number(drawn.rows[0]!.number)), baseCommitted: false };
}

export interface DocumentEventValues {
  document_type: string;
  doc_id: number;
  action: string;
  from_status: string;
  to_status: string;
  reason: string;
  user_id: number;
}

/** A document module's UPDATE of its header, built but not run. */
export type SavingQuery = OperationNodeSource;

/**
 * Runs a document's header update and appends its event in one statement (data-modifying CTEs),
 * with the writes its effects left for the closing statement (closing.ts); with `answer`, the same
 * statement ends by reading the document (see DocumentDefinition.answer) and answers that row.
 * With `commit`, the transaction's COMMIT leaves with it (closing.ts runWrites).
 */
export async function saveWithEvent(
  trx: Db,
  saving: SavingQuery,
  event: DocumentEventValues,
  writes: readonly ClosingWrite[] = [],
  answer?: { header: string; query: OperationNodeSource },
  commit = false,
): Promise<unknown> {
  const insertEvent = trx.insertInto('document_events').values(event);
  if (!answer) {
    await runWrites(trx, [...writes, { query: saving }], insertEvent, [], commit);
    return undefined;
  }
  const rows = await runWrites(
    trx,
    writes,
    answer.query,
    [
      { name: answer.header, query: saving },
      { name: 'event', query: insertEvent },
    ],
    commit,
  );
  return rows[0];
}
