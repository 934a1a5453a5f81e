import { quantityProblem, STOCK_QUANTITY_MAX, type QuantityRule } from '@erp/shared';
import type { BarcodeHit } from '../../api/doc-items.ts';
import type { ProductDetail } from '../../api/products.ts';

// Pure rules of the lines editor kit (LinesEditor.tsx): lines keyed by SKU and shelf, merging,
// the size grid, totals, and the one quantity rule that blocks saving.

/** A SKU as the pickers know it. */
export interface PickedSku {
  skuId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
}

/** A scanned barcode's SKU as the editor picks it. */
export const skuOfHit = (hit: BarcodeHit): PickedSku => ({
  skuId: hit.id,
  styleNo: hit.styleNo,
  productName: hit.name,
  colourName: hit.colourName,
  sizeName: hit.sizeName,
  barcode: hit.barcode,
});

/** The product's enabled SKUs as pickable items (by colour, then size, as the server orders them). */
export function skusOfProduct(product: ProductDetail): PickedSku[] {
  return product.skus
    .filter((s) => s.status === 'active')
    .map((s) => ({ skuId: s.id, styleNo: product.styleNo, productName: product.name, colourName: s.colourName, sizeName: s.sizeName, barcode: s.barcode }));
}

/** One line in the editor (before saving): what the table shows and what is sent. */
export interface EditorLine extends PickedSku {
  /** stable row key (sku:shelf) */
  key: string;
  shelfId: number | null;
  /** as typed: null when empty, NaN when no number (QuantityInput) */
  quantity: number | null;
  boxNo: string;
  remark: string;
  /** unit price in fen, typed in yuan through YuanInput (editors with a price column, e.g. a refund without an order); empty: not entered */
  priceFen?: number | null;
}

/** A document line's quantity: 1 to STOCK_QUANTITY_MAX pieces, required. */
export const LINE_QUANTITY_RULE: QuantityRule = { min: 1, max: STOCK_QUANTITY_MAX, required: true };

// merged quantities add up, never capped: a sum past the limit shows red on its line
const plus = (a: number | null, b: number | null) => (a ?? 0) + (b ?? 0);

export const lineKey = (skuId: number, shelfId: number | null) => `${skuId}:${shelfId ?? 0}`;

/** Adds `quantity` of a SKU on a shelf: to its line when there is one, else as a new line at the end. */
export function addToLines(lines: readonly EditorLine[], sku: PickedSku, quantity: number, shelfId: number | null = null): EditorLine[] {
  const key = lineKey(sku.skuId, shelfId);
  const at = lines.findIndex((l) => l.key === key);
  if (at >= 0) {
    const next = [...lines];
    next[at] = { ...lines[at]!, quantity: plus(lines[at]!.quantity, quantity) };
    return next;
  }
  return [...lines, { ...sku, key, shelfId, quantity, boxNo: '', remark: '' }];
}

/** A colour × size grid: quantities by SKU id (empty or 0 cells add nothing). */
export type SizeGrid = Readonly<Record<number, number | null | undefined>>;

/** The grid's SKUs with a quantity, added to the lines (same SKU and shelf: quantities add up). */
export function gridToLines(lines: readonly EditorLine[], skus: readonly PickedSku[], grid: SizeGrid, shelfId: number | null = null): EditorLine[] {
  let next = [...lines];
  for (const sku of skus) {
    const quantity = grid[sku.skuId];
    if (typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0) next = addToLines(next, sku, quantity, shelfId);
  }
  return next;
}

/** Moves a line to another shelf; merges into the line already on that shelf for the same SKU. */
export function setLineShelf(lines: readonly EditorLine[], key: string, shelfId: number | null): EditorLine[] {
  const line = lines.find((l) => l.key === key);
  if (!line) return [...lines];
  const newKey = lineKey(line.skuId, shelfId);
  if (newKey === key) return [...lines];
  const rest = lines.filter((l) => l.key !== key);
  const target = rest.findIndex((l) => l.key === newKey);
  if (target >= 0) {
    rest[target] = { ...rest[target]!, quantity: plus(rest[target]!.quantity, line.quantity) };
    return rest;
  }
  const at = lines.findIndex((l) => l.key === key);
  rest.splice(at, 0, { ...line, key: newKey, shelfId });
  return rest;
}

export function updateLine(lines: readonly EditorLine[], key: string, patch: Partial<Pick<EditorLine, 'quantity' | 'boxNo' | 'remark' | 'priceFen'>>): EditorLine[] {
  return lines.map((l) => (l.key === key ? { ...l, ...patch } : l));
}

export function removeLine(lines: readonly EditorLine[], key: string): EditorLine[] {
  return lines.filter((l) => l.key !== key);
}

/** Shelves that belong to another warehouse are cleared when the warehouse changes. */
export function clearShelves(lines: readonly EditorLine[]): EditorLine[] {
  let next: EditorLine[] = [];
  for (const line of lines) {
    const moved = { ...line, shelfId: null, key: lineKey(line.skuId, null) };
    const at = next.findIndex((l) => l.key === moved.key);
    if (at >= 0) next[at] = { ...next[at]!, quantity: plus(next[at]!.quantity, moved.quantity) };
    else next = [...next, moved];
  }
  return next;
}

export function editorTotals(lines: readonly EditorLine[]): { lines: number; quantity: number } {
  return { lines: lines.length, quantity: lines.reduce((sum, l) => sum + (l.quantity !== null && Number.isFinite(l.quantity) ? l.quantity : 0), 0) };
}

/** The first line whose quantity is bad, named (第n行：…), or null: it blocks saving. */
export function editorQuantitiesProblem(lines: readonly EditorLine[], rule: QuantityRule = LINE_QUANTITY_RULE): string | null {
  for (const [i, line] of lines.entries()) {
    const problem = quantityProblem(line.quantity, rule);
    if (problem) return `第${i + 1}行：${problem}`;
  }
  return null;
}

/** The first problem of the lines (the server checks too; this saves a round trip), or null. */
export function editorLinesProblem(lines: readonly EditorLine[]): string | null {
  if (lines.length === 0) return '请至少添加一行明细';
  return editorQuantitiesProblem(lines);
}
