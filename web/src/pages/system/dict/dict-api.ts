import type { DictInput, DictItemInput, DictItemRecord, DictRecord, DictStatus, PageResult } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

export interface DictFilters {
  /** code or name */
  keyword?: string;
  status?: DictStatus;
}

export interface DictItemFilters {
  /** the dictionary whose items are listed */
  dictCode: string;
  name?: string;
  status?: DictStatus;
}

export const dictKeys = {
  all: ['dicts'] as const,
  page: ['dicts', 'page'] as const,
  items: (dictCode: string) => ['dicts', 'items', dictCode] as const,
};

const BASE = '/admin/api/v1';

export const dictApi = {
  page: (params: ListParams<DictFilters>, signal?: AbortSignal) => http.get<PageResult<DictRecord>>(`${BASE}/dicts/page`, { ...params }, { signal }),
  get: (id: number) => http.get<DictRecord>(`${BASE}/dicts/${id}`),
  create: (input: DictInput) => http.post<{ id: number }>(`${BASE}/dicts`, input),
  /** fields left out keep their value */
  update: (id: number, input: Partial<DictInput>) => http.put<DictRecord>(`${BASE}/dicts/${id}`, input),
  remove: (id: number) => http.delete<null>(`${BASE}/dicts/${id}`),
  /** the dictionaries with the largest sorts, to suggest the next one */
  lastBySort: async () => (await dictApi.page({ page: 1, limit: 10, sort: 'sort', order: 'desc' })).records,

  /** every item of one dictionary, whatever its status */
  items: (dictCode: string) => http.get<DictItemRecord[]>(`${BASE}/dict-items`, { dictCode }),

  itemPage: (params: ListParams<DictItemFilters>, signal?: AbortSignal) => http.get<PageResult<DictItemRecord>>(`${BASE}/dict-items/page`, { ...params }, { signal }),
  createItem: (input: DictItemInput) => http.post<{ id: number }>(`${BASE}/dict-items`, input),
  updateItem: (id: number, input: Partial<DictItemInput>) => http.put<DictItemRecord>(`${BASE}/dict-items/${id}`, input),
  removeItem: (id: number) => http.delete<null>(`${BASE}/dict-items/${id}`),
};
