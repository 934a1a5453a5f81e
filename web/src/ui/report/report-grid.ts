import type { SizeRunGrid, StyleGridRecord } from '@erp/shared';
import { EXPORT_PAGE_SIZE, type ExportCell, type ExportKind } from '../list-page/export-plan.ts';
import { fenToSheetYuan } from '../money/sheet-yuan.ts';

// Pure shaping of the 尺码横排 grids for the table and for Excel, and the totals row of the reports.

/** The key of the 合计 row a report page puts on top of its rows. */
export const TOTAL_ROW_KEY = '__total__';

/**
 * A page with its totals as a row, so it lines up with the shown columns and goes into Excel: on
 * screen on top of every page; in an export (whole pages of EXPORT_PAGE_SIZE) once, after the last
 * row — a full page must stay full for the export to read on.
 */
export function withTotalsRow<T>(page: { records: T[]; total: number }, totalsRow: T, at: { page: number; limit: number }): { records: T[]; total: number } {
  if (!page.records.length) return page;
  if (at.limit < EXPORT_PAGE_SIZE) return { total: page.total, records: [totalsRow, ...page.records] };
  return at.page * at.limit >= page.total ? { total: page.total, records: [...page.records, totalsRow] } : page;
}

export interface GridTableRow {
  key: string;
  colourName: string;
  cells: number[];
  /** the SKU of each cell; null on the 合计 row and where the style has no such SKU */
  skuIds: (number | null)[];
  total: number;
  isTotal: boolean;
}

/** A style's grid as table rows: one per colour, then 合计 (the size totals). */
export function gridTableRows(record: SizeRunGrid): GridTableRow[] {
  const rows: GridTableRow[] = record.rows.map((row) => ({
    key: String(row.colourId),
    colourName: row.colourName,
    cells: row.quantities,
    skuIds: row.skuIds,
    total: row.total,
    isTotal: false,
  }));
  rows.push({ key: 'total', colourName: '合计', cells: record.sizeTotals, skuIds: record.sizes.map(() => null), total: record.total, isTotal: true });
  return rows;
}

/**
 * Size names of several styles in one column order: each style's run keeps its order, and a size
 * new to the list goes next to its neighbour in that run (S M L + M L XL -> S M L XL).
 */
export function mergeSizeRuns(runs: readonly (readonly string[])[]): string[] {
  const merged: string[] = [];
  for (const run of runs) {
    // sizes before the run's first known size go in front of it; a run with none known goes last
    const known = run.find((name) => merged.includes(name));
    let at = known === undefined ? merged.length - 1 : merged.indexOf(known) - 1;
    for (const name of run) {
      const found = merged.indexOf(name);
      if (found >= 0) at = found;
      else merged.splice(++at, 0, name);
    }
  }
  return merged;
}

/**
 * The grids as one sheet: a row per style (and warehouse) and colour under the merged size columns,
 * then 合计; with `withCost` also the cost price and value at cost (yuan).
 */
export function gridSheet(records: readonly StyleGridRecord[], withCost: boolean): { header: string[]; rows: ExportCell[][]; kinds: ExportKind[] } {
  const sizes = mergeSizeRuns(records.map((r) => r.sizes.map((s) => s.name)));
  const byWarehouse = records.some((r) => r.warehouseId !== null);
  const header = ['款号', '品名', ...(byWarehouse ? ['仓库'] : []), '颜色', ...sizes, '合计', ...(withCost ? ['成本价(元)', '成本金额(元)'] : [])];
  const rows: ExportCell[][] = [];
  const sizeTotals = sizes.map(() => 0);
  let quantity = 0;
  let value = 0;
  for (const record of records) {
    const column = record.sizes.map((s) => sizes.indexOf(s.name));
    for (const row of record.rows) {
      const cells: ExportCell[] = sizes.map(() => '');
      row.quantities.forEach((q, i) => {
        cells[column[i]!] = q;
        sizeTotals[column[i]!]! += q;
      });
      const cost = record.costPriceFen ?? 0;
      quantity += row.total;
      value += row.total * cost;
      rows.push([
        record.styleNo,
        record.productName,
        ...(byWarehouse ? [record.warehouseName] : []),
        row.colourName,
        ...cells,
        row.total,
        ...(withCost ? [fenToSheetYuan(cost), fenToSheetYuan(row.total * cost)] : []),
      ]);
    }
  }
  if (rows.length) rows.push(['合计', '', ...(byWarehouse ? [''] : []), '', ...sizeTotals, quantity, ...(withCost ? ['', fenToSheetYuan(value)] : [])]);
  // quantities and yuan as number cells with their formats (a SUM over them works)
  const kinds: ExportKind[] = [
    'text',
    'text',
    ...(byWarehouse ? (['text'] as const) : []),
    'text',
    ...sizes.map(() => 'quantity' as const),
    'quantity',
    ...(withCost ? (['money', 'money'] as const) : []),
  ];
  return { header, rows, kinds };
}
