import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueStyle } from '@erp/shared';
import { availabilityText, StyleCard } from './StyleCard.tsx';

const sku = (skuId: number, colourName: string, colourHex: string, sizeName: string, available: number | null) => ({
  skuId,
  colourId: colourName === '黑色' ? 1 : 2,
  colourCode: colourName === '黑色' ? 'BK' : 'RD',
  colourName,
  colourHex,
  sizeId: skuId,
  sizeName,
  sizeSort: skuId,
  barcode: `690000000000${skuId}`,
  available,
  expected: available === null ? 0 : null,
});

const style = (over: Partial<CatalogueStyle> = {}): CatalogueStyle => ({
  seasonId: 1,
  seasonName: '2026 秋冬现货订货',
  seasonKind: 'spot',
  productId: 7,
  styleNo: 'YS26W1002',
  name: '女式连帽短款羽绒服',
  brandName: '衣尚',
  categoryName: '羽绒服',
  year: 2026,
  season: 'winter',
  seasonLabel: '冬',
  mainImage: '',
  wholesalePriceFen: 69_900,
  unitPriceFen: 59_415,
  totalAvailable: 12,
  skus: [sku(1, '黑色', '#000000', 'M', 5), sku(2, '黑色', '#000000', 'L', 7), sku(3, '红色', '#C8102E', 'M', 0)],
  ...over,
});

describe('StyleCard', () => {
  it("shows the style no., name, the buyer's price with the wholesale price struck through, and what is available", () => {
    const onOpen = vi.fn();
    render(<StyleCard style={style()} onOpen={onOpen} />);
    expect(screen.getByText('YS26W1002')).toBeTruthy();
    expect(screen.getByText('女式连帽短款羽绒服')).toBeTruthy();
    expect(screen.getByTestId('style-card-price-YS26W1002').textContent).toBe('¥594.15');
    expect(screen.getByText('¥699.00').tagName).toBe('S');
    expect(screen.getByTestId('style-card-stock-YS26W1002').textContent).toBe('可订 12 件');
    // no picture: the colours stand in, named for screen readers
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('YS26W1002 暂无图片，颜色：黑色、红色');
    fireEvent.click(screen.getByTestId('style-card-YS26W1002'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ productId: 7 }));
  });

  it('shows the thumbnail when the style has a picture, no strike-through at the full price, and 期货 without stock', () => {
    render(<StyleCard style={style({ mainImage: '/files/ab/cd.jpg', unitPriceFen: 69_900, seasonKind: 'preorder', totalAvailable: null })} onOpen={() => {}} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/files/ab/cd.jpg-200.jpg');
    expect(screen.queryByText('¥699.00')?.tagName).not.toBe('S');
    expect(screen.getByTestId('style-card-stock-YS26W1002').textContent).toBe('期货预订');
  });

  it('says 暂时缺货 for a spot style with nothing left', () => {
    expect(availabilityText({ seasonKind: 'spot', totalAvailable: 0, skus: [] })).toBe('暂时缺货');
    expect(availabilityText({ seasonKind: 'spot', totalAvailable: 3, skus: [] })).toBe('可订 3 件');
    expect(availabilityText({ seasonKind: 'preorder', totalAvailable: null, skus: [] })).toBe('期货预订');
    // a pre-order style shows what HQ's purchase orders still expect
    expect(
      availabilityText({ seasonKind: 'preorder', totalAvailable: null, skus: [sku(1, '黑色', '#000', 'S', null), { ...sku(2, '黑色', '#000', 'M', null), expected: 40 }] }),
    ).toBe('期货预订 · 预计到货 40 件');
  });
});
