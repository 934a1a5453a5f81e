import {
  accountEntryLabel,
  FinanceMessages,
  lastMonthPeriod,
  Permissions,
  shanghaiToday,
  splitAgeing,
  STATEMENT_NOTE_MAX,
  StatementMessages,
  statementPeriodProblem,
  type AccountEntryRecord,
  type AgeingRecord,
  type AgeingTotals,
  type StatementRecord,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import { balanceOf } from './accounts.repo.ts';
import { hqOnly, mainAccountKind, mayReach, ownParty, partyRow, type FinanceContext, type FinanceParty } from './finance-parties.ts';
import * as repo from './statements.repo.ts';
import type { AgeingSort, StatementEntrySort } from './statements.schema.ts';

// 对账单 (issue 18): a party's main account over a period, read from the money ledger; the party
// confirms its own, and the confirmation keeps what it saw. 应收账龄: what each billed party owes,
// by the age of the charges still unpaid (shared splitAgeing).

const iso = (value: Date | string) => new Date(value).toISOString();

function checkedPeriod(from: unknown, to: unknown): repo.Period {
  const problem = statementPeriodProblem(from, to);
  if (problem) throw badRequest(problem);
  return { from: from as string, to: to as string };
}

/** The party of a statement, in the caller's reach (another party's answers as missing), with an account of its own. */
async function statementParty(db: Db, scope: PartyScope, party: FinanceParty) {
  if (!mayReach(scope, party)) throw notFound(FinanceMessages.partyNotFound);
  const row = await partyRow(db, party);
  if (!row) throw notFound(FinanceMessages.partyNotFound);
  if (!row.billed) throw badRequest(FinanceMessages.notBilled);
  return row;
}

async function figuresOf(db: Db, party: FinanceParty, period: repo.Period) {
  const balance = await balanceOf(db, party, mainAccountKind(party.partyType));
  const figures = balance ? await repo.statementFigures(db, balance.id, period, shanghaiToday()) : { openingFen: 0, increaseFen: 0, decreaseFen: 0, closingFen: 0, entryCount: 0 };
  return { balanceId: balance?.id ?? null, ...figures };
}

export async function getStatement(db: Db, ctx: FinanceContext, party: FinanceParty, query: { from?: unknown; to?: unknown }): Promise<StatementRecord> {
  const row = await statementParty(db, ctx.scope, party);
  const period = checkedPeriod(query.from, query.to);
  const [figures, confirmed] = await Promise.all([figuresOf(db, party, period), repo.confirmationOf(db, party, period)]);
  const { balanceId: _, ...shown } = figures;
  const confirmation = confirmed
    ? {
        outcome: confirmed.outcome,
        note: confirmed.note,
        confirmedByName: confirmed.confirmed_by_name,
        confirmedAt: iso(confirmed.confirmed_at),
        openingFen: Number(confirmed.opening_fen),
        closingFen: Number(confirmed.closing_fen),
        entryCount: confirmed.entry_count,
        matches: Number(confirmed.opening_fen) === shown.openingFen && Number(confirmed.closing_fen) === shown.closingFen && confirmed.entry_count === shown.entryCount,
      }
    : null;
  const canConfirm = ctx.scope.kind !== 'all' && ctx.permissions.has(Permissions.financeStatementConfirm) && period.to <= shanghaiToday() && !confirmation;
  return {
    partyType: party.partyType,
    partyId: party.partyId,
    partyCode: row.code,
    partyName: row.name,
    accountKind: mainAccountKind(party.partyType),
    ...period,
    ...shown,
    confirmation,
    canConfirm,
  };
}

/** The period's entries, a page, each with the running balance after it (opening + the period up to it). */
export async function pageStatementEntries(
  db: Db,
  scope: PartyScope,
  party: FinanceParty,
  query: { from?: unknown; to?: unknown },
  params: ListParams<StatementEntrySort>,
): Promise<{ records: AccountEntryRecord[]; total: number }> {
  await statementParty(db, scope, party);
  const period = checkedPeriod(query.from, query.to);
  const figures = await figuresOf(db, party, period);
  if (figures.balanceId === null || figures.entryCount === 0) return { records: [], total: 0 };
  const rows = await repo.statementEntries(db, figures.balanceId, period, params);
  const records = rows.map((r) => ({
    id: Number(r.id),
    businessDay: r.business_day,
    createdAt: iso(r.created_at),
    entryType: r.entry_type,
    entryLabel: accountEntryLabel(r.entry_type, r.reversal),
    reversal: r.reversal,
    documentType: r.document_type,
    documentId: Number(r.doc_id),
    documentNo: r.document_no,
    documentKind: r.document_kind,
    originType: r.origin_type,
    originId: r.origin_id === null ? null : Number(r.origin_id),
    originNo: r.origin_no,
    amountFen: Number(r.amount_fen),
    quantity: r.quantity,
    runningFen: figures.openingFen + r.period_fen,
    memo: r.memo,
    createdByName: r.created_by_name,
  }));
  return { records, total: figures.entryCount };
}

/**
 * The party answers its own statement of an ended period — 确认, or 有异议 with a note (issue 26);
 * HQ never answers for it; one answer per period, kept with the figures it saw.
 */
export async function confirmStatement(
  db: Db,
  ctx: FinanceContext,
  party: FinanceParty,
  body: { from?: unknown; to?: unknown; note?: unknown },
  outcome: 'confirmed' | 'disputed' = 'confirmed',
): Promise<void> {
  if (ctx.scope.kind === 'all') throw forbidden(StatementMessages.hqCannotConfirm);
  await statementParty(db, ctx.scope, party);
  const period = checkedPeriod(body.from, body.to);
  const note = outcome === 'disputed' && typeof body.note === 'string' ? body.note.trim() : '';
  if (outcome === 'disputed' && !note) throw badRequest(StatementMessages.disputeNoteRequired);
  if (note.length > STATEMENT_NOTE_MAX) throw badRequest(StatementMessages.disputeNoteTooLong);
  if (period.to > shanghaiToday()) throw badRequest(StatementMessages.notEnded);
  const figures = await figuresOf(db, party, period);
  if (!(await repo.insertConfirmation(db, party, period, figures, ctx.userId, { outcome, note }))) {
    const earlier = await repo.confirmationOf(db, party, period);
    throw conflict(earlier?.outcome === 'disputed' ? StatementMessages.alreadyDisputed : StatementMessages.alreadyConfirmed);
  }
}

const AGEING_TEXT_SORTS = new Set<AgeingSort>(['partyCode', 'partyName', 'oldestDay']);

/** 应收账龄 (HQ): every billed party that owes, its debt split by age; sorted and paged here (one row per owing party). */
export async function pageAgeing(
  db: Db,
  scope: PartyScope,
  keyword: string | undefined,
  params: ListParams<AgeingSort>,
): Promise<{ records: AgeingRecord[]; total: number; totals: AgeingTotals }> {
  hqOnly(scope);
  const { accounts, charges } = await repo.owingCharges(db, keyword);
  const byAccount = new Map<number, { ageDays: number; amountFen: number; day: string }[]>();
  for (const c of charges) {
    const list = byAccount.get(Number(c.balance_id)) ?? [];
    list.push({ ageDays: Number(c.age_days), amountFen: Number(c.amount_fen), day: c.business_day });
    byAccount.set(Number(c.balance_id), list);
  }
  const all: AgeingRecord[] = accounts.map((a) => {
    const own = byAccount.get(Number(a.id)) ?? [];
    const { oldestAgeDays: _, ...split } = splitAgeing(Number(a.balance_fen), own);
    const oldestDay = own.reduce<string | null>((min, c) => (min === null || c.day < min ? c.day : min), null);
    return { partyType: a.party_type, partyId: Number(a.party_id), partyCode: a.code, partyName: a.name, ...split, oldestDay };
  });
  const key = params.sortColumn;
  const sign = params.order === 'desc' ? -1 : 1;
  all.sort((x, y) => {
    const a = x[key] ?? '';
    const b = y[key] ?? '';
    const c = AGEING_TEXT_SORTS.has(key) ? String(a).localeCompare(String(b), 'zh-CN') : Number(a) - Number(b);
    return sign * c || x.partyCode.localeCompare(y.partyCode) || x.partyType.localeCompare(y.partyType);
  });
  // 合计 of the whole search, not only the page (issue 26)
  const totals: AgeingTotals = { d0to30: 0, d31to60: 0, d61to90: 0, over90: 0, totalFen: 0 };
  for (const r of all) for (const k of Object.keys(totals) as (keyof AgeingTotals)[]) totals[k] += r[k];
  return { records: all.slice(params.offset, params.offset + params.limit), total: all.length, totals };
}

/**
 * 工作台: last month's statement waiting for the party's own answer — 1 when the month had entries
 * and the party has neither confirmed nor disputed it, else 0; null when the caller has no account
 * of its own (HQ, a supplier's is not asked here, a shop billed through its agent).
 */
export async function lastMonthAwaitingAnswer(db: Db, scope: PartyScope): Promise<number | null> {
  const own = ownParty(scope);
  if (own === null || own === 'all' || own.partyType === 'supplier') return null;
  if (!(await partyRow(db, own))?.billed) return null;
  const period = lastMonthPeriod(shanghaiToday());
  const [figures, answered] = await Promise.all([figuresOf(db, own, period), repo.confirmationOf(db, own, period)]);
  return figures.entryCount > 0 && !answered ? 1 : 0;
}
