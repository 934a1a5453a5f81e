import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResult } from '@erp/shared';
import type { ListParams } from '../../api/list-params.ts';
import { initialListState, pageAfterShrink, pageSizesFor, toListParams, withFilters, type ListSort, type ListState } from './list-query.ts';
import { readListUrl, writeListUrl, type ListUrlFilters, type ListUrlSpec } from './list-url.ts';

/** A page's list call: the filters, `page`, `limit`, `sort`, `order` -> `{ total, records }`. */
export type ListFetcher<Row, F> = (params: ListParams<F>, signal?: AbortSignal) => Promise<PageResult<Row>>;

/** Where the list keeps filters, sort and page: its URL (a page's list) or component state (a drawer's). */
export interface ListUrlOptions<F> {
  filters: ListUrlFilters<F>;
  /** the fields the server sorts by; other `sort` values in the URL are ignored */
  sortFields: readonly string[];
  /** offer 500 a page as well (SPEC §9 old table) */
  legacyPageSizes?: boolean;
  /** before every parameter name when lists share one address (see ListUrlSpec.prefix) */
  prefix?: string;
}

export interface UseListQueryOptions<Row, F> {
  /** the list's key prefix; invalidate it to refetch, e.g. ['registrations', 'page'] */
  queryKey: readonly unknown[];
  fetchPage: ListFetcher<Row, F>;
  initialFilters: F;
  defaultSort?: ListSort | null;
  /** keep the state in the URL's query (see list-url.ts); null: in component state */
  url?: ListUrlOptions<F> | null;
}

type StateUpdate<F> = ListState<F> | ((current: ListState<F>) => ListState<F>);

/**
 * The list's state as `[state, set]`: from the URL when `url` is given (a change pushes a history
 * entry so Back returns to the previous list state; `replace` for corrections), else component state.
 */
function useListState<F>(initialFilters: F, defaultSort: ListSort | null, url: ListUrlOptions<F> | null | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  const [local, setLocal] = useState<ListState<F>>(() => initialListState(initialFilters, defaultSort));
  // pages build the sort fields inline: compared by content
  const sortKey = url?.sortFields.join(',') ?? '';
  const sortFields = useMemo(() => (sortKey ? sortKey.split(',') : []), [sortKey]);
  const filters = url?.filters;
  const legacy = url?.legacyPageSizes;
  const prefix = url?.prefix;
  const spec = useMemo<ListUrlSpec<F> | null>(
    () => (filters ? { filters, initialFilters, defaultSort, sortFields, pageSizes: pageSizesFor(legacy), prefix } : null),
    [filters, legacy, initialFilters, defaultSort, sortFields, prefix],
  );
  const fromUrl = useMemo(() => (spec ? readListUrl(location.search, spec) : null), [spec, location.search]);
  const state = fromUrl ?? local;
  // the latest state and location for callbacks created earlier
  const latest = useRef({ state, search: location.search, pathname: location.pathname });
  latest.current = { state, search: location.search, pathname: location.pathname };

  const set = useCallback(
    (update: StateUpdate<F>, options: { replace?: boolean } = {}) => {
      if (!spec) return setLocal(update);
      const { state: current, search, pathname } = latest.current;
      const next = typeof update === 'function' ? update(current) : update;
      const query = writeListUrl(next, spec, search);
      if (`?${query}` === search || (query === '' && search === '')) return;
      navigate({ pathname, search: query ? `?${query}` : '' }, { replace: options.replace });
    },
    [spec, navigate],
  );
  return [state, set] as const;
}

/**
 * Filters, sort and page (in the URL, or in component state), and the current page from the
 * server through TanStack Query, keeping the previous page while loading.
 */
export function useListQuery<Row, F>({ queryKey, fetchPage, initialFilters, defaultSort = null, url }: UseListQueryOptions<Row, F>) {
  const [state, setState] = useListState(initialFilters, defaultSort, url);
  const params = useMemo(() => toListParams(state), [state]);
  const client = useQueryClient();
  const fullKey = useMemo(() => [...queryKey, params], [queryKey, params]);
  const query = useQuery({
    queryKey: fullKey,
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });

  // the page is past the end (rows went away, or a link asked for it): show the last page instead
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const page = pageAfterShrink(state.page, state.limit, total);
    if (page !== null) setState((current) => ({ ...current, page }), { replace: true });
  }, [total, state.page, state.limit, setState]);

  /** A search: new filters from page 1; the same search again reloads. */
  const search = useCallback(
    (filters: F) => {
      const next = withFilters(state, filters);
      setState(next);
      void client.invalidateQueries({ queryKey: [...queryKey, toListParams(next)], exact: true });
    },
    [client, queryKey, state, setState],
  );

  return { state, setState, params, query, search };
}
