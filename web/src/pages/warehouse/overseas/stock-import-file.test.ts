import { describe, expect, it } from 'vitest';
import { StockImportMessages } from '@erp/shared';
import { loadExcel } from '../../../ui/list-page/export-workbook.ts';
import { buildStockTemplate, csvRows, headerMissing, OPENING_IMPORT_COLUMNS, OVERSEAS_IMPORT_COLUMNS, readStockFile, stockRowsFromSheet } from './stock-import-file.ts';

const fileOf = (name: string, data: Uint8Array | string) => ({
  name,
  arrayBuffer: async () => {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  },
});

describe('stock import files', () => {
  it('reads CSV: quotes, doubled quotes, CRLF, BOM, tab or semicolon delimiters', () => {
    expect(csvRows('\uFEFF条码,数量\r\n"690,1",3\r\n"a""b",4\n')).toEqual([
      { row: 1, cells: ['条码', '数量'] },
      { row: 2, cells: ['690,1', '3'] },
      { row: 3, cells: ['a"b', '4'] },
    ]);
    expect(csvRows('条码\t数量\nX\t1')).toEqual([
      { row: 1, cells: ['条码', '数量'] },
      { row: 2, cells: ['X', '1'] },
    ]);
    expect(csvRows('条码;数量\nX;1\n').map((r) => r.cells)).toEqual([
      ['条码', '数量'],
      ['X', '1'],
    ]);
  });

  it('maps header titles and aliases to keys, keeps sheet row numbers, skips blank rows', () => {
    const parsed = stockRowsFromSheet(
      [
        { row: 1, cells: ['备注', '*条码', 'Qty'] },
        { row: 2, cells: ['x', '6901', 3] },
        { row: 3, cells: ['', '', ''] },
        { row: 4, cells: ['', '6902', ''] },
      ],
      OVERSEAS_IMPORT_COLUMNS,
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { row: 2, barcode: '6901', quantity: '3' },
        { row: 4, barcode: '6902', quantity: '' },
      ],
    });
    expect(stockRowsFromSheet([{ row: 1, cells: ['条码', '数量'] }], OPENING_IMPORT_COLUMNS)).toEqual({ ok: false, message: headerMissing(['单位成本（元）']) });
    expect(stockRowsFromSheet([{ row: 1, cells: ['条码', '数量'] }], OVERSEAS_IMPORT_COLUMNS)).toEqual({ ok: false, message: StockImportMessages.noRows });
  });

  it('reads the template it writes, and CSV files by name', async () => {
    const bytes = await buildStockTemplate(await loadExcel(), '期初导入', OPENING_IMPORT_COLUMNS, ['6901234567890', 5, '12.50', 'A-01-01']);
    const parsed = await readStockFile(fileOf('期初.xlsx', bytes), OPENING_IMPORT_COLUMNS, loadExcel);
    expect(parsed).toEqual({ ok: true, rows: [{ row: 2, barcode: '6901234567890', quantity: '5', unitCost: '12.50', shelfCode: 'A-01-01' }] });
    expect(await readStockFile(fileOf('snap.csv', '条码,数量\n6901,7\n'), OVERSEAS_IMPORT_COLUMNS, loadExcel)).toEqual({
      ok: true,
      rows: [{ row: 2, barcode: '6901', quantity: '7' }],
    });
    expect((await readStockFile(fileOf('bad.xlsx', 'not a workbook'), OVERSEAS_IMPORT_COLUMNS, loadExcel)).ok).toBe(false);
  });
});
