import { describe, expect, it } from 'vitest';
import { importQuantity, importUnitCostFen } from './stock-doc-imports.ts';

describe('import cells', () => {
  it('quantities: integers within [min, 1 000 000] from numbers or text', () => {
    expect([importQuantity(12, 1), importQuantity(' 12 ', 1), importQuantity('1,200', 1), importQuantity('3.0', 1), importQuantity(0, 0)]).toEqual([12, 12, 1200, 3, 0]);
    expect([
      importQuantity(0, 1),
      importQuantity(-1, 0),
      importQuantity(2.5, 0),
      importQuantity('abc', 0),
      importQuantity('', 0),
      importQuantity(1_000_001, 0),
      importQuantity(null, 0),
    ]).toEqual([null, null, null, null, null, null, null]);
  });

  it('unit costs: yuan with at most two decimals to fen, capped', () => {
    expect([importUnitCostFen('520'), importUnitCostFen(199.5), importUnitCostFen('¥1,299.00'), importUnitCostFen('0'), importUnitCostFen(1_000_000)]).toEqual([
      52_000, 19_950, 129_900, 0, 100_000_000,
    ]);
    expect([
      importUnitCostFen(''),
      importUnitCostFen('12.345'),
      importUnitCostFen('-1'),
      importUnitCostFen(1_000_000.01),
      importUnitCostFen(undefined),
      importUnitCostFen(Number.NaN),
    ]).toEqual([null, null, null, null, null, null]);
  });
});
