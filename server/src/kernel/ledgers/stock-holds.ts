import type { Db } from '../../db/database.ts';
import type { Statement } from '../../db/pipeline.ts';

/**
 * Stock set aside for someone (配货: pieces allocated to orders, DESIGN §9) is held: no other
 * posting may take a warehouse's stock of a SKU below what is held there. The stock ledger cannot
 * know who holds what (that lives in a module above it), so the holder registers here: a statement
 * that reads (and locks) what is held of the SKUs a posting takes — sent with the posting's own
 * balance locks, no round trip of its own — and the check of its rows, before anything is written.
 */
export interface StockTake {
  warehouseId: number;
  skuId: number;
  /** net pieces the posting takes out of the warehouse (> 0) */
  quantity: number;
}

export interface StockHolds {
  /** what is held of the taken SKUs, with the warehouse's stock of each; null: nothing to ask */
  query(takes: readonly StockTake[]): Statement | null;
  /** refuses (409, naming who holds the stock) when the takes would leave less than is held */
  check(trx: Db, rows: readonly unknown[], takes: readonly StockTake[]): Promise<void>;
  /** what is held of each SKU over all warehouses (SKUs holding nothing left out): what stock may not promise again */
  heldBySku(db: Db, skuIds: readonly number[]): Promise<Map<number, number>>;
}

let holds: StockHolds | null = null;

/** Registers the one holder (once, with the routes; registering again replaces it). */
export function registerStockHolds(next: StockHolds): void {
  holds = next;
}

/** The statement to send with the posting's locks, or null (no holder, nothing taken). */
export function stockHoldQuery(takes: readonly StockTake[]): Statement | null {
  return holds && takes.length ? holds.query(takes) : null;
}

/** What is held of each of the SKUs over all warehouses; nothing without a holder. */
export async function heldBySku(db: Db, skuIds: readonly number[]): Promise<Map<number, number>> {
  return holds && skuIds.length ? holds.heldBySku(db, skuIds) : new Map();
}

export async function assertStockNotHeld(trx: Db, rows: readonly unknown[], takes: readonly StockTake[]): Promise<void> {
  if (holds && takes.length) await holds.check(trx, rows, takes);
}
