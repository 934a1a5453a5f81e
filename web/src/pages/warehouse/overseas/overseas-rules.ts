import type { OverseasComparisonLine, StockDocLineInput, StockDocLineRecord, StockImportLine } from '@erp/shared';

// 海外仓 screens: snapshot lines (imported counts) and the comparison's totals.

export interface SnapshotLine {
  skuId: number;
  barcode: string;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  counted: number;
}

export const snapshotFromImport = (lines: readonly StockImportLine[]): SnapshotLine[] =>
  lines.map((l) => ({ skuId: l.skuId, barcode: l.barcode, styleNo: l.styleNo, productName: l.productName, colourName: l.colourName, sizeName: l.sizeName, counted: l.quantity }));

export const snapshotFromDetail = (lines: readonly StockDocLineRecord[]): SnapshotLine[] =>
  lines
    .filter((l) => l.skuId !== null)
    .map((l) => ({
      skuId: l.skuId!,
      barcode: l.barcode,
      styleNo: l.styleNo,
      productName: l.productName,
      colourName: l.colourName,
      sizeName: l.sizeName,
      counted: l.actualQuantity ?? 0,
    }));

/**
 * Snapshot lines as sent: the count in actualQuantity. The server sets quantity to the book, but
 * the generic line check wants 1…1 000 000 there, so a count (at least 1) stands in.
 */
export const snapshotInputs = (lines: readonly SnapshotLine[]): StockDocLineInput[] =>
  lines.map((l) => ({ skuId: l.skuId, quantity: Math.max(1, l.counted), actualQuantity: l.counted }));

export function comparisonTotals(rows: readonly OverseasComparisonLine[]) {
  return rows.reduce(
    (t, r) => ({ counted: t.counted + r.counted, bookNow: t.bookNow + r.bookNow, received: t.received + r.receivedTotal, difference: t.difference + (r.difference ?? 0) }),
    { counted: 0, bookNow: 0, received: 0, difference: 0 },
  );
}
