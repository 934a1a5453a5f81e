import { PRODUCT_IMPORT_COLUMNS, ProductImportLimits, ProductImportMessages, type ProductImportError, type ProductImportKey, type ProductImportRow } from '@erp/shared';
import type { ExcelModule } from '../../../ui/list-page/export-workbook.ts';
import { cellText, normalizeTitle, type SheetRow } from '../../../ui/list-page/sheet-cells.ts';

// The product Excel file in the browser: the template (header, notes as cell comments, one
// example row), reading a chosen file into ProductImportRow (text cells with their sheet row
// numbers) and the file of errors. exceljs is passed in (loaded lazily by the caller).

export const IMPORT_SHEET_NAME = '商品导入';
export const IMPORT_TEMPLATE_FILE = '商品导入模板.xlsx';
export const NOTES_SHEET_NAME = '填写说明';
export const UNREADABLE_FILE = '文件无法读取，请选择 .xlsx 格式的 Excel 文件';
const EXAMPLE_NOTE = '第2行为示例（取自现有商品），导入前请修改或删除';

type ImportColumn = (typeof PRODUCT_IMPORT_COLUMNS)[number];

/** The template's header text: required columns carry a leading *. */
export function headerTitle(column: ImportColumn): string {
  return column.required ? `*${column.title}` : column.title;
}

const BY_TITLE = new Map<string, ProductImportKey>(PRODUCT_IMPORT_COLUMNS.flatMap((c) => [[normalizeTitle(c.title), c.key] as const, [c.key, c.key] as const]));

export type ParsedImport = { ok: true; rows: ProductImportRow[] } | { ok: false; message: string };

/**
 * Sheet rows -> import rows. The first non-empty row is the header (titles, * and brackets
 * loosely); a missing required column stops here. Blank rows are skipped; row numbers stay
 * those of the sheet.
 */
export function importRowsFromSheet(sheetRows: readonly SheetRow[]): ParsedImport {
  const filled = sheetRows.filter((r) => r.cells.some((cell) => cellText(cell) !== ''));
  const [header, ...body] = filled;
  const keyAt = new Map<number, ProductImportKey>();
  const seen = new Set<ProductImportKey>();
  header?.cells.forEach((cell, index) => {
    const key = BY_TITLE.get(normalizeTitle(cellText(cell)));
    if (key && !seen.has(key)) {
      seen.add(key);
      keyAt.set(index, key);
    }
  });
  const missing = PRODUCT_IMPORT_COLUMNS.filter((c) => c.required && !seen.has(c.key)).map((c) => c.title);
  if (missing.length > 0) return { ok: false, message: ProductImportMessages.headerMissing(missing) };

  const rows: ProductImportRow[] = [];
  for (const sheetRow of body) {
    const row: ProductImportRow = { row: sheetRow.row };
    let any = false;
    for (const [index, key] of keyAt) {
      const text = cellText(sheetRow.cells[index]);
      if (text !== '') {
        row[key] = text;
        any = true;
      }
    }
    if (any) rows.push(row);
  }
  if (rows.length === 0) return { ok: false, message: ProductImportMessages.empty };
  if (rows.length > ProductImportLimits.rowsMax) return { ok: false, message: ProductImportMessages.tooManyRows };
  return { ok: true, rows };
}

/** Reads a chosen .xlsx: the sheet named 商品导入, else the first one. */
export async function readImportFile(excel: ExcelModule, data: ArrayBuffer): Promise<ParsedImport> {
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    return { ok: false, message: UNREADABLE_FILE };
  }
  const sheet = workbook.getWorksheet(IMPORT_SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) return { ok: false, message: ProductImportMessages.empty };
  const sheetRows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    // row.values is 1-based: index 0 is always empty
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    sheetRows.push({ row: rowNumber, cells: values });
  });
  return importRowsFromSheet(sheetRows);
}

type Bytes = Uint8Array<ArrayBuffer>;

const headerFill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } } as const;

/**
 * The import template: the header (required titles with *, each column's rule as a cell
 * comment), every column formatted as text (barcodes keep their digits), the example row, and a
 * 填写说明 sheet listing the rules.
 */
export async function buildImportTemplate(excel: ExcelModule, example: ProductImportRow | null): Promise<Bytes> {
  const workbook = new excel.Workbook();
  workbook.creator = 'ERP';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(IMPORT_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PRODUCT_IMPORT_COLUMNS.map((column) => ({
    header: headerTitle(column),
    key: column.key,
    width: Math.max(10, Math.min(40, column.title.length * 2 + 6)),
    style: { numFmt: '@' },
  }));
  const header = sheet.getRow(1);
  header.height = 20;
  PRODUCT_IMPORT_COLUMNS.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.font = { bold: true, color: { argb: column.required ? 'FFCF1322' : 'FF262626' } };
    cell.fill = headerFill;
    const note = [column.required ? '必填' : '选填', column.note, column.key === 'styleNo' && example ? EXAMPLE_NOTE : ''].filter(Boolean).join('；');
    cell.note = note;
  });
  if (example) {
    const { row: _row, ...cells } = example;
    sheet.addRow(PRODUCT_IMPORT_COLUMNS.map((column) => cells[column.key] ?? ''));
  }

  const notes = workbook.addWorksheet(NOTES_SHEET_NAME);
  notes.columns = [
    { header: '列名', key: 'title', width: 16 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '说明', key: 'note', width: 80 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of PRODUCT_IMPORT_COLUMNS) notes.addRow({ title: column.title, required: column.required ? '必填' : '选填', note: column.note });
  notes.addRow({});
  notes.addRow({ title: '说明', note: '每行一个SKU，款号相同的多行为同一商品；先校验全部行，有任何错误时不导入任何商品。' });
  return (await workbook.xlsx.writeBuffer()) as unknown as Bytes;
}

/** The example row: a real SKU row with the fields that must stay unique cleared (the server numbers a barcode). */
export function templateExample(row: ProductImportRow | undefined): ProductImportRow | null {
  if (!row) return null;
  return { ...row, row: 2, barcode: '', sellerSku: '', marketplaceGroup: '' };
}

/** The file of errors: 行号, 款号, 原因. */
export async function buildErrorsWorkbook(excel: ExcelModule, errors: readonly ProductImportError[]): Promise<Bytes> {
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet('导入错误', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '行号', key: 'row', width: 8 },
    { header: '款号', key: 'styleNo', width: 18 },
    { header: '原因', key: 'reason', width: 70 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).eachCell((cell) => (cell.fill = headerFill));
  for (const error of errors) sheet.addRow({ row: error.row, styleNo: error.styleNo, reason: error.reason });
  return (await workbook.xlsx.writeBuffer()) as unknown as Bytes;
}
