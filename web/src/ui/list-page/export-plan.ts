import { EMPTY_DISPLAY, MAX_PAGE_SIZE, type PageResult } from '@erp/shared';
import { fenToSheetYuan } from '../money/sheet-yuan.ts';

/** Export reads the current query page after page at the largest size the server allows. */
export const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;
/** One export holds at most this many rows; beyond it the user narrows the search. */
export const EXPORT_MAX_ROWS = 50_000;

/** A sheet cell: text, a number, or null for an empty cell. */
export type ExportCell = string | number | null;

/**
 * What a column holds, for Excel: `money` reads fen and writes yuan as a number with 2 decimals
 * (`#,##0.00`), `quantity` a whole number (`#,##0`), so SUM works; `text` and `date` stay as read.
 */
export type ExportKind = 'money' | 'quantity' | 'text' | 'date';

/** The number format of a kind's cells (none: General). */
export const EXPORT_NUMBER_FORMATS: Partial<Record<ExportKind, string>> = { money: '#,##0.00', quantity: '#,##0' };

/** What export needs of a column: header text and how to read a cell. */
export interface ExportColumn<Row> {
  key: string;
  title: string;
  /** a field of the row (or a path), read when there is no exportValue */
  dataIndex?: string | number | readonly (string | number)[];
  /** the cell as text or number, e.g. status -> its label; for `money` the amount in fen */
  exportValue?: (row: Row) => ExportCell | undefined;
  kind?: ExportKind;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `<title>-YYYYMMDD-HHmmss.xlsx` in local time; characters a file name cannot hold become _. */
export function exportFileName(title: string, at: Date): string {
  const safe = title.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || '导出';
  const date = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${safe}-${date}-${time}.xlsx`;
}

/** A worksheet name Excel accepts: no []:*?/\ and at most 31 characters. */
export function sheetName(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]/g, '_')
      .slice(0, 31)
      .trim() || 'Sheet1'
  );
}

function readPath(row: unknown, path: ExportColumn<unknown>['dataIndex']): unknown {
  if (path === undefined) return undefined;
  const steps = Array.isArray(path) ? path : [path];
  let value: unknown = row;
  for (const step of steps) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/**
 * One cell: exportValue, else the field. Numbers stay numbers; money (fen) becomes yuan, a
 * quantity a whole number; empty (null, undefined, blank text, --, not a number) is an empty cell
 * rather than the screen's -- so sums and filters in Excel work.
 */
export function exportCell<Row>(row: Row, column: ExportColumn<Row>): ExportCell {
  const value = column.exportValue ? column.exportValue(row) : readPath(row, column.dataIndex ?? column.key);
  if (column.kind === 'money') {
    const fen = toNumber(value);
    return fen === null ? null : fenToSheetYuan(fen);
  }
  if (column.kind === 'quantity') {
    const quantity = toNumber(value);
    return quantity === null ? null : Math.round(quantity);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value === null || value === undefined) return null;
  const text = String(value);
  // the screen's empty mark (an exportValue through formatDateTime …) is an empty cell too
  return text.trim() === '' || text === EMPTY_DISPLAY ? null : text;
}

export function toSheetRows<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[]): ExportCell[][] {
  return rows.map((row) => columns.map((column) => exportCell(row, column)));
}

/** Display width in Excel character units: CJK and full-width characters count 2. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return width;
}

/** Column widths from the header and (a sample of) the rows, padded and kept within 8..50. */
export function columnWidths(header: readonly string[], rows: readonly ExportCell[][], sample = 1000): number[] {
  return header.map((title, i) => {
    let widest = textWidth(title);
    for (const row of rows.slice(0, sample)) {
      const cell = row[i];
      widest = Math.max(widest, textWidth(typeof cell === 'number' ? cell.toLocaleString('en-US', { maximumFractionDigits: 2 }) : (cell ?? '')));
    }
    return Math.min(50, Math.max(8, widest + 2));
  });
}

export type ExportPlan = { kind: 'empty' } | { kind: 'too-many'; total: number; cap: number; atLeast?: boolean } | { kind: 'pages'; total: number; pages: number; open?: boolean };

/**
 * How many pages of `pageSize` to read for `total` rows, or why not to. A capped total (the list
 * stopped counting, PageResult.totalCapped) is a lower bound: at or over the cap it is too many;
 * under it (a list that counts nothing while pages are full, such as 尺码横排) the pages are read
 * until a short one, at most one past the cap (`open`, total unknown: 0).
 */
export function planExport(total: number, pageSize = EXPORT_PAGE_SIZE, cap = EXPORT_MAX_ROWS, capped = false): ExportPlan {
  if (capped && total >= cap) return { kind: 'too-many', total, cap, atLeast: true };
  if (capped) return { kind: 'pages', total: 0, pages: Math.ceil(cap / pageSize) + 1, open: true };
  if (total <= 0) return { kind: 'empty' };
  if (total > cap) return { kind: 'too-many', total, cap };
  return { kind: 'pages', total, pages: Math.ceil(total / pageSize) };
}

export function tooManyMessage(total: number, cap: number, atLeast = false): string {
  return `当前查询${atLeast ? '超过' : '共'} ${total} 条，超过单次导出上限 ${cap} 条，请缩小查询范围（如增加筛选条件）后再导出。`;
}

export type ExportRows<Row> = { kind: 'empty' } | { kind: 'too-many'; total: number; cap: number; atLeast?: boolean } | { kind: 'rows'; total: number; rows: Row[] };

export interface FetchAllOptions<Row> {
  pageSize?: number;
  cap?: number;
  signal?: AbortSignal;
  /** rows read so far and the total, after each page */
  onProgress?: (loaded: number, total: number) => void;
  /** rows seen twice (a row moved between pages while reading) are kept once */
  keyOf?: (row: Row) => unknown;
}

/**
 * Reads every page of the current query with `fetchPage(page, limit)`. The first page tells
 * the total; above the cap nothing more is read. Stops early on a short page. A capped total under
 * the cap (see planExport) is read until a short page, refused once the rows pass the cap.
 */
export async function fetchAllRows<Row>(
  fetchPage: (page: number, limit: number, signal?: AbortSignal) => Promise<PageResult<Row>>,
  options: FetchAllOptions<Row> = {},
): Promise<ExportRows<Row>> {
  const { pageSize = EXPORT_PAGE_SIZE, cap = EXPORT_MAX_ROWS, signal, onProgress, keyOf } = options;
  const first = await fetchPage(1, pageSize, signal);
  const plan = planExport(first.total, pageSize, cap, first.totalCapped === true);
  if (plan.kind !== 'pages') return plan;

  const rows: Row[] = [];
  const seen = new Set<unknown>();
  let over = false;
  const add = (records: readonly Row[]) => {
    for (const row of records) {
      if (keyOf) {
        const key = keyOf(row);
        if (seen.has(key)) continue;
        seen.add(key);
      }
      if (rows.length < cap) rows.push(row);
      else if (plan.open) over = true;
    }
    onProgress?.(rows.length, plan.total);
  };
  add(first.records);
  for (let page = 2; page <= plan.pages && first.records.length === pageSize && !over; page++) {
    signal?.throwIfAborted();
    const next = await fetchPage(page, pageSize, signal);
    add(next.records);
    if (next.records.length < pageSize) break;
  }
  if (over) return { kind: 'too-many', total: cap, cap, atLeast: true };
  if (plan.open && rows.length === 0) return { kind: 'empty' };
  return { kind: 'rows', total: plan.open ? rows.length : plan.total, rows };
}
