import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a list and the total of the whole filter: `rows` adds the columns and the order
 * to the filtered `base`; the page bounds and the count are the same for every list.
 */
export async function fetchPage<DB, TB extends keyof DB, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
  page: { limit: number; offset: number },
): Promise<{ records: R[]; total: number }> {
  const [records, count] = await Promise.all([
    rows(base).limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number((count as { total: number | string }).total) };
}

/** An ILIKE pattern that matches `text` anywhere, with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
