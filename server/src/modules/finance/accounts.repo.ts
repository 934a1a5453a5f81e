import { sql, type Expression, type SqlBool } from 'kysely';
import type { FinancePartyType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import { unshippedByBilledQuery } from '../sales-orders/sales-orders-read.service.ts';
import type { AccountSortColumn, EntrySortColumn } from './accounts.schema.ts';
import type { FinanceParty } from './finance-parties.ts';

/** All SQL of 往来账户: parties with their ledger balances, credit limits and committed orders. */

type Page<S> = { limit: number; offset: number; sortColumn: S; order: 'asc' | 'desc' };

/** Every party that keeps an account: agents, franchise shops under HQ, suppliers. */
export function partiesQuery(db: Db) {
  return db
    .selectFrom('agents')
    .select([sql<FinancePartyType>`'agent'`.as('party_type'), 'id as party_id', 'code', 'name'])
    .unionAll(
      db
        .selectFrom('shops')
        .select([sql<FinancePartyType>`'shop'`.as('party_type'), 'id as party_id', 'code', 'name'])
        .where('agent_id', 'is', null)
        .where('kind', '=', 'franchise'),
    )
    .unionAll(db.selectFrom('suppliers').select([sql<FinancePartyType>`'supplier'`.as('party_type'), 'id as party_id', 'code', 'name']));
}

function accountsQuery(db: Db) {
  return db
    .selectFrom(partiesQuery(db).as('p'))
    .leftJoin('account_balances as r', (j) => j.onRef('r.party_type', '=', 'p.party_type').onRef('r.party_id', '=', 'p.party_id').on('r.account_kind', '=', 'receivable'))
    .leftJoin('account_balances as pb', (j) => j.onRef('pb.party_type', '=', 'p.party_type').onRef('pb.party_id', '=', 'p.party_id').on('pb.account_kind', '=', 'payable'))
    .leftJoin('finance_credit_limits as cl', (j) => j.onRef('cl.party_type', '=', 'p.party_type').onRef('cl.party_id', '=', 'p.party_id'))
    .leftJoin(unshippedByBilledQuery(db).as('u'), (j) => j.onRef('u.billed_type', '=', 'p.party_type').onRef('u.billed_id', '=', 'p.party_id'))
    .select([
      'p.party_type',
      'p.party_id',
      'p.code',
      'p.name',
      sql<number>`coalesce(r.balance_fen, 0)`.as('net_fen'),
      sql<number>`coalesce(pb.balance_fen, 0)`.as('payable_fen'),
      'cl.credit_limit_fen',
      sql<string>`coalesce(cl.memo, '')`.as('credit_memo'),
      sql<number>`coalesce(u.unshipped_fen, 0)`.as('unshipped_fen'),
      sql<Date | null>`greatest(r.updated_at, pb.updated_at)`.as('last_entry_at'),
    ]);
}

export type AccountRow = Awaited<ReturnType<typeof accountRow>> & object;

export interface AccountFilter {
  partyType?: FinancePartyType;
  keyword?: string;
  /** only accounts that owe (应收 > 0) or are owed (应付 > 0) */
  owing?: boolean;
}

function filteredAccounts(db: Db, inScope: Expression<SqlBool>, filter: AccountFilter) {
  let base = db.selectFrom(accountsQuery(db).as('t')).where(inScope);
  if (filter.partyType) base = base.where('t.party_type', '=', filter.partyType);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('t.code', 'ilike', pattern), eb('t.name', 'ilike', pattern)]));
  }
  if (filter.owing) base = base.where((eb) => eb.or([eb('t.net_fen', '>', 0), eb('t.payable_fen', '>', 0)]));
  return base;
}

/**
 * 合计 of the whole search (issue 26), as each row counts it: a billed party's 应收 or 预付款 from its
 * signed balance, a supplier's 应付 or what it was overpaid; 未发货 of the billed.
 */
export function accountTotals(db: Db, inScope: Expression<SqlBool>, filter: AccountFilter) {
  return filteredAccounts(db, inScope, filter)
    .select([
      sql<string>`coalesce(sum(CASE WHEN t.party_type <> 'supplier' THEN greatest(t.net_fen, 0) ELSE 0 END), 0)`.as('receivable_fen'),
      sql<string>`coalesce(sum(CASE WHEN t.party_type <> 'supplier' THEN greatest(-t.net_fen, 0) ELSE greatest(-t.payable_fen, 0) END), 0)`.as('prepayment_fen'),
      sql<string>`coalesce(sum(CASE WHEN t.party_type = 'supplier' THEN greatest(t.payable_fen, 0) ELSE 0 END), 0)`.as('payable_fen'),
      sql<string>`coalesce(sum(CASE WHEN t.party_type <> 'supplier' THEN t.unshipped_fen ELSE 0 END), 0)`.as('unshipped_fen'),
    ])
    .executeTakeFirstOrThrow();
}

export async function pageAccounts(db: Db, inScope: Expression<SqlBool>, filter: AccountFilter, page: Page<AccountSortColumn>) {
  const base = filteredAccounts(db, inScope, filter);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(base, (q) => q.selectAll('t').orderBy(sql`${sql.raw(page.sortColumn)} ${direction} nulls last, t.party_type, t.party_id`), page);
}

export async function accountRow(db: Db, party: FinanceParty) {
  return db.selectFrom(accountsQuery(db).as('t')).selectAll('t').where('t.party_type', '=', party.partyType).where('t.party_id', '=', party.partyId).executeTakeFirst();
}

/** Who made each entry, and the numbers of the documents it names (for opening them). */
export type EntriesBase = ReturnType<typeof entriesBase>;
export const entriesBase = (db: Db, balanceId: number) => db.selectFrom('account_entries as e').where('e.balance_id', '=', balanceId);

export function withDocuments(q: EntriesBase) {
  return q
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .leftJoin('stock_docs as sd', (j) => j.on('e.document_type', '=', 'stock_doc').onRef('sd.id', '=', 'e.doc_id'))
    .leftJoin('finance_payments as fp', (j) => j.on('e.document_type', '=', 'finance_payment').onRef('fp.id', '=', 'e.doc_id'))
    .leftJoin('finance_adjustments as fa', (j) => j.on('e.document_type', '=', 'finance_adjustment').onRef('fa.id', '=', 'e.doc_id'))
    .leftJoin('finance_rebates as fr', (j) => j.on('e.document_type', '=', 'finance_rebate').onRef('fr.id', '=', 'e.doc_id'))
    .leftJoin('sales_orders as so', (j) => j.on('e.origin_type', '=', 'sales_order').onRef('so.id', '=', 'e.origin_id'))
    .leftJoin('purchase_orders as po', (j) => j.on('e.origin_type', '=', 'purchase_order').onRef('po.id', '=', 'e.origin_id'))
    .leftJoin('purchase_refunds as pr', (j) => j.on('e.origin_type', '=', 'purchase_refund').onRef('pr.id', '=', 'e.origin_id'))
    .leftJoin('sales_returns as sr', (j) => j.on('e.origin_type', '=', 'sales_return').onRef('sr.id', '=', 'e.origin_id'))
    .select([
      'e.id',
      'e.business_day',
      'e.created_at',
      'e.entry_type',
      sql<boolean>`e.reverses_entry_id IS NOT NULL`.as('reversal'),
      'e.document_type',
      'e.doc_id',
      sql<string>`coalesce(sd.doc_no, fp.doc_no, fa.doc_no, fr.doc_no, '')`.as('document_no'),
      // which page opens it: a stock document's kind, a payment's direction
      sql<string>`coalesce(sd.kind, fp.direction, '')`.as('document_kind'),
      'e.origin_type',
      'e.origin_id',
      sql<string>`coalesce(so.order_no, po.order_no, pr.refund_no, sr.return_no, '')`.as('origin_no'),
      'e.amount_fen',
      'e.quantity',
      'e.memo',
      sql<string>`coalesce(u.name, u.account, '')`.as('created_by_name'),
    ]);
}

export interface EntryFilter {
  from?: string;
  to?: string;
  entryType?: string;
}

/** One account's entries (the party's main account), a page, in ledger order either way. */
export async function pageEntries(db: Db, balanceId: number, filter: EntryFilter, page: Page<EntrySortColumn>) {
  let base = entriesBase(db, balanceId);
  if (filter.from) base = base.where('e.business_day', '>=', filter.from);
  if (filter.to) base = base.where('e.business_day', '<=', filter.to);
  if (filter.entryType) base = base.where('e.entry_type', '=', filter.entryType);
  return fetchPage(base, (q) => withDocuments(q).orderBy('e.id', page.order === 'desc' ? 'desc' : 'asc'), page);
}

/**
 * The balance after each of `ids` (entries of one account): the ledger's order is its ids, so it
 * is the sum up to the smallest, then the entries between walked in order — two index range reads
 * whatever the account's size.
 */
export async function runningBalances(db: Db, balanceId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (ids.length === 0) return result;
  const sorted = [...ids].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const upTo = await db
    .selectFrom('account_entries')
    .select(sql<string>`coalesce(sum(amount_fen), 0)`.as('s'))
    .where('balance_id', '=', balanceId)
    .where('id', '<=', first)
    .executeTakeFirstOrThrow();
  let running = Number(upTo.s);
  result.set(first, running);
  if (last === first) return result;
  const between = await db
    .selectFrom('account_entries')
    .select(['id', 'amount_fen'])
    .where('balance_id', '=', balanceId)
    .where('id', '>', first)
    .where('id', '<=', last)
    .orderBy('id')
    .execute();
  const wanted = new Set(ids);
  for (const row of between) {
    running += Number(row.amount_fen);
    if (wanted.has(Number(row.id))) result.set(Number(row.id), running);
  }
  return result;
}

export async function balanceOf(db: Db, party: FinanceParty, kind: 'receivable' | 'payable') {
  return db
    .selectFrom('account_balances')
    .select(['id', 'balance_fen'])
    .where('party_type', '=', party.partyType)
    .where('party_id', '=', party.partyId)
    .where('account_kind', '=', kind)
    .executeTakeFirst();
}

/** The agent a shop belongs to (null: HQ's own or a franchise of none). */
export function shopAgentOf(db: Db, shopId: number) {
  return db.selectFrom('shops').select('agent_id').where('id', '=', shopId).executeTakeFirst();
}
