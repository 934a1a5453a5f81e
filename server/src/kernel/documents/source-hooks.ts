import type { Db } from '../../db/database.ts';
import { flushClosing } from './closing.ts';

/**
 * Sources are hooks, not imports (DESIGN §9). A document made from another module's document (a
 * receipt from a purchase order, an outbound from a purchase refund or a sales order) carries that
 * source's type and id; when it posts or is voided, the module that owns the source is told through
 * the hooks it registered here, inside the same transaction. The stock documents import no
 * business module: they only call runSourceHook.
 */
export interface SourcedDocument {
  /** the stock document's id, number and status before the transition */
  id: number;
  docNo: string;
  status: string;
  sourceType: string;
  sourceId: number | null;
  /** the warehouse the goods leave (or, for a receipt, enter) */
  warehouseId: number;
}

/** What posted (or, for a void, what had posted and is now reversed), per item. */
export interface SourcedLine {
  skuId: number | null;
  materialId: number | null;
  quantity: number;
  /** the source document's line the stock line was made from, when it was */
  sourceLineId?: number | null;
}

export interface SourceEvent {
  userId: number;
  document: SourcedDocument;
  lines: SourcedLine[];
}

export interface SourceHooks {
  /** the document posted: `lines` are what moved (positive quantities) */
  posted?(trx: Db, event: SourceEvent): Promise<void>;
  /** goods that travel left their warehouse for transit: `lines` are what was shipped */
  shipped?(trx: Db, event: SourceEvent): Promise<void>;
  /** goods that travelled were received: `lines` are what arrived (0 for a line that did not) */
  received?(trx: Db, event: SourceEvent): Promise<void>;
  /** the document is being voided: `lines` are what it had posted (empty when it never posted) */
  voided?(trx: Db, event: SourceEvent): Promise<void>;
}

const registry = new Map<string, SourceHooks>();

/** Registers what a source type does (once per source type; registering again replaces it). */
export function registerSourceHooks(sourceType: string, hooks: SourceHooks): void {
  registry.set(sourceType, hooks);
}

/** Tells the source's module, when the document has a registered source. */
export async function runSourceHook(trx: Db, moment: keyof SourceHooks, event: SourceEvent): Promise<void> {
  const { sourceType } = event.document;
  const hook = sourceType ? registry.get(sourceType)?.[moment] : undefined;
  if (!hook) return;
  // the source's module reads what the posting wrote: nothing may still wait for the closing statement
  await flushClosing(trx);
  await hook(trx, event);
}
