import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { brandApi, categoryApi, masterKeys, type Category } from './product-master.ts';

// The choices the search forms offer (商品, 库存查询): enabled brands and the whole category tree, on the
// caches of the master-data pages (the forms' records: product-form-options.ts).

const STALE_MS = 5 * 60_000;

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
