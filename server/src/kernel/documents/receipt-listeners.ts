import type { Db } from '../../db/database.ts';
import { flushClosing } from './closing.ts';

/**
 * Goods received into a warehouse (a posted 入库单), told to whoever waits for goods: ordering
 * allocates its pre-orders then (DESIGN §9: the stock documents import no business module; they
 * only call goodsReceived). Listeners run inside the receipt's transaction, after its moves.
 */
export interface GoodsReceived {
  userId: number;
  docId: number;
  warehouseId: number;
  skuIds: number[];
  /** the receipt's source (a purchase order's receipt: purchase_order and its id), '' / null when none */
  sourceType: string;
  sourceId: number | null;
}

type Listener = (trx: Db, event: GoodsReceived) => Promise<void>;
const listeners = new Map<string, Listener>();

/** Registers (or replaces) a module's listener under its name. */
export function onGoodsReceived(name: string, listener: Listener): void {
  listeners.set(name, listener);
}

export async function goodsReceived(trx: Db, event: GoodsReceived): Promise<void> {
  if (listeners.size === 0 || event.skuIds.length === 0) return;
  // the listeners read what the posting wrote: nothing may still wait for the closing statement
  await flushClosing(trx);
  for (const listener of listeners.values()) await listener(trx, event);
}
