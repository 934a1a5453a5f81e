import type { StockDocLineInput, StockDocRecord, StockImportLine, WarehouseOption } from '@erp/shared';

// 期初 screens: one row per warehouse with its live opening (a voided one frees the warehouse).

export interface OpeningRow {
  warehouse: WarehouseOption;
  /** the live (non-void) opening, when any */
  doc: StockDocRecord | null;
  /** voided openings of the warehouse */
  voided: number;
}

/** Warehouses that take stock (not the transit one), each with its live opening. */
export function openingRows(warehouses: readonly WarehouseOption[], docs: readonly StockDocRecord[]): OpeningRow[] {
  return warehouses
    .filter((w) => w.type !== 'transit')
    .map((warehouse) => {
      const own = docs.filter((d) => d.warehouseId === warehouse.id);
      return { warehouse, doc: own.find((d) => d.status !== 'void') ?? null, voided: own.filter((d) => d.status === 'void').length };
    });
}

export const isLocked = (row: OpeningRow) => row.doc?.status === 'posted';

export const openingInputs = (lines: readonly StockImportLine[]): StockDocLineInput[] =>
  lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity, unitCostFen: l.unitCostFen, shelfId: l.shelfId }));

export function openingTotals(lines: readonly { quantity: number; unitCostFen: number | null }[]) {
  return lines.reduce((t, l) => ({ quantity: t.quantity + l.quantity, amountFen: t.amountFen + l.quantity * (l.unitCostFen ?? 0) }), { quantity: 0, amountFen: 0 });
}
