import { barcodeProblem, barcodeTaken, compareSizeRows } from '@erp/shared';
import type { SkuRecord } from '../../../api/products.ts';

// The colour × size SKU grid: the form's preview of what a save does (new cells, kept SKUs,
// dropped ones the server disables), the barcode typed per new cell, and the detail grid.

/** A form with the same barcode twice. */
export const barcodeDuplicate = (code: string) => `条码“${code}”重复`;

export const cellKey = (colourId: number, sizeId: number) => `${colourId}:${sizeId}`;

export interface GridColourInfo {
  id: number;
  code: string;
  name: string;
  hex: string;
}
export interface GridSizeInfo {
  id: number;
  name: string;
  sort: number;
}

export type GridCell =
  /** chosen, no SKU yet: a barcode may be typed */
  | { kind: 'new'; colourId: number; sizeId: number }
  /** chosen, the SKU exists (its barcode is fixed here) */
  | { kind: 'existing'; colourId: number; sizeId: number; sku: SkuRecord }
  /** no longer chosen: an active SKU the server will disable */
  | { kind: 'dropping'; colourId: number; sizeId: number; sku: SkuRecord }
  /** no longer chosen and already disabled */
  | { kind: 'disabled'; colourId: number; sizeId: number; sku: SkuRecord }
  | { kind: 'none'; colourId: number; sizeId: number };

export interface GridPreview {
  colours: (GridColourInfo & { chosen: boolean })[];
  sizes: (GridSizeInfo & { chosen: boolean })[];
  /** row by row, in the order of `colours` and `sizes` */
  rows: GridCell[][];
  newCount: number;
  droppingCount: number;
}

/**
 * What saving would do to the SKUs: rows are the chosen colours in the order picked, then
 * colours that only old SKUs have; columns are sizes in size order (chosen and old together).
 */
export function gridPreview(
  colourIds: readonly number[],
  sizeIds: readonly number[],
  existing: readonly SkuRecord[],
  colourInfo: (id: number) => GridColourInfo,
  sizeInfo: (id: number) => GridSizeInfo,
): GridPreview {
  const chosenColours = new Set(colourIds);
  const chosenSizes = new Set(sizeIds);
  const colourOrder = [...colourIds];
  for (const s of existing) if (!colourOrder.includes(s.colourId)) colourOrder.push(s.colourId);
  const sizeSet = new Set(sizeIds);
  for (const s of existing) sizeSet.add(s.sizeId);
  const sizes = [...sizeSet].map((id) => ({ ...sizeInfo(id), chosen: chosenSizes.has(id) })).sort(compareSizeRows);
  const colours = colourOrder.map((id) => ({ ...colourInfo(id), chosen: chosenColours.has(id) }));
  const byCell = new Map(existing.map((s) => [cellKey(s.colourId, s.sizeId), s]));
  let newCount = 0;
  let droppingCount = 0;
  const rows = colours.map((c) =>
    sizes.map((s): GridCell => {
      const sku = byCell.get(cellKey(c.id, s.id));
      const chosen = c.chosen && s.chosen;
      if (chosen && sku) return { kind: 'existing', colourId: c.id, sizeId: s.id, sku };
      if (chosen) {
        newCount += 1;
        return { kind: 'new', colourId: c.id, sizeId: s.id };
      }
      if (sku && sku.status === 'active') {
        droppingCount += 1;
        return { kind: 'dropping', colourId: c.id, sizeId: s.id, sku };
      }
      if (sku) return { kind: 'disabled', colourId: c.id, sizeId: s.id, sku };
      return { kind: 'none', colourId: c.id, sizeId: s.id };
    }),
  );
  return { colours, sizes, rows, newCount, droppingCount };
}

/**
 * The problem of each typed barcode of a new cell (key → message): format and check digit,
 * the same code twice in the form, or a code this product's SKUs already carry.
 */
export function barcodeProblems(typed: Readonly<Record<string, string>>, newCells: ReadonlySet<string>, existing: readonly SkuRecord[]): Map<string, string> {
  const problems = new Map<string, string>();
  const taken = new Set(existing.map((s) => s.barcode));
  const count = new Map<string, number>();
  for (const [key, raw] of Object.entries(typed)) {
    const code = raw.trim();
    if (newCells.has(key) && code) count.set(code, (count.get(code) ?? 0) + 1);
  }
  for (const [key, raw] of Object.entries(typed)) {
    const code = raw.trim();
    if (!newCells.has(key) || !code) continue;
    const problem = barcodeProblem(code) ?? (taken.has(code) ? barcodeTaken(code) : (count.get(code) ?? 0) > 1 ? barcodeDuplicate(code) : null);
    if (problem) problems.set(key, problem);
  }
  return problems;
}

export interface DetailGridRow {
  colour: { id: number; code: string; name: string; hex: string };
  /** sizeId → the SKU */
  cells: Map<number, SkuRecord>;
  /** SKUs of this colour, and those active */
  count: number;
  active: number;
}

export interface DetailGrid {
  sizes: { id: number; name: string }[];
  rows: DetailGridRow[];
  total: number;
  active: number;
}

/**
 * The saved SKUs as a grid: colours in the server's order (colour sort), sizes in size order:
 * the size groups' sort when every size's is known (`sortOf`), else by name (F, S, M, L, XL…,
 * then numeric sizes).
 */
export function detailGrid(skus: readonly SkuRecord[], sortOf: (sizeId: number) => number | undefined = () => undefined): DetailGrid {
  const rows: DetailGridRow[] = [];
  const sizes = new Map<number, { id: number; name: string }>();
  for (const sku of skus) {
    let row = rows.find((r) => r.colour.id === sku.colourId);
    if (!row) {
      row = { colour: { id: sku.colourId, code: sku.colourCode, name: sku.colourName, hex: sku.colourHex }, cells: new Map(), count: 0, active: 0 };
      rows.push(row);
    }
    row.cells.set(sku.sizeId, sku);
    row.count += 1;
    if (sku.status === 'active') row.active += 1;
    sizes.set(sku.sizeId, { id: sku.sizeId, name: sku.sizeName });
  }
  const list = [...sizes.values()];
  const known = list.every((s) => sortOf(s.id) !== undefined);
  const ordered = list.map((s) => ({ ...s, sort: known ? sortOf(s.id)! : 0 })).sort(compareSizeRows);
  return { sizes: ordered.map(({ id, name }) => ({ id, name })), rows, total: skus.length, active: skus.filter((s) => s.status === 'active').length };
}
