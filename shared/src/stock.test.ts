import { describe, expect, it } from 'vitest';
import { stockItemLabel, stockLineProblem, stockShortfallMessage, type StockShortfall } from './stock.ts';

describe('stock lines', () => {
  const line = (overrides: Record<string, unknown> = {}) => ({ warehouseId: 1, skuId: 2, quantity: 3, ...overrides });

  it('accepts signed integer quantities up to a million and one item', () => {
    expect(stockLineProblem(line(), 1)).toBeNull();
    expect(stockLineProblem(line({ quantity: -1_000_000, shelfId: 4, lineId: 5, unitCostFen: 0 }), 1)).toBeNull();
    expect(stockLineProblem(line({ skuId: null, materialId: 9 }), 1)).toBeNull();
  });

  it('names the line and the problem', () => {
    expect(stockLineProblem(line({ quantity: 0 }), 3)).toBe('第3行：数量须为非零整数，绝对值不超过1000000');
    expect(stockLineProblem(line({ quantity: 2.5 }), 1)).toMatch('数量须为非零整数');
    expect(stockLineProblem(line({ quantity: '3' }), 1)).toMatch('数量须为非零整数');
    expect(stockLineProblem(line({ quantity: 1_000_001 }), 1)).toMatch('数量须为非零整数');
    expect(stockLineProblem(line({ materialId: 9 }), 1)).toBe('第1行：须指定一个商品SKU或一个物料（不能同时指定）');
    expect(stockLineProblem(line({ skuId: undefined }), 1)).toMatch('须指定一个商品SKU或一个物料');
    expect(stockLineProblem(line({ skuId: -2 }), 1)).toBe('第1行：商品SKU不存在');
    expect(stockLineProblem(line({ warehouseId: 0 }), 1)).toBe('第1行：仓库不正确');
    expect(stockLineProblem(line({ shelfId: 1.2 }), 1)).toBe('第1行：货架不正确');
    expect(stockLineProblem(line({ unitCostFen: 100_000_001 }), 1)).toBe('第1行：单位成本须为0-100000000分的整数');
  });
});

describe('shortfall message', () => {
  const coat = { type: 'sku' as const, styleNo: 'YS26W1001', colourName: '黑色', sizeName: 'M', barcode: '6901234567892' };

  it('names SKUs by style no., colour, size and barcode, materials by code and name', () => {
    expect(stockItemLabel(coat)).toBe('YS26W1001 黑色 M（6901234567892）');
    expect(stockItemLabel({ type: 'material', code: 'WL-BAG-L', name: '购物袋 大号' })).toBe('WL-BAG-L 购物袋 大号');
    expect(stockShortfallMessage([{ item: coat, need: 3, available: 1 }])).toBe('库存不足：YS26W1001 黑色 M（6901234567892）需要3，可用1');
    expect(
      stockShortfallMessage([
        { item: coat, need: 3, available: 1, place: '杭州总仓 A-01-01' },
        { item: { type: 'material', code: 'WL-BAG-L', name: '购物袋 大号' }, need: 10, available: 0, place: '杭州总仓' },
      ]),
    ).toBe('库存不足：【杭州总仓 A-01-01】YS26W1001 黑色 M（6901234567892）需要3，可用1；【杭州总仓】WL-BAG-L 购物袋 大号需要10，可用0');
  });

  it('names the first twenty and counts the rest', () => {
    const many: StockShortfall[] = Array.from({ length: 25 }, (_, i) => ({ item: { ...coat, sizeName: `S${i}` }, need: 1, available: 0 }));
    const message = stockShortfallMessage(many);
    expect(message.split('；')).toHaveLength(21);
    expect(message.endsWith('；等25项')).toBe(true);
  });
});
