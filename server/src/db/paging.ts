import { sql, type SelectQueryBuilder } from 'kysely';
import { listCountCap, type PageResult } from '@erp/shared';

export interface PageWindow {
  limit: number;
  offset: number;
}

export interface FetchPageOptions {
  /**
   * 'exact' (default) counts the whole filter when the page cannot tell the total; 'capped' counts
   * at most listCountCap(limit) rows and answers `totalCapped: true` past it (lists that can hold
   * hundreds of thousands of rows: the count then costs a bounded scan, not the whole filter).
   * A service that maps the records must pass `totalCapped` on.
   */
  count?: 'exact' | 'capped';
}

/**
 * One page of a list and the total of the whole filter: `rows` adds the columns and the order to
 * the filtered `base`. The page is read with one row more than asked; a page that is not full (or
 * the first page past the end of an empty list) tells the total by itself and nothing is counted.
 * Otherwise `base` is counted: exactly, or up to the cap (see FetchPageOptions).
 */
export async function fetchPage<DB, TB extends keyof DB, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
  page: PageWindow,
  options: FetchPageOptions = {},
): Promise<PageResult<R>> {
  const found = await rows(base)
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
  return pageOfRows(found, page, () => countRows(base, options.count === 'capped' ? listCountCap(page.limit) : null));
}

/**
 * The page and its total from `found` (the page read with one row more than `page.limit`): the
 * total from the page itself when it is not full, else from `count` (a count, capped or not).
 */
export async function pageOfRows<R>(found: R[], page: PageWindow, count: () => Promise<{ n: number; capped: boolean }>): Promise<PageResult<R>> {
  const more = found.length > page.limit;
  const records = more ? found.slice(0, page.limit) : found;
  if (!more && (records.length > 0 || page.offset === 0)) return { records, total: page.offset + records.length };
  const { n, capped } = await count();
  // rows may come and go between the two reads: the total never contradicts the page
  const seen = page.offset + records.length + (more ? 1 : 0);
  return capped ? { records, total: Math.max(n, seen), totalCapped: true } : { records, total: records.length ? Math.max(n, seen) : n };
}

/**
 * Rows of the filter: all of them (count(*) over the filter), or at most `cap` (counting cap + 1 to
 * know there are more). The capped count is a scalar subquery under the filter's own FROM, so it
 * needs no database handle; an empty filter answers no row, which is a count of 0.
 */
export async function countRows<DB, TB extends keyof DB>(base: SelectQueryBuilder<DB, TB, object>, cap: number | null): Promise<{ n: number; capped: boolean }> {
  if (cap === null) {
    const row = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return { n: Number((row as { n: string | number }).n), capped: false };
  }
  const limited = base.select(sql<number>`1`.as('one')).limit(cap + 1);
  const row = await base.select(sql<string>`(select count(*) from ${limited} as counted)`.as('n')).limit(1).executeTakeFirst();
  const n = Number((row as { n?: string | number | null } | undefined)?.n ?? 0);
  return n > cap ? { n: cap, capped: true } : { n, capped: false };
}

/** An ILIKE pattern that matches `text` anywhere, with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
