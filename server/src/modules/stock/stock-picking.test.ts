import { describe, expect, it } from 'vitest';
import { pickLines, type PickableLine, type Place } from './stock-picking.ts';

// 拣货 as a pure rule: floor first, then enabled shelves by sort and code; nothing taken twice.

const line = (quantity: number, extra: Partial<PickableLine> = {}): PickableLine & { pick: boolean } => ({
  warehouseId: 1,
  shelfId: 0,
  skuId: 7,
  materialId: 0,
  quantity,
  pick: true,
  ...extra,
});
const place = (shelfId: number, quantity: number, extra: Partial<Place> = {}): Place => ({
  warehouseId: 1,
  shelfId,
  skuId: 7,
  materialId: 0,
  quantity,
  shelfEnabled: shelfId === 0 ? null : true,
  shelfSort: shelfId,
  shelfCode: `A-${shelfId}`,
  ...extra,
});
const isPick = (l: { pick: boolean }) => l.pick;
const never = () => false;

describe('pickLines', () => {
  it('takes the floor first, then shelves in sort then code order', () => {
    const places = [place(12, 4, { shelfSort: 1, shelfCode: 'B' }), place(11, 4, { shelfSort: 1, shelfCode: 'A' }), place(0, 2), place(10, 9, { shelfSort: 2 })];
    const { lines, short } = pickLines([line(-7)], isPick, places, never);
    expect(short).toEqual([]);
    expect(lines.map((l) => [l.shelfId, l.quantity])).toEqual([
      [0, -2],
      [11, -4],
      [12, -1],
    ]);
  });

  it('skips disabled shelves, empty places and other items or warehouses', () => {
    const places = [place(3, 5, { shelfEnabled: false }), place(4, 0), place(5, 5, { skuId: 8 }), place(6, 5, { warehouseId: 2 }), place(7, 1)];
    const { lines, short } = pickLines([line(-1)], isPick, places, never);
    expect(short).toEqual([]);
    expect(lines.map((l) => [l.shelfId, l.quantity])).toEqual([[7, -1]]);
  });

  it('two lines of one item do not take the same pieces', () => {
    const { lines, short } = pickLines([line(-2), line(-2)], isPick, [place(0, 3), place(1, 1)], never);
    expect(short).toEqual([]);
    expect(lines.map((l) => [l.shelfId, l.quantity])).toEqual([
      [0, -2],
      [0, -1],
      [1, -1],
    ]);
  });

  it('names the whole need and all the warehouse holds when short; a warehouse that may go negative takes the rest off the floor', () => {
    const short = pickLines([line(-5)], isPick, [place(0, 1), place(1, 2)], never);
    expect(short.short).toEqual([{ line: line(-5), need: 5, available: 3 }]);
    const negative = pickLines([line(-5)], isPick, [place(0, 1), place(1, 2)], () => true);
    expect(negative.short).toEqual([]);
    expect(negative.lines.map((l) => [l.shelfId, l.quantity])).toEqual([
      [0, -1],
      [1, -2],
      [0, -2],
    ]);
  });

  it('leaves lines that are not picked as they are', () => {
    const fixed = { ...line(-3, { shelfId: 9 }), pick: false };
    expect(pickLines([fixed], isPick, [], never)).toEqual({ lines: [fixed], short: [] });
  });

  it('property: the picked pieces add up to the need and no place gives more than it holds', () => {
    // a small deterministic generator: property checks without a dependency
    let x = 11;
    const next = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x % n;
    };
    for (let run = 0; run < 500; run += 1) {
      const held = Array.from({ length: 1 + next(6) }, () => next(21));
      const needs = Array.from({ length: 1 + next(4) }, () => 1 + next(15));
      const { lines, short } = pickLines(
        needs.map((n) => line(-n)),
        isPick,
        held.map((q, i) => place(i, q)),
        never,
      );
      const total = held.reduce((a, b) => a + b, 0);
      const wanted = needs.reduce((a, b) => a + b, 0);
      if (short.length === 0) expect(-lines.reduce((a, l) => a + l.quantity, 0)).toBe(wanted);
      else expect(wanted).toBeGreaterThan(total);
      for (const [i, q] of held.entries()) expect(-lines.filter((l) => l.shelfId === i).reduce((a, l) => a + l.quantity, 0)).toBeLessThanOrEqual(q);
      for (const l of lines) expect(l.quantity).toBeLessThan(0);
    }
  });
});
