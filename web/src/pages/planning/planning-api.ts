import type {
  BuyerType,
  PageResult,
  PolicyInput,
  PolicyRecord,
  PolicyTargetType,
  PriceSimulation,
  SpecialInput,
  SpecialRecord,
  SpecialState,
  SpecialTargetType,
} from '@erp/shared';
import { http } from '../../api/request.ts';
import type { CallOptions } from '../../api/request.ts';
import type { SearchOption } from '../../api/search-option.ts';
import type { ListParams } from '../../api/list-params.ts';

/** 企划 calls: 政策明细, 特价 and 价格模拟 (HQ only). */
const BASE = '/admin/api/v1/planning';

export interface PolicyFilters {
  targetType?: PolicyTargetType;
  enabled?: 'true' | 'false';
}

export interface SpecialFilters {
  /** special, agent or shop name */
  keyword?: string;
  state?: SpecialState;
}

export const planningKeys = {
  policies: ['planning', 'policies'] as const,
  specials: (targetType: SpecialTargetType) => ['planning', 'specials', targetType] as const,
  options: (kind: PickerKind, keyword: string) => ['planning', 'options', kind, keyword] as const,
};

export type PickerKind = 'agents' | 'shops' | 'products';

export const planningApi = {
  policies: (params: ListParams<PolicyFilters>, signal?: AbortSignal) => http.get<PageResult<PolicyRecord>>(`${BASE}/policies/page`, { ...params }, { signal }),
  createPolicy: (input: PolicyInput, options?: CallOptions) => http.post<{ id: number }>(`${BASE}/policies`, input, options),
  /** fields left out keep their value */
  updatePolicy: (id: number, input: Partial<PolicyInput>, options?: CallOptions) => http.put<PolicyRecord>(`${BASE}/policies/${id}`, input, options),
  specials: (targetType: SpecialTargetType, params: ListParams<SpecialFilters>, signal?: AbortSignal) =>
    http.get<PageResult<SpecialRecord>>(`${BASE}/specials/page`, { ...params, targetType }, { signal }),
  createSpecial: (input: SpecialInput, options?: CallOptions) => http.post<{ id: number }>(`${BASE}/specials`, input, options),
  updateSpecial: (id: number, input: Partial<SpecialInput>, options?: CallOptions) => http.put<SpecialRecord>(`${BASE}/specials/${id}`, input, options),
  removeSpecial: (id: number) => http.delete<null>(`${BASE}/specials/${id}`),
  price: (query: { productId: number; buyerType: BuyerType; buyerId: number; day?: string }, signal?: AbortSignal) =>
    http.get<PriceSimulation>(`${BASE}/price`, { ...query }, { signal }),
  options: (kind: PickerKind, keyword: string, signal?: AbortSignal) =>
    http.get<SearchOption[]>(`${BASE}/options/${kind}`, keyword ? { keyword } : undefined, { signal, toast: false }),
};
