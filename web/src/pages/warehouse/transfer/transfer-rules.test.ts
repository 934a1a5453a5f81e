import { StockDocMessages, type StockDocLineRecord } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { initialReceived, receiptDiffers, receiptTotals, receiveBody, receivedProblem, transferHeaderProblem } from './transfer-rules.ts';

const line = (id: number, quantity: number, actualQuantity: number | null = null) => ({ id, lineNo: id, quantity, actualQuantity }) as StockDocLineRecord;
const doc = (scanStarted: boolean) => ({ scanStarted, lines: [line(1, 5, 4), line(2, 3, null)] });

describe('transfer receipt', () => {
  it('defaults to shipped, or to scanned once scanning started (unscanned lines: 0)', () => {
    expect(initialReceived(doc(false))).toEqual({ 1: 5, 2: 3 });
    expect(initialReceived(doc(true))).toEqual({ 1: 4, 2: 0 });
  });

  it('finds differences and totals them', () => {
    expect(receiptDiffers(doc(false), { 1: 5, 2: 3 })).toBe(false);
    expect(receiptDiffers(doc(false), { 1: 5, 2: 4 })).toBe(true);
    expect(receiptTotals(doc(false), { 1: 4, 2: 4 })).toEqual({ shipped: 8, received: 8, short: 1, over: 1 });
  });

  it('refuses empty, negative, fractional and huge quantities by line no.', () => {
    expect(receivedProblem(doc(false), { 1: 5, 2: 0 })).toBeNull();
    expect(receivedProblem(doc(false), { 1: 5 })).toBe('第2行：请输入实际数量');
    expect(receivedProblem(doc(false), { 1: Number.NaN, 2: 1 })).toBe(StockDocMessages.actualInvalid(1));
    expect(receivedProblem(doc(false), { 1: -1, 2: 1 })).toBe(StockDocMessages.actualInvalid(1));
    expect(receivedProblem(doc(false), { 1: 1.5, 2: 1 })).toBe(StockDocMessages.actualInvalid(1));
    expect(receivedProblem(doc(false), { 1: 1_000_001, 2: 1 })).toBe(StockDocMessages.actualInvalid(1));
  });

  it('sends every line and a trimmed reason only when there is one', () => {
    expect(receiveBody(doc(false), { 1: 4, 2: 3 }, ' 破损 ')).toEqual({
      actuals: [
        { lineId: 1, actualQuantity: 4 },
        { lineId: 2, actualQuantity: 3 },
      ],
      reason: '破损',
    });
    expect(receiveBody(doc(false), { 1: 5, 2: 3 }, '  ')).toEqual({
      actuals: [
        { lineId: 1, actualQuantity: 5 },
        { lineId: 2, actualQuantity: 3 },
      ],
    });
  });

  it('checks source and destination', () => {
    expect(transferHeaderProblem(null, 2)).toBe(StockDocMessages.warehouseRequired);
    expect(transferHeaderProblem(1, null)).toBe(StockDocMessages.toWarehouseRequired);
    expect(transferHeaderProblem(1, 1)).toBe(StockDocMessages.sameWarehouse);
    expect(transferHeaderProblem(1, 2)).toBeNull();
  });
});
