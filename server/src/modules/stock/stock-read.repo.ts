import { sql } from 'kysely';
import type { StockItemType } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import type { BalanceSort } from './stock.schema.ts';

export interface BalanceFilter {
  warehouseId?: number;
  shelfId?: number;
  keyword?: string;
  itemType?: StockItemType;
  includeZero?: boolean;
}

function balances(db: Db, scope: WarehouseScope, filter: BalanceFilter) {
  let base = db
    .selectFrom('stock_balances as b')
    .innerJoin('warehouses', 'warehouses.id', 'b.warehouse_id')
    .leftJoin('shelves as s', 's.id', 'b.shelf_id')
    .leftJoin('skus as k', 'k.id', 'b.sku_id')
    .leftJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('colours as c', 'c.id', 'k.colour_id')
    .leftJoin('sizes as z', 'z.id', 'k.size_id')
    .leftJoin('materials as m', 'm.id', 'b.material_id')
    .where((eb) => warehousesInScope(eb, scope));
  if (filter.warehouseId !== undefined) base = base.where('b.warehouse_id', '=', filter.warehouseId);
  if (filter.shelfId !== undefined) base = base.where('b.shelf_id', '=', filter.shelfId);
  if (filter.itemType === 'sku') base = base.where('b.sku_id', 'is not', null);
  if (filter.itemType === 'material') base = base.where('b.material_id', 'is not', null);
  if (!filter.includeZero) base = base.where('b.quantity', '<>', 0);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) =>
      eb.or([eb('p.style_no', 'ilike', pattern), eb('p.name', 'ilike', pattern), eb('k.barcode', '=', filter.keyword!), eb('m.code', 'ilike', pattern), eb('m.name', 'ilike', pattern)]),
    );
  }
  return base;
}

/** Balances in scope with their place and item; the item order is style no., colour, size (or material code). */
export function pageBalances(
  db: Db,
  scope: WarehouseScope,
  filter: BalanceFilter,
  page: { limit: number; offset: number; sortColumn: BalanceSort; order: 'asc' | 'desc' },
) {
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const itemOrder = sql`coalesce(p.style_no, m.code) ${direction}, c.sort, c.id, z.sort, z.id`;
  const order = {
    style_no: sql`${itemOrder}, warehouses.code, s.code`,
    warehouse: sql`warehouses.code ${direction}, s.code ${direction}, coalesce(p.style_no, m.code), c.sort, z.sort`,
    quantity: sql`b.quantity ${direction}, ${itemOrder}`,
    updated_at: sql`b.updated_at ${direction}`,
  }[page.sortColumn];
  return fetchPage(
    balances(db, scope, filter),
    (q) =>
      q
        .select([
          'b.id',
          'b.warehouse_id',
          'warehouses.code as warehouse_code',
          'warehouses.name as warehouse_name',
          'b.shelf_id',
          's.code as shelf_code',
          'b.sku_id',
          'p.id as product_id',
          'p.style_no',
          'p.name as product_name',
          'c.name as colour_name',
          'z.name as size_name',
          'k.barcode',
          'b.material_id',
          'm.code as material_code',
          'm.name as material_name',
          'b.quantity',
          'b.updated_at',
        ])
        .orderBy(sql`${order}, b.id`),
    page,
  );
}
export type BalanceRow = Awaited<ReturnType<typeof pageBalances>>['records'][number];

/**
 * An item's moves in the warehouses in scope, newest first by default, each with the item's balance
 * in that warehouse (all shelves) after it: a running sum in ledger (id) order, computed over every
 * move of the item there before the page is cut.
 */
export function pageMoves(
  db: Db,
  scope: WarehouseScope,
  filter: { skuId?: number; materialId?: number; warehouseId?: number },
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
) {
  const base = db
    .with('mv', (qb) => {
      let q = qb
        .selectFrom('stock_moves')
        .innerJoin('warehouses', 'warehouses.id', 'stock_moves.warehouse_id')
        .where((eb) => warehousesInScope(eb, scope));
      q = filter.skuId !== undefined ? q.where('stock_moves.sku_id', '=', filter.skuId) : q.where('stock_moves.material_id', '=', filter.materialId!);
      if (filter.warehouseId !== undefined) q = q.where('stock_moves.warehouse_id', '=', filter.warehouseId);
      return q.select((eb) => [
        'stock_moves.id',
        'stock_moves.warehouse_id',
        'warehouses.name as warehouse_name',
        'stock_moves.shelf_id',
        'stock_moves.quantity',
        'stock_moves.unit_cost_fen',
        'stock_moves.doc_type',
        'stock_moves.doc_id',
        'stock_moves.doc_line_id',
        'stock_moves.reverses_move_id',
        'stock_moves.created_at',
        'stock_moves.created_by',
        eb.fn
          .sum<number>('stock_moves.quantity')
          .over((ob) => ob.partitionBy('stock_moves.warehouse_id').orderBy('stock_moves.id'))
          .as('balance_after'),
      ]);
    })
    .selectFrom('mv');
  return fetchPage(
    base,
    (q) =>
      q
        .leftJoin('shelves', 'shelves.id', 'mv.shelf_id')
        .leftJoin('users', 'users.id', 'mv.created_by')
        .select([
          'mv.id',
          'mv.warehouse_id',
          'mv.warehouse_name',
          'mv.shelf_id',
          'shelves.code as shelf_code',
          'mv.quantity',
          'mv.balance_after',
          'mv.unit_cost_fen',
          'mv.doc_type',
          'mv.doc_id',
          'mv.doc_line_id',
          'mv.reverses_move_id',
          'mv.created_at',
          'mv.created_by',
          'users.name as created_by_name',
        ])
        .orderBy('mv.id', page.order),
    page,
  );
}
export type MoveRow = Awaited<ReturnType<typeof pageMoves>>['records'][number];
