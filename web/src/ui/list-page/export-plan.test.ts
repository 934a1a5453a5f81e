import { describe, expect, it } from 'vitest';
import { listCountCap, type PageResult } from '@erp/shared';
import {
  columnWidths,
  EXPORT_MAX_ROWS,
  EXPORT_PAGE_SIZE,
  exportCell,
  exportFileName,
  fetchAllRows,
  planExport,
  sheetName,
  textWidth,
  toSheetRows,
  tooManyMessage,
  type ExportColumn,
} from './export-plan.ts';
import { buildWorkbook, loadExcel } from './export-workbook.ts';

interface Row {
  id: number;
  name: string;
  amountFen: number | null;
  quantity: number | null;
  status: 'pending' | 'approved';
  shop: { name: string } | null;
  postedAt: string;
}

const columns: ExportColumn<Row>[] = [
  { key: 'id', title: '编号' },
  { key: 'name', title: '名称', dataIndex: 'name' },
  { key: 'amount', title: '金额（元）', dataIndex: 'amountFen', kind: 'money' },
  { key: 'quantity', title: '数量', dataIndex: 'quantity', kind: 'quantity' },
  { key: 'status', title: '状态', exportValue: (r) => (r.status === 'pending' ? '待审核' : '已通过') },
  { key: 'shop', title: '门店', dataIndex: ['shop', 'name'] },
  { key: 'postedAt', title: '审核时间', dataIndex: 'postedAt', kind: 'date' },
];

const rows: Row[] = [
  { id: 1, name: '杭州湖滨银泰店', amountFen: 1234567, quantity: 1200, status: 'pending', shop: { name: '湖滨' }, postedAt: '2026-01-05 09:03:07' },
  { id: 2, name: '', amountFen: null, quantity: null, status: 'approved', shop: null, postedAt: '--' },
  { id: 3, name: '  ', amountFen: 5, quantity: 0, status: 'approved', shop: { name: '西湖' }, postedAt: '' },
];

describe('export rows', () => {
  it('names the file <title>-YYYYMMDD-HHmmss.xlsx in local time', () => {
    expect(exportFileName('注册审核', new Date(2026, 0, 5, 9, 3, 7))).toBe('注册审核-20260105-090307.xlsx');
    expect(exportFileName('a/b: c?', new Date(2026, 10, 21, 23, 59, 59))).toBe('a_b_c-20261121-235959.xlsx');
    expect(exportFileName('', new Date(2026, 0, 1))).toBe('导出-20260101-000000.xlsx');
  });

  it('makes a sheet name Excel accepts', () => {
    expect(sheetName('注册审核')).toBe('注册审核');
    expect(sheetName('a[b]:c')).toBe('a_b__c');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });

  it('maps rows to cells: exportValue, field or path; money in yuan and quantities as numbers; empty (and --) as null', () => {
    expect(exportCell(rows[0], columns[0])).toBe(1);
    expect(toSheetRows(rows, columns)).toEqual([
      [1, '杭州湖滨银泰店', 12345.67, 1200, '待审核', '湖滨', '2026-01-05 09:03:07'],
      [2, null, null, null, '已通过', null, null],
      [3, null, 0.05, 0, '已通过', '西湖', null],
    ]);
  });

  it('reads money given as text or fen numbers, and drops what is no number', () => {
    const money: ExportColumn<{ v: unknown }> = { key: 'v', title: '金额', kind: 'money' };
    const quantity: ExportColumn<{ v: unknown }> = { key: 'v', title: '数量', kind: 'quantity' };
    expect([100, '250', -99, 'abc', Number.NaN, undefined].map((v) => exportCell({ v }, money))).toEqual([1, 2.5, -0.99, null, null, null]);
    expect([3, '7', 2.6, '--'].map((v) => exportCell({ v }, quantity))).toEqual([3, 7, 3, null]);
  });

  it('sizes columns by their widest text, CJK counting double', () => {
    expect(textWidth('ab')).toBe(2);
    expect(textWidth('名称')).toBe(4);
    expect(columnWidths(['名称', 'x'], [['杭州湖滨银泰店', 1]])).toEqual([16, 8]);
    expect(columnWidths(['金额', '空'], [[1234567.8, null]])).toEqual([13, 8]);
    expect(columnWidths(['备注'], [['长'.repeat(100)]])).toEqual([50]);
  });

  it('plans the pages, or refuses above the cap', () => {
    expect(planExport(0)).toEqual({ kind: 'empty' });
    expect(planExport(1)).toEqual({ kind: 'pages', total: 1, pages: 1 });
    expect(planExport(1001)).toEqual({ kind: 'pages', total: 1001, pages: 3 });
    expect(planExport(50_000)).toEqual({ kind: 'pages', total: 50_000, pages: 100 });
    expect(planExport(50_001)).toEqual({ kind: 'too-many', total: 50_001, cap: 50_000 });
    expect(tooManyMessage(50_001, 50_000)).toContain('请缩小查询范围');
  });

  it('reads a capped total as a lower bound', () => {
    // a list that stopped counting at the export limit has more rows than it
    expect(planExport(50_000, 500, 50_000, true)).toEqual({ kind: 'too-many', total: 50_000, cap: 50_000, atLeast: true });
    expect(tooManyMessage(50_000, 50_000, true)).toMatch(/^当前查询超过 50000 条/);
    // so a capped first page of an export is always too many
    expect(listCountCap(EXPORT_PAGE_SIZE)).toBeGreaterThanOrEqual(EXPORT_MAX_ROWS);
    // a list that counts nothing while its pages are full: read on until a short page, one page past the cap at most
    expect(planExport(501, 500, 50_000, true)).toEqual({ kind: 'pages', total: 0, pages: 101, open: true });
  });
});

/** A server of `total` rows that counts nothing while a page is full (as 尺码横排): a lower bound then. */
function lowerBoundServer(total: number) {
  const inner = fakeServer(total);
  const fetchPage = async (page: number, limit: number): Promise<PageResult<{ id: number }>> => {
    const { records } = await inner.fetchPage(page, limit);
    const full = (page - 1) * limit + records.length < total;
    return full ? { records, total: page * limit + 1, totalCapped: true } : { records, total };
  };
  return { calls: inner.calls, fetchPage };
}

/** A server of `total` rows with ids 1..total. */
function fakeServer(total: number) {
  const calls: { page: number; limit: number }[] = [];
  const fetchPage = async (page: number, limit: number): Promise<PageResult<{ id: number }>> => {
    calls.push({ page, limit });
    const start = (page - 1) * limit;
    const records = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) => ({ id: start + i + 1 }));
    return { total, records };
  };
  return { calls, fetchPage };
}

describe('reading every page', () => {
  it('reads page after page at limit 500 and reports progress', async () => {
    const server = fakeServer(1201);
    const progress: number[] = [];
    const result = await fetchAllRows(server.fetchPage, { onProgress: (loaded) => progress.push(loaded) });
    expect(server.calls).toEqual([
      { page: 1, limit: 500 },
      { page: 2, limit: 500 },
      { page: 3, limit: 500 },
    ]);
    expect(result.kind === 'rows' && result.rows.map((r) => r.id)).toEqual(Array.from({ length: 1201 }, (_, i) => i + 1));
    expect(progress).toEqual([500, 1000, 1201]);
  });

  it('stops after the first page when the total is over the cap or zero', async () => {
    const big = fakeServer(60_000);
    expect(await fetchAllRows(big.fetchPage)).toEqual({ kind: 'too-many', total: 60_000, cap: 50_000 });
    expect(big.calls).toHaveLength(1);
    const none = fakeServer(0);
    expect(await fetchAllRows(none.fetchPage)).toEqual({ kind: 'empty' });
  });

  it('reads a list without a count until its short page, and refuses one past the cap', async () => {
    const server = lowerBoundServer(1201);
    const result = await fetchAllRows(server.fetchPage);
    expect(server.calls).toHaveLength(3);
    expect(result.kind === 'rows' && [result.total, result.rows.length, result.rows.at(-1)]).toEqual([1201, 1201, { id: 1201 }]);
    const big = lowerBoundServer(1_000);
    expect(await fetchAllRows(big.fetchPage, { pageSize: 100, cap: 500 })).toEqual({ kind: 'too-many', total: 500, cap: 500, atLeast: true });
    expect(big.calls).toHaveLength(6);
  });

  it('keeps a row seen twice once, and stops on a short page', async () => {
    // page 2 repeats the last row of page 1 (a row was inserted meanwhile) and is short
    const pages = [
      { total: 4, records: [{ id: 1 }, { id: 2 }] },
      { total: 4, records: [{ id: 2 }] },
      { total: 4, records: [{ id: 9 }] },
    ];
    let calls = 0;
    const result = await fetchAllRows(
      async (page) => {
        calls++;
        return pages[page - 1];
      },
      { pageSize: 2, keyOf: (r) => r.id },
    );
    expect(result).toEqual({ kind: 'rows', total: 4, rows: [{ id: 1 }, { id: 2 }] });
    expect(calls).toBe(2);
  });

  it('stops when cancelled', async () => {
    const server = fakeServer(2000);
    const controller = new AbortController();
    const reading = fetchAllRows(server.fetchPage, { signal: controller.signal, onProgress: () => controller.abort() });
    await expect(reading).rejects.toThrow();
    expect(server.calls).toHaveLength(1);
  });
});

describe('the workbook', () => {
  it('writes a bold header and the rows; money and quantities are number cells with a number format, empty cells blank', async () => {
    const excel = await loadExcel();
    const bytes = await buildWorkbook(excel, {
      title: '注册审核',
      header: columns.map((c) => c.title),
      rows: toSheetRows(rows, columns),
      kinds: columns.map((c) => c.kind),
    });
    const book = new excel.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('注册审核')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '编号', '名称', '金额（元）', '数量', '状态', '门店', '审核时间']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, '杭州湖滨银泰店', 12345.67, 1200, '待审核', '湖滨', '2026-01-05 09:03:07']);
    const amount = sheet.getRow(2).getCell(3);
    // a number cell (t="n" in the file), not text: SUM in Excel adds it
    expect(amount.type).toBe(excel.ValueType.Number);
    expect(amount.numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(4).type).toBe(excel.ValueType.Number);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0');
    expect(sheet.getRow(4).getCell(3).value).toBe(0.05);
    // empty: no value at all (not "--", not an empty string)
    for (const col of [2, 3, 4, 6, 7]) expect(sheet.getRow(3).getCell(col).type).toBe(excel.ValueType.Null);
    expect(sheet.getRow(3).getCell(5).value).toBe('已通过');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getColumn(2).width).toBe(16);
  });

  it('puts the preamble above the header (a blank line between) and the footer below the rows', async () => {
    const excel = await loadExcel();
    const bytes = await buildWorkbook(excel, {
      title: '对账单',
      header: columns.map((c) => c.title),
      rows: toSheetRows(rows, columns),
      kinds: columns.map((c) => c.kind),
      preamble: [['对账单：代理商 杭州衣尚（AG001）'], ['对账期间', '2026-10-01 至 2026-10-31'], ['期初余额（应收）', 1000]],
      footer: [
        ['合计', null, 12345.67],
        ['期末余额（应收）', 3000.5],
      ],
    });
    const book = new excel.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('对账单')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '对账单：代理商 杭州衣尚（AG001）']);
    expect(sheet.getRow(3).values).toEqual([undefined, '期初余额（应收）', 1000]);
    expect(sheet.getRow(4).values).toEqual([]);
    expect(sheet.getRow(5).getCell(1).value).toBe('编号');
    expect(sheet.getRow(5).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(6).getCell(3).value).toBe(12345.67);
    expect(sheet.getRow(sheet.rowCount - 1).getCell(1).value).toBe('合计');
    expect(sheet.getRow(sheet.rowCount).values).toEqual([undefined, '期末余额（应收）', 3000.5]);
  });
});
