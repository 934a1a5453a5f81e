import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The ledger's invariants, checked over the whole database (tests run it after every stock test;
 * an operator may run it after a restore): every balance equals the sum of its moves; every move
 * has its balance row; nothing is negative where the warehouse does not allow it, and each balance
 * carries its warehouse's flag; a reversing move mirrors the move it reverses. Returns the problems.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const sums = sql`
    SELECT warehouse_id, COALESCE(shelf_id, 0) AS s, COALESCE(sku_id, 0) AS k, COALESCE(material_id, 0) AS m, sum(quantity)::bigint AS q
    FROM stock_moves GROUP BY 1, 2, 3, 4`;
  const mismatched = await sql<{ id: number; quantity: number; moved: number }>`
    SELECT b.id, b.quantity, COALESCE(t.q, 0) AS moved
    FROM stock_balances b
    LEFT JOIN (${sums}) t ON t.warehouse_id = b.warehouse_id AND t.s = COALESCE(b.shelf_id, 0) AND t.k = COALESCE(b.sku_id, 0) AND t.m = COALESCE(b.material_id, 0)
    WHERE b.quantity <> COALESCE(t.q, 0)
    ORDER BY b.id`.execute(db);
  for (const r of mismatched.rows) problems.push(`balance ${r.id}: quantity ${r.quantity}, moves sum to ${r.moved}`);

  const orphans = await sql<{ warehouse_id: number; s: number; k: number; m: number }>`
    SELECT t.warehouse_id, t.s, t.k, t.m FROM (${sums}) t
    WHERE NOT EXISTS (
      SELECT 1 FROM stock_balances b
      WHERE b.warehouse_id = t.warehouse_id AND COALESCE(b.shelf_id, 0) = t.s AND COALESCE(b.sku_id, 0) = t.k AND COALESCE(b.material_id, 0) = t.m)`.execute(db);
  for (const r of orphans.rows) problems.push(`moves without a balance: warehouse ${r.warehouse_id}, shelf ${r.s}, sku ${r.k}, material ${r.m}`);

  const flags = await sql<{ id: number; quantity: number; allow_negative: boolean; warehouse_allows: boolean }>`
    SELECT b.id, b.quantity, b.allow_negative, w.allow_negative AS warehouse_allows
    FROM stock_balances b JOIN warehouses w ON w.id = b.warehouse_id
    WHERE b.allow_negative <> w.allow_negative OR (b.quantity < 0 AND NOT w.allow_negative)
    ORDER BY b.id`.execute(db);
  for (const r of flags.rows) {
    problems.push(`balance ${r.id}: quantity ${r.quantity}, allow_negative ${r.allow_negative}, warehouse allows ${r.warehouse_allows}`);
  }

  const reversals = await sql<{ id: number }>`
    SELECT r.id FROM stock_moves r JOIN stock_moves o ON o.id = r.reverses_move_id
    WHERE r.quantity <> -o.quantity OR r.warehouse_id <> o.warehouse_id
       OR r.shelf_id IS DISTINCT FROM o.shelf_id OR r.sku_id IS DISTINCT FROM o.sku_id OR r.material_id IS DISTINCT FROM o.material_id
       OR r.doc_type <> o.doc_type OR r.doc_id <> o.doc_id OR o.reverses_move_id IS NOT NULL
    ORDER BY r.id`.execute(db);
  for (const r of reversals.rows) problems.push(`move ${r.id} does not mirror the move it reverses`);
  return problems;
}

export async function assertLedgerConsistent(db: Db): Promise<void> {
  const problems = await ledgerProblems(db);
  if (problems.length) throw new Error(`ledger inconsistent:\n${problems.slice(0, 20).join('\n')}`);
}
