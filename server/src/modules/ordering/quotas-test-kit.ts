import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/database.ts';

// What the 订货额度 tests share: the API base and the ledger's one invariant.

export const QUOTAS = '/api/admin/api/v1/ordering/quotas';

/** Every quota row equals the sums of its entries, and no total is negative or over its limit. */
export async function assertQuotasMatchEntries(db: Db): Promise<void> {
  const { rows } = await sql<{ id: number; off: boolean }>`
    SELECT q.id,
      (q.reserved_fen, q.reserved_pieces, q.consumed_fen, q.consumed_pieces) IS DISTINCT FROM
      (coalesce(sum(e.reserved_fen), 0), coalesce(sum(e.reserved_pieces), 0), coalesce(sum(e.consumed_fen), 0), coalesce(sum(e.consumed_pieces), 0)) AS off
    FROM ordering_quotas q LEFT JOIN ordering_quota_entries e ON e.quota_id = q.id
    GROUP BY q.id`.execute(db);
  expect(rows.filter((r) => r.off).map((r) => r.id)).toEqual([]);
}
