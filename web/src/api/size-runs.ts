import type { PageResult } from '@erp/shared';
import { http } from './request.ts';
import type { ListParams } from './list-params.ts';

/** 配码 calls and records (the server's answers, field for field). */
const BASE = '/admin/api/v1';

/** an enabled run of a group, for pickers (GET size-runs/options: the 尺码组 or 商品 page) */
export interface SizeRunOption {
  id: number;
  groupId: number;
  name: string;
  isDefault: boolean;
  /** sizes with pieces, in the group's order */
  counts: { sizeId: number; sizeName: string; count: number }[];
  /** S1 M2 L2 XL1 */
  text: string;
  /** pieces of one run */
  pieces: number;
}

export interface SizeRunRecord extends SizeRunOption {
  sort: number;
  enabled: boolean;
  /** styles that order in this run by default */
  styleCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SizeRunInput {
  name: string;
  sort: number;
  enabled: boolean;
  /** pieces per size name (0 or absent: none) */
  counts: Record<string, number>;
}

export interface SizeRunFilters {
  groupId: number;
  keyword?: string;
  enabled?: 'true' | 'false';
}

export const sizeRunKeys = {
  all: ['product-master', 'size-runs'] as const,
  page: (groupId: number) => ['product-master', 'size-runs', 'page', groupId] as const,
  options: (groupId: number) => ['product-master', 'size-runs', 'options', groupId] as const,
};

export const sizeRunApi = {
  page: (params: ListParams<SizeRunFilters>, signal?: AbortSignal) => http.get<PageResult<SizeRunRecord>>(`${BASE}/size-runs/page`, { ...params }, { signal }),
  options: (groupId: number, signal?: AbortSignal) => http.get<SizeRunOption[]>(`${BASE}/size-runs/options`, { groupId }, { signal }),
  create: (input: SizeRunInput & { groupId: number }) => http.post<{ id: number }>(`${BASE}/size-runs`, input),
  /** fields left out keep their value */
  update: (id: number, input: Partial<SizeRunInput>) => http.put<SizeRunRecord>(`${BASE}/size-runs/${id}`, input),
  setDefault: (id: number) => http.put<SizeRunRecord>(`${BASE}/size-runs/${id}/default`, {}),
  remove: (id: number) => http.delete<null>(`${BASE}/size-runs/${id}`),
};

/** A saved run as pieces per size name. */
export const runOf = (run: Pick<SizeRunOption, 'counts'>): Record<string, number> => Object.fromEntries(run.counts.map((c) => [c.sizeName, c.count]));
