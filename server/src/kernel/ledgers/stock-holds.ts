import type { Db } from '../../db/database.ts';

/**
 * Stock set aside for someone (配货: pieces allocated to orders, DESIGN §9) is held: no other
 * posting may take a warehouse's stock of a SKU below what is held there. The stock ledger cannot
 * know who holds what (that lives in a module above it), so the holder registers its check here and
 * the posting core asks it, inside the posting's transaction, before anything is written.
 */
export interface StockTake {
  warehouseId: number;
  skuId: number;
  /** net pieces the posting takes out of the warehouse (> 0) */
  quantity: number;
}

/** Refuses (409, naming who holds the stock) when the takes would leave less than is held. */
export type StockHoldCheck = (trx: Db, takes: readonly StockTake[]) => Promise<void>;

let holdCheck: StockHoldCheck | null = null;

/** Registers the one holder's check (once, with the routes; registering again replaces it). */
export function registerStockHolds(check: StockHoldCheck): void {
  holdCheck = check;
}

export async function assertStockNotHeld(trx: Db, takes: readonly StockTake[]): Promise<void> {
  if (holdCheck && takes.length) await holdCheck(trx, takes);
}
