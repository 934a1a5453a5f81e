import { useQuery } from '@tanstack/react-query';
import type { ObjectTag, TagGroupRecord, TagTargetType } from '@erp/shared';
import { http } from './request.ts';

/** Cache keys of the pickers' source and of objects' tags; 标签 invalidates tagGroupsRoot after a change. */
export const tagGroupsRoot = ['tag-groups'] as const;
export const tagGroupsKey = (targetType?: TagTargetType) => [...tagGroupsRoot, 'all', targetType ?? 'any'] as const;
export const objectTagsKey = (targetType: TagTargetType, targetId: number) => ['object-tags', targetType, targetId] as const;

/** Tag groups change rarely: a few minutes fresh, so several pickers on a screen cost one call. */
const TAG_GROUPS_STALE_MS = 5 * 60_000;

export function fetchTagGroups(targetType?: TagTargetType, signal?: AbortSignal): Promise<TagGroupRecord[]> {
  return http.get<TagGroupRecord[]>('/admin/api/v1/tag-groups', targetType ? { targetType } : undefined, { signal });
}

/** Every group (optionally only those applying to one target type) with its tags, in sort order. */
export function useTagGroups(targetType?: TagTargetType): { groups: TagGroupRecord[]; loading: boolean; error: Error | null } {
  const query = useQuery({
    queryKey: tagGroupsKey(targetType),
    queryFn: ({ signal }) => fetchTagGroups(targetType, signal),
    staleTime: TAG_GROUPS_STALE_MS,
  });
  return { groups: query.data ?? EMPTY, loading: query.isLoading, error: query.error };
}

const EMPTY: TagGroupRecord[] = [];

/** The tags one object carries (GET tags/of; only shops today). */
export const objectTagsApi = {
  get: (targetType: TagTargetType, targetId: number, signal?: AbortSignal) => http.get<ObjectTag[]>(`/admin/api/v1/tags/of/${targetType}/${targetId}`, undefined, { signal }),
  /** replaces the whole set; answers the tags now on the object */
  set: (targetType: TagTargetType, targetId: number, tagIds: readonly number[]) => http.put<ObjectTag[]>(`/admin/api/v1/tags/of/${targetType}/${targetId}`, { tagIds }),
};
