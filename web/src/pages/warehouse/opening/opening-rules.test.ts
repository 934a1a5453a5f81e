import { describe, expect, it } from 'vitest';
import type { StockDocRecord, StockImportLine, WarehouseOption } from '@erp/shared';
import { isLocked, openingInputs, openingRows, openingTotals } from './opening-rules.ts';

const wh = (id: number, type: WarehouseOption['type'] = 'hq') => ({ id, code: `W${id}`, name: `仓${id}`, type, shopId: null, allowNegative: false }) as WarehouseOption;
const doc = (id: number, warehouseId: number, status: StockDocRecord['status']) => ({ id, warehouseId, status }) as StockDocRecord;

describe('opening rules', () => {
  it('one row per stock-taking warehouse with its live opening; voided ones only counted', () => {
    const rows = openingRows([wh(1), wh(2, 'transit'), wh(3, 'shop'), wh(4)], [doc(9, 1, 'posted'), doc(8, 3, 'draft'), doc(7, 3, 'void'), doc(6, 4, 'void')]);
    expect(rows.map((r) => [r.warehouse.id, r.doc?.id ?? null, r.voided, isLocked(r)])).toEqual([
      [1, 9, 0, true],
      [3, 8, 1, false],
      [4, null, 1, false],
    ]);
  });

  it('turns checked rows into lines and sums quantity and amount', () => {
    const lines = [
      { skuId: 1, quantity: 5, unitCostFen: 52_000, shelfId: 3 },
      { skuId: 2, quantity: 2, unitCostFen: 19_950, shelfId: null },
    ] as StockImportLine[];
    expect(openingInputs(lines)).toEqual([
      { skuId: 1, quantity: 5, unitCostFen: 52_000, shelfId: 3 },
      { skuId: 2, quantity: 2, unitCostFen: 19_950, shelfId: null },
    ]);
    expect(openingTotals(lines)).toEqual({ quantity: 7, amountFen: 299_900 });
  });
});
