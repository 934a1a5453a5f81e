import { isStockDocKind, stockDocInfoPath, type AccountEntryRecord, type AgeingRecord, type FinanceAccountRecord, type PageResult, type StatementRecord } from '@erp/shared';
import type { Dayjs } from 'dayjs';
import { http } from '../../api/request.ts';
import type { ListParams } from '../../ui/list-page/list-query.ts';

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

export const partyKey = (p: StatementParty) => `${p.partyType}:${p.partyId}`;
export function parsePartyKey(key: string | undefined): StatementParty | null {
  const m = key ? /^(agent|shop|supplier):(\d+)$/.exec(key) : null;
  return m ? { partyType: m[1] as StatementParty['partyType'], partyId: Number(m[2]) } : null;
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
  parties: (keyword: string) => ['finance-statements', 'parties', keyword] as const,
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
  /** the parties with an account (HQ: every one), for the picker */
  parties: (keyword: string, signal?: AbortSignal) => http.get<PageResult<FinanceAccountRecord>>(`${BASE}/accounts/page`, { keyword, limit: 20 }, { signal }),
  ageing: (params: ListParams<AgeingFilters>, signal?: AbortSignal) => http.get<PageResult<AgeingRecord>>(`${BASE}/ageing/page`, { ...params }, { signal }),
};

/** Where the document that posted an entry opens (stock documents have pages; payments and adjustments do not yet). */
export function documentPath(entry: Pick<AccountEntryRecord, 'documentType' | 'documentKind' | 'documentId'>): string | null {
  if (entry.documentType === 'stock_doc' && isStockDocKind(entry.documentKind)) return stockDocInfoPath(entry.documentKind, entry.documentId);
  return null;
}

/** Where the business document an entry belongs to opens: 订货单, 采购订单, 采购退货单. */
export function originPath(entry: Pick<AccountEntryRecord, 'originType' | 'originId'>): string | null {
  if (entry.originId === null) return null;
  if (entry.originType === 'sales_order') return `/erp/ordering/order/info?id=${entry.originId}`;
  if (entry.originType === 'purchase_order') return `/erp/purchase/order/info?id=${entry.originId}`;
  if (entry.originType === 'purchase_refund') return `/erp/purchase/refund/info?id=${entry.originId}`;
  return null;
}
