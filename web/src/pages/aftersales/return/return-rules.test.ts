import { describe, expect, it } from 'vitest';
import type { ReturnableAnswer, ReturnableSku } from '@erp/shared';
import { backProblem, backTotals, linesOf, scanOne, styleGroups } from './return-rules.ts';

const sku = (skuId: number, productId: number, extra: Partial<ReturnableSku> = {}): ReturnableSku => ({
  skuId,
  productId,
  styleNo: `S${productId}`,
  productName: '卫衣',
  colourName: '灰色',
  sizeName: String(skuId),
  barcode: `690${skuId}`,
  received: 3,
  returned: 1,
  returnable: 2,
  unitPriceFen: 10_000,
  lastReceivedDay: '2026-11-20',
  blocked: '',
  ...extra,
});
const answer = (leftFen = 100_000, skus = [sku(1, 10), sku(2, 10), sku(3, 20, { blocked: '不可退换（清仓）', returnable: 0 })]): ReturnableAnswer => ({
  buyerKey: 'shop:1:none:0',
  buyers: [],
  buyerType: 'shop',
  buyerId: 1,
  buyerName: '湖滨店',
  allowance: { policyName: '加盟店政策', rateBp: 3000, windowDays: 60, shippedFen: 500_000, allowanceFen: 150_000, usedFen: 50_000, leftFen },
  skus,
});

describe('return form rules', () => {
  it('groups SKUs by style for the grids', () => {
    expect(styleGroups(answer().skus).map((g) => [g.styleNo, g.cells.map((c) => c.skuId)])).toEqual([
      ['S10', [1, 2]],
      ['S20', [3]],
    ]);
  });

  it('sends positive whole quantities and adds up pieces and amount', () => {
    const values = { 1: 2, 2: 0, 3: null };
    expect(linesOf(values)).toEqual([{ skuId: 1, quantity: 2 }]);
    expect(backTotals(answer().skus, values)).toEqual({ pieces: 2, amountFen: 20_000 });
  });

  it('names the first problem as the server would', () => {
    expect(backProblem(answer(), {}, 'return')).toBe('请至少退回一件商品');
    expect(backProblem(answer(), { 1: 3 }, 'return')).toBe('6901最多可退2件（已收货减去已退）');
    expect(backProblem(answer(), { 3: 1 }, 'return')).toBe('6903：不可退换（清仓）');
    expect(backProblem(answer(15_000), { 1: 2 }, 'swap')).toBe('超出本季换货额度：剩余 ¥150.00，本单 ¥200.00');
    expect(backProblem(answer(), { 1: 2, 2: 1 }, 'return')).toBeNull();
  });

  it('counts a scanned piece once, and refuses unknown, blocked and exhausted codes without changing anything', () => {
    const first = scanOne(answer(), {}, ' 6901 ');
    expect(first).toMatchObject({ values: { 1: 1 }, problem: null });
    const second = scanOne(answer(), first.values, '6901');
    expect(second.values).toEqual({ 1: 2 });
    const third = scanOne(answer(), second.values, '6901');
    expect(third).toMatchObject({ values: { 1: 2 }, problem: '6901最多可退2件（已收货减去已退）' });
    expect(scanOne(answer(), {}, '999').problem).toBe('条码999不是该门店本季从总部收到的货品');
    expect(scanOne(answer(), {}, '6903').problem).toBe('6903：不可退换（清仓）');
  });
});
