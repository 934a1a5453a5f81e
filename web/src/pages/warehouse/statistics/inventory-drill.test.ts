import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { INVENTORY_COLUMN_KEYS, type InventoryReportRecord } from '@erp/shared';
import { drillCaption, drillFilter } from './inventory-drill.ts';
import { dayRangeParams } from './report-dates.ts';

const zero = Object.fromEntries(INVENTORY_COLUMN_KEYS.map((k) => [k, 0]));
const row = (over: Partial<InventoryReportRecord>): InventoryReportRecord =>
  ({
    key: 'sku:5',
    productId: 2,
    styleNo: 'YS26W1001',
    productName: '',
    skuId: 5,
    colourName: '',
    sizeName: '',
    barcode: '',
    ...zero,
    openingQuantity: 18,
    inQuantity: 14,
    outQuantity: 8,
    closingQuantity: 24,
    transferIn: 8,
    ...over,
  }) as InventoryReportRecord;

describe('inventory drill-down', () => {
  const period = { dateFrom: '2026-02-01', dateTo: '2026-02-28', warehouseId: 3 };

  it("lists a column's moves of the SKU (or style) in the period and warehouse", () => {
    expect(drillFilter(row({}), 'transferIn', period)).toEqual({ skuId: 5, warehouseId: 3, dateFrom: '2026-02-01', dateTo: '2026-02-28', column: 'transferIn' });
    expect(drillFilter(row({ skuId: null, key: 'style:2' }), 'transferIn', {})).toEqual({ productId: 2, column: 'transferIn' });
  });

  it('lists every move before the period for the opening, up to its end for the closing', () => {
    expect(drillFilter(row({}), 'openingQuantity', period)).toEqual({ skuId: 5, warehouseId: 3, dateTo: '2026-01-31' });
    expect(drillFilter(row({}), 'openingQuantity', {})).toBeNull();
    expect(drillFilter(row({}), 'closingQuantity', period)).toEqual({ skuId: 5, warehouseId: 3, dateTo: '2026-02-28' });
    expect(drillFilter(row({}), 'closingQuantity', {})).toEqual({ skuId: 5 });
  });

  it('has nothing to list for a zero', () => {
    expect(drillFilter(row({}), 'inboundIn', period)).toBeNull();
    expect(drillFilter(row({ closingQuantity: 0 }), 'closingQuantity', period)).toBeNull();
  });

  it('captions the figure and its days', () => {
    expect(drillCaption('transferIn', period)).toBe('调拨入 · 2026-02-01 至 2026-02-28');
    expect(drillCaption('stocktakeGain', { dateFrom: '2026-02-01' })).toBe('盘盈 · 2026-02-01 至 今天');
    expect(drillCaption('outboundOut', {})).toBe('出库 · 全部日期');
    expect(drillCaption('openingQuantity', period)).toBe('期初结存 · 2026-02-01 之前');
    expect(drillCaption('closingQuantity', {})).toBe('期末结存');
  });
});

describe('report dates', () => {
  it('turns a range picker value into dateFrom/dateTo', () => {
    expect(dayRangeParams([dayjs('2026-02-01'), dayjs('2026-02-28')])).toEqual({ dateFrom: '2026-02-01', dateTo: '2026-02-28' });
    expect(dayRangeParams([null, dayjs('2026-02-28')])).toEqual({ dateTo: '2026-02-28' });
    expect(dayRangeParams(undefined)).toEqual({});
  });
});
