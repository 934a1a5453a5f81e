import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_MIN, listCountCap } from '@erp/shared';
import { openTestDatabase } from '../../test/test-app.ts';
import { fetchPage } from './paging.ts';

// fetchPage: the page tells the total when it is not full; otherwise the filter is counted, exactly
// or up to the cap.

const ROWS = LIST_COUNT_MIN + 50;
let db: Kysely<any>;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestDatabase({ demo: false });
  db = opened.handle.db as unknown as Kysely<any>;
  dispose = opened.dispose;
  await sql`CREATE TABLE paging_probe (id integer PRIMARY KEY, even boolean NOT NULL)`.execute(db);
  await sql`INSERT INTO paging_probe SELECT i, i % 2 = 0 FROM generate_series(1, ${ROWS}) i`.execute(db);
});
afterAll(() => dispose?.());

const page = (p: number, limit: number, count?: 'exact' | 'capped', evenOnly = false) =>
  fetchPage(
    evenOnly ? db.selectFrom('paging_probe').where('even', '=', true) : db.selectFrom('paging_probe'),
    (q) => q.select('id').orderBy('id'),
    { limit, offset: (p - 1) * limit },
    { count },
  );

describe('fetchPage', () => {
  it('counts exactly by default', async () => {
    expect(await page(1, 10)).toMatchObject({ total: ROWS });
    expect(await page(1, 10)).not.toHaveProperty('totalCapped');
    expect((await page(2, 10, 'exact', true)).records.map((r) => r.id)).toEqual([22, 24, 26, 28, 30, 32, 34, 36, 38, 40]);
  });

  it('stops counting at the cap and says so', async () => {
    const first = await page(1, 10, 'capped');
    expect(first.records).toHaveLength(10);
    expect(first).toEqual({ records: first.records, total: listCountCap(10), totalCapped: true });
    // under the cap the count is exact
    expect(await page(1, 10, 'capped', true)).toMatchObject({ total: ROWS / 2 });
    expect(await page(1, 10, 'capped', true)).not.toHaveProperty('totalCapped');
    // 100 pages of a big page size
    expect(await page(1, 500, 'capped')).toMatchObject({ total: ROWS });
  });

  it('takes the total from a page that is not full, and from a count past the end', async () => {
    const last = await page(ROWS / 10, 10, 'capped');
    expect(last.records.map((r) => r.id).at(-1)).toBe(ROWS);
    expect(last).toEqual({ records: last.records, total: ROWS });
    expect(await page(ROWS / 10 + 5, 10)).toEqual({ records: [], total: ROWS });
    expect(await page(3, 10, 'capped', true)).toMatchObject({ total: ROWS / 2 });
    const none = () => fetchPage(db.selectFrom('paging_probe').where('id', '<', 0), (q) => q.select('id'), { limit: 10, offset: 20 }, { count: 'capped' });
    expect(await none()).toEqual({ records: [], total: 0 });
  });
});
