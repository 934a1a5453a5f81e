import type { MenuTreeNode, PageResult, PartyStatus, SubUserCreateInput, SubUserDetail, SubUserRecord, SubUserUpdateInput } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

export interface SubUserFilters {
  /** account, name or phone */
  keyword?: string;
  status?: PartyStatus;
}

export const subUserKeys = {
  page: ['sub-users', 'page'] as const,
  grantable: ['sub-users', 'grantable'] as const,
  detail: (id: number) => ['sub-users', id] as const,
};

const BASE = '/admin/api/v1/sub-users';

export const subUserApi = {
  page: (params: ListParams<SubUserFilters>, signal?: AbortSignal) => http.get<PageResult<SubUserRecord>>(`${BASE}/page`, { ...params }, { signal }),
  grantable: (signal?: AbortSignal) => http.get<MenuTreeNode[]>(`${BASE}/grantable`, undefined, { signal }),
  get: (id: number, signal?: AbortSignal) => http.get<SubUserDetail>(`${BASE}/${id}`, undefined, { signal }),
  create: (input: SubUserCreateInput) => http.post<{ id: number }>(BASE, input),
  update: (id: number, input: SubUserUpdateInput) => http.put<null>(`${BASE}/${id}`, input),
  disable: (id: number) => http.post<null>(`${BASE}/${id}/disable`),
  enable: (id: number) => http.post<null>(`${BASE}/${id}/enable`),
  resetPassword: (id: number) => http.post<{ password: string }>(`${BASE}/${id}/reset-password`),
};
