import { stockLineMessages, stockShelfDisabled, stockShelfFrozen, stockWarehouseDisabled, stockWarehouseFrozen } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { pipeline, type Statement } from '../../db/pipeline.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import * as repo from './stock-posting.repo.ts';

// The places of a posting (steps 2 and 4 of stock-posting.ts): its warehouses and shelves, locked
// and checked, and the balance rows it moves, created where needed and locked in the stable order.

/** What the place checks read of a line. */
export interface PlacedLine {
  n: number;
  warehouseId: number;
  shelfId: number;
  /** to be picked: taken out of the warehouse without a shelf named */
  pick: boolean;
}

/** The document whose own stocktake freeze does not stop its posting (a stocktake posts through it). */
export type FreezeExcept = { docType: string; docId: number };

const unique = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);

/** A warehouse's stocktake freezes, but the posting document's own. */
const freezesOtherThan = (warehouse: repo.SharedWarehouse, except: FreezeExcept | undefined) =>
  warehouse.freezes.filter((f) => !except || f.doc_type !== except.docType || f.doc_id !== except.docId);

/** Step 2's checks, on the warehouses and shelves read (share-locked) with the balance locks. */
export function checkPlaces(lines: readonly PlacedLine[], warehouses: Map<number, repo.SharedWarehouse>, shelves: Map<number, repo.SharedShelf>, except: FreezeExcept | undefined) {
  for (const line of lines) {
    const warehouse = warehouses.get(line.warehouseId);
    if (!warehouse) throw badRequest(stockLineMessages.warehouseNotFound(line.n));
    if (line.shelfId === 0) continue;
    const shelf = shelves.get(line.shelfId);
    if (!shelf) throw badRequest(stockLineMessages.shelfNotFound(line.n));
    if (shelf.warehouse_id !== line.warehouseId) throw badRequest(stockLineMessages.shelfElsewhere(line.n, shelf.code, warehouse.name));
  }
  for (const warehouse of warehouses.values()) if (!warehouse.enabled) throw conflict(stockWarehouseDisabled(warehouse.name));
  for (const shelf of shelves.values()) if (!shelf.enabled) throw conflict(stockShelfDisabled(shelf.code, warehouses.get(shelf.warehouse_id)!.name));
  for (const warehouse of warehouses.values()) {
    const freezes = freezesOtherThan(warehouse, except);
    if (freezes.some((f) => f.shelf_id === null)) throw conflict(stockWarehouseFrozen(warehouse.name));
    const shelf = freezes.find((f) => f.shelf_id !== null && shelves.get(f.shelf_id)?.warehouse_id === warehouse.id);
    if (shelf) throw conflict(stockShelfFrozen(shelf.shelf_code ?? '', warehouse.name));
  }
}

/** A picked shelf frozen by a stocktake refuses the posting, as a named one does (checkPlaces). */
export function assertPickedShelvesOpen(lines: readonly PlacedLine[], warehouses: Map<number, repo.SharedWarehouse>, except: FreezeExcept | undefined) {
  for (const line of lines) {
    if (!line.pick || line.shelfId === 0) continue;
    const warehouse = warehouses.get(line.warehouseId)!;
    const frozen = freezesOtherThan(warehouse, except).find((f) => f.shelf_id === line.shelfId);
    if (frozen) throw conflict(stockShelfFrozen(frozen.shelf_code ?? '', warehouse.name));
  }
}

// Which warehouses were last seen allowing negative stock: only a hint of whether a posting should
// create balance rows for stock it takes out (the flag read under the share lock decides; a wrong
// hint costs a second round trip, never a wrong posting).
const negativeSeen = new Map<number, boolean>();

/**
 * Steps 2 and 4 in one round trip (pipeline.ts): share-lock the warehouses (with their freezes) and
 * the named shelves, create the balance rows the posting may need, lock them all in the stable
 * order, reading the places to pick along. `exact`: the lines naming their place, merged per key.
 */
export async function lockPlaces(
  trx: Db,
  lines: readonly PlacedLine[],
  exact: { merged: Map<string, { key: repo.BalanceKey; delta: number }>; keys: readonly repo.BalanceKey[] },
  picks: readonly repo.PickItem[],
  /** a statement sent along, after the balance locks (what is held of the stock taken: kernel stock-holds.ts) */
  along: Statement | null = null,
) {
  const warehouseIds = unique(lines.map((l) => l.warehouseId));
  const shelfIds = unique(lines.map((l) => l.shelfId).filter((id) => id !== 0));
  // stock coming in always needs its row; stock going out, or picked, only where the warehouse may go negative
  const wanted = [...[...exact.merged.values()].map((m) => ({ ...m.key, always: m.delta > 0 })), ...picks.map((p) => ({ ...p, shelfId: 0, always: false }))];
  const keys = [...new Map(wanted.map((k) => [repo.keyText(k), k])).values()].sort(repo.compareKeys);
  const ensuring = repo.ensureBalancesQuery(keys);
  const hinted = keys.some((k) => k.always || negativeSeen.get(k.warehouseId));
  const sharingShelves = shelfIds.length ? [repo.shareShelvesQuery(trx, shelfIds)] : [];
  const [warehouseRows, ...rest] = await pipeline(trx, [
    repo.warehousesWithFreezesQuery(warehouseIds),
    ...sharingShelves,
    ...(hinted ? [ensuring] : []),
    repo.lockBalancesQuery(exact.keys, picks),
    ...(along ? [along] : []),
  ]);
  const alongRows = (along ? rest.pop() : []) as unknown[];
  const warehouses = new Map(repo.toWarehouses(warehouseRows as never).map((w) => [w.id, w]));
  const shelves = new Map(((sharingShelves.length ? rest[0] : []) as repo.SharedShelf[]).map((s) => [s.id, s]));
  for (const w of warehouses.values()) negativeSeen.set(w.id, w.allow_negative);
  let rows = repo.toLockedPlaces(rest[rest.length - 1] as never);
  if (!hinted && keys.some((k) => warehouses.get(k.warehouseId)?.allow_negative)) {
    // the hint was wrong: create the rows now and lock again (the rows held stay held)
    const [, again] = await pipeline(trx, [ensuring, repo.lockBalancesQuery(exact.keys, picks)]);
    rows = repo.toLockedPlaces(again as never);
  }
  return { warehouses, shelves, rows, alongRows };
}

/**
 * Step 2 for a posting where every balance grows (stock-posting.ts, incoming): the warehouses and
 * named shelves share-locked as lockPlaces does, with which of the items exist, in one round trip;
 * the balances need no lock before the upsert that adds to them.
 */
export async function shareIncomingPlaces(trx: Db, lines: readonly (PlacedLine & { skuId: number; materialId: number })[]) {
  const warehouseIds = unique(lines.map((l) => l.warehouseId));
  const shelfIds = unique(lines.map((l) => l.shelfId).filter((id) => id !== 0));
  const sharingShelves = shelfIds.length ? [repo.shareShelvesQuery(trx, shelfIds)] : [];
  const [warehouseRows, ...rest] = await pipeline(trx, [
    repo.warehousesWithFreezesQuery(warehouseIds),
    ...sharingShelves,
    repo.knownItemsQuery(unique(lines.map((l) => l.skuId).filter(Boolean)), unique(lines.map((l) => l.materialId).filter(Boolean))),
  ]);
  const warehouses = new Map(repo.toWarehouses(warehouseRows as never).map((w) => [w.id, w]));
  const shelves = new Map(((sharingShelves.length ? rest[0] : []) as repo.SharedShelf[]).map((s) => [s.id, s]));
  for (const w of warehouses.values()) negativeSeen.set(w.id, w.allow_negative);
  const [known] = rest[rest.length - 1] as { skus: (number | string)[]; materials: (number | string)[] }[];
  return { warehouses, shelves, skus: new Set(known!.skus.map(Number)), materials: new Set(known!.materials.map(Number)) };
}
