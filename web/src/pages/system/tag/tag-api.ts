import type { PageResult, TagGroupInput, TagGroupRecord, TagInput, TagRecord, TagTargetType } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

export interface TagGroupFilters {
  /** group name or one of its tags' names */
  keyword?: string;
  appliesTo?: TagTargetType;
  enabled?: 'true' | 'false';
}

export const tagKeys = { page: ['tags', 'page'] as const };

const BASE = '/admin/api/v1';

export const tagApi = {
  page: (params: ListParams<TagGroupFilters>, signal?: AbortSignal) => http.get<PageResult<TagGroupRecord>>(`${BASE}/tag-groups/page`, { ...params }, { signal }),
  /** the groups with the largest sorts, to suggest the next one */
  lastBySort: async () => (await tagApi.page({ page: 1, limit: 10, sort: 'sort', order: 'desc' })).records,
  createGroup: (input: TagGroupInput) => http.post<{ id: number }>(`${BASE}/tag-groups`, input),
  /** fields left out keep their value */
  updateGroup: (id: number, input: Partial<TagGroupInput>) => http.put<TagGroupRecord>(`${BASE}/tag-groups/${id}`, input),
  removeGroup: (id: number) => http.delete<null>(`${BASE}/tag-groups/${id}`),

  createTag: (input: TagInput) => http.post<{ id: number }>(`${BASE}/tags`, input),
  updateTag: (id: number, input: Partial<Omit<TagInput, 'groupId'>>) => http.put<TagRecord>(`${BASE}/tags/${id}`, input),
  /** `confirm`: the tag is in use and its links go with it */
  removeTag: (id: number, confirm: boolean) => http.delete<{ detached: number }>(`${BASE}/tags/${id}`, confirm ? { confirm: 'true' } : undefined),
};
