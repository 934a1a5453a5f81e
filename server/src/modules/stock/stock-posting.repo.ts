import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One balance row's identity: shelf, SKU and material are 0 when absent (as in the unique index). */
export interface BalanceKey {
  warehouseId: number;
  shelfId: number;
  skuId: number;
  materialId: number;
}

/** The stable lock order: warehouse, shelf (none first), item type (SKU before material), item id. */
export function compareKeys(a: BalanceKey, b: BalanceKey): number {
  return a.warehouseId - b.warehouseId || a.shelfId - b.shelfId || Number(a.skuId === 0) - Number(b.skuId === 0) || (a.skuId || a.materialId) - (b.skuId || b.materialId);
}

export const keyText = (k: BalanceKey) => `${k.warehouseId}:${k.shelfId}:${k.skuId}:${k.materialId}`;

export function shareShelvesQuery(trx: Db, ids: readonly number[]) {
  return trx.selectFrom('shelves').select(['id', 'warehouse_id', 'code', 'enabled']).where('id', 'in', ids).orderBy('id').forShare();
}
export type SharedShelf = { id: number; warehouse_id: number; code: string; enabled: boolean };

/**
 * Share-locks the warehouses in id order and reads each with the stocktake freezes on it, in one
 * statement (a stocktake freezes while holding the warehouse row locked for update). Built, not run.
 */
export function warehousesWithFreezesQuery(ids: readonly number[]) {
  return sql<WarehouseRow>`
    SELECT w.id, w.code, w.name, w.enabled, w.allow_negative,
      coalesce((SELECT json_agg(json_build_object('shelf_id', f.shelf_id, 'shelf_code', s.code, 'doc_type', f.doc_type, 'doc_id', f.doc_id) ORDER BY f.id)
                FROM stock_freezes f LEFT JOIN shelves s ON s.id = f.shelf_id WHERE f.warehouse_id = w.id), '[]'::json) AS freezes
    FROM warehouses w WHERE w.id = ANY(${[...ids]}::bigint[]) ORDER BY w.id FOR SHARE OF w`;
}

interface WarehouseRow {
  id: number;
  code: string;
  name: string;
  enabled: boolean;
  allow_negative: boolean;
  freezes: { shelf_id: number | null; shelf_code: string | null; doc_type: string; doc_id: number }[];
}

export const toWarehouses = (rows: readonly WarehouseRow[]) =>
  rows.map((r) => ({
    ...r,
    id: Number(r.id),
    freezes: r.freezes.map((f) => ({ ...f, shelf_id: f.shelf_id === null ? null : Number(f.shelf_id), doc_id: Number(f.doc_id) })),
  }));
export type SharedWarehouse = ReturnType<typeof toWarehouses>[number];

export async function shareWarehousesWithFreezes(trx: Db, ids: readonly number[]) {
  return toWarehouses((await warehousesWithFreezesQuery(ids).execute(trx)).rows);
}

/** How SKUs are named in messages: style no., colour, size, barcode. */
export function skuLabels(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .innerJoin('colours', 'colours.id', 'skus.colour_id')
    .innerJoin('sizes', 'sizes.id', 'skus.size_id')
    .select(['skus.id', 'products.style_no', 'colours.name as colour_name', 'sizes.name as size_name', 'skus.barcode'])
    .where('skus.id', 'in', ids)
    .execute();
}

export function materialLabels(db: Db, ids: readonly number[]) {
  return db.selectFrom('materials').select(['id', 'code', 'name']).where('id', 'in', ids).execute();
}

const arrays = (keys: readonly BalanceKey[]) => ({
  w: keys.map((k) => k.warehouseId),
  s: keys.map((k) => k.shelfId),
  sku: keys.map((k) => k.skuId),
  mat: keys.map((k) => k.materialId),
});

/** A balance row a posting may need: `always` when stock comes in, otherwise only where the warehouse may go negative. */
export interface EnsuredKey extends BalanceKey {
  always: boolean;
}

/**
 * Creates the missing balance rows (quantity 0, the warehouse's allow_negative) of existing items,
 * in the stable key order so two postings creating the same new rows wait for each other instead
 * of deadlocking. A key without `always` gets its row only in a warehouse that may go negative
 * (taking stock out elsewhere, a missing row is a shortfall). A shelf of another warehouse gets
 * none (the posting names that line). Built, not run.
 */
export function ensureBalancesQuery(sortedKeys: readonly EnsuredKey[]) {
  const a = arrays(sortedKeys);
  return sql`
    INSERT INTO stock_balances (warehouse_id, shelf_id, sku_id, material_id, quantity, allow_negative)
    SELECT k.w, NULLIF(k.s, 0), NULLIF(k.sku, 0), NULLIF(k.mat, 0), 0, w.allow_negative
    FROM unnest(${a.w}::bigint[], ${a.s}::bigint[], ${a.sku}::bigint[], ${a.mat}::bigint[], ${sortedKeys.map((k) => k.always)}::boolean[])
      WITH ORDINALITY AS k (w, s, sku, mat, always, ord)
    JOIN warehouses w ON w.id = k.w
    WHERE (k.always OR w.allow_negative)
      -- rows for existing items only: an unknown item is named by the posting, not refused by a key
      AND (k.sku = 0 OR EXISTS (SELECT 1 FROM skus WHERE skus.id = k.sku)) AND (k.mat = 0 OR EXISTS (SELECT 1 FROM materials WHERE materials.id = k.mat))
      AND (k.s = 0 OR EXISTS (SELECT 1 FROM shelves WHERE shelves.id = k.s AND shelves.warehouse_id = k.w))
    ORDER BY k.ord
    ON CONFLICT (warehouse_id, (COALESCE(shelf_id, 0)), (COALESCE(sku_id, 0)), (COALESCE(material_id, 0))) DO NOTHING`;
}

/**
 * Adds incoming stock to its balance rows, creating the missing ones (the warehouse's
 * allow_negative), in the stable key order: a posting where every balance grows needs neither
 * the rows' quantities nor their locks beforehand (the upsert locks each row as it adds to it, in
 * the order every posting locks). The limit is the database's (stock_balances_limit). Built, not run.
 */
export function addBalancesQuery(sortedKeys: readonly (BalanceKey & { delta: number })[]) {
  const a = arrays(sortedKeys);
  return sql`
    INSERT INTO stock_balances (warehouse_id, shelf_id, sku_id, material_id, quantity, allow_negative)
    SELECT k.w, NULLIF(k.s, 0), NULLIF(k.sku, 0), NULLIF(k.mat, 0), k.q, w.allow_negative
    FROM unnest(${a.w}::bigint[], ${a.s}::bigint[], ${a.sku}::bigint[], ${a.mat}::bigint[], ${sortedKeys.map((k) => k.delta)}::integer[])
      WITH ORDINALITY AS k (w, s, sku, mat, q, ord)
    JOIN warehouses w ON w.id = k.w
    ORDER BY k.ord
    ON CONFLICT (warehouse_id, (COALESCE(shelf_id, 0)), (COALESCE(sku_id, 0)), (COALESCE(material_id, 0)))
    DO UPDATE SET quantity = stock_balances.quantity + EXCLUDED.quantity, updated_at = now()`;
}

/** Which of these SKUs and materials exist, in one statement. Built, not run. */
export function knownItemsQuery(skuIds: readonly number[], materialIds: readonly number[]) {
  return sql<{ skus: number[]; materials: number[] }>`
    SELECT ARRAY(SELECT id FROM skus WHERE id = ANY(${[...skuIds]}::bigint[])) AS skus,
      ARRAY(SELECT id FROM materials WHERE id = ANY(${[...materialIds]}::bigint[])) AS materials`;
}

export async function ensureBalances(trx: Db, sortedKeys: readonly BalanceKey[]): Promise<void> {
  await ensureBalancesQuery(sortedKeys.map((k) => ({ ...k, always: true }))).execute(trx);
}

export interface LockedBalance extends BalanceKey {
  id: number;
  quantity: number;
}

export interface LockedPlace extends LockedBalance {
  /** the shelf's state, for picking: null on the floor */
  shelfEnabled: boolean | null;
  shelfSort: number;
  shelfCode: string;
}

/** An item taken out without naming a shelf: picked where it lies (stock-picking.ts). */
export interface PickItem {
  warehouseId: number;
  skuId: number;
  materialId: number;
}

/**
 * Locks, one by one in the stable order, the balance rows of the keys and, for each item to pick,
 * every row of it in its warehouse that holds stock (and its floor row), in one statement, and
 * reads their quantity with their shelf's state. The wanted ids are joined, not filtered with
 * IN (…): under concurrent postings the IN form answered quantities older than the lock it took
 * (lost updates in the PostgreSQL race tests), the join form answers the locked row's own.
 */
export async function lockBalances(trx: Db, keys: readonly BalanceKey[], picks: readonly PickItem[] = []): Promise<LockedPlace[]> {
  return toLockedPlaces((await lockBalancesQuery(keys, picks).execute(trx)).rows);
}

interface LockedRow {
  id: number;
  warehouse_id: number;
  shelf_id: number | null;
  sku_id: number | null;
  material_id: number | null;
  quantity: number;
  shelf_enabled: boolean | null;
  shelf_sort: number | null;
  shelf_code: string | null;
}

/** lockBalances' statement, built, not run. */
export function lockBalancesQuery(keys: readonly BalanceKey[], picks: readonly PickItem[] = []) {
  const a = arrays(keys);
  const skuPicks = picks.filter((p) => p.skuId !== 0);
  const materialPicks = picks.filter((p) => p.skuId === 0);
  return sql<LockedRow>`
    SELECT b.id, b.warehouse_id, b.shelf_id, b.sku_id, b.material_id, b.quantity, s.enabled AS shelf_enabled, s.sort AS shelf_sort, s.code AS shelf_code
    FROM (
      SELECT e.id FROM stock_balances e
      JOIN unnest(${a.w}::bigint[], ${a.s}::bigint[], ${a.sku}::bigint[], ${a.mat}::bigint[]) AS k (w, s, sku, mat)
        ON e.warehouse_id = k.w AND COALESCE(e.shelf_id, 0) = k.s AND COALESCE(e.sku_id, 0) = k.sku AND COALESCE(e.material_id, 0) = k.mat
      UNION
      SELECT e.id FROM stock_balances e
      JOIN unnest(${skuPicks.map((p) => p.warehouseId)}::bigint[], ${skuPicks.map((p) => p.skuId)}::bigint[]) AS p (w, sku) ON e.sku_id = p.sku AND e.warehouse_id = p.w
      WHERE e.quantity > 0 OR e.shelf_id IS NULL
      UNION
      SELECT e.id FROM stock_balances e
      JOIN unnest(${materialPicks.map((p) => p.warehouseId)}::bigint[], ${materialPicks.map((p) => p.materialId)}::bigint[]) AS p (w, mat) ON e.material_id = p.mat AND e.warehouse_id = p.w
      WHERE e.quantity > 0 OR e.shelf_id IS NULL) AS wanted
    JOIN stock_balances b ON b.id = wanted.id
    LEFT JOIN shelves s ON s.id = b.shelf_id
    ORDER BY b.warehouse_id, COALESCE(b.shelf_id, 0), (b.sku_id IS NULL), COALESCE(b.sku_id, b.material_id)
    FOR UPDATE OF b`;
}

export function toLockedPlaces(rows: readonly LockedRow[]): LockedPlace[] {
  return rows.map((r) => ({
    id: Number(r.id),
    warehouseId: Number(r.warehouse_id),
    shelfId: Number(r.shelf_id ?? 0),
    skuId: Number(r.sku_id ?? 0),
    materialId: Number(r.material_id ?? 0),
    quantity: Number(r.quantity),
    shelfEnabled: r.shelf_enabled,
    shelfSort: Number(r.shelf_sort ?? 0),
    shelfCode: r.shelf_code ?? '',
  }));
}

export interface MoveValues {
  warehouse_id: number;
  shelf_id: number | null;
  sku_id: number | null;
  material_id: number | null;
  quantity: number;
  unit_cost_fen: number | null;
  doc_type: string;
  document_type: string;
  doc_id: number;
  doc_line_id: number | null;
  reverses_move_id: number | null;
  created_by: number;
}

/**
 * The two writes of a posting, built but not run: the balance update (each delta added to its
 * already locked row) and the moves' insert (answering the new move ids in line order). Both
 * travel as arrays (one parameter per column, whatever the number of lines); they run as one
 * statement, on their own or in a transition's closing statement (kernel/documents/closing.ts).
 */
export function moveWrites(moves: readonly MoveValues[], deltas: readonly { id: number; delta: number }[]) {
  const col = <K extends keyof MoveValues>(k: K) => moves.map((m) => m[k]);
  const balances = deltas.length
    ? sql`
    UPDATE stock_balances b SET quantity = b.quantity + d.delta, updated_at = now()
    FROM unnest(${deltas.map((d) => d.id)}::bigint[], ${deltas.map((d) => d.delta)}::integer[]) AS d (id, delta)
    WHERE b.id = d.id`
    : null;
  const insert = sql<{ id: number }>`
    INSERT INTO stock_moves (warehouse_id, shelf_id, sku_id, material_id, quantity, unit_cost_fen, doc_type, document_type, doc_id, doc_line_id, reverses_move_id, created_by)
    SELECT * FROM unnest(
      ${col('warehouse_id')}::bigint[], ${col('shelf_id')}::bigint[], ${col('sku_id')}::bigint[], ${col('material_id')}::bigint[],
      ${col('quantity')}::integer[], ${col('unit_cost_fen')}::integer[], ${col('doc_type')}::text[], ${col('document_type')}::text[],
      ${col('doc_id')}::bigint[], ${col('doc_line_id')}::bigint[], ${col('reverses_move_id')}::bigint[], ${col('created_by')}::bigint[])
    RETURNING id`;
  return { balances, insert };
}

/** A document's moves that are originals (not reversals) and not reversed yet, in ledger order. */
export function unreversedMoves(trx: Db, documentType: string, docId: number) {
  return trx
    .selectFrom('stock_moves as m')
    .select(['m.id', 'm.doc_type', 'm.warehouse_id', 'm.shelf_id', 'm.sku_id', 'm.material_id', 'm.quantity', 'm.unit_cost_fen', 'm.doc_line_id'])
    .where('m.document_type', '=', documentType)
    .where('m.doc_id', '=', docId)
    .where('m.reverses_move_id', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('stock_moves as r').select('r.id').whereRef('r.reverses_move_id', '=', 'm.id'))))
    .orderBy('m.id')
    .execute();
}

export async function hasOriginalMoves(trx: Db, documentType: string, docId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('stock_moves')
    .select('id')
    .where('document_type', '=', documentType)
    .where('doc_id', '=', docId)
    .where('reverses_move_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function anyReversed(trx: Db, moveIds: readonly number[]): Promise<boolean> {
  const row = await trx.selectFrom('stock_moves').select('id').where('reverses_move_id', 'in', moveIds).limit(1).executeTakeFirst();
  return !!row;
}
