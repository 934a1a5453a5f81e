import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { brandApi, categoryApi, colourApi, masterKeys, sizeGroupApi, type Category } from './product-master.ts';

// Master data the product form and detail read, and the ordering and planning forms too: enabled brands
// and colours, the category tree, the size groups. The caches are shared with the master-data pages, so
// an edit there shows here (the search forms' choices: product-options.ts).

const STALE_MS = 5 * 60_000;

export function useBrandOptions() {
  return useQuery({ queryKey: [...masterKeys.brands, 'options'], queryFn: ({ signal }) => brandApi.options(signal), staleTime: STALE_MS });
}

export function useColourOptions() {
  return useQuery({ queryKey: [...masterKeys.colours, 'options'], queryFn: ({ signal }) => colourApi.options(signal), staleTime: STALE_MS });
}

export function useSizeGroups() {
  return useQuery({ queryKey: masterKeys.sizeGroups, queryFn: sizeGroupApi.list, staleTime: STALE_MS });
}

export interface CategoryPickNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: CategoryPickNode[];
}

/** TreeSelect data: switched-off categories are shown (已停用) but cannot be picked, except the current one. */
export function categoryPickTree(nodes: readonly Category[], currentId?: number): CategoryPickNode[] {
  return nodes.map((node) => {
    const children = node.children?.length ? categoryPickTree(node.children, currentId) : undefined;
    const off = !node.enabled && node.id !== currentId;
    return {
      value: node.id,
      title: node.enabled ? node.name : `${node.name}（已停用）`,
      ...(off ? { disabled: true } : {}),
      ...(children ? { children } : {}),
    };
  });
}

export function useCategoryPickTree(currentId?: number) {
  const query = useQuery({ queryKey: masterKeys.categories, queryFn: categoryApi.tree, staleTime: STALE_MS });
  const tree = useMemo(() => (query.data ? categoryPickTree(query.data, currentId) : []), [query.data, currentId]);
  return { tree, loading: query.isLoading };
}
