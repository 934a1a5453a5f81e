import { describe, expect, it } from 'vitest';
import { buildSizeRunGrid, dayBefore, INVENTORY_COLUMNS, namedDocTypes, stockDocKindOfType } from './stock-reports.ts';
import { isCalendarDay } from './validators.ts';
import { STOCK_DOC_TYPES } from './stock.ts';

describe('size-run grid', () => {
  const sizes = [
    { id: 13, name: 'XL', sort: 4 },
    { id: 10, name: 'S', sort: 1 },
    { id: 12, name: 'L', sort: 3 },
    { id: 11, name: 'M', sort: 2 },
  ];
  const colours = [
    { id: 2, name: '黑色', sort: 2 },
    { id: 1, name: '驼色', sort: 1 },
    { id: 3, name: '藏青', sort: 3 },
  ];

  it('puts sizes in size order as columns, colours in colour order as rows, and adds up rows, columns and shelves', () => {
    const grid = buildSizeRunGrid(
      sizes,
      colours,
      [
        { colourId: 2, sizeId: 11, quantity: 3 },
        { colourId: 1, sizeId: 10, quantity: 5 },
        { colourId: 2, sizeId: 11, quantity: 2 },
        { colourId: 2, sizeId: 13, quantity: -1 },
        { colourId: 1, sizeId: 12, quantity: 4 },
      ],
      {
        skus: [
          { id: 101, colourId: 1, sizeId: 10 },
          { id: 102, colourId: 1, sizeId: 12 },
          { id: 201, colourId: 2, sizeId: 11 },
        ],
      },
    );
    expect(grid.sizes.map((s) => s.name)).toEqual(['S', 'M', 'L', 'XL']);
    expect(grid.rows).toEqual([
      { colourId: 1, colourName: '驼色', quantities: [5, 0, 4, 0], skuIds: [101, null, 102, null], total: 9 },
      { colourId: 2, colourName: '黑色', quantities: [0, 5, 0, -1], skuIds: [null, 201, null, null], total: 4 },
    ]);
    expect(grid.sizeTotals).toEqual([5, 5, 4, -1]);
    expect(grid.total).toBe(13);
  });

  it('leaves colours without stock out unless asked, and ignores cells outside the run', () => {
    const cells = [
      { colourId: 1, sizeId: 10, quantity: 1 },
      { colourId: 9, sizeId: 10, quantity: 7 },
      { colourId: 1, sizeId: 99, quantity: 7 },
    ];
    expect(buildSizeRunGrid(sizes, colours, cells).rows.map((r) => r.colourName)).toEqual(['驼色']);
    const full = buildSizeRunGrid(sizes, colours, cells, { keepEmptyRows: true });
    expect(full.rows.map((r) => [r.colourName, r.total])).toEqual([
      ['驼色', 1],
      ['黑色', 0],
      ['藏青', 0],
    ]);
    expect(full.total).toBe(1);
    expect(buildSizeRunGrid([], [], [])).toEqual({ sizes: [], rows: [], sizeTotals: [], total: 0 });
  });
});

describe('inventory columns', () => {
  it('name each ledger doc type in at most one column per direction, the rest falls to 其他', () => {
    for (const direction of ['in', 'out'] as const) {
      const named = namedDocTypes(direction);
      expect(new Set(named).size).toBe(named.length);
      // an outbound never brings stock in; opening and inbound never take it out (but into 其他 if they did)
      const never = direction === 'in' ? ['outbound'] : ['opening', 'inbound'];
      expect(STOCK_DOC_TYPES.filter((t) => !named.includes(t))).toEqual(never);
      expect(INVENTORY_COLUMNS.filter((c) => c.direction === direction && c.docTypes === null)).toHaveLength(1);
    }
  });

  it('maps ledger doc types to document kinds', () => {
    expect(stockDocKindOfType('transfer_out')).toBe('transfer');
    expect(stockDocKindOfType('transfer_in')).toBe('transfer');
    expect(stockDocKindOfType('stocktake')).toBe('stocktake');
    expect(stockDocKindOfType('sale')).toBeNull();
  });

  it('checks calendar days and steps back a day', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
    expect(isCalendarDay(20260101)).toBe(false);
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
});
