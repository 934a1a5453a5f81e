import type {
  AccountEntryRecord,
  AdjustmentRecord,
  FinanceAccountRecord,
  FinancePartyType,
  PageResult,
  PayableOrderOption,
  PaymentAction,
  PaymentMethod,
  PaymentRecord,
  PaymentStatus,
} from '@erp/shared';
import { http, type CallOptions } from './request.ts';
import type { ListParams } from './list-params.ts';

/** 合计 of a whole search (issue 26), as the lists' pages answer them. */
export interface AccountTotals {
  receivableFen: number;
  prepaymentFen: number;
  payableFen: number;
  unshippedFen: number;
}
export interface PaymentTotals {
  amountFen: number;
  postedFen: number;
  waitingFen: number;
}

/** 财务 calls. Figures are never sent: the server derives them from the ledger. */
const BASE = '/admin/api/v1/finance';

export interface AccountFilters {
  partyType?: FinancePartyType;
  keyword?: string;
  owing?: 'true';
}

export interface EntryFilters {
  from?: string;
  to?: string;
}

export interface PaymentFilters {
  status?: PaymentStatus;
  /** `agent:1`, `shop:3`, `supplier:2` */
  party?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

export interface AdjustmentFilters {
  status?: 'posted' | 'voided';
  party?: string;
  keyword?: string;
}

export interface PaymentInput {
  partyType?: FinancePartyType;
  partyId?: number;
  amountFen: number;
  method: PaymentMethod;
  paidOn: string;
  bankRef: string;
  voucherImage: string;
  memo: string;
  orders?: { purchaseOrderId: number; amountFen: number }[];
  /** 收款单: the 订货单 it pays (its number), optional */
  salesOrderNo?: string;
}

export const partyKey = (p: { partyType: FinancePartyType; partyId: number }) => `${p.partyType}:${p.partyId}`;
export function parsePartyKey(key: string | undefined): { partyType: FinancePartyType; partyId: number } | null {
  const m = key ? /^(agent|shop|supplier):(\d+)$/.exec(key) : null;
  return m ? { partyType: m[1] as FinancePartyType, partyId: Number(m[2]) } : null;
}

export const financeKeys = {
  all: ['finance'] as const,
  accounts: ['finance', 'accounts'] as const,
  account: (type: string, id: number) => ['finance', 'accounts', type, id] as const,
  entries: (type: string, id: number) => ['finance', 'accounts', type, id, 'entries'] as const,
  parties: (types: string, keyword: string) => ['finance', 'parties', types, keyword] as const,
  payments: (direction: 'in' | 'out') => ['finance', 'payments', direction] as const,
  payableOrders: (supplierId: number) => ['finance', 'payable-orders', supplierId] as const,
  adjustments: ['finance', 'adjustments'] as const,
};

const side = (direction: 'in' | 'out') => (direction === 'in' ? 'payments' : 'supplier-payments');

export const financeApi = {
  accounts: (params: ListParams<AccountFilters>, signal?: AbortSignal) =>
    http.get<PageResult<FinanceAccountRecord> & { totals?: AccountTotals }>(`${BASE}/accounts/page`, { ...params }, { signal }),
  account: (type: FinancePartyType, id: number, signal?: AbortSignal) => http.get<FinanceAccountRecord>(`${BASE}/accounts/${type}/${id}`, undefined, { signal }),
  entries: (type: FinancePartyType, id: number, params: ListParams<EntryFilters>, signal?: AbortSignal) =>
    http.get<PageResult<AccountEntryRecord>>(`${BASE}/accounts/${type}/${id}/entries/page`, { ...params }, { signal }),
  setCredit: (type: FinancePartyType, id: number, body: { creditLimitFen: number | null; memo: string }, options?: CallOptions) =>
    http.put<FinanceAccountRecord>(`${BASE}/accounts/${type}/${id}/credit`, body, options),
  payments: (direction: 'in' | 'out', { party, ...params }: ListParams<PaymentFilters>, signal?: AbortSignal) =>
    http.get<PageResult<PaymentRecord> & { totals?: PaymentTotals }>(`${BASE}/${side(direction)}/page`, { ...params, ...(parsePartyKey(party) ?? {}) }, { signal }),
  record: (direction: 'in' | 'out', input: PaymentInput, options?: CallOptions) => http.post<PaymentRecord>(`${BASE}/${side(direction)}`, input, options),
  act: (direction: 'in' | 'out', id: number, action: PaymentAction, body: { reason?: string }, options?: CallOptions) =>
    http.post<PaymentRecord>(`${BASE}/${side(direction)}/${id}/${action}`, body, options),
  payableOrders: (supplierId: number, signal?: AbortSignal) => http.get<PayableOrderOption[]>(`${BASE}/supplier-payments/payable-orders/${supplierId}`, undefined, { signal }),
  adjustments: ({ party, ...params }: ListParams<AdjustmentFilters>, signal?: AbortSignal) =>
    http.get<PageResult<AdjustmentRecord>>(`${BASE}/adjustments/page`, { ...params, ...(parsePartyKey(party) ?? {}) }, { signal }),
  createAdjustment: (body: { partyType: FinancePartyType; partyId: number; amountFen: number; reason: string }, options?: CallOptions) =>
    http.post<AdjustmentRecord>(`${BASE}/adjustments`, body, options),
  voidAdjustment: (id: number, reason: string, options?: CallOptions) => http.post<AdjustmentRecord>(`${BASE}/adjustments/${id}/void`, { reason }, options),
};
