import { describe, expect, it } from 'vitest';
import {
  countDateProblem,
  inventoryDifferenceTotals,
  SHOP_INVENTORY_LINES_MAX,
  SHOP_INVENTORY_QUANTITY_MAX,
  shopInventoryActions,
  shopInventoryLinesProblem,
  ShopInventoryMessages as M,
  shopInventoryNext,
} from './aftersales-inventory.ts';

describe('shopInventoryLinesProblem', () => {
  it('takes whole quantities 0…max, one line per SKU', () => {
    expect(
      shopInventoryLinesProblem([
        { skuId: 1, quantity: 0 },
        { skuId: 2, quantity: SHOP_INVENTORY_QUANTITY_MAX },
      ]),
    ).toBeNull();
  });
  it('names the first bad line', () => {
    expect(shopInventoryLinesProblem(undefined)).toBe(M.linesRequired);
    expect(shopInventoryLinesProblem([])).toBe(M.linesRequired);
    expect(shopInventoryLinesProblem(Array.from({ length: SHOP_INVENTORY_LINES_MAX + 1 }, (_, i) => ({ skuId: i + 1, quantity: 1 })))).toBe(M.linesTooMany);
    expect(shopInventoryLinesProblem([{ skuId: 1, quantity: 1 }, null])).toBe(M.lineSkuInvalid(2));
    expect(shopInventoryLinesProblem([{ skuId: 0, quantity: 1 }])).toBe(M.lineSkuInvalid(1));
    expect(shopInventoryLinesProblem([{ skuId: 1.5, quantity: 1 }])).toBe(M.lineSkuInvalid(1));
    for (const q of [-1, 1.5, '2', null, Number.NaN, SHOP_INVENTORY_QUANTITY_MAX + 1])
      expect(shopInventoryLinesProblem([{ skuId: 1, quantity: q }]), String(q)).toBe(M.lineQuantityInvalid(1));
    expect(
      shopInventoryLinesProblem([
        { skuId: 1, quantity: 1 },
        { skuId: 2, quantity: 1 },
        { skuId: 1, quantity: 3 },
      ]),
    ).toBe(M.lineDuplicate(3));
  });
});

describe('countDateProblem', () => {
  it('takes a calendar day up to today', () => {
    expect(countDateProblem('2026-11-28', '2026-11-28')).toBeNull();
    expect(countDateProblem('2026-11-01', '2026-11-28')).toBeNull();
    expect(countDateProblem('2026-11-29', '2026-11-28')).toBe(M.countDateFuture);
    for (const bad of ['2026-02-30', '20261128', '', null, 20261128]) expect(countDateProblem(bad, '2026-11-28')).toBe(M.countDateInvalid);
  });
});

describe('the report machine', () => {
  it('goes draft → submitted → audited or rejected → draft; posts once', () => {
    expect(shopInventoryNext('draft', 'submit')).toBe('submitted');
    expect(shopInventoryNext('submitted', 'audit')).toBe('audited');
    expect(shopInventoryNext('submitted', 'reject')).toBe('rejected');
    expect(shopInventoryNext('rejected', 'edit')).toBe('draft');
    expect(shopInventoryNext('submitted', 'post')).toBeNull();
    expect(shopInventoryNext('audited', 'audit')).toBeNull();
    expect(shopInventoryActions('audited', false)).toEqual(['post']);
    expect(shopInventoryActions('audited', true)).toEqual([]);
  });
});

describe('inventoryDifferenceTotals', () => {
  it('adds counted and book, gains and losses apart', () => {
    expect(
      inventoryDifferenceTotals([
        { countedQuantity: 4, bookQuantity: 5 },
        { countedQuantity: 2, bookQuantity: 0 },
        { countedQuantity: 3, bookQuantity: 3 },
        { countedQuantity: 0, bookQuantity: 2 },
      ]),
    ).toEqual({ countedQuantity: 9, bookQuantity: 10, gainQuantity: 2, lossQuantity: 3, differingLines: 3 });
  });
});
