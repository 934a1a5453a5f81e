import type * as ExcelJS from 'exceljs';
import { columnWidths, EXPORT_NUMBER_FORMATS, sheetName, type ExportCell, type ExportKind } from './export-plan.ts';

export type ExcelModule = typeof ExcelJS;

/**
 * Loads exceljs on first use only (its own chunk; Vite picks the package's browser build).
 * The CommonJS bundle may arrive as the default export or as the namespace itself.
 */
export async function loadExcel(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return mod.default?.Workbook ? mod.default : mod;
}

export interface SheetContent {
  title: string;
  header: readonly string[];
  rows: readonly ExportCell[][];
  /** per column: money and quantities get a number format */
  kinds?: readonly (ExportKind | undefined)[];
  /** lines above the table (e.g. a statement's party, period and 期初), a blank line between */
  preamble?: readonly ExportCell[][];
  /** lines below the table (e.g. 合计 and 期末) */
  footer?: readonly ExportCell[][];
}

/**
 * One worksheet: a bold, frozen header row with a light fill, then the rows; widths fit the text.
 * Numbers are number cells (money and quantity columns with their number format); null and
 * blank text leave the cell empty.
 */
export async function buildWorkbook(excel: ExcelModule, content: SheetContent): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new excel.Workbook();
  workbook.creator = 'ERP';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(content.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = columnWidths(content.header, content.rows);
  sheet.columns = content.header.map((header, i) => {
    const numFmt = EXPORT_NUMBER_FORMATS[content.kinds?.[i] ?? 'text'];
    return { header, key: String(i), width: widths[i], ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  headerRow.alignment = { vertical: 'middle' };
  headerRow.height = 20;
  headerRow.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FFBFBFBF' } } };
  });
  sheet.addRows(content.rows.map((row) => row.map((cell) => (cell === '' ? null : cell))));
  if (content.footer?.length) sheet.addRows(content.footer.map((row) => [...row]));
  const top = content.preamble ?? [];
  if (top.length) {
    // the header and rows move down as a block, keeping their styles; the freeze follows the header
    sheet.spliceRows(1, 0, ...top.map((row) => [...row]), []);
    sheet.views = [{ state: 'frozen', ySplit: top.length + 2 }];
    for (let i = 1; i <= top.length; i++) sheet.getRow(i).font = { bold: i === 1 };
  }
  // a Buffer in Node, the bundled Buffer polyfill (a Uint8Array) in the browser
  return (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array<ArrayBuffer>;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves bytes as a file through a temporary link. */
export function downloadFile(data: BlobPart, fileName: string, type = XLSX_MIME): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
