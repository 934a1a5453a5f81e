import { DEFAULT_PAGE_SIZE, OLD_PAGE_SIZES, PAGE_SIZES, type SortOrder } from '@erp/shared';
import type { ListParams } from '../../api/list-params.ts';

/** A server-side sort: `sort=<field>&order=asc|desc`. */
export interface ListSort {
  field: string;
  order: SortOrder;
}

/** What a list page keeps in component state (kept while a kept-alive tab is hidden). */
export interface ListState<F> {
  filters: F;
  sort: ListSort | null;
  page: number;
  limit: number;
}

/** antd's sort order of a column. */
export type TableSortOrder = 'ascend' | 'descend' | null;

/** The part of antd's SorterResult the list reads. */
export interface TableSorter {
  columnKey?: string | number | bigint;
  order?: TableSortOrder;
}

export function initialListState<F>(filters: F, sort: ListSort | null = null): ListState<F> {
  return { filters, sort, page: 1, limit: DEFAULT_PAGE_SIZE };
}

/** Page sizes (SPEC §9): 10/20/50/100, or also 500 on a list that keeps the old sizes. */
export function pageSizesFor(legacy = false): readonly number[] {
  return legacy ? OLD_PAGE_SIZES : PAGE_SIZES;
}

/** The fetcher's parameters for the state; `page`/`limit` override for export. */
export function toListParams<F>(state: ListState<F>, paging?: { page: number; limit: number }): ListParams<F> {
  const { page, limit } = paging ?? state;
  const sort = state.sort ? { sort: state.sort.field, order: state.sort.order } : {};
  return { ...state.filters, ...sort, page, limit };
}

export function toTableOrder(order: SortOrder): Exclude<TableSortOrder, null> {
  return order === 'asc' ? 'ascend' : 'descend';
}

/** The order antd shows on the column sorting by `field`. */
export function sortOrderOf(sort: ListSort | null, field: string): TableSortOrder {
  return sort && sort.field === field ? toTableOrder(sort.order) : null;
}

/**
 * antd's sorter after a header click -> the server sort. A cleared sort falls back to the
 * list's default; `fieldOf` maps a column key to its sort field.
 */
export function sortFromTable(sorter: TableSorter | TableSorter[], fallback: ListSort | null, fieldOf: (columnKey: string) => string = (key) => key): ListSort | null {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || single.columnKey === undefined) return fallback;
  return { field: fieldOf(String(single.columnKey)), order: single.order === 'ascend' ? 'asc' : 'desc' };
}

const sameSort = (a: ListSort | null, b: ListSort | null) => a?.field === b?.field && a?.order === b?.order;

/** The state after the table's pager or a sort header changed: a new size or sort goes back to page 1. */
export function afterTableChange<F>(state: ListState<F>, pager: { current?: number; pageSize?: number }, sort: ListSort | null): ListState<F> {
  const limit = pager.pageSize ?? state.limit;
  const reset = limit !== state.limit || !sameSort(sort, state.sort);
  return { ...state, sort, limit, page: reset ? 1 : (pager.current ?? state.page) };
}

/** A new search: these filters, from page 1, keeping sort and page size. */
export function withFilters<F>(state: ListState<F>, filters: F): ListState<F> {
  return { ...state, filters, page: 1 };
}

export function lastPage(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * The page to move to when the current one is past the end (e.g. the last row of the last
 * page was approved away), or null when it is fine.
 */
export function pageAfterShrink(page: number, limit: number, total: number): number | null {
  const last = lastPage(total, limit);
  return page > last ? last : null;
}

/** Form values -> filters: strings trimmed, empty strings and nulls dropped (left out of the query). */
export function cleanFilters<F extends object>(values: F): F {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const clean = typeof value === 'string' ? value.trim() : value;
    if (clean === '' || clean === null || clean === undefined) continue;
    out[key] = clean;
  }
  return out as F;
}
