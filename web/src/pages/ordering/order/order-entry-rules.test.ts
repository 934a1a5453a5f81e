import { describe, expect, it } from 'vitest';
import type { SalesOrderEntryStyle } from '@erp/shared';
import { colourRun, entryLines, entryRuns, styleEntryProblem, styleTotals } from './order-entry-rules.ts';

const style: SalesOrderEntryStyle = {
  productId: 1,
  styleNo: 'YS1',
  name: '卫衣',
  seasonKind: 'spot',
  unitPriceFen: 10_000,
  wholesalePriceFen: 12_000,
  steps: [],
  sizeRunId: 7,
  wholeRuns: true,
  minRuns: 2,
  runs: [{ id: 7, name: '标准配码', counts: { S: 1, M: 2 } }],
  skus: [
    { skuId: 1, barcode: 'a', colourId: 1, colourName: '黑色', sizeName: 'S', sizeSort: 1, available: 9, expected: null },
    { skuId: 2, barcode: 'b', colourId: 1, colourName: '黑色', sizeName: 'M', sizeSort: 2, available: 9, expected: null },
  ],
};

describe('order entry rules', () => {
  it('names a bad cell, a broken run and a run below the minimum; whole runs pass', () => {
    expect(styleEntryProblem(style, { 1: -1 })).toMatch(/^YS1 黑色 S：/);
    expect(styleEntryProblem(style, { 1: 1.5 })).toMatch(/^YS1 黑色 S：/);
    expect(styleEntryProblem(style, { 1: 2, 2: 3 })).toContain('须按整手订货');
    expect(styleEntryProblem(style, { 1: 1, 2: 2 })).toContain('起订2手');
    expect(styleEntryProblem(style, { 1: 2, 2: 4 })).toBeNull();
    expect(styleEntryProblem(style, {})).toBeNull();
  });

  it('sends only positive quantities and totals at the server price', () => {
    expect(entryLines([style], { 1: 2, 2: 0 })).toEqual([{ skuId: 1, quantity: 2 }]);
    expect(styleTotals(style, { 1: 2, 2: 4 })).toEqual({ pieces: 6, amountFen: 60_000 });
  });

  it('remembers the run a colour was entered in: the style’s own first, else the saved run that fits with the fewest runs', () => {
    const free = {
      ...style,
      sizeRunId: null,
      wholeRuns: false,
      minRuns: 0,
      runs: [
        { id: 8, name: '小码', counts: { S: 1, M: 1 } },
        { id: 9, name: '标准配码', counts: { S: 1, M: 2 } },
      ],
    };
    expect(colourRun(free, 1, { 1: 2, 2: 4 })).toEqual({ sizeRunId: 9, runCount: 2 });
    expect(colourRun(free, 1, { 1: 3, 2: 3 })).toEqual({ sizeRunId: 8, runCount: 3 });
    expect(colourRun(free, 1, { 1: 2, 2: 3 })).toBeNull();
    expect(colourRun(free, 1, {})).toBeNull();
    expect(colourRun(style, 1, { 1: 2, 2: 4 })).toEqual({ sizeRunId: 7, runCount: 2 });
    // a run with a size the colour lacks never fits
    expect(colourRun({ ...free, runs: [{ id: 10, name: '大', counts: { S: 1, M: 1, L: 1 } }] }, 1, { 1: 1, 2: 1 })).toBeNull();
    // the order sends such a colour as its run, the rest as lines
    expect(entryRuns([free], { 1: 2, 2: 4 })).toEqual([{ productId: 1, colourId: 1, sizeRunId: 9, runCount: 2 }]);
    expect(entryLines([free], { 1: 2, 2: 4 })).toEqual([]);
    expect(entryLines([free], { 1: 2, 2: 3 })).toEqual([
      { skuId: 1, quantity: 2 },
      { skuId: 2, quantity: 3 },
    ]);
  });
});
