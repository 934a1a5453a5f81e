import { EMPTY_DISPLAY } from '@erp/shared';

// Reading an imported Excel sheet (商品导入, 海外仓快照, 期初): its cells as text and its header
// titles compared loosely. exceljs hands the cells over; nothing here loads it.

/** A header cell compared loosely: no *, no spaces, half- and full-width brackets alike. */
export function normalizeTitle(text: string): string {
  return text
    .replace(/[*＊\s]/g, '')
    .replace(/\(/g, '（')
    .replace(/\)/g, '）');
}

const pad = (n: number) => String(n).padStart(2, '0');

function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) return String(n);
  // floating noise from Excel (0.30000000000000004) goes; real decimals stay
  return String(Number(n.toPrecision(15)));
}

function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  // exceljs reads Excel's serial dates as UTC
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const hasTime = d.getUTCHours() + d.getUTCMinutes() + d.getUTCSeconds() > 0;
  return hasTime ? `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : day;
}

/**
 * One cell as text: strings trimmed, numbers without float noise (barcodes keep every digit),
 * dates as YYYY-MM-DD, formulas by their result, rich text and links by their text. The empty
 * mark `--` of an exported list counts as empty.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number') text = numberText(value);
  else if (typeof value === 'boolean') text = value ? 'TRUE' : 'FALSE';
  else if (value instanceof Date) text = dateText(value);
  else if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; formula?: string; sharedFormula?: string; text?: unknown; error?: string };
    if (Array.isArray(v.richText))
      text = v.richText
        .map((part) => part.text)
        .join('')
        .trim();
    else if ('formula' in v || 'sharedFormula' in v || 'result' in v) text = cellText(v.result);
    else if ('text' in v) text = cellText(v.text);
    else if (typeof v.error === 'string') text = v.error;
    else text = '';
  } else text = String(value).trim();
  return text === EMPTY_DISPLAY ? '' : text;
}

/** A sheet row: its number in the sheet and its cells from column 1. */
export interface SheetRow {
  row: number;
  cells: readonly unknown[];
}
