import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { brandApi, categoryApi, colourApi, masterKeys, sizeGroupApi, type Category } from './product-master.ts';

// Master data the product form and detail read, and the choices of the search forms (商品, 库存查询, the
// ordering and planning screens): enabled brands and colours, the category tree, the size groups. The
// caches are shared with the master-data pages, so an edit there shows here.

const STALE_MS = 5 * 60_000;

// ---- for the forms: the records themselves ----

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

// ---- for the search forms: select options ----

export const brandOptionsKey = [...masterKeys.brands, 'options'] as const;

/** Enabled brands for the 品牌 select, as { value: id, label: name }. */
export function useBrandSelectOptions() {
  const query = useQuery({
    queryKey: brandOptionsKey,
    queryFn: ({ signal }) => brandApi.options(signal),
    staleTime: STALE_MS,
    select: (brands) => brands.map((brand) => ({ value: brand.id, label: brand.name })),
  });
  return { options: query.data ?? [], loading: query.isLoading };
}

export interface CategoryTreeOption {
  value: number;
  title: string;
  children?: CategoryTreeOption[];
}

/** The category tree as TreeSelect data; a switched-off category stays findable, marked 已停用. */
export function categoryTreeOptions(nodes: readonly Category[]): CategoryTreeOption[] {
  return nodes.map((node) => {
    const title = node.enabled ? node.name : `${node.name}（已停用）`;
    const children = node.children?.length ? categoryTreeOptions(node.children) : undefined;
    return children ? { value: node.id, title, children } : { value: node.id, title };
  });
}

/** The category tree (same cache as 商品分类, so an edit there shows here). */
export function useCategoryTreeOptions() {
  const query = useQuery({ queryKey: masterKeys.categories, queryFn: () => categoryApi.tree(), staleTime: STALE_MS });
  const options = useMemo(() => (query.data ? categoryTreeOptions(query.data) : []), [query.data]);
  return { options, loading: query.isLoading };
}
