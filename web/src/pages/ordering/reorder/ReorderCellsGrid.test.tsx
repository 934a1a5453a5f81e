import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgeTag } from '../unshipped/UnshippedPage.tsx';
import { ReorderCellsGrid } from './ReorderCellsGrid.tsx';

const cell = (skuId: number, colourId: number, colourName: string, sizeName: string, figures: [number, number, number, number]) => {
  const [ordered, shipped, received, reordered] = figures;
  return { skuId, colourId, colourName, sizeName, ordered, shipped, received, reordered };
};

describe('翻单明细 grid', () => {
  it('shows colours as rows and sizes as columns, each cell ordered / shipped / received / re-ordered', () => {
    render(<ReorderCellsGrid cells={[cell(1, 11, '白色', 'S', [7, 5, 5, 2]), cell(2, 11, '白色', 'M', [4, 2, 2, 0]), cell(3, 12, '藏青', 'S', [3, 3, 1, 0])]} />);
    expect([...screen.getAllByTestId('reorder-info-grid-size')].map((th) => th.textContent)).toEqual(['S', 'M']);
    expect(screen.getByTestId('reorder-cell-1').textContent).toBe('7 / 5 / 5 / 2');
    // nothing re-ordered: the fourth figure is left out
    expect(screen.getByTestId('reorder-cell-2').textContent).toBe('4 / 2 / 2');
    expect(screen.getByTestId('reorder-info-grid-row-12').textContent).toContain('藏青');
    expect(screen.getByTestId('reorder-cell-3').querySelector('strong')?.textContent).toBe('1');
  });

  it('tags an unshipped row with its age in days, the bucket on hover', () => {
    render(<AgeTag bucket="d16_30" days={20} />);
    const tag = screen.getByTestId('age-d16_30');
    expect(tag.textContent).toBe('20天');
    expect(tag.getAttribute('title')).toBe('16-30天');
  });
});
