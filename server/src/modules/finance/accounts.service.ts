import { accountEntryLabel, billedFigures, FinanceMessages, type AccountEntryRecord, type FinanceAccountRecord, type WorkbenchAccountFigure } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { PartyScope } from '../../http/request-context.ts';
import * as repo from './accounts.repo.ts';
import type { AccountSortColumn, EntrySortColumn } from './accounts.schema.ts';
import { mainAccountKind, mayReach, ownParty, partyInScope, partyRow, type FinanceParty } from './finance-parties.ts';

// 往来账户 (issue 18, "Accounts"): every figure is read from the money ledger, the credit limit
// and the party's open orders; nothing is stored by hand.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function record(row: NonNullable<Awaited<ReturnType<typeof repo.accountRow>>>): FinanceAccountRecord {
  const supplier = row.party_type === 'supplier';
  const figures = supplier
    ? { balanceFen: -Number(row.payable_fen), receivableFen: 0, prepaymentFen: Math.max(-Number(row.payable_fen), 0), creditLimitFen: null, unshippedFen: 0, availableFen: null }
    : billedFigures(Number(row.net_fen), row.credit_limit_fen === null ? null : Number(row.credit_limit_fen), Number(row.unshipped_fen));
  return {
    partyType: row.party_type,
    partyId: Number(row.party_id),
    partyCode: row.code,
    partyName: row.name,
    ...figures,
    payableFen: supplier ? Math.max(Number(row.payable_fen), 0) : 0,
    lastEntryAt: iso(row.last_entry_at),
    creditMemo: row.credit_memo,
  };
}

export async function pageAccounts(db: Db, scope: PartyScope, filter: repo.AccountFilter, params: ListParams<AccountSortColumn>) {
  const inScope = partyInScope(scope, 't.party_type', 't.party_id');
  const page = await repo.pageAccounts(db, inScope, filter, params);
  const sums = await repo.accountTotals(db, inScope, filter);
  const totals = {
    receivableFen: Number(sums.receivable_fen),
    prepaymentFen: Number(sums.prepayment_fen),
    payableFen: Number(sums.payable_fen),
    unshippedFen: Number(sums.unshipped_fen),
  };
  return { records: page.records.map(record), total: page.total, totals };
}

export async function getAccount(db: Db, scope: PartyScope, party: FinanceParty): Promise<FinanceAccountRecord> {
  const row = mayReach(scope, party) ? await repo.accountRow(db, party) : undefined;
  if (!row) throw notFound(FinanceMessages.accountNotFound);
  return record(row);
}

/** An account's entries with the running balance after each (in the account's own sign: 应收 or 应付). */
export async function pageEntries(db: Db, scope: PartyScope, party: FinanceParty, filter: repo.EntryFilter, params: ListParams<EntrySortColumn>) {
  await getAccount(db, scope, party);
  const balance = await repo.balanceOf(db, party, mainAccountKind(party.partyType));
  if (!balance) return { records: [], total: 0 };
  const page = await repo.pageEntries(db, balance.id, filter, params);
  const running = await repo.runningBalances(
    db,
    balance.id,
    page.records.map((r) => Number(r.id)),
  );
  const records: AccountEntryRecord[] = page.records.map((r) => ({
    id: Number(r.id),
    businessDay: r.business_day,
    createdAt: iso(r.created_at)!,
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
    runningFen: running.get(Number(r.id)) ?? 0,
    memo: r.memo,
    createdByName: r.created_by_name,
  }));
  return { records, total: page.total };
}

/**
 * 工作台: the money of the caller's own billed account — 可用授信 (null: 不限) and 欠款 (应收) — or
 * that a shop under an agent is billed through it (its agent's figures are not the shop's to see),
 * or that HQ's own shop is not billed; null for HQ and suppliers.
 */
export async function ownAccountFigure(db: Db, scope: PartyScope): Promise<WorkbenchAccountFigure | null> {
  const own = ownParty(scope);
  if (own === null || own === 'all' || own.partyType === 'supplier') return null;
  const party = await partyRow(db, own);
  if (!party) return null;
  if (!party.billed) {
    const shop = await repo.shopAgentOf(db, own.partyId);
    return shop?.agent_id != null ? { kind: 'byAgent' } : { kind: 'unbilled' };
  }
  const account = await getAccount(db, scope, own);
  return { kind: 'own', partyName: account.partyName, availableFen: account.availableFen, owedFen: account.receivableFen };
}
