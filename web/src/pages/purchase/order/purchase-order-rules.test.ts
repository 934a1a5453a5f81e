import { describe, expect, it } from 'vitest';
import { PurchaseMessages, type PurchaseOrderLineRecord } from '@erp/shared';
import type { PickedSku } from '../../../ui/document/lines-rules.ts';
import {
  addGridLines,
  groupByStyle,
  initialReceive,
  offeredActions,
  orderLinesProblem,
  orderTotals,
  receiveBody,
  receiveProblem,
  receiveTotal,
  setStylePrice,
  stylePrice,
  type OrderEditorLine,
} from './purchase-order-rules.ts';
import { receiptCopies, receiptProductIds } from './purchase-order-print.ts';

const sku = (skuId: number, styleNo: string, colourName: string, sizeName: string): PickedSku => ({
  skuId,
  styleNo,
  productName: `${styleNo}名`,
  colourName,
  sizeName,
  barcode: `B${skuId}`,
});
const A = [sku(1, 'A1', '黑', 'S'), sku(2, 'A1', '黑', 'M')];
const B = [sku(3, 'B2', '白', 'L')];

const line = (over: Partial<PurchaseOrderLineRecord>): PurchaseOrderLineRecord => ({
  id: 1,
  lineNo: 1,
  skuId: 1,
  productId: 10,
  styleNo: 'A1',
  productName: 'A1名',
  colourName: '黑',
  sizeName: 'S',
  sizeSort: 1,
  barcode: 'B1',
  imageUrl: '',
  quantity: 10,
  unitPriceFen: 500,
  amountFen: 5000,
  receivedQuantity: 0,
  pendingQuantity: 0,
  refundQuantity: 0,
  returnedQuantity: 0,
  openQuantity: 10,
  receivableQuantity: 10,
  refundableQuantity: 0,
  remark: '',
  ...over,
});

describe('order editor lines', () => {
  it('adds the grid by style at the style price; the same SKU again adds up and keeps its price', () => {
    let lines = addGridLines([], A, { 1: 3, 2: 0 }, 1250);
    lines = addGridLines(lines, B, { 3: 2 }, 800);
    lines = addGridLines(lines, A, { 1: 1, 2: 4 }, stylePrice(lines, 'A1', 999));
    expect(lines.map((l) => [l.skuId, l.quantity, l.unitPriceFen])).toEqual([
      [1, 4, 1250],
      [2, 4, 1250],
      [3, 2, 800],
    ]);
    expect(stylePrice(lines, 'C3', null)).toBe(0);
    expect(stylePrice(lines, 'C3', 4200)).toBe(4200);
  });

  it('groups by style with subtotals and one price (null once they differ); totals add up in fen', () => {
    let lines = addGridLines([], [...A, ...B], { 1: 2, 2: 3, 3: 1 }, 1000);
    lines = lines.map((l) => (l.skuId === 2 ? { ...l, unitPriceFen: 1100 } : l));
    const groups = groupByStyle(lines);
    expect(groups.map((g) => [g.styleNo, g.quantity, g.amountFen, g.unitPriceFen])).toEqual([
      ['A1', 5, 2000 + 3300, null],
      ['B2', 1, 1000, 1000],
    ]);
    expect(orderTotals(setStylePrice(lines, 'A1', 900))).toEqual({ lines: 3, styles: 2, quantity: 6, amountFen: 4500 + 1000 });
  });

  it('names the first bad line in the server words', () => {
    const lines: OrderEditorLine[] = addGridLines([], A, { 1: 1, 2: 1 }, 100);
    expect(orderLinesProblem([])).toBe(PurchaseMessages.noLines);
    expect(orderLinesProblem(lines)).toBeNull();
    expect(orderLinesProblem([lines[0]!, { ...lines[1]!, quantity: 0 }])).toBe(PurchaseMessages.quantityInvalid(2));
    expect(orderLinesProblem([lines[0]!, { ...lines[1]!, quantity: Number.NaN }])).toBe(PurchaseMessages.quantityInvalid(2));
    expect(orderLinesProblem([{ ...lines[0]!, quantity: null }, lines[1]!])).toBe('第1行：请输入数量');
    expect(orderLinesProblem([{ ...lines[0]!, unitPriceFen: -1 }, lines[1]!])).toBe(PurchaseMessages.priceInvalid(1));
  });
});

describe('收货', () => {
  const order = {
    tolerancePercent: 10,
    lines: [line({}), line({ id: 2, lineNo: 2, skuId: 2, barcode: 'B2', quantity: 10, receivedQuantity: 6, pendingQuantity: 2, openQuantity: 2, receivableQuantity: 3 })],
  };

  it('starts each line at what is open, never past what it may take', () => {
    expect(initialReceive([line({ openQuantity: 4, receivableQuantity: 2 }), line({ id: 2, openQuantity: 0, receivableQuantity: 1 })])).toEqual({ 1: 2, 2: 0 });
  });

  it('refuses nothing to receive and more than a line may take (server words), else sends the lines with a quantity', () => {
    expect(receiveProblem(order, { 1: 0, 2: null })).toBe(PurchaseMessages.receiveNothing);
    expect(receiveProblem(order, { 1: 1, 2: 4 })).toBe('第2行：超出可收数量3');
    expect(receiveProblem(order, { 1: Number.NaN, 2: 1 })).toBe('第1行：数量须为0-1000000的整数');
    expect(receiveProblem(order, { 1: -1, 2: 1 })).toBe('第1行：数量须为0-1000000的整数');
    expect(receiveProblem(order, { 1: 10, 2: 3 })).toBeNull();
    // what the dialog totals: a bad quantity counts nothing
    expect(receiveTotal({ 1: 999, 2: 3 }, order.lines)).toBe(3);
    expect(receiveBody(order, { 1: 0, 2: 3 }, { 2: 7 }, { warehouseId: 5, remark: ' 第一批 ', post: true })).toEqual({
      warehouseId: 5,
      lines: [{ lineId: 2, quantity: 3, shelfId: 7 }],
      post: true,
      remark: '第一批',
    });
  });

  it('offers the actions the status opens and the codes allow', () => {
    expect(offeredActions(['receive', 'confirm', 'close'], (code) => code === 'purchase:order:confirm')).toEqual(['confirm']);
  });
});

describe('receipt printing', () => {
  it('prints one item per received SKU with the pieces received as copies', () => {
    const receipt = {
      id: 1,
      docNo: 'RK1',
      status: 'posted',
      statusLabel: '已入库',
      warehouseName: '',
      quantity: 5,
      amountFen: 0,
      createdAt: '',
      postedAt: null,
      lines: [
        { styleNo: 'A1', productName: '', colourName: '黑', sizeName: 'S', barcode: 'B1', quantity: 3 },
        { styleNo: 'A1', productName: '', colourName: '黑', sizeName: 'M', barcode: 'B2', quantity: 2 },
        { styleNo: 'A1', productName: '', colourName: '黑', sizeName: 'L', barcode: 'B9', quantity: 0 },
      ],
    };
    expect(receiptProductIds({ lines: [line({}), line({ id: 2, barcode: 'B2', productId: 10 }), line({ id: 3, barcode: 'B9', productId: 11 })] }, receipt)).toEqual([10]);
    const item = (barcode: string) => ({ styleNo: 'A1', name: '', colour: '', size: '', barcode, retailPriceFen: 0, copies: 1 });
    expect(receiptCopies([item('B1'), item('B2'), item('B3')], receipt).map((i) => [i.barcode, i.copies])).toEqual([
      ['B1', 3],
      ['B2', 2],
    ]);
  });
});
