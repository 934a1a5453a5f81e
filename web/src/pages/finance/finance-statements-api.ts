import type { AccountEntryRecord, AgeingRecord, AgeingTotals, PageResult, StatementRecord } from '@erp/shared';
import { partyKey } from '../../api/finance.ts';
import type { Dayjs } from 'dayjs';
import { http, INLINE_ERROR } from '../../api/request.ts';
import type { ListParams } from '../../api/list-params.ts';

/** 对账单 and 应收账龄 calls, and where an entry's documents open. */
const BASE = '/admin/api/v1/finance';

export interface StatementFilters {
  /** `agent:1`, `shop:3` or `supplier:2`; a party's own statement needs none */
  party?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export interface AgeingFilters {
  keyword?: string;
}

export interface StatementParty {
  partyType: 'agent' | 'shop' | 'supplier';
  partyId: number;
}

export interface Period {
  from: string;
  to: string;
}

/** The period of the form's range, or null until both days are chosen. */
export function periodOf(range: StatementFilters['range']): Period | null {
  const [from, to] = range ?? [];
  return from && to ? { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') } : null;
}

const partyPath = (p: StatementParty) => `${BASE}/statements/${p.partyType}/${p.partyId}`;

export const statementKeys = {
  all: ['finance-statements'] as const,
  summary: (p: StatementParty | null, period: Period | null) => ['finance-statements', 'summary', p ? partyKey(p) : '', period?.from ?? '', period?.to ?? ''] as const,
  entries: ['finance-statements', 'entries'] as const,
  ageing: ['finance-ageing'] as const,
};

export const statementsApi = {
  summary: (p: StatementParty, period: Period, signal?: AbortSignal) => http.get<StatementRecord>(partyPath(p), { ...period }, { signal }),
  entries: (p: StatementParty, period: Period, params: { page: number; limit: number; sort?: string; order?: string }, signal?: AbortSignal) =>
    http.get<PageResult<AccountEntryRecord>>(
      `${partyPath(p)}/entries/page`,
      { ...period, page: params.page, limit: params.limit, ...(params.order ? { order: params.order } : {}) },
      { signal },
    ),
  confirm: (p: StatementParty, period: Period) => http.post<StatementRecord>(`${partyPath(p)}/confirm`, period),
  // the dialog shows a refusal itself (INLINE_ERROR): one message, not a toast as well
  dispute: (p: StatementParty, period: Period, note: string) => http.post<StatementRecord>(`${partyPath(p)}/dispute`, { ...period, note }, INLINE_ERROR),
  ageing: (params: ListParams<AgeingFilters>, signal?: AbortSignal) =>
    http.get<PageResult<AgeingRecord> & { totals: AgeingTotals }>(`${BASE}/ageing/page`, { ...params }, { signal }),
};
