import type { SortOrder } from '@erp/shared';

/** What a list fetcher receives: its filters plus paging and sort, ready for the query string (ui/list-page builds it). */
export type ListParams<F> = F & { page: number; limit: number; sort?: string; order?: SortOrder };
