import type { StockLineInput } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { postMoves, reverseMoves, type PostResult } from './stock-posting.ts';

// Helpers of the warehouse and stock tests (not a test file itself).

/** The warehouse menu rows are disabled until the screens land (0016); tests switch them on. */
export const WAREHOUSE_MENUS = ['Warehouse', 'WarehouseBase', 'WarehouseEdit', 'WarehouseShelf', 'ShelfEdit', 'StockBalance'];

export async function openWarehouseMenus(t: TestApp): Promise<void> {
  await t.db.updateTable('menus').set({ enabled: true }).where('name', 'in', WAREHOUSE_MENUS).execute();
  t.app.accessCache.clearAll();
}

export async function warehouseIdOf(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('warehouses').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function shelfIdOf(db: Db, warehouseCode: string, shelfCode: string): Promise<number> {
  return (
    await db
      .selectFrom('shelves')
      .innerJoin('warehouses', 'warehouses.id', 'shelves.warehouse_id')
      .select('shelves.id')
      .where('warehouses.code', '=', warehouseCode)
      .where('shelves.code', '=', shelfCode)
      .executeTakeFirstOrThrow()
  ).id;
}

/** An SKU of the demo products by style no., colour code and size name, with its barcode. */
export async function skuOf(db: Db, styleNo: string, colourCode: string, sizeName: string): Promise<{ id: number; barcode: string }> {
  return db
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .innerJoin('colours', 'colours.id', 'skus.colour_id')
    .innerJoin('sizes', 'sizes.id', 'skus.size_id')
    .select(['skus.id', 'skus.barcode'])
    .where('products.style_no', '=', styleNo)
    .where('colours.code', '=', colourCode)
    .where('sizes.name', '=', sizeName)
    .executeTakeFirstOrThrow();
}

export async function materialIdOf(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('materials').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function userIdOf(db: Db, account: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
}

/** Posts in a transaction of its own, as a document would. */
export function post(db: Db, userId: number, docId: number, lines: StockLineInput[], docType = 'inbound'): Promise<PostResult> {
  return db.transaction().execute((trx) => postMoves(trx, { docType, documentType: 'stock_doc', docId, userId, lines }));
}

/** Reverses every move of stock document `docId`. */
export function reverse(db: Db, userId: number, docId: number): Promise<PostResult> {
  return db.transaction().execute((trx) => reverseMoves(trx, { type: 'stock_doc', id: docId }, userId));
}

/** The balance of one place and item (0 when there is no row). */
export async function balanceOf(db: Db, warehouseId: number, item: { skuId?: number; materialId?: number }, shelfId: number | null = null): Promise<number> {
  let query = db.selectFrom('stock_balances').select('quantity').where('warehouse_id', '=', warehouseId);
  query = shelfId === null ? query.where('shelf_id', 'is', null) : query.where('shelf_id', '=', shelfId);
  query = item.skuId ? query.where('sku_id', '=', item.skuId) : query.where('material_id', '=', item.materialId!);
  return (await query.executeTakeFirst())?.quantity ?? 0;
}

export async function moveCount(db: Db, docType?: string, docId?: number): Promise<number> {
  let query = db.selectFrom('stock_moves').select((eb) => eb.fn.countAll<number>().as('n'));
  if (docType) query = query.where('doc_type', '=', docType);
  if (docId !== undefined) query = query.where('doc_id', '=', docId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
