import { isStockDocType, STOCK_DOC_TYPE_LABELS, StockMessages, WarehouseMessages, type StockBalanceRecord, type StockMoveRecord, type StyleStockAnswer } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { WarehouseScope } from '../warehouses/warehouse-scope.ts';
import * as repo from './stock-read.repo.ts';
import * as styleRepo from './style-stock.repo.ts';
import type { BalanceSort } from './stock.schema.ts';
import { heldBySku } from '../../kernel/ledgers/stock-holds.ts';

// 库存查询: balances and an item's movements, read only, in the caller's warehouse scope.

export function toBalanceRecord(row: repo.BalanceRow): StockBalanceRecord {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    warehouseCode: row.warehouse_code,
    warehouseName: row.warehouse_name,
    shelfId: row.shelf_id,
    shelfCode: row.shelf_code ?? '',
    itemType: row.sku_id !== null ? 'sku' : 'material',
    skuId: row.sku_id,
    productId: row.product_id,
    styleNo: row.style_no ?? '',
    productName: row.product_name ?? '',
    colourName: row.colour_name ?? '',
    sizeName: row.size_name ?? '',
    barcode: row.barcode ?? '',
    materialId: row.material_id,
    materialCode: row.material_code ?? '',
    materialName: row.material_name ?? '',
    quantity: row.quantity,
    updatedAt: row.updated_at.toISOString(),
  };
}

function toMoveRecord(row: repo.MoveRow): StockMoveRecord {
  return {
    id: row.id,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    shelfId: row.shelf_id,
    shelfCode: row.shelf_code ?? '',
    quantity: row.quantity,
    balanceAfter: Number(row.balance_after),
    unitCostFen: row.unit_cost_fen,
    docType: row.doc_type,
    docTypeName: isStockDocType(row.doc_type) ? STOCK_DOC_TYPE_LABELS[row.doc_type] : row.doc_type,
    docId: row.doc_id,
    docLineId: row.doc_line_id,
    reversesMoveId: row.reverses_move_id,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    createdByName: row.created_by_name ?? '',
  };
}

export async function pageBalances(db: Db, scope: WarehouseScope, filter: repo.BalanceFilter, params: ListParams<BalanceSort>) {
  const page = await repo.pageBalances(db, scope, filter, params);
  return { ...page, records: page.records.map(toBalanceRecord) };
}

export async function pageMoves(db: Db, scope: WarehouseScope, filter: { skuId?: number; materialId?: number; warehouseId?: number }, params: ListParams<string>) {
  if ((filter.skuId === undefined) === (filter.materialId === undefined)) throw badRequest(StockMessages.itemInvalid);
  const { records, total } = await repo.pageMoves(db, scope, filter, params);
  return { total, records: records.map(toMoveRecord) };
}

/** Whether a place (warehouse or shelf) holds few balances: lists then sort rather than walk the styles. */
export const holdsFewGoods = repo.holdsFewGoods;

/** What a warehouse of the caller's scope holds of a style's SKUs (按款号添加 shows it per cell); another's warehouse: 404. */
export async function styleStock(db: Db, scope: WarehouseScope, warehouseId: number, productId: number): Promise<StyleStockAnswer> {
  if (!(await styleRepo.warehouseVisible(db, scope, warehouseId))) throw notFound(WarehouseMessages.notFound);
  return { warehouseId, productId, items: await styleRepo.styleQuantities(db, warehouseId, productId) };
}

/**
 * 可订库存 of a page of styles: per SKU, what HQ's warehouses hold (the ordering catalogue shows it
 * for spot seasons). A SKU missing from the map has none; a negative sum counts as none.
 */
export async function hqAvailableBySku(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await styleRepo.hqQuantitiesOfStyles(db, productIds);
  return new Map(rows.map((row) => [row.skuId, Math.max(0, row.quantity)]));
}

/**
 * 可订库存 of spot ordering: what HQ's warehouses hold of the styles' SKUs less what is held for
 * someone (配货 sets pieces aside for orders until they ship: kernel stock-holds.ts); never below zero.
 */
export async function orderableStockBySku(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  const stock = await hqAvailableBySku(db, productIds);
  const setAside = await heldBySku(db, [...stock.keys()]);
  return new Map([...stock].map(([skuId, quantity]) => [skuId, Math.max(0, quantity - (setAside.get(skuId) ?? 0))]));
}

/** The SKUs' balances in one warehouse, all shelves together, the rows share-locked first (配货: kernel stock-holds.ts). */
export const lockedQuantitiesOfSkus = styleRepo.lockedQuantitiesOfSkus;

/** The book of one warehouse per SKU (non-zero sums over its shelves); a SKU missing from the map has none. */
export const warehouseBookOfSkus = styleRepo.warehouseBookOfSkus;
