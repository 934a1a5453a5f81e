import { FINANCE_PARTY_LABELS, MAX_PAGE_SIZE, type AccountEntryRecord, type StatementRecord } from '@erp/shared';
import dayjs from 'dayjs';
import type { StatementLine, StatementSheet } from '../../../print/print-types.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { statementsApi, type Period, type StatementParty } from '../finance-statements-api.ts';

/** Entries fetched per request when printing (the largest page the list routes accept). */
export const PRINT_PAGE_SIZE = MAX_PAGE_SIZE;
/** A period holds a few thousand entries at most; past this many pages something is wrong. */
const MAX_PRINT_PAGES = 200;

type EntriesPage = (page: number, limit: number) => Promise<{ records: AccountEntryRecord[]; total: number }>;

/** Every entry of the period, in the statement's order (oldest first), page after page until the total is reached. */
export async function allEntries(fetchPage: EntriesPage): Promise<AccountEntryRecord[]> {
  const all: AccountEntryRecord[] = [];
  for (let page = 1; page <= MAX_PRINT_PAGES; page += 1) {
    const { records, total } = await fetchPage(page, PRINT_PAGE_SIZE);
    all.push(...records);
    if (records.length < PRINT_PAGE_SIZE || all.length >= total) return all;
  }
  throw new Error('对账明细过多，无法打印，请缩短对账期间');
}

const line = (e: AccountEntryRecord): StatementLine => ({
  businessDay: e.businessDay,
  entryLabel: e.entryLabel,
  documentNo: e.documentNo,
  originNo: e.originNo,
  amountFen: e.amountFen,
  runningFen: e.runningFen,
  memo: e.memo,
});

/** The 对账单 as the A4 statement template prints it: the server's figures, the entries as given. */
export function statementSheet(s: StatementRecord, entries: readonly AccountEntryRecord[], printedAt = dayjs().format('YYYY-MM-DD HH:mm:ss')): StatementSheet {
  const c = s.confirmation;
  return {
    partyTypeLabel: FINANCE_PARTY_LABELS[s.partyType],
    partyCode: s.partyCode,
    partyName: s.partyName,
    balanceLabel: s.accountKind === 'payable' ? '应付' : '应收',
    from: s.from,
    to: s.to,
    openingFen: s.openingFen,
    increaseFen: s.increaseFen,
    decreaseFen: s.decreaseFen,
    closingFen: s.closingFen,
    entries: entries.map(line),
    confirmation: c ? { byName: c.confirmedByName, at: formatDateTime(c.confirmedAt), matches: c.matches } : null,
    printedAt,
  };
}

/** The statement and all its entries fetched afresh (so the figures and the lines agree), as the printed sheet. */
export async function loadStatementSheet(party: StatementParty, period: Period): Promise<StatementSheet> {
  const [summary, entries] = await Promise.all([
    statementsApi.summary(party, period),
    allEntries((page, limit) => statementsApi.entries(party, period, { page, limit, sort: 'id', order: 'asc' })),
  ]);
  return statementSheet(summary, entries);
}
