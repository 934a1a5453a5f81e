import { useQuery } from '@tanstack/react-query';
import type { DictSelectItem } from '@erp/shared';
import { http } from './request.ts';

export interface DictOption {
  label: string;
  value: string;
}

/** The cache key of one dictionary's options (under dictOptionsRoot); 字典管理 invalidates them after a change. */
export const dictOptionsRoot = ['dict-options'] as const;
export const dictOptionsKey = (code: string) => [...dictOptionsRoot, code] as const;

/** Options change rarely: a few minutes fresh, so many selects on a screen cost one call. */
const DICT_OPTIONS_STALE_MS = 5 * 60_000;

export function fetchDictOptions(code: string, signal?: AbortSignal): Promise<DictSelectItem[]> {
  return http.get<DictSelectItem[]>(`/admin/api/v1/dict-items/select_list/${encodeURIComponent(code)}`, undefined, { signal });
}

/** Select options of the items (already enabled-only and in sort order on the server). */
export function toDictOptions(items: readonly DictSelectItem[] | undefined): DictOption[] {
  return (items ?? []).map((item) => ({ label: item.name, value: item.value }));
}

/** The label of a stored value, or the value itself when the item is gone or disabled. */
export function dictLabel(options: readonly DictOption[], value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return options.find((option) => option.value === value)?.label ?? value;
}

/** One dictionary's options for selects (SPEC §3: a select list is available by code). */
export function useDictOptions(code: string): { options: DictOption[]; loading: boolean } {
  const query = useQuery({
    queryKey: dictOptionsKey(code),
    queryFn: ({ signal }) => fetchDictOptions(code, signal),
    enabled: code.trim() !== '',
    staleTime: DICT_OPTIONS_STALE_MS,
    select: toDictOptions,
  });
  return { options: query.data ?? EMPTY, loading: query.isLoading };
}

const EMPTY: DictOption[] = [];
