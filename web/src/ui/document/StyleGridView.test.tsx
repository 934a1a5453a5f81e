import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StyleGridLine } from './style-grid-rules.ts';
import { StyleGridView } from './StyleGridView.tsx';
import { priceText } from './style-grid-rules.ts';

const line = (styleNo: string, colour: string, size: string, quantity: number, received = 0, unitPriceFen = 12000): StyleGridLine => ({
  styleNo,
  name: styleNo === 'YS26M3102' ? '男式牛仔裤' : '女式风衣',
  colour,
  size,
  barcode: `${styleNo}-${colour}-${size}`,
  quantity,
  unitPriceFen,
  amountFen: quantity * unitPriceFen,
  received,
});

const LINES = [line('YS26M3102', '深蓝', 'L', 4, 4), line('YS26M3102', '深蓝', 'S', 2, 1), line('YS26M3102', '浅蓝', 'M', 3), line('YS26W2201', '卡其', 'M', 1, 0, 45000)];

/** The text of each row of a block's table, cell by cell. */
function rowsOf(styleNo: string): string[][] {
  const block = screen.getByTestId(`style-grid-${styleNo}`);
  return [...block.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim()));
}

describe('StyleGridView', () => {
  it('draws one block per style: colours as rows, sizes in size order, totals per row and column, price and amount', () => {
    render(<StyleGridView lines={LINES} data-testid="grid" />);
    expect(rowsOf('YS26M3102')).toEqual([
      ['颜色 \\ 尺码', 'S', 'M', 'L', '合计'],
      ['深蓝', '2', '--', '4', '6'],
      ['浅蓝', '--', '3', '--', '3'],
      ['合计', '2', '3', '4', '9'],
    ]);
    const head = within(screen.getByTestId('style-grid-YS26M3102'));
    expect(head.getByText('男式牛仔裤')).toBeTruthy();
    expect(head.getByText('¥120.00')).toBeTruthy();
    expect(screen.getByTestId('style-grid-amount-YS26M3102').textContent).toBe('¥1,080.00');
    expect(screen.getByTestId('style-grid-qty-YS26W2201').textContent).toBe('1');
    expect(screen.getByTestId('style-grid-amount-YS26W2201').textContent).toBe('¥450.00');
    expect(screen.queryByText(/收/)).toBeNull();
  });

  it('shows what was received under each ordered quantity when asked, reachable per barcode', () => {
    render(<StyleGridView lines={LINES} showReceived receivedTestId={(b) => `received-${b}`} />);
    expect(rowsOf('YS26M3102')[1]).toEqual(['深蓝', '2收 1', '--', '4收 4', '6收 5']);
    expect(screen.getByTestId('received-YS26M3102-深蓝-S').textContent).toBe('1');
    expect(screen.getByTestId('received-YS26M3102-浅蓝-M').textContent).toBe('0');
    expect(within(screen.getByTestId('style-grid-YS26M3102')).getByText('已收')).toBeTruthy();
  });

  it('says so when there are no lines', () => {
    render(<StyleGridView lines={[]} />);
    expect(screen.getByText('暂无明细')).toBeTruthy();
  });

  it('writes one price, or the range when a style has several', () => {
    expect(priceText([12000])).toBe('¥120.00');
    expect(priceText([9900, 12000])).toBe('¥99.00–¥120.00');
    expect(priceText([])).toBe('--');
  });
});
