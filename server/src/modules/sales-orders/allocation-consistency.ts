import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/database.ts';

/**
 * The allocation ledger's consistency (DESIGN §9: every ledger append-only with a check), for
 * tests: each order line's allocated and shipped are the sums of its ledger rows, each
 * warehouse × SKU balance is the sum of its rows' allocated, and received never exceeds shipped.
 */
export async function assertAllocationsConsistent(db: Db): Promise<void> {
  const lines = await sql<{ id: number }>`
    SELECT l.id FROM sales_order_lines l
    LEFT JOIN (SELECT order_line_id, sum(allocated) AS a, sum(shipped) AS s FROM sales_allocations GROUP BY order_line_id) g ON g.order_line_id = l.id
    WHERE l.allocated <> coalesce(g.a, 0) OR l.shipped <> coalesce(g.s, 0) OR l.received > l.shipped`.execute(db);
  expect(lines.rows, 'order lines that disagree with the allocation ledger').toEqual([]);
  const balances = await sql<{ warehouse_id: number; sku_id: number }>`
    SELECT coalesce(b.warehouse_id, g.warehouse_id) AS warehouse_id, coalesce(b.sku_id, g.sku_id) AS sku_id
    FROM sales_allocation_balances b
    FULL JOIN (SELECT warehouse_id, sku_id, sum(allocated) AS a FROM sales_allocations GROUP BY warehouse_id, sku_id) g
      ON g.warehouse_id = b.warehouse_id AND g.sku_id = b.sku_id
    WHERE coalesce(b.allocated, 0) <> coalesce(g.a, 0)`.execute(db);
  expect(balances.rows, 'balances that disagree with the allocation ledger').toEqual([]);
}
