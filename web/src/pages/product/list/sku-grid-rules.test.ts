import { describe, expect, it } from 'vitest';
import { nextEan13, ProductMessages } from '@erp/shared';
import type { SkuRecord } from '../../../api/products.ts';
import { barcodeProblems, cellKey, detailGrid, gridPreview } from './sku-grid-rules.ts';

const E1 = nextEan13('690000', 1);
const E2 = nextEan13('690000', 2);
const E3 = nextEan13('690000', 3);

const sku = (id: number, colourId: number, sizeId: number, barcode: string, status: SkuRecord['status'] = 'active'): SkuRecord => ({
  id,
  productId: 1,
  colourId,
  colourCode: `C${colourId}`,
  colourName: `颜色${colourId}`,
  colourHex: '#000000',
  sizeId,
  sizeName: `尺码${sizeId}`,
  barcode,
  sellerSku: null,
  marketplaceGroup: null,
  status,
});

// sizes of a group: S(10) M(11) L(12) XL(13), sorted by the group's sort
const SIZES: Record<number, { id: number; name: string; sort: number }> = {
  10: { id: 10, name: 'S', sort: 1 },
  11: { id: 11, name: 'M', sort: 2 },
  12: { id: 12, name: 'L', sort: 3 },
  13: { id: 13, name: 'XL', sort: 4 },
};
const colourInfo = (id: number) => ({ id, code: `C${id}`, name: `颜色${id}`, hex: '#111111' });
const sizeInfo = (id: number) => SIZES[id]!;

describe('the SKU grid preview', () => {
  it('orders sizes by the group whatever order they were picked in, colours as picked', () => {
    const grid = gridPreview([2, 1], [12, 10, 11], [], colourInfo, sizeInfo);
    expect(grid.sizes.map((s) => s.name)).toEqual(['S', 'M', 'L']);
    expect(grid.colours.map((c) => c.id)).toEqual([2, 1]);
    expect(grid.rows.flat().every((c) => c.kind === 'new')).toBe(true);
    expect(grid.newCount).toBe(6);
  });

  it('keeps existing SKUs, adds new cells and marks dropped ones', () => {
    const existing = [sku(1, 1, 10, E1), sku(2, 1, 11, E2), sku(3, 1, 13, E3, 'disabled')];
    const grid = gridPreview([1, 2], [10], existing, colourInfo, sizeInfo);
    expect(grid.sizes.map((s) => [s.name, s.chosen])).toEqual([
      ['S', true],
      ['M', false],
      ['XL', false],
    ]);
    expect(grid.rows[0]!.map((c) => c.kind)).toEqual(['existing', 'dropping', 'disabled']);
    expect(grid.rows[1]!.map((c) => c.kind)).toEqual(['new', 'none', 'none']);
    expect(grid.newCount).toBe(1);
    expect(grid.droppingCount).toBe(1);
  });

  it('checks each typed barcode: check digit, duplicates and codes already used', () => {
    const good = nextEan13('690123', 5);
    const wrongDigit = good.slice(0, 12) + String((Number(good[12]) + 1) % 10);
    const newCells = new Set([cellKey(1, 10), cellKey(1, 11), cellKey(2, 10), cellKey(2, 11)]);
    const problems = barcodeProblems(
      { [cellKey(1, 10)]: wrongDigit, [cellKey(1, 11)]: 'ABC-12345', [cellKey(2, 10)]: 'ABC-12345', [cellKey(2, 11)]: E1, [cellKey(9, 9)]: 'x' },
      newCells,
      [sku(1, 3, 10, E1)],
    );
    expect(problems.get(cellKey(1, 10))).toBe(`条码“${wrongDigit}”的校验位不正确，应为${good[12]}`);
    expect(problems.get(cellKey(1, 11))).toBe('条码“ABC-12345”重复');
    expect(problems.get(cellKey(2, 10))).toBe('条码“ABC-12345”重复');
    expect(problems.get(cellKey(2, 11))).toBe(`条码“${E1}”已被其他SKU使用`);
    expect(problems.has(cellKey(9, 9))).toBe(false);
    expect(barcodeProblems({ [cellKey(1, 10)]: good, [cellKey(1, 11)]: ' ' }, newCells, []).size).toBe(0);
    expect(barcodeProblems({ [cellKey(1, 10)]: 'abc' }, newCells, []).get(cellKey(1, 10))).toBe(ProductMessages.barcodeInvalid);
  });
});

describe('the detail grid', () => {
  it('rows by colour, columns in size order, counts per colour and in all', () => {
    const named = (s: SkuRecord, sizeName: string) => ({ ...s, sizeName });
    // as the server lists them: colour 2 first (colour sort), each colour's sizes in size order
    const grid = detailGrid([
      named(sku(1, 2, 11, E1), 'M'),
      named(sku(2, 2, 12, E2), 'L'),
      named(sku(3, 1, 10, E3), 'S'),
      named(sku(4, 1, 11, nextEan13('690000', 4), 'disabled'), 'M'),
      named(sku(5, 1, 13, nextEan13('690000', 5)), 'XL'),
    ]);
    expect(grid.sizes.map((s) => s.name)).toEqual(['S', 'M', 'L', 'XL']);
    // with the group's sort (a group ordering XL before L, say)
    const sorts: Record<number, number> = { 10: 1, 11: 2, 12: 9, 13: 3 };
    const sorted = detailGrid([named(sku(1, 2, 12, E1), 'L'), named(sku(2, 2, 13, E2), 'XL'), named(sku(3, 2, 10, E3), 'S')], (id) => sorts[id]);
    expect(sorted.sizes.map((s) => s.name)).toEqual(['S', 'XL', 'L']);
    expect(grid.rows.map((r) => [r.colour.id, r.count, r.active])).toEqual([
      [2, 2, 2],
      [1, 3, 2],
    ]);
    expect(grid.rows[1]!.cells.get(11)?.status).toBe('disabled');
    expect(grid.rows[0]!.cells.has(10)).toBe(false);
    expect([grid.total, grid.active]).toEqual([5, 4]);
  });
});
