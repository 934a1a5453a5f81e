/** Page sizes (SPEC §9): the new table offers 10/20/50/100, the old one also 500. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const OLD_PAGE_SIZES = [10, 20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

export interface PageResult<T> {
  records: T[];
  total: number;
}

export type SortOrder = 'asc' | 'desc';
