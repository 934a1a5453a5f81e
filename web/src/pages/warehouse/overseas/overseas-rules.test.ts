import { describe, expect, it } from 'vitest';
import type { OverseasComparisonLine, StockDocLineRecord } from '@erp/shared';
import { comparisonTotals, snapshotFromDetail, snapshotInputs } from './overseas-rules.ts';

describe('overseas rules', () => {
  it('sends counts in actualQuantity (a zero count keeps a valid quantity) and reads them back', () => {
    const lines = [
      { skuId: 1, barcode: 'A', styleNo: 'S', productName: 'P', colourName: 'C', sizeName: 'M', counted: 7 },
      { skuId: 2, barcode: 'B', styleNo: 'S', productName: 'P', colourName: 'C', sizeName: 'L', counted: 0 },
    ];
    expect(snapshotInputs(lines)).toEqual([
      { skuId: 1, quantity: 7, actualQuantity: 7 },
      { skuId: 2, quantity: 1, actualQuantity: 0 },
    ]);
    const saved = [{ skuId: 2, barcode: 'B', styleNo: 'S', productName: 'P', colourName: 'C', sizeName: 'L', quantity: 5, actualQuantity: 0 }] as StockDocLineRecord[];
    expect(snapshotFromDetail(saved)).toEqual([lines[1]]);
  });

  it('sums the comparison', () => {
    const rows = [
      { counted: 7, bookNow: 15, receivedTotal: 15, difference: -8 },
      { counted: 4, bookNow: 0, receivedTotal: 0, difference: 4 },
    ] as OverseasComparisonLine[];
    expect(comparisonTotals(rows)).toEqual({ counted: 11, bookNow: 15, received: 15, difference: -4 });
  });
});
