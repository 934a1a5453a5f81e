import { STOCK_IMPORT_ROWS_MAX, StockImportMessages, type StockImportRowInput } from '@erp/shared';
import type { ExcelModule } from '../../../ui/list-page/export-workbook.ts';
import { cellText, normalizeTitle, type SheetRow } from '../../../ui/list-page/sheet-cells.ts';

// Stock files in the browser (海外仓快照, 期初): an .xlsx (exceljs) or .csv file read into rows
// {row, barcode, quantity, unitCost?, shelfCode?} with the sheet's row numbers; the template.

export type StockImportKey = 'barcode' | 'quantity' | 'unitCost' | 'shelfCode';

export interface StockImportColumn {
  key: StockImportKey;
  title: string;
  required: boolean;
  /** other header texts read as this column */
  aliases: readonly string[];
  note: string;
}

const BARCODE: StockImportColumn = { key: 'barcode', title: '条码', required: true, aliases: ['barcode', 'SKU条码', '商品条码'], note: '商品SKU的条码' };
const QUANTITY: StockImportColumn = { key: 'quantity', title: '数量', required: true, aliases: ['quantity', 'qty', '库存', '库存数量', '快照数量'], note: '整数' };

export const OVERSEAS_IMPORT_COLUMNS: readonly StockImportColumn[] = [BARCODE, QUANTITY];
export const OPENING_IMPORT_COLUMNS: readonly StockImportColumn[] = [
  BARCODE,
  { ...QUANTITY, note: '1-1000000的整数' },
  { key: 'unitCost', title: '单位成本（元）', required: true, aliases: ['unitCost', '单位成本', '成本', '成本价'], note: '元，最多两位小数' },
  { key: 'shelfCode', title: '货架', required: false, aliases: ['shelfCode', '货架编码', '货位'], note: '本仓库的货架编码，可不填' },
];

export type ParsedStockFile = { ok: true; rows: StockImportRowInput[] } | { ok: false; message: string };

export const UNREADABLE_STOCK_FILE = '文件无法读取，请选择 .xlsx 或 .csv 文件';
export const headerMissing = (titles: readonly string[]) => `表头缺少列：${titles.join('、')}（请使用模板）`;

/** Sheet rows → import rows: the first non-empty row is the header; blank rows are skipped. */
export function stockRowsFromSheet(sheetRows: readonly SheetRow[], columns: readonly StockImportColumn[]): ParsedStockFile {
  const byTitle = new Map<string, StockImportKey>();
  for (const c of columns) for (const t of [c.title, c.key, ...c.aliases]) byTitle.set(normalizeTitle(t).toLowerCase(), c.key);
  const filled = sheetRows.filter((r) => r.cells.some((cell) => cellText(cell) !== ''));
  const [header, ...body] = filled;
  const keyAt = new Map<number, StockImportKey>();
  const seen = new Set<StockImportKey>();
  header?.cells.forEach((cell, index) => {
    const key = byTitle.get(normalizeTitle(cellText(cell)).toLowerCase());
    if (key && !seen.has(key)) {
      seen.add(key);
      keyAt.set(index, key);
    }
  });
  const missing = columns.filter((c) => c.required && !seen.has(c.key)).map((c) => c.title);
  if (missing.length > 0) return { ok: false, message: headerMissing(missing) };
  const rows: StockImportRowInput[] = [];
  for (const sheetRow of body) {
    const row: StockImportRowInput = { row: sheetRow.row, barcode: '', quantity: '' };
    for (const [index, key] of keyAt) row[key] = cellText(sheetRow.cells[index]);
    rows.push(row);
  }
  if (rows.length === 0) return { ok: false, message: StockImportMessages.noRows };
  if (rows.length > STOCK_IMPORT_ROWS_MAX) return { ok: false, message: StockImportMessages.tooManyRows };
  return { ok: true, rows };
}

/**
 * CSV text → sheet rows (RFC 4180 quotes, "" inside quotes, CRLF or LF, a BOM; the delimiter is
 * the first of comma, tab or semicolon found in the header line). Row numbers count lines of records.
 */
export function csvRows(text: string): SheetRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = [',', '\t', ';'].find((d) => firstLine.includes(d)) ?? ',';
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let rowNumber = 1;
  const endRow = () => {
    cells.push(cell);
    rows.push({ row: rowNumber, cells });
    rowNumber += 1;
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i += 1;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

export const isCsvFile = (name: string) => /\.(csv|txt)$/i.test(name);

/** Reads a chosen .xlsx (first sheet) or .csv (UTF-8) into import rows. */
export async function readStockFile(
  file: { name: string; arrayBuffer(): Promise<ArrayBuffer> },
  columns: readonly StockImportColumn[],
  loadExcel: () => Promise<ExcelModule>,
): Promise<ParsedStockFile> {
  const data = await file.arrayBuffer();
  if (isCsvFile(file.name)) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      // Excel's "CSV" in Chinese Windows is GBK
      text = new TextDecoder('gbk').decode(data);
    }
    return stockRowsFromSheet(csvRows(text), columns);
  }
  const excel = await loadExcel();
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    return { ok: false, message: UNREADABLE_STOCK_FILE };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, message: StockImportMessages.noRows };
  const sheetRows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    sheetRows.push({ row: rowNumber, cells: Array.isArray(row.values) ? row.values.slice(1) : [] });
  });
  return stockRowsFromSheet(sheetRows, columns);
}

/** The template: header (required titles with *), notes as comments, one example row. */
export async function buildStockTemplate(
  excel: ExcelModule,
  title: string,
  columns: readonly StockImportColumn[],
  example: readonly (string | number)[],
): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.required ? `*${c.title}` : c.title, key: c.key, width: c.key === 'barcode' ? 22 : 16 }));
  // barcodes are text: a long number must not turn into 6.9E+12
  sheet.getColumn(1).numFmt = '@';
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((c, i) => {
    header.getCell(i + 1).note = c.note;
  });
  if (example.length) sheet.addRow([...example]);
  return (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array<ArrayBuffer>;
}
