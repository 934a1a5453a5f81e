import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '@erp/shared';
import { initialListState, pageAfterShrink, toListParams, withFilters, type ListParams, type ListSort, type ListState } from './list-query.ts';

/** A page's list call: the filters, `page`, `limit`, `sort`, `order` -> `{ total, records }`. */
export type ListFetcher<Row, F> = (params: ListParams<F>, signal?: AbortSignal) => Promise<PageResult<Row>>;

export interface UseListQueryOptions<Row, F> {
  /** the list's key prefix; invalidate it to refetch, e.g. ['registrations', 'page'] */
  queryKey: readonly unknown[];
  fetchPage: ListFetcher<Row, F>;
  initialFilters: F;
  defaultSort?: ListSort | null;
}

/**
 * Filters, sort and page in component state (a kept-alive page keeps them while hidden), and the
 * current page from the server through TanStack Query, keeping the previous page while loading.
 */
export function useListQuery<Row, F>({ queryKey, fetchPage, initialFilters, defaultSort = null }: UseListQueryOptions<Row, F>) {
  const [state, setState] = useState<ListState<F>>(() => initialListState(initialFilters, defaultSort));
  const params = useMemo(() => toListParams(state), [state]);
  const client = useQueryClient();
  const fullKey = useMemo(() => [...queryKey, params], [queryKey, params]);
  const query = useQuery({
    queryKey: fullKey,
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });

  // the page is past the end (rows went away): show the last page instead
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const page = pageAfterShrink(state.page, state.limit, total);
    if (page !== null) setState((current) => ({ ...current, page }));
  }, [total, state.page, state.limit]);

  /** A search: new filters from page 1; the same search again reloads. */
  const search = useCallback(
    (filters: F) => {
      const next = withFilters(state, filters);
      setState(next);
      void client.invalidateQueries({ queryKey: [...queryKey, toListParams(next)], exact: true });
    },
    [client, queryKey, state],
  );

  return { state, setState, params, query, search };
}
