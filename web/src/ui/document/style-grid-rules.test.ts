import { describe, expect, it } from 'vitest';
import { styleGridBlocks, type StyleGridLine } from './style-grid-rules.ts';

const line = (styleNo: string, colour: string, size: string, quantity: number, extra: Partial<StyleGridLine> = {}): StyleGridLine => ({
  styleNo,
  name: `${styleNo} 名称`,
  colour,
  size,
  barcode: `${styleNo}-${colour}-${size}`,
  quantity,
  unitPriceFen: 10000,
  amountFen: quantity * 10000,
  ...extra,
});

describe('styleGridBlocks', () => {
  it('makes one block per style in document order, colours as rows in document order, sizes in size order', () => {
    const blocks = styleGridBlocks([line('B2', '黑色', 'XL', 1), line('A1', '白色', 'L', 2), line('B2', '黑色', 'S', 3), line('B2', '红色', 'M', 4), line('B2', '黑色', 'F', 5)]);
    expect(blocks.map((b) => b.styleNo)).toEqual(['B2', 'A1']);
    const [b2] = blocks;
    expect(b2!.sizes).toEqual(['F', 'S', 'M', 'XL']);
    expect(b2!.rows.map((r) => r.colour)).toEqual(['黑色', '红色']);
    expect(b2!.rows[0]!.cells.map((c) => c?.quantity ?? null)).toEqual([5, 3, null, 1]);
    expect(b2!.rows[1]!.cells.map((c) => c?.quantity ?? null)).toEqual([null, null, 4, null]);
  });

  it('totals per row, per column and per style, with received beside ordered', () => {
    const [block] = styleGridBlocks([
      line('A1', '白色', 'S', 2, { received: 2 }),
      line('A1', '白色', 'M', 3, { received: 1 }),
      line('A1', '黑色', 'S', 4),
      line('A1', '黑色', 'M', 5, { received: 5 }),
    ]);
    expect(block!.rows.map((r) => [r.quantity, r.received])).toEqual([
      [5, 3],
      [9, 5],
    ]);
    expect(block!.columnTotals).toEqual([
      { quantity: 6, received: 2 },
      { quantity: 8, received: 6 },
    ]);
    expect([block!.quantity, block!.received, block!.amountFen]).toEqual([14, 8, 140000]);
  });

  it('sums a SKU on two lines and lists the distinct prices, lowest first', () => {
    const [block] = styleGridBlocks([
      line('A1', '白色', 'S', 2, { unitPriceFen: 12000, amountFen: 24000 }),
      line('A1', '白色', 'S', 1, { unitPriceFen: 9900, amountFen: 9900 }),
      line('A1', '白色', 'M', 1, { unitPriceFen: 12000, amountFen: 12000 }),
    ]);
    expect(block!.rows[0]!.cells.map((c) => c?.quantity)).toEqual([3, 1]);
    expect(block!.pricesFen).toEqual([9900, 12000]);
    expect(block!.amountFen).toBe(45900);
  });

  it('orders sizes by their size-group position when known (numeric and named sizes alike)', () => {
    const [block] = styleGridBlocks([
      line('K1', '蓝', '165/88A', 1, { sizeSort: 2 }),
      line('K1', '蓝', '160/84A', 1, { sizeSort: 1 }),
      line('K1', '蓝', '170/92A', 1, { sizeSort: 3 }),
    ]);
    expect(block!.sizes).toEqual(['160/84A', '165/88A', '170/92A']);
    const [numbers] = styleGridBlocks([line('J1', '蓝', '32', 1), line('J1', '蓝', '28', 1), line('J1', '蓝', '30', 1)]);
    expect(numbers!.sizes).toEqual(['28', '30', '32']);
  });

  it('answers no blocks for no lines', () => {
    expect(styleGridBlocks([])).toEqual([]);
  });
});
