import type { RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { fetchPage } from '../../db/paging.ts';
import { warehousesInScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';

// An item's movements with their documents (库存查询's drawer, and the drill-down of 库存报表): the
// running balance is computed over every move of the item in each warehouse in scope, before the
// date and column conditions pick the rows shown, so it is the true balance after each move.

export interface MoveItem {
  skuId?: number;
  /** every SKU of the style */
  productId?: number;
  materialId?: number;
}

export interface MoveFilter extends MoveItem {
  warehouseId?: number;
  /** conditions on alias `mv` (date range, inventory column) */
  conditions: RawBuilder<SqlBool>[];
}

export function pageReportMoves(db: Db, scope: WarehouseScope, filter: MoveFilter, page: { limit: number; offset: number; order: 'asc' | 'desc' }) {
  let base = db
    .with('mv', (qb) => {
      let q = qb
        .selectFrom('stock_moves as m')
        .innerJoin('warehouses', 'warehouses.id', 'm.warehouse_id')
        .where((eb) => warehousesInScope(eb, scope));
      if (filter.skuId !== undefined) q = q.where('m.sku_id', '=', filter.skuId);
      else if (filter.productId !== undefined) q = q.where('m.sku_id', 'in', (eb) => eb.selectFrom('skus').select('skus.id').where('skus.product_id', '=', filter.productId!));
      else q = q.where('m.material_id', '=', filter.materialId!);
      if (filter.warehouseId !== undefined) q = q.where('m.warehouse_id', '=', filter.warehouseId);
      return q.select((eb) => [
        'm.id',
        'm.warehouse_id',
        'warehouses.name as warehouse_name',
        'm.shelf_id',
        'm.sku_id',
        'm.material_id',
        'm.quantity',
        'm.unit_cost_fen',
        'm.doc_type',
        'm.document_type',
        'm.doc_id',
        'm.reverses_move_id',
        'm.created_at',
        'm.created_by',
        eb.fn
          .sum<string>('m.quantity')
          .over((ob) => ob.partitionBy(['m.warehouse_id', 'm.sku_id', 'm.material_id']).orderBy('m.id'))
          .as('balance_after'),
      ]);
    })
    .selectFrom('mv');
  for (const condition of filter.conditions) base = base.where(condition);
  return fetchPage(
    base,
    (q) =>
      q
        .leftJoin('shelves as s', 's.id', 'mv.shelf_id')
        .$call((q) => joinSkuLabel(q, 'mv.sku_id'))
        .leftJoin('materials as mt', 'mt.id', 'mv.material_id')
        .leftJoin('users as u', 'u.id', 'mv.created_by')
        // the move's document: a stock document when its registered type says so
        .leftJoin('stock_docs as d', (join) => join.onRef('d.id', '=', 'mv.doc_id').on('mv.document_type', '=', 'stock_doc'))
        .select([
          'mv.id',
          'mv.created_at',
          'mv.warehouse_id',
          'mv.warehouse_name',
          's.code as shelf_code',
          'mv.sku_id',
          'p.style_no',
          'c.name as colour_name',
          'z.name as size_name',
          'k.barcode',
          'mv.material_id',
          'mt.code as material_code',
          'mt.name as material_name',
          'mv.quantity',
          'mv.balance_after',
          'mv.unit_cost_fen',
          'mv.doc_type',
          'mv.doc_id',
          'd.kind as doc_kind',
          'd.doc_no',
          'mv.reverses_move_id',
          'u.name as created_by_name',
        ])
        .orderBy('mv.id', page.order),
    page,
  );
}
export type ReportMoveRow = Awaited<ReturnType<typeof pageReportMoves>>['records'][number];
