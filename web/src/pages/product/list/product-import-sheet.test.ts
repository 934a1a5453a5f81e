import { describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_COLUMNS, ProductImportLimits, ProductImportMessages } from '@erp/shared';
import { loadExcel } from '../../../ui/list-page/export-workbook.ts';
import { buildErrorsWorkbook, buildImportTemplate, IMPORT_SHEET_NAME, importRowsFromSheet, readImportFile, templateExample, UNREADABLE_FILE } from './product-import-sheet.ts';

const TITLES = PRODUCT_IMPORT_COLUMNS.map((c) => c.title);
const REQUIRED = PRODUCT_IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.title);

const example = {
  row: 7,
  styleNo: 'YS26W2003',
  name: '女式针织连衣裙',
  brand: '衣尚',
  category: '连衣裙',
  year: '2026',
  season: '秋',
  gender: '女',
  unit: '件',
  retailPrice: '699.00',
  wholesalePrice: '349.00',
  costPrice: '185.00',
  sizeGroup: '常规尺码',
  colour: '黑色',
  size: 'S',
  barcode: '6926013100145',
  sellerSku: 'TM-1',
  marketplaceGroup: 'tmall',
};

const toBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('importRowsFromSheet', () => {
  const header = { row: 1, cells: PRODUCT_IMPORT_COLUMNS.map((c) => (c.required ? `*${c.title}` : c.title)) };

  it('maps titles to keys, keeps sheet row numbers and skips blank rows', () => {
    const result = importRowsFromSheet([
      header,
      { row: 2, cells: ['A-1', '大衣', '衣尚'] },
      { row: 3, cells: [null, '', '  '] },
      { row: 5, cells: ['A-2', undefined, undefined, undefined, 2026] },
    ]);
    expect(result).toEqual({
      ok: true,
      rows: [
        { row: 2, styleNo: 'A-1', name: '大衣', brand: '衣尚' },
        { row: 5, styleNo: 'A-2', year: '2026' },
      ],
    });
  });

  it('accepts plain titles, half-width brackets and other column orders', () => {
    const cells = [...TITLES].reverse().map((t) => t.replace('（', '(').replace('）', ')'));
    const result = importRowsFromSheet([
      { row: 1, cells },
      { row: 2, cells: ['备注文字', ...Array(TITLES.length - 2).fill(null), 'B-1'] },
    ]);
    expect(result).toEqual({ ok: true, rows: [{ row: 2, remark: '备注文字', styleNo: 'B-1' }] });
  });

  it('names the missing required columns', () => {
    const cells = TITLES.filter((t) => t !== '款号' && t !== '尺码');
    const result = importRowsFromSheet([
      { row: 1, cells },
      { row: 2, cells: ['x'] },
    ]);
    expect(result).toEqual({ ok: false, message: ProductImportMessages.headerMissing(['款号', '尺码']) });
    expect(importRowsFromSheet([])).toEqual({ ok: false, message: ProductImportMessages.headerMissing(REQUIRED) });
  });

  it('refuses a file without rows or with too many', () => {
    expect(importRowsFromSheet([header])).toEqual({ ok: false, message: ProductImportMessages.empty });
    const many = Array.from({ length: ProductImportLimits.rowsMax + 1 }, (_, i) => ({ row: i + 2, cells: [`S${i}`] }));
    expect(importRowsFromSheet([header, ...many])).toEqual({ ok: false, message: ProductImportMessages.tooManyRows });
  });
});

describe('template and files', () => {
  it('builds a template whose header marks required columns and whose example reads back', async () => {
    const excel = await loadExcel();
    const bytes = await buildImportTemplate(excel, templateExample(example));
    const book = new excel.Workbook();
    await book.xlsx.load(toBuffer(bytes));
    const sheet = book.getWorksheet(IMPORT_SHEET_NAME)!;
    const headerCells = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headerCells).toEqual(PRODUCT_IMPORT_COLUMNS.map((c) => (c.required ? `*${c.title}` : c.title)));
    const note = sheet.getRow(1).getCell(1).note;
    expect(typeof note === 'string' ? note : JSON.stringify(note)).toContain('同一款号的多行为同一商品');

    const parsed = await readImportFile(excel, toBuffer(bytes));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows).toHaveLength(1);
    // unique fields are cleared so the example does not claim a barcode
    expect(parsed.rows[0]).toEqual({ ...example, row: 2, barcode: undefined, sellerSku: undefined, marketplaceGroup: undefined });
  });

  it('builds a header-only template without an example', async () => {
    const excel = await loadExcel();
    const parsed = await readImportFile(excel, toBuffer(await buildImportTemplate(excel, null)));
    expect(parsed).toEqual({ ok: false, message: ProductImportMessages.empty });
  });

  it('says so when the file is not an .xlsx', async () => {
    const excel = await loadExcel();
    expect(await readImportFile(excel, toBuffer(new TextEncoder().encode('款号,名称\nA,B')))).toEqual({ ok: false, message: UNREADABLE_FILE });
  });

  it('writes the errors with their row, style no. and reason', async () => {
    const excel = await loadExcel();
    const bytes = await buildErrorsWorkbook(excel, [{ row: 3, styleNo: 'E-1', reason: '价格须为0至1000000元之间的金额' }]);
    const book = new excel.Workbook();
    await book.xlsx.load(toBuffer(bytes));
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['行号', '款号', '原因']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([3, 'E-1', '价格须为0至1000000元之间的金额']);
  });
});
