import {
  buildSizeRunGrid,
  isStockDocType,
  STOCK_DOC_TYPE_LABELS,
  StockReportMessages,
  thumbnailUrl,
  type InTransitPage,
  type InventoryColumnKey,
  type InventoryReportPage,
  type StockDocKind,
  type StockMoveDetailRecord,
  type StyleGridPage,
  type StyleGridRecord,
  type StyleGridTotals,
  type WarehouseSummaryPage,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { isHqScope, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import * as transitRepo from './in-transit.repo.ts';
import * as inventoryRepo from './inventory.repo.ts';
import { columnOf, inColumn } from './ledger-columns.ts';
import { dayRange, withinRange } from './report-filters.ts';
import * as movesRepo from './report-moves.repo.ts';
import type { InTransitSort, InventorySort, StyleGridSort, WarehouseSummarySort } from './stock-reports.schema.ts';
import { holdsFewGoods } from '../stock/stock-read.service.ts';
import * as gridRepo from './style-grid.repo.ts';

// 库存报表: read-only views over the ledger in the caller's warehouse scope. Cost figures (cost
// price, value at cost, unit cost) are HQ's only: other callers' answers carry no cost fields.

const hqOnly = <T>(scope: WarehouseScope, value: T): T | undefined => (isHqScope(scope) ? value : undefined);

/** 尺码横排: one page of styles (or style × warehouse) as colour × size grids (the totals: styleGridTotals). */
export async function styleGrid(db: Db, scope: WarehouseScope, filter: gridRepo.GoodsFilter, byWarehouse: boolean, params: ListParams<StyleGridSort>): Promise<StyleGridPage> {
  const fewGoods = params.sortColumn === 'style_no' && (await holdsFewGoods(db, scope, filter));
  const groups = await gridRepo.pageStyleGroups(db, scope, filter, byWarehouse, params, fewGoods);
  const paging = groups.totalCapped ? { total: groups.total, totalCapped: true } : { total: groups.total };
  if (groups.records.length === 0) return { records: [], ...paging };

  const productIds = [...new Set(groups.records.map((g) => g.productId))];
  const warehouseIds = [...new Set(groups.records.map((g) => g.warehouseId).filter((id): id is number => id !== null))];
  const place = { warehouseId: filter.warehouseId, shelfId: filter.shelfId };
  const [cells, axes, products, warehouses] = await Promise.all([
    gridRepo.gridCells(db, scope, place, productIds, byWarehouse),
    gridRepo.styleAxes(db, productIds),
    gridRepo.productsOf(db, productIds),
    warehouseIds.length ? gridRepo.warehouseNames(db, warehouseIds) : Promise.resolve([]),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const warehouseName = new Map(warehouses.map((w) => [w.id, w.name]));

  const records = groups.records.map((group): StyleGridRecord => {
    const product = productById.get(group.productId)!;
    const mine = axes.filter((a) => a.product_id === group.productId);
    const grid = buildSizeRunGrid(
      mine.map((a) => ({ id: a.size_id, name: a.size_name, sort: a.size_sort })),
      mine.map((a) => ({ id: a.colour_id, name: a.colour_name, sort: a.colour_sort })),
      cells
        .filter((c) => c.product_id === group.productId && c.warehouse_id === group.warehouseId)
        .map((c) => ({ colourId: c.colour_id, sizeId: c.size_id, quantity: Number(c.quantity) })),
      { skus: mine.map((a) => ({ id: a.sku_id, colourId: a.colour_id, sizeId: a.size_id })) },
    );
    return {
      productId: product.id,
      styleNo: product.style_no,
      productName: product.name,
      brandName: product.brand_name,
      categoryName: product.category_name,
      thumbnailUrl: thumbnailUrl(product.main_image),
      warehouseId: group.warehouseId,
      warehouseName: group.warehouseId === null ? '' : (warehouseName.get(group.warehouseId) ?? ''),
      ...grid,
      costPriceFen: hqOnly(scope, product.cost_price_fen),
      valueFen: hqOnly(scope, grid.total * product.cost_price_fen),
    };
  });
  return { records, ...paging };
}

/** 尺码横排's whole filter: how many grids, pieces, and (HQ) value at cost. */
export async function styleGridTotals(db: Db, scope: WarehouseScope, filter: gridRepo.GoodsFilter, byWarehouse: boolean): Promise<StyleGridTotals> {
  const { total, quantity, valueFen } = await gridRepo.gridTotals(db, scope, filter, byWarehouse);
  return { total, quantity, valueFen: hqOnly(scope, valueFen) };
}

/** 按仓库汇总: goods stock per warehouse (and value at cost for HQ). */
export async function warehouseSummary(db: Db, scope: WarehouseScope, filter: gridRepo.GoodsFilter, params: ListParams<WarehouseSummarySort>): Promise<WarehouseSummaryPage> {
  const { records, total, totals } = await gridRepo.pageWarehouseSummary(db, scope, filter, params);
  return {
    total,
    records: records.map((r) => ({
      warehouseId: r.warehouse_id,
      warehouseCode: r.warehouse_code,
      warehouseName: r.warehouse_name,
      warehouseType: r.warehouse_type,
      styleCount: Number(r.style_count),
      skuCount: Number(r.sku_count),
      quantity: Number(r.quantity),
      valueFen: hqOnly(scope, Number(r.value)),
    })),
    totals: {
      styleCount: Number(totals.style_count),
      skuCount: Number(totals.sku_count),
      quantity: Number(totals.quantity),
      valueFen: hqOnly(scope, Number(totals.value)),
    },
  };
}

export interface ReportMovesQuery extends movesRepo.MoveItem {
  warehouseId?: number;
  dateFrom?: string;
  dateTo?: string;
  column?: InventoryColumnKey;
}

/** An item's (a SKU's, a style's SKUs' or a material's) moves with documents and running balances. */
export async function reportMoves(db: Db, scope: WarehouseScope, query: ReportMovesQuery, params: ListParams<string>) {
  const items = [query.skuId, query.productId, query.materialId].filter((id) => id !== undefined);
  if (items.length !== 1) throw badRequest(StockReportMessages.itemRequired);
  const range = dayRange(query.dateFrom, query.dateTo);
  const conditions = [withinRange('mv.created_at', range)];
  if (query.column) conditions.push(inColumn(columnOf(query.column), 'mv'));
  const { records, total } = await movesRepo.pageReportMoves(db, scope, { ...query, conditions }, params);
  return { total, records: records.map((row) => toMoveDetail(row, scope)) };
}

function toMoveDetail(row: movesRepo.ReportMoveRow, scope: WarehouseScope): StockMoveDetailRecord {
  const isReversal = row.reverses_move_id !== null;
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    shelfCode: row.shelf_code ?? '',
    skuId: row.sku_id,
    styleNo: row.style_no ?? '',
    colourName: row.colour_name ?? '',
    sizeName: row.size_name ?? '',
    barcode: row.barcode ?? '',
    materialId: row.material_id,
    materialCode: row.material_code ?? '',
    materialName: row.material_name ?? '',
    quantity: row.quantity,
    direction: row.quantity > 0 !== isReversal ? 'in' : 'out',
    balanceAfter: Number(row.balance_after),
    docType: row.doc_type,
    docTypeName: isStockDocType(row.doc_type) ? STOCK_DOC_TYPE_LABELS[row.doc_type] : row.doc_type,
    docId: row.doc_id,
    docKind: (row.doc_kind as StockDocKind | null) ?? null,
    docNo: row.doc_no ?? '',
    isReversal,
    createdByName: row.created_by_name ?? '',
    ...(isHqScope(scope) ? { unitCostFen: row.unit_cost_fen } : {}),
  };
}

/** 在途统计: shipped, not yet received transfers touching the caller's warehouses. */
export async function inTransit(
  db: Db,
  scope: WarehouseScope,
  query: { warehouseId?: number; dateFrom?: string; dateTo?: string; keyword?: string },
  params: ListParams<InTransitSort>,
): Promise<InTransitPage> {
  const shipped = dayRange(query.dateFrom, query.dateTo);
  const { records, totals } = await transitRepo.pageInTransit(db, scope, { warehouseId: query.warehouseId, keyword: query.keyword, shipped }, params);
  return {
    total: Number(totals.n),
    records: records.map((r) => ({
      id: r.id,
      docNo: r.doc_no,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      toWarehouseId: r.to_warehouse_id,
      toWarehouseName: r.to_warehouse_name ?? '',
      shippedAt: r.shipped_at ? r.shipped_at.toISOString() : null,
      shippedByName: r.shipped_by_name ?? '',
      daysInTransit: Math.max(0, Number(r.days ?? 0)),
      quantity: Number(r.quantity),
      lineCount: Number(r.line_count),
      remark: r.remark,
      valueFen: hqOnly(scope, Number(r.value)),
    })),
    totals: { quantity: Number(totals.quantity), lineCount: Number(totals.line_count), valueFen: hqOnly(scope, Number(totals.value)) },
  };
}

/** 库存报表 (进销存) for a period, per SKU or per style. */
export async function inventoryReport(
  db: Db,
  scope: WarehouseScope,
  query: Omit<inventoryRepo.InventoryFilter, 'range'> & { dateFrom?: string; dateTo?: string },
  params: ListParams<InventorySort>,
): Promise<InventoryReportPage> {
  const { dateFrom, dateTo, ...rest } = query;
  const { records, totals } = await inventoryRepo.pageInventory(db, scope, { ...rest, range: dayRange(dateFrom, dateTo) }, params);
  return {
    total: Number(totals.n),
    records: records.map((r) => ({
      key: `${query.groupBy}:${r.item_id}`,
      productId: r.product_id,
      styleNo: r.style_no,
      productName: r.product_name,
      skuId: query.groupBy === 'sku' ? r.item_id : null,
      colourName: r.colour_name ?? '',
      sizeName: r.size_name ?? '',
      barcode: r.barcode ?? '',
      ...inventoryRepo.toFigures(r),
    })),
    totals: inventoryRepo.toFigures(totals),
  };
}
