import { dayBefore, INVENTORY_COLUMNS, isInventoryColumnKey, type InventoryReportRecord } from '@erp/shared';
import type { InventoryFilters, MovesFilter } from '../stock/stock-report-api.ts';

// 库存报表 drill-down: which moves make a figure. The server sums the same conditions, so the list
// adds up to the figure clicked.

export type InventoryFigureKey = 'openingQuantity' | 'closingQuantity' | (typeof INVENTORY_COLUMNS)[number]['key'];

/** The movements filter behind a figure of a row, or null when there is nothing to list (0, or no moves make it). */
export function drillFilter(row: InventoryReportRecord, figure: InventoryFigureKey, filters: InventoryFilters): MovesFilter | null {
  if (!row[figure]) return null;
  const item: MovesFilter = row.skuId !== null ? { skuId: row.skuId } : { productId: row.productId };
  const place = filters.warehouseId ? { warehouseId: filters.warehouseId } : {};
  if (figure === 'openingQuantity') {
    // every move before the period
    return filters.dateFrom ? { ...item, ...place, dateTo: dayBefore(filters.dateFrom) } : null;
  }
  if (figure === 'closingQuantity') return { ...item, ...place, ...(filters.dateTo ? { dateTo: filters.dateTo } : {}) };
  if (!isInventoryColumnKey(figure)) return null;
  return {
    ...item,
    ...place,
    ...(filters.dateFrom ? { dateFrom: filters.dateFrom } : {}),
    ...(filters.dateTo ? { dateTo: filters.dateTo } : {}),
    column: figure,
  };
}

/** What the drawer's title says about the figure: `调拨入 · 2026-02-01 至 2026-02-28`. */
export function drillCaption(figure: InventoryFigureKey, filters: InventoryFilters): string {
  const label = figure === 'openingQuantity' ? '期初结存' : figure === 'closingQuantity' ? '期末结存' : (INVENTORY_COLUMNS.find((c) => c.key === figure)?.label ?? figure);
  const from = filters.dateFrom ?? '';
  const to = filters.dateTo ?? '';
  if (figure === 'openingQuantity') return `${label} · ${from} 之前`;
  if (figure === 'closingQuantity') return to ? `${label} · 截至 ${to}` : label;
  if (!from && !to) return `${label} · 全部日期`;
  return `${label} · ${from || '最早'} 至 ${to || '今天'}`;
}
