import type { MaterialInput, MaterialRecord, PageResult } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

export interface MaterialFilters {
  /** code, name or specification */
  keyword?: string;
  category?: string;
  enabled?: 'true' | 'false';
}

const BASE = '/admin/api/v1/materials';

export const materialKeys = {
  page: ['materials', 'page'] as const,
  one: (id: number) => ['materials', 'one', id] as const,
};

export const materialApi = {
  page: (params: ListParams<MaterialFilters>, signal?: AbortSignal) => http.get<PageResult<MaterialRecord>>(`${BASE}/page`, { ...params }, { signal }),
  get: (id: number, signal?: AbortSignal) => http.get<MaterialRecord>(`${BASE}/${id}`, undefined, { signal }),
  create: (input: MaterialInput) => http.post<{ id: number }>(BASE, input),
  update: (id: number, input: MaterialInput) => http.put<MaterialRecord>(`${BASE}/${id}`, input),
  remove: (id: number) => http.delete<null>(`${BASE}/${id}`),
  setEnabled: (id: number, enabled: boolean) => http.post<MaterialRecord>(`${BASE}/${id}/${enabled ? 'enable' : 'disable'}`),
};
