import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/paging.ts';
import { entriesBase, partiesQuery, withDocuments } from './accounts.repo.ts';
import type { FinanceParty } from './finance-parties.ts';

/** All SQL of 对账单 and 应收账龄: one account's entries by business day, and the unpaid charges of owing accounts. */

export interface Period {
  from: string;
  to: string;
}

/**
 * A statement's figures, read through account_entries_account_day_idx (an index-only range). The
 * opening is read from the nearer end of the account's history: a period nearer the account's
 * first day sums the entries before it; one nearer today takes the balance less everything from
 * `from` on (one statement, one snapshot with the balance row). Either way a month costs what lies
 * between it and the nearer end, not the whole account.
 */
export async function statementFigures(db: Db, balanceId: number, period: Period, today: string) {
  const first = await db.selectFrom('account_entries').select(sql<string | null>`min(business_day)::text`.as('day')).where('balance_id', '=', balanceId).executeTakeFirst();
  const firstDay = first?.day ?? period.from;
  const fromStart = daysApart(firstDay, period.from) < daysApart(period.to, today);
  const inPeriod = [
    sql<string>`coalesce(sum(e.amount_fen) filter (where e.business_day >= ${period.from} and e.business_day <= ${period.to} and e.amount_fen > 0), 0)`.as('increase_fen'),
    sql<string>`coalesce(sum(-e.amount_fen) filter (where e.business_day >= ${period.from} and e.business_day <= ${period.to} and e.amount_fen < 0), 0)`.as('decrease_fen'),
    sql<string>`count(e.id) filter (where e.business_day >= ${period.from} and e.business_day <= ${period.to})`.as('entry_count'),
  ];
  const row = fromStart
    ? await db
        .selectFrom('account_entries as e')
        .where('e.balance_id', '=', balanceId)
        .where('e.business_day', '<=', period.to)
        .select([sql<string>`coalesce(sum(e.amount_fen) filter (where e.business_day < ${period.from}), 0)`.as('opening_fen'), ...inPeriod])
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom('account_balances as b')
        .leftJoin('account_entries as e', (j) => j.onRef('e.balance_id', '=', 'b.id').on('e.business_day', '>=', period.from))
        .where('b.id', '=', balanceId)
        .groupBy('b.balance_fen')
        .select([sql<string>`b.balance_fen - coalesce(sum(e.amount_fen), 0)`.as('opening_fen'), ...inPeriod])
        .executeTakeFirst();
  if (!row) return { openingFen: 0, increaseFen: 0, decreaseFen: 0, closingFen: 0, entryCount: 0 };
  const openingFen = Number(row.opening_fen);
  const increaseFen = Number(row.increase_fen);
  const decreaseFen = Number(row.decrease_fen);
  return { openingFen, increaseFen, decreaseFen, closingFen: openingFen + increaseFen - decreaseFen, entryCount: Number(row.entry_count) };
}

const daysApart = (a: string, b: string) => Math.abs(Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`));

/**
 * A page of the period's entries in statement order (business day, then ledger order), each with
 * the sum of the period up to it (the running balance is the opening plus that), and then the
 * page's documents and origins, read for its rows only.
 */
export async function statementEntries(db: Db, balanceId: number, period: Period, page: { limit: number; offset: number; order: 'asc' | 'desc' }) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await db
    .selectFrom('account_entries')
    .where('balance_id', '=', balanceId)
    .where('business_day', '>=', period.from)
    .where('business_day', '<=', period.to)
    .select(['id', sql<string>`sum(amount_fen) over (order by business_day, id)`.as('period_fen')])
    .orderBy(sql`business_day ${direction}, id ${direction}`)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const details = await withDocuments(entriesBase(db, balanceId).where('e.id', 'in', ids)).execute();
  const byId = new Map(details.map((d) => [Number(d.id), d]));
  return rows.map((r) => ({ ...byId.get(Number(r.id))!, period_fen: Number(r.period_fen) }));
}

export async function confirmationOf(db: Db, party: FinanceParty, period: Period) {
  return db
    .selectFrom('finance_statement_confirmations as c')
    .leftJoin('users as u', 'u.id', 'c.confirmed_by')
    .where('c.party_type', '=', party.partyType)
    .where('c.party_id', '=', party.partyId)
    .where('c.period_from', '=', period.from)
    .where('c.period_to', '=', period.to)
    .select(['c.outcome', 'c.note', 'c.opening_fen', 'c.closing_fen', 'c.entry_count', 'c.confirmed_at', sql<string>`coalesce(u.name, u.account, '')`.as('confirmed_by_name')])
    .executeTakeFirst();
}

/** Stores a confirmation; false when the period was confirmed already (the unique key decides, also between two at once). */
export async function insertConfirmation(
  db: Db,
  party: FinanceParty,
  period: Period,
  figures: { openingFen: number; closingFen: number; entryCount: number },
  userId: number,
  answer: { outcome: 'confirmed' | 'disputed'; note: string } = { outcome: 'confirmed', note: '' },
): Promise<boolean> {
  const row = await db
    .insertInto('finance_statement_confirmations')
    .values({
      party_type: party.partyType,
      party_id: party.partyId,
      period_from: period.from,
      period_to: period.to,
      opening_fen: figures.openingFen,
      closing_fen: figures.closingFen,
      entry_count: figures.entryCount,
      confirmed_by: userId,
      outcome: answer.outcome,
      note: answer.note,
    })
    .onConflict((oc) => oc.constraint('finance_statement_confirmations_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * 应收账龄: for every billed party that owes (receivable > 0, matching `keyword`), the charges
 * (entries > 0) that make up what it owes: newest first, a charge counts while the charges newer
 * than it do not cover the balance yet. Answers each such charge with its age in days (Shanghai).
 */
export async function owingCharges(db: Db, keyword: string | undefined) {
  let owing = db
    .selectFrom('account_balances as b')
    .innerJoin(partiesQuery(db).as('p'), (j) => j.onRef('p.party_type', '=', 'b.party_type').onRef('p.party_id', '=', 'b.party_id'))
    .where('b.account_kind', '=', 'receivable')
    .where('b.party_type', 'in', ['agent', 'shop'])
    .where('b.balance_fen', '>', 0)
    .select(['b.id', 'b.balance_fen', 'p.party_type', 'p.party_id', 'p.code', 'p.name']);
  if (keyword) {
    const pattern = containsPattern(keyword);
    owing = owing.where((eb) => eb.or([eb('p.code', 'ilike', pattern), eb('p.name', 'ilike', pattern)]));
  }
  const accounts = await owing.execute();
  if (accounts.length === 0) return { accounts, charges: [] };
  const charges = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('account_entries as e')
        .innerJoin('account_balances as b', 'b.id', 'e.balance_id')
        .where(
          'e.balance_id',
          'in',
          accounts.map((a) => Number(a.id)),
        )
        .where('e.amount_fen', '>', 0)
        // a voided charge and its reversal cancel out: neither is a charge nor a payment of one
        .where('e.reverses_entry_id', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('account_entries as r').select('r.id').whereRef('r.reverses_entry_id', '=', 'e.id'))))
        .select([
          'e.balance_id',
          'e.business_day',
          'e.amount_fen',
          'b.balance_fen',
          sql<string>`sum(e.amount_fen) over (partition by e.balance_id order by e.business_day desc, e.id desc)`.as('newer_fen'),
          sql<number>`((now() AT TIME ZONE 'Asia/Shanghai')::date - e.business_day)`.as('age_days'),
        ])
        .as('c'),
    )
    .where(sql<boolean>`c.newer_fen - c.amount_fen < c.balance_fen`)
    .select(['c.balance_id', 'c.business_day', 'c.amount_fen', 'c.age_days'])
    .execute();
  return { accounts, charges };
}
