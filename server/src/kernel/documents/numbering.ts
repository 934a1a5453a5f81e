import { shanghaiToday } from '@erp/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nextNumber } from './documents.repo.ts';

/**
 * The next number of a prefix's daily series, e.g. RK20261125-0001 (China business day). Never
 * serialises creation: numbers come from a sequence; a creation that rolls back leaves a gap.
 */
export async function nextDocNo(trx: Db, prefix: string): Promise<string> {
  const { docNo, baseCommitted } = await nextNumber(trx, prefix);
  // only a committed base may be relied on by other transactions (a first creation of the day
  // still running holds its new base back from everyone else)
  if (baseCommitted) knownDaysOf(trx).add(`${prefix}:${docNo.slice(prefix.length, prefix.length + 8)}`);
  return docNo;
}

// the days whose base this process has seen, per database (a base row is never removed); a
// database's Kysely instance and its transactions share one adapter object
const knownDays = new WeakMap<object, Set<string>>();
function knownDaysOf(trx: Db): Set<string> {
  const key = trx.getExecutor().adapter;
  const days = knownDays.get(key) ?? new Set<string>();
  knownDays.set(key, days);
  return days;
}

/**
 * The next number as an expression for the document's own INSERT, so numbering costs no statement
 * of its own: once this process has seen today's base, the number is drawn inside the insert (by
 * this process's clock: a document made in the seconds a clock is off at midnight may carry the
 * other day's series — still unique). Until then the usual statement draws it (nextDocNo).
 */
export async function docNoExpression(trx: Db, prefix: string): Promise<RawBuilder<string>> {
  const isoDay = shanghaiToday();
  const day = isoDay.replaceAll('-', '');
  if (!knownDaysOf(trx).has(`${prefix}:${day}`)) return sql<string>`${await nextDocNo(trx, prefix)}::text`;
  const sequence = `doc_no_${prefix.toLowerCase()}`;
  // the same form as formatDocNo: at least four digits, never cut
  return sql<string>`(SELECT ${prefix}::text || ${day}::text || '-' || lpad(x.n::text, greatest(4, length(x.n::text)), '0')
    FROM (SELECT nextval(${sequence}::regclass) - d.base AS n FROM doc_number_days d WHERE d.prefix = ${prefix} AND d.day = ${isoDay}::date) x)`;
}
