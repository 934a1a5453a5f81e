import {
  quantityProblem,
  STOCK_QUANTITY_MAX,
  type QuantityRule,
  stockDocActionPermission,
  type PermissionCode,
  type StockDocAction,
  type StockDocDetail,
  type StockDocKind,
  type StockDocLineInput,
  type StockDocLineRecord,
} from '@erp/shared';
import type { Dayjs } from 'dayjs';
import type { ListParams } from '../../../ui/list-page/list-query.ts';
import type { DocFilters } from './stock-docs-api.ts';

// Pure rules of the document screens: editor lines, the size grid, differences, permissions.

/** One line in the editor (before saving): what the table shows and what is sent. */
export interface EditorLine {
  /** stable row key (sku:shelf) */
  key: string;
  skuId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  shelfId: number | null;
  /** as typed: null when empty, NaN when no number (QuantityInput) */
  quantity: number | null;
  boxNo: string;
  remark: string;
  /** unit price in yuan as typed (editors with a price column, e.g. a refund without an order); empty: not entered */
  priceYuan?: number | null;
}

/** A SKU as the pickers know it. */
export interface PickedSku {
  skuId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
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

export function updateLine(lines: readonly EditorLine[], key: string, patch: Partial<Pick<EditorLine, 'quantity' | 'boxNo' | 'remark' | 'priceYuan'>>): EditorLine[] {
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

export function toLineInputs(lines: readonly EditorLine[]): StockDocLineInput[] {
  return lines.map((l) => ({ skuId: l.skuId, shelfId: l.shelfId, quantity: l.quantity ?? 0, boxNo: l.boxNo || undefined, remark: l.remark || undefined }));
}

/** A saved document's SKU lines back into the editor. */
export function fromDetailLines(lines: readonly StockDocLineRecord[]): EditorLine[] {
  return lines
    .filter((l) => l.skuId !== null)
    .map((l) => ({
      key: lineKey(l.skuId!, l.shelfId),
      skuId: l.skuId!,
      styleNo: l.styleNo,
      productName: l.productName,
      colourName: l.colourName,
      sizeName: l.sizeName,
      barcode: l.barcode,
      shelfId: l.shelfId,
      quantity: l.quantity,
      boxNo: l.boxNo,
      remark: l.remark,
    }));
}

/** The quantity a line posts: scanned once scanning started, else expected (as the server). */
export const postedQuantity = (scanStarted: boolean, line: Pick<StockDocLineRecord, 'quantity' | 'actualQuantity'>) => (scanStarted ? (line.actualQuantity ?? 0) : line.quantity);

/** One row of the 差异 page: expected vs scanned per SKU. */
export interface DifferenceRow {
  key: string;
  skuId: number | null;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  shelfCodes: string;
  expected: number;
  scanned: number;
  /** scanned − expected */
  difference: number;
}

/** Lines summed per SKU (a SKU may sit on several shelves); `onlyDiffering` keeps rows with a difference. */
export function differenceRows(detail: Pick<StockDocDetail, 'scanStarted' | 'lines'>, onlyDiffering = false): DifferenceRow[] {
  const rows = new Map<string, DifferenceRow>();
  for (const line of detail.lines) {
    const key = line.skuId !== null ? `s${line.skuId}` : `m${line.materialId ?? line.id}`;
    const row = rows.get(key) ?? {
      key,
      skuId: line.skuId,
      styleNo: line.styleNo || line.materialCode,
      productName: line.productName || line.materialName,
      colourName: line.colourName,
      sizeName: line.sizeName,
      barcode: line.barcode,
      shelfCodes: '',
      expected: 0,
      scanned: 0,
      difference: 0,
    };
    row.expected += line.quantity;
    row.scanned += postedQuantity(detail.scanStarted, line);
    row.difference = row.scanned - row.expected;
    if (line.shelfCode && !row.shelfCodes.split('、').includes(line.shelfCode)) row.shelfCodes = row.shelfCodes ? `${row.shelfCodes}、${line.shelfCode}` : line.shelfCode;
    rows.set(key, row);
  }
  const all = [...rows.values()];
  return onlyDiffering ? all.filter((r) => r.difference !== 0) : all;
}

export function differenceTotals(rows: readonly DifferenceRow[]) {
  return rows.reduce(
    (t, r) => ({ expected: t.expected + r.expected, scanned: t.scanned + r.scanned, short: t.short + Math.max(0, -r.difference), over: t.over + Math.max(0, r.difference) }),
    { expected: 0, scanned: 0, short: 0, over: 0 },
  );
}

export function hasDifference(detail: Pick<StockDocDetail, 'scanStarted' | 'lines'>): boolean {
  return detail.lines.some((l) => postedQuantity(detail.scanStarted, l) !== l.quantity);
}

/** The permission code of each action per kind (the server checks the same table). */
export const actionPermission = stockDocActionPermission;

/** The actions to offer: the ones the status machine opens and the user's codes allow. */
export function allowedActions(kind: StockDocKind, actions: readonly StockDocAction[], can: (code: PermissionCode) => boolean): StockDocAction[] {
  return actions.filter((a) => can(actionPermission(kind, a)));
}

/** The list's form values: the filters plus the date range picker's value. */
export type DocListFilters = Omit<DocFilters, 'from' | 'to'> & { range?: [Dayjs | null, Dayjs | null] | null };

/** DocListFilters → the query: the range becomes from/to (yyyy-mm-dd). */
export function toDocQuery(params: ListParams<DocListFilters>): ListParams<DocFilters> {
  const { range, ...rest } = params;
  const [from, to] = range ?? [];
  return { ...rest, ...(from ? { from: from.format('YYYY-MM-DD') } : {}), ...(to ? { to: to.format('YYYY-MM-DD') } : {}) };
}
