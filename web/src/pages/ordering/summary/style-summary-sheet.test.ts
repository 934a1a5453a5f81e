import { describe, expect, it } from 'vitest';
import { emptyFigures, type StyleSummaryRecord } from '@erp/shared';
import { styleSummarySheet } from './style-summary-sheet.ts';

const figures = (ordered: number, shipped: number, price: number) => ({
  ...emptyFigures(),
  ordered,
  approved: ordered,
  shipped,
  outstanding: ordered - shipped,
  orderedAmountFen: ordered * price,
  approvedAmountFen: ordered * price,
  shippedAmountFen: shipped * price,
  outstandingAmountFen: (ordered - shipped) * price,
});

const style = (styleNo: string, sizes: string[], colours: { name: string; cells: number[]; shipped: number }[], price: number): StyleSummaryRecord => {
  const rows = colours.map((c, i) => ({ colourId: i + 1, colourName: c.name, quantities: c.cells, skuIds: c.cells.map(() => null), total: c.cells.reduce((a, b) => a + b, 0) }));
  const colourFigures = colours.map((c, i) => ({ colourId: i + 1, colourName: c.name, ...figures(rows[i]!.total, c.shipped, price) }));
  const sizeTotals = sizes.map((_, j) => rows.reduce((s, r) => s + r.quantities[j]!, 0));
  const total = sizeTotals.reduce((a, b) => a + b, 0);
  return {
    productId: styleNo.length,
    styleNo,
    productName: `${styleNo} 品名`,
    measure: 'ordered',
    sizes: sizes.map((name, id) => ({ id, name })),
    rows,
    sizeTotals,
    total,
    colours: colourFigures,
    ...figures(
      total,
      colours.reduce((s, c) => s + c.shipped, 0),
      price,
    ),
  };
};

describe('订货汇总 按款 sheet', () => {
  it('a row per style and colour under the merged sizes, every figure after them, 合计 last (money in yuan)', () => {
    const records = [
      style('YS1', ['S', 'M', 'L'], [{ name: '黑色', cells: [1, 2, 3], shipped: 2 }], 10_050),
      style(
        'YS2',
        ['M', 'L', 'XL'],
        [
          { name: '白色', cells: [4, 0, 1], shipped: 0 },
          { name: '灰色', cells: [0, 2, 2], shipped: 4 },
        ],
        200,
      ),
    ];
    const sheet = styleSummarySheet(records);
    expect(sheet.header).toEqual([
      '款号',
      '品名',
      '颜色',
      'S',
      'M',
      'L',
      'XL',
      '合计(订货数)',
      '订货数',
      '审核数',
      '已发数',
      '已收数',
      '未发数',
      '订货金额(元)',
      '审核金额(元)',
      '已发金额(元)',
      '已收金额(元)',
      '未发金额(元)',
    ]);
    expect(sheet.rows).toEqual([
      ['YS1', 'YS1 品名', '黑色', 1, 2, 3, '', 6, 6, 6, 2, 0, 4, 603, 603, 201, 0, 402],
      ['YS2', 'YS2 品名', '白色', '', 4, 0, 1, 5, 5, 5, 0, 0, 5, 10, 10, 0, 0, 10],
      ['YS2', 'YS2 品名', '灰色', '', 0, 2, 2, 4, 4, 4, 4, 0, 0, 8, 8, 8, 0, 0],
      ['合计', '', '', 1, 6, 5, 3, 15, 15, 15, 6, 0, 9, 621, 621, 209, 0, 412],
    ]);
    expect(sheet.kinds).toHaveLength(sheet.header.length);
    expect(sheet.kinds.slice(-5)).toEqual(['money', 'money', 'money', 'money', 'money']);
  });

  it('nothing to export: no rows, not even 合计', () => {
    expect(styleSummarySheet([]).rows).toEqual([]);
  });
});
