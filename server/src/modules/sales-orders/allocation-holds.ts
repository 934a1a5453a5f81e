import { AllocationMessages, stockItemLabel } from '@erp/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { conflict } from '../../http/app-error.ts';
import { registerStockHolds, type StockTake } from '../../kernel/ledgers/stock-holds.ts';
import { stockItemLabels } from '../stock/stock-posting.ts';
import { allocatedBySku } from './allocation.repo.ts';

// What 配货 sets aside stays set aside (issue 26): a posting (出库单, 调拨单, a voided receipt…) may
// take a warehouse's stock of a SKU only down to what is allocated there. The posting core sends the
// query below with its own balance locks (one round trip) and asks the check before it writes; 配货
// reads stock under a share lock (allocateIn), so it never hands out what a running posting takes.

interface HeldRow {
  warehouse_id: number;
  warehouse_name: string;
  sku_id: number;
  allocated: number;
  on_hand: number;
}

/**
 * What is held of the taken SKUs, the allocation rows locked (two postings over different shelves
 * of one SKU queue here), with the warehouse's stock of each before the posting.
 */
function heldQuery(takes: readonly StockTake[]) {
  return sql<HeldRow>`
    WITH held AS (
      SELECT a.warehouse_id, a.sku_id, a.allocated FROM sales_allocation_balances a
      JOIN unnest(${takes.map((t) => t.warehouseId)}::bigint[], ${takes.map((t) => t.skuId)}::bigint[]) AS k (w, sku)
        ON a.warehouse_id = k.w AND a.sku_id = k.sku
      WHERE a.allocated > 0
      ORDER BY a.warehouse_id, a.sku_id
      FOR UPDATE OF a)
    SELECT h.warehouse_id, w.name AS warehouse_name, h.sku_id, h.allocated,
      (SELECT coalesce(sum(b.quantity), 0)::int FROM stock_balances b WHERE b.warehouse_id = h.warehouse_id AND b.sku_id = h.sku_id) AS on_hand
    FROM held h JOIN warehouses w ON w.id = h.warehouse_id`;
}

/** The orders holding a SKU in a warehouse, oldest first. */
async function holdersOf(trx: Db, warehouseId: number, skuId: number): Promise<string[]> {
  const { rows } = await sql<{ order_no: string }>`
    SELECT o.order_no FROM sales_allocations a JOIN sales_orders o ON o.id = a.order_id
    WHERE a.warehouse_id = ${warehouseId} AND a.sku_id = ${skuId}
    GROUP BY o.id, o.order_no HAVING sum(a.allocated) > 0 ORDER BY o.id`.execute(trx);
  return rows.map((r) => r.order_no);
}

async function assertNotHeld(trx: Db, rows: readonly unknown[], takes: readonly StockTake[]): Promise<void> {
  for (const row of rows as HeldRow[]) {
    const need = takes.find((t) => t.warehouseId === Number(row.warehouse_id) && t.skuId === Number(row.sku_id))?.quantity ?? 0;
    const free = Math.max(0, Number(row.on_hand) - row.allocated);
    if (need <= free) continue;
    const label = (await stockItemLabels(trx, [Number(row.sku_id)], [])).get(`s${row.sku_id}`)!;
    const orderNos = await holdersOf(trx, Number(row.warehouse_id), Number(row.sku_id));
    throw conflict(AllocationMessages.held(stockItemLabel(label), row.warehouse_name, orderNos, free, need));
  }
}

/** Registers the allocation's hold on stock with the kernel (once, with the routes). */
export function registerAllocationHolds(): void {
  registerStockHolds({ query: heldQuery, check: assertNotHeld, heldBySku: allocatedBySku });
}
