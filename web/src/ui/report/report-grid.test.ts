import { describe, expect, it } from 'vitest';
import type { StyleGridRecord } from '@erp/shared';
import { EXPORT_PAGE_SIZE } from '../list-page/export-plan.ts';
import { gridSheet, gridTableRows, mergeSizeRuns, TOTAL_ROW_KEY, withTotalsRow } from './report-grid.ts';

const grid = (over: Partial<StyleGridRecord>): StyleGridRecord => ({
  productId: 1,
  styleNo: 'YS26W1001',
  productName: '女式双面羊毛大衣',
  brandName: '',
  categoryName: '',
  thumbnailUrl: '',
  warehouseId: null,
  warehouseName: '',
  sizes: [
    { id: 1, name: 'S' },
    { id: 2, name: 'M' },
    { id: 3, name: 'L' },
  ],
  rows: [
    { colourId: 7, colourName: '黑色', quantities: [0, 2, 1], skuIds: [71, 72, 73], total: 3 },
    { colourId: 8, colourName: '驼色', quantities: [5, 0, 0], skuIds: [81, null, 83], total: 5 },
  ],
  sizeTotals: [5, 2, 1],
  total: 8,
  ...over,
});

describe('size-run grid shaping', () => {
  it('gives a row per colour and a 合计 row of the size totals', () => {
    const rows = gridTableRows(grid({}));
    expect(rows.map((r) => [r.colourName, r.cells.join(','), r.total, r.isTotal])).toEqual([
      ['黑色', '0,2,1', 3, false],
      ['驼色', '5,0,0', 5, false],
      ['合计', '5,2,1', 8, true],
    ]);
    expect(rows[1]!.skuIds).toEqual([81, null, 83]);
    expect(rows[2]!.skuIds).toEqual([null, null, null]);
  });

  it("merges size runs keeping each run's order", () => {
    expect(
      mergeSizeRuns([
        ['S', 'M', 'L'],
        ['M', 'L', 'XL'],
      ]),
    ).toEqual(['S', 'M', 'L', 'XL']);
    expect(
      mergeSizeRuns([
        ['M', 'L'],
        ['S', 'M'],
        ['L', 'XXL'],
        ['28', '30'],
      ]),
    ).toEqual(['S', 'M', 'L', 'XXL', '28', '30']);
    expect(mergeSizeRuns([])).toEqual([]);
  });

  it('writes one sheet row per style and colour under the merged sizes, then 合计, with cost for HQ', () => {
    const jeans = grid({
      productId: 2,
      styleNo: 'YS26M3102',
      productName: '男式修身牛仔裤',
      sizes: [
        { id: 2, name: 'M' },
        { id: 3, name: 'L' },
        { id: 4, name: 'XL' },
      ],
      rows: [{ colourId: 9, colourName: '藏青', quantities: [4, 0, 1], skuIds: [91, 92, 93], total: 5 }],
      sizeTotals: [4, 0, 1],
      total: 5,
      costPriceFen: 12800,
    });
    const sheet = gridSheet([grid({ costPriceFen: 52000 }), jeans], true);
    expect(sheet.header).toEqual(['款号', '品名', '颜色', 'S', 'M', 'L', 'XL', '合计', '成本价(元)', '成本金额(元)']);
    expect(sheet.rows).toEqual([
      ['YS26W1001', '女式双面羊毛大衣', '黑色', 0, 2, 1, '', 3, 520, 1560],
      ['YS26W1001', '女式双面羊毛大衣', '驼色', 5, 0, 0, '', 5, 520, 2600],
      ['YS26M3102', '男式修身牛仔裤', '藏青', '', 4, 0, 1, 5, 128, 640],
      ['合计', '', '', 5, 6, 1, 1, 13, '', 4800],
    ]);
    // sizes and totals are quantities, the cost columns money: number cells with their formats
    expect(sheet.kinds).toEqual(['text', 'text', 'text', 'quantity', 'quantity', 'quantity', 'quantity', 'quantity', 'money', 'money']);
    const shop = gridSheet([grid({ warehouseId: 3, warehouseName: '湖滨银泰店仓' })], false);
    expect(shop.header).toEqual(['款号', '品名', '仓库', '颜色', 'S', 'M', 'L', '合计']);
    expect(shop.kinds).toHaveLength(shop.header.length);
    expect(shop.rows[0]).toEqual(['YS26W1001', '女式双面羊毛大衣', '湖滨银泰店仓', '黑色', 0, 2, 1, 3]);
    expect(gridSheet([], true).rows).toEqual([]);
  });

  it('puts the totals row on top of a page on screen, after the last page of an export, never on an empty page', () => {
    const total = { key: TOTAL_ROW_KEY, n: 3 };
    const keys = (page: { records: { key: string }[] }) => page.records.map((r) => r.key);
    expect(keys(withTotalsRow({ records: [{ key: 'a', n: 1 }], total: 1 }, total, { page: 1, limit: 10 }))).toEqual([TOTAL_ROW_KEY, 'a']);
    expect(withTotalsRow({ records: [], total: 0 }, total, { page: 1, limit: 10 })).toEqual({ records: [], total: 0 });
    const full = Array.from({ length: EXPORT_PAGE_SIZE }, (_, i) => ({ key: `r${i}`, n: i }));
    // a full export page stays full (the export reads on); the last one ends with 合计
    expect(withTotalsRow({ records: full, total: 600 }, total, { page: 1, limit: EXPORT_PAGE_SIZE }).records).toHaveLength(EXPORT_PAGE_SIZE);
    expect(keys(withTotalsRow({ records: full.slice(0, 100), total: 600 }, total, { page: 2, limit: EXPORT_PAGE_SIZE })).at(-1)).toBe(TOTAL_ROW_KEY);
  });
});
