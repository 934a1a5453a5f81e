import { sql } from 'kysely';
import { formatDocNo } from '@erp/shared';
import type { Db } from '../../db/database.ts';

/** All SQL of the kernel's own tables: number series and document events. */

/**
 * The next number of a prefix's daily series (China business day). The sequence hands out values
 * without any lock, so creating documents never queues; the day's base row is written once, by the
 * first creation of the day. A creation that rolls back leaves a gap; numbers never repeat.
 */
export async function nextNumber(trx: Db, prefix: string): Promise<string> {
  const sequence = `doc_no_${prefix.toLowerCase()}`;
  const drawn = await sql<{ n: number; day: string; base: number | null }>`
    WITH v AS (SELECT nextval(${sequence}::regclass) AS n, (clock_timestamp() AT TIME ZONE 'Asia/Shanghai')::date AS day),
    ins AS (
      INSERT INTO doc_number_days (prefix, day, base) SELECT ${prefix}, v.day, v.n FROM v
      ON CONFLICT (prefix, day) DO NOTHING RETURNING base)
    SELECT v.n, to_char(v.day, 'YYYY-MM-DD') AS day,
      coalesce((SELECT base FROM ins), (SELECT d.base FROM doc_number_days d WHERE d.prefix = ${prefix} AND d.day = v.day)) AS base
    FROM v`.execute(trx);
  const row = drawn.rows[0]!;
  let base = row.base === null ? null : Number(row.base);
  if (base === null) {
    // the day's first number was drawn by a transaction that committed after this statement began
    const again = await trx.selectFrom('doc_number_days').select('base').where('prefix', '=', prefix).where('day', '=', row.day).executeTakeFirstOrThrow();
    base = Number(again.base);
  }
  return formatDocNo(prefix, row.day, Math.max(1, Number(row.n) - base + 1));
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

export function insertEvent(trx: Db, values: DocumentEventValues) {
  return trx.insertInto('document_events').values(values).execute();
}

export function eventsOf(db: Db, documentType: string, docId: number) {
  return db
    .selectFrom('document_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.action', 'e.from_status', 'e.to_status', 'e.reason', 'u.name as user_name', 'e.created_at'])
    .where('e.document_type', '=', documentType)
    .where('e.doc_id', '=', docId)
    .orderBy('e.id')
    .execute();
}
