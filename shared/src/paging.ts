/** Page sizes (SPEC §9): the new table offers 10/20/50/100, the old one also 500. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const OLD_PAGE_SIZES = [10, 20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;
/**
 * The highest page number a list accepts (500 × 1,000,000 rows is far past any list here, and the
 * offset stays well inside what PostgreSQL can skip); a higher one is refused, not clamped.
 */
export const MAX_PAGE = 1_000_000;

/**
 * A list answer. `totalCapped` (present only when true): the list has more than `total` rows and
 * was not counted further — big lists count at most listCountCap(limit) rows so that a page never
 * costs a scan of the whole filter; show it as "N+".
 */
export interface PageResult<T> {
  records: T[];
  total: number;
  totalCapped?: boolean;
}

/** Lists that cap their count count at least this many rows… */
export const LIST_COUNT_MIN = 10_000;
/** …and at least this many pages of the asked page size (500 × 100 = the export limit of 50,000). */
export const LIST_COUNT_PAGES = 100;

export const listCountCap = (limit: number) => Math.max(LIST_COUNT_MIN, LIST_COUNT_PAGES * limit);

export type SortOrder = 'asc' | 'desc';
