import { describe, expect, it } from 'vitest';
import { shelfInputProblem, ShelfMessages, type StockBalanceRecord, type WarehouseOption } from '@erp/shared';
import { batchPreview, defaultWarehouseId, shelfBatchInputOf, shelfFieldProblems, shelfFormValuesOf, shelfInputOf, stockItemOf } from './shelf-rules.ts';

const option = (id: number, type: WarehouseOption['type']): WarehouseOption => ({ id, code: `W${id}`, name: `仓${id}`, type, shopId: null, allowNegative: false });

describe('shelf page rules', () => {
  it('opens on the first warehouse that has shelves', () => {
    expect(defaultWarehouseId([option(3, 'transit'), option(5, 'hq')])).toBe(5);
    expect(defaultWarehouseId([option(3, 'transit')])).toBeNull();
    expect(defaultWarehouseId([])).toBeNull();
  });

  it('builds the shelf body and checks fields with the server messages', () => {
    expect(shelfInputOf({ code: ' A-01 ', name: ' 第一排 ', sort: null })).toEqual({ code: 'A-01', name: '第一排' });
    expect(shelfInputOf({ code: 'A-01', name: '', sort: 0 })).toEqual({ code: 'A-01', name: '', sort: 0 });
    expect(shelfInputOf(shelfFormValuesOf(null))).toEqual({ code: '', name: '' });
    expect(shelfInputProblem(shelfInputOf(shelfFormValuesOf(null)))).toBe(ShelfMessages.codeRequired);
    expect(shelfFieldProblems.code('-A')).toBe(ShelfMessages.codeInvalid);
    expect(shelfFieldProblems.sort(10000)).toBe(ShelfMessages.sortInvalid);
    expect(shelfFieldProblems.sort(1.5)).toBe(ShelfMessages.sortInvalid);
    expect(shelfFieldProblems.sort(null)).toBeNull();
    expect(shelfFieldProblems.name('x'.repeat(33))).toBe(ShelfMessages.nameTooLong);
  });

  it('previews the batch codes or the first problem', () => {
    expect(batchPreview({ prefix: '', rowFrom: 1, rowTo: null })).toEqual({ kind: 'empty' });
    expect(batchPreview({ prefix: 'C', rowFrom: 1, rowTo: null })).toEqual({ kind: 'problem', problem: ShelfMessages.rowsInvalid });
    expect(batchPreview({ prefix: '', rowFrom: 1, rowTo: 3 })).toEqual({ kind: 'problem', problem: ShelfMessages.prefixRequired });
    expect(batchPreview({ prefix: 'C', rowFrom: 3, rowTo: 1 })).toEqual({ kind: 'problem', problem: ShelfMessages.rowsInvalid });
    expect(batchPreview({ prefix: 'C', rowFrom: 1, rowTo: 2, levelFrom: 2, levelTo: null })).toEqual({ kind: 'problem', problem: ShelfMessages.levelsInvalid });
    expect(batchPreview({ prefix: 'C', rowFrom: 1, rowTo: 2, levelFrom: 1, levelTo: 2 })).toEqual({
      kind: 'codes',
      count: 4,
      shown: ['C-01-01', 'C-01-02', 'C-02-01', 'C-02-02'],
      last: null,
    });
    expect(batchPreview({ prefix: 'C', rowFrom: 1, rowTo: 3 })).toMatchObject({ count: 3, shown: ['C-01', 'C-02', 'C-03'] });
    const long = batchPreview({ prefix: 'B', rowFrom: 1, rowTo: 20, levelFrom: 1, levelTo: 5 }, 10);
    expect(long).toMatchObject({ kind: 'codes', count: 100, last: 'B-20-05' });
    expect(long.kind === 'codes' && long.shown).toHaveLength(10);
    expect(batchPreview({ prefix: 'B', rowFrom: 1, rowTo: 30, levelFrom: 1, levelTo: 20 })).toEqual({ kind: 'problem', problem: ShelfMessages.batchTooLarge });
    expect(shelfBatchInputOf({ prefix: ' B ', rowFrom: 1, rowTo: 2 })).toEqual({ prefix: 'B', rowFrom: 1, rowTo: 2, levelFrom: null, levelTo: null });
  });

  it('names a stock line by its SKU or its material', () => {
    const line = { itemType: 'sku', styleNo: 'Y24001', productName: '羊毛大衣', materialCode: '', materialName: '' } as StockBalanceRecord;
    expect(stockItemOf(line)).toEqual({ no: 'Y24001', name: '羊毛大衣' });
    expect(stockItemOf({ ...line, itemType: 'material', materialCode: 'WL-BAG-L', materialName: '购物袋' })).toEqual({ no: 'WL-BAG-L', name: '购物袋' });
  });
});
