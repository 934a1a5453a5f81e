import { describe, expect, it } from 'vitest';
import { addToLines, clearShelves, editorLinesProblem, editorTotals, gridToLines, removeLine, setLineShelf, updateLine, type PickedSku } from './lines-rules.ts';

const sku = (skuId: number, colourName: string, sizeName: string): PickedSku => ({
  skuId,
  styleNo: 'YS26W1001',
  productName: '羊毛大衣',
  colourName,
  sizeName,
  barcode: `690000000${skuId}`,
});
const SKUS = [sku(1, '黑色', 'S'), sku(2, '黑色', 'M'), sku(3, '驼色', 'S'), sku(4, '驼色', 'M')];

describe('lines of the editor kit', () => {
  it('adds to the line of the same SKU and shelf, a new line for another shelf', () => {
    let lines = gridToLines([], SKUS, { 1: 2 }, null);
    lines = gridToLines(lines, SKUS, { 1: 3 }, null);
    lines = gridToLines(lines, SKUS, { 1: 1 }, 9);
    expect(lines.map((l) => [l.key, l.quantity])).toEqual([
      ['1:0', 5],
      ['1:9', 1],
    ]);
  });
  it('scanning the same barcode twice makes one line of 2', () => {
    const lines = addToLines(addToLines([], SKUS[0]!, 1), SKUS[0]!, 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
  });

  it('moving a line to a shelf that already has the SKU merges them; a new warehouse clears shelves', () => {
    let lines = gridToLines([], SKUS, { 1: 2 }, 7);
    lines = gridToLines(lines, SKUS, { 1: 3 }, null);
    const moved = setLineShelf(lines, '1:0', 7);
    expect(moved.map((l) => [l.key, l.quantity])).toEqual([['1:7', 5]]);
    expect(clearShelves(lines).map((l) => [l.key, l.quantity, l.shelfId])).toEqual([['1:0', 5, null]]);
  });

  it('names the first bad line and refuses an empty document', () => {
    expect(editorLinesProblem([])).toBe('请至少添加一行明细');
    const lines = gridToLines([], SKUS, { 1: 1, 2: 1 });
    expect(editorLinesProblem(lines)).toBeNull();
    expect(editorLinesProblem([lines[0]!, { ...lines[1]!, quantity: 0 }])).toMatch(/^第2行/);
  });

  it('keeps a bad quantity as typed, counts only good ones in the totals, and edits or removes one line', () => {
    let lines = gridToLines([], SKUS, { 1: 2, 2: 3 });
    lines = updateLine(lines, '2:0', { quantity: Number.NaN });
    expect(editorTotals(lines)).toEqual({ lines: 2, quantity: 2 });
    expect(editorLinesProblem(lines)).toMatch(/^第2行/);
    expect(removeLine(lines, '2:0').map((l) => l.key)).toEqual(['1:0']);
  });
});
