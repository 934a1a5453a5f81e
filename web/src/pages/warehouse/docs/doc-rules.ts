import {
  stockDocActionPermission,
  type PermissionCode,
  type StockDocAction,
  type StockDocDetail,
  type StockDocKind,
  type StockDocLineInput,
  type StockDocLineRecord,
} from '@erp/shared';
import type { Dayjs } from 'dayjs';
import type { ListParams } from '../../../api/list-params.ts';
import type { DocFilters } from '../../../api/stock-docs.ts';
import { lineKey, type EditorLine } from '../../../ui/document/lines-rules.ts';

// Pure rules of the stock document screens: lines to and from the API, differences, permissions
// (the editor's own line rules are the kit's: ui/document/lines-rules.ts).

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
