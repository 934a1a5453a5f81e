import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TagGroupRecord } from '@erp/shared';
import { http } from '../../api/request.ts';

/** Product tags grouped as a Select's options (the tag groups that apply to products). */
export function useProductTagOptions() {
  const query = useQuery({
    queryKey: ['tags', 'groups', 'product'],
    queryFn: ({ signal }) => http.get<TagGroupRecord[]>('/admin/api/v1/tag-groups', { targetType: 'product' }, { signal }),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => (query.data ?? []).map((group) => ({ label: group.name, options: group.tags.map((tag) => ({ value: tag.id, label: tag.name })) })), [query.data]);
}
