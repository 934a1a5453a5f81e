import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';

// Stock per style (按款号添加's 可用 per cell, the ordering catalogue's HQ stock): SKU sums over
// shelves, apart from the balance lists of stock-read.repo.ts.

/** A style's SKU balances in one warehouse, all shelves together (non-zero only). */
export async function styleQuantities(db: Db, warehouseId: number, productId: number): Promise<{ skuId: number; quantity: number }[]> {
  const rows = await db
    .selectFrom('stock_balances as b')
    .innerJoin('skus', 'skus.id', 'b.sku_id')
    .select(['b.sku_id as skuId', sql<string>`sum(b.quantity)`.as('quantity')])
    .where('b.warehouse_id', '=', warehouseId)
    .where('skus.product_id', '=', productId)
    .groupBy('b.sku_id')
    .having(sql`sum(b.quantity)`, '<>', 0)
    .orderBy('b.sku_id')
    .execute();
  return rows.map((r) => ({ skuId: r.skuId!, quantity: Number(r.quantity) }));
}

/**
 * What HQ holds of the styles' SKUs, summed over its enabled HQ warehouses (type hq: not shops,
 * overseas, transit or defective stores) and their shelves; one statement for a page of styles.
 * SKUs with nothing are left out.
 */
export async function hqQuantitiesOfStyles(db: Db, productIds: readonly number[]): Promise<{ skuId: number; productId: number; quantity: number }[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
    .innerJoin('skus', 'skus.id', 'b.sku_id')
    .select(['b.sku_id as skuId', 'skus.product_id as productId', sql<string>`sum(b.quantity)`.as('quantity')])
    .where('w.type', '=', 'hq')
    .where('w.enabled', '=', true)
    .where('skus.product_id', 'in', productIds)
    .groupBy(['b.sku_id', 'skus.product_id'])
    .having(sql`sum(b.quantity)`, '<>', 0)
    .execute();
  return rows.map((r) => ({ skuId: r.skuId!, productId: r.productId, quantity: Number(r.quantity) }));
}

/** Is the warehouse one of the caller's scope? */
export async function warehouseVisible(db: Db, scope: WarehouseScope, warehouseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('warehouses')
    .select('warehouses.id')
    .where('warehouses.id', '=', warehouseId)
    .where((eb) => warehousesInScope(eb, scope))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The SKUs' balances in one warehouse, read under a share lock on their rows taken in the posting
 * core's lock order: what 配货 sets aside is then what is there once running postings commit (a
 * posting taking the same stock waits, and then finds it held: kernel stock-holds.ts).
 */
export async function lockedQuantitiesOfSkus(trx: Db, warehouseId: number, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const { rows } = await sql<{ sku_id: number; quantity: number }>`
    SELECT b.sku_id, b.quantity FROM stock_balances b
    JOIN unnest(${[...skuIds]}::bigint[]) AS k (sku) ON b.sku_id = k.sku
    WHERE b.warehouse_id = ${warehouseId}
    ORDER BY COALESCE(b.shelf_id, 0), b.sku_id
    FOR SHARE OF b`.execute(trx);
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(Number(r.sku_id), (sums.get(Number(r.sku_id)) ?? 0) + Number(r.quantity));
  return sums;
}

/** Every SKU one warehouse holds a non-zero quantity of, shelves together (库存上报 compares a count with it). */
export async function warehouseBookOfSkus(db: Db, warehouseId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('stock_balances as b')
    .select(['b.sku_id as skuId', sql<string>`sum(b.quantity)`.as('quantity')])
    .where('b.warehouse_id', '=', warehouseId)
    .where('b.sku_id', 'is not', null)
    .groupBy('b.sku_id')
    .having(sql`sum(b.quantity)`, '<>', 0)
    .execute();
  return new Map(rows.map((r) => [r.skuId!, Number(r.quantity)]));
}
