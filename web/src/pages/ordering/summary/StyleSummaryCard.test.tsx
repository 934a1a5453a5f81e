import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyFigures, type StyleSummaryRecord } from '@erp/shared';
import { StyleSummaryCard } from './StyleSummaryCard.tsx';

const record: StyleSummaryRecord = {
  productId: 7,
  styleNo: 'YS26W2005',
  productName: '女式羊毛大衣',
  measure: 'outstanding',
  sizes: [
    { id: 1, name: 'S' },
    { id: 2, name: 'M' },
    { id: 3, name: 'L' },
  ],
  rows: [
    { colourId: 11, colourName: '黑色', quantities: [2, 0, 1], skuIds: [null, null, null], total: 3 },
    { colourId: 12, colourName: '驼色', quantities: [0, 4, 0], skuIds: [null, null, null], total: 4 },
  ],
  sizeTotals: [2, 4, 1],
  total: 7,
  colours: [
    { colourId: 11, colourName: '黑色', ...emptyFigures(), outstanding: 3, outstandingAmountFen: 59_700 },
    { colourId: 12, colourName: '驼色', ...emptyFigures(), outstanding: 4, outstandingAmountFen: 79_600 },
  ],
  ...emptyFigures(),
  ordered: 12,
  orderedAmountFen: 238_800,
  shipped: 5,
  shippedAmountFen: 99_500,
  outstanding: 7,
  outstandingAmountFen: 139_300,
};

/** The text of each row of the card's table, cell by cell. */
function rowsOf(testId: string): string[][] {
  return [...screen.getByTestId(testId).querySelectorAll('tr')]
    .filter((tr) => !tr.classList.contains('ant-table-measure-row'))
    .map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim()));
}

describe('StyleSummaryCard', () => {
  it('draws the measure per colour and size in size order, 合计 per colour and size, the amount per colour', () => {
    render(<StyleSummaryCard record={record} />);
    expect(rowsOf('sum-style-YS26W2005')).toEqual([
      ['颜色 \\ 尺码', 'S', 'M', 'L', '合计(未发数)', '金额'],
      ['黑色', '2', '0', '1', '3', '¥597.00'],
      ['驼色', '0', '4', '0', '4', '¥796.00'],
      ['合计', '2', '4', '1', '7', '¥1,393.00'],
    ]);
  });

  it('lists the style’s pieces and amounts of every figure in its head', () => {
    render(<StyleSummaryCard record={record} />);
    expect(screen.getByTestId('sum-style-YS26W2005-figures').textContent).toBe('订货 12 件 ¥2,388.00审核 0 件 ¥0.00已发 5 件 ¥995.00已收 0 件 ¥0.00未发 7 件 ¥1,393.00');
  });
});
