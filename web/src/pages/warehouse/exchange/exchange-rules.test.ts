import { describe, expect, it } from 'vitest';
import { StockKindMessages, type StockDocLineRecord } from '@erp/shared';
import type { EditorLine } from '../../../ui/document/lines-rules.ts';
import { exchangeLinesProblem, isHqSide, legTotals, splitLegs, toExchangeInputs } from './exchange-rules.ts';

const line = (skuId: number, quantity: number, shelfId: number | null = null): EditorLine => ({
  key: `${skuId}:${shelfId ?? 0}`,
  skuId,
  styleNo: 'S',
  productName: 'P',
  colourName: 'C',
  sizeName: 'M',
  barcode: `B${skuId}`,
  shelfId,
  quantity,
  boxNo: '',
  remark: '',
});

describe('exchange rules', () => {
  it('needs both legs and good quantities on each', () => {
    expect(exchangeLinesProblem({ in: [line(1, 1)], out: [] })).toBe(StockKindMessages.exchangeBothLegs);
    expect(exchangeLinesProblem({ in: [], out: [line(1, 1)] })).toBe(StockKindMessages.exchangeBothLegs);
    expect(exchangeLinesProblem({ in: [line(1, 0)], out: [line(2, 1)] })).toBe('退回明细第1行：数量须为1-1000000的整数');
    expect(exchangeLinesProblem({ in: [line(1, 1)], out: [line(2, 1), line(3, -1)] })).toBe('换出明细第2行：数量须为1-1000000的整数');
    expect(exchangeLinesProblem({ in: [line(1, 1)], out: [line(1, 2)] })).toBeNull();
  });

  it('sends legs, reads them back, sums them; the HQ side excludes shop and transit warehouses', () => {
    expect(toExchangeInputs({ in: [line(1, 2, 9)], out: [line(3, 4)] })).toEqual([
      { leg: 'in', skuId: 1, shelfId: 9, quantity: 2, boxNo: undefined, remark: undefined },
      { leg: 'out', skuId: 3, shelfId: null, quantity: 4, boxNo: undefined, remark: undefined },
    ]);
    const saved = [
      { leg: 'out', skuId: 3, shelfId: null, quantity: 4 },
      { leg: 'in', skuId: 1, shelfId: 9, quantity: 2 },
    ] as StockDocLineRecord[];
    const legs = splitLegs(saved);
    expect([legs.in.map((l) => [l.skuId, l.quantity]), legs.out.map((l) => [l.skuId, l.quantity])]).toEqual([[[1, 2]], [[3, 4]]]);
    expect(legTotals(saved)).toEqual({ in: 2, out: 4 });
    expect((['hq', 'defective', 'overseas', 'shop', 'transit'] as const).map(isHqSide)).toEqual([true, true, true, false, false]);
  });
});
