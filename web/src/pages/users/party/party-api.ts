import type {
  AgentInput,
  AgentOption,
  AgentRecord,
  PageResult,
  PartyAccountInput,
  PartyAccountRecord,
  PartyKind,
  PartyStatus,
  ShopInput,
  ShopKind,
  ShopRecord,
  SupplierInput,
  SupplierRecord,
} from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

export interface PartyFilters {
  /** code, name, contact or phone */
  keyword?: string;
  status?: PartyStatus;
}

export interface ShopFilters extends PartyFilters {
  kind?: ShopKind;
  agentId?: number;
  region?: string;
}

const BASE = '/admin/api/v1/users';

export const partyKeys = {
  page: (kind: PartyKind) => ['parties', kind, 'page'] as const,
  accounts: (kind: PartyKind, id: number) => ['parties', kind, 'accounts', id] as const,
  agentOptions: ['parties', 'agent', 'options'] as const,
};

export const agentApi = {
  page: (params: ListParams<PartyFilters>, signal?: AbortSignal) => http.get<PageResult<AgentRecord>>(`${BASE}/agent/page`, { ...params }, { signal }),
  create: (input: AgentInput) => http.post<{ id: number }>(`${BASE}/agent`, input),
  update: (id: number, input: AgentInput) => http.put<AgentRecord>(`${BASE}/agent/${id}`, input),
  options: (signal?: AbortSignal) => http.get<AgentOption[]>(`${BASE}/agent/select_list`, undefined, { signal }),
};

export const shopApi = {
  page: (params: ListParams<ShopFilters>, signal?: AbortSignal) => http.get<PageResult<ShopRecord>>(`${BASE}/shop/page`, { ...params }, { signal }),
  get: (id: number) => http.get<ShopRecord>(`${BASE}/shop/${id}`),
  create: (input: ShopInput) => http.post<{ id: number }>(`${BASE}/shop`, input),
  /** code, kind and agentId left out keep their values (the only way for an agent) */
  update: (id: number, input: Partial<ShopInput>) => http.put<ShopRecord>(`${BASE}/shop/${id}`, input),
};

export const supplierApi = {
  page: (params: ListParams<PartyFilters>, signal?: AbortSignal) => http.get<PageResult<SupplierRecord>>(`${BASE}/supplier/page`, { ...params }, { signal }),
  create: (input: SupplierInput) => http.post<{ id: number }>(`${BASE}/supplier`, input),
  update: (id: number, input: SupplierInput) => http.put<SupplierRecord>(`${BASE}/supplier/${id}`, input),
};

/** 停用 / 启用 of any party, and its sign-in accounts. */
export const partyApi = {
  disable: (kind: PartyKind, id: number) => http.post<{ disabledAccounts: number }>(`${BASE}/${kind}/${id}/disable`),
  enable: (kind: PartyKind, id: number) => http.post<{ disabledAccounts: number }>(`${BASE}/${kind}/${id}/enable`),
  accounts: (kind: PartyKind, id: number, signal?: AbortSignal) => http.get<PartyAccountRecord[]>(`${BASE}/${kind}/${id}/accounts`, undefined, { signal }),
  createAccount: (kind: PartyKind, id: number, input: PartyAccountInput) => http.post<{ id: number }>(`${BASE}/${kind}/${id}/accounts`, input),
  resetPassword: (userId: number) => http.post<{ password: string }>(`${BASE}/party-accounts/${userId}/reset-password`),
  disableAccount: (userId: number) => http.post<null>(`${BASE}/party-accounts/${userId}/disable`),
  enableAccount: (userId: number) => http.post<null>(`${BASE}/party-accounts/${userId}/enable`),
};
