import { describe, expect, it } from 'vitest';
import type { PurchaseOrderLineRecord, PurchaseRefundDetail } from '@erp/shared';
import { addToLines, updateLine } from '../../../ui/document/lines-rules.ts';
import { freeLineInputs, freeLineTotals, freeLinesProblem, orderLineInputs, orderLinesProblem, orderLineTotals } from './refund-rules.ts';
import { purchaseRefundSheet } from './refund-print.ts';

const line = (id: number, received: number, refund: number, price = 1250): PurchaseOrderLineRecord => ({
  id,
  lineNo: id,
  skuId: 100 + id,
  productId: 1,
  styleNo: 'S1',
  productName: '外套',
  colourName: '黑',
  sizeName: 'M',
  sizeSort: 2,
  barcode: `B${id}`,
  imageUrl: '',
  quantity: 10,
  unitPriceFen: price,
  amountFen: 10 * price,
  receivedQuantity: received,
  pendingQuantity: 0,
  refundQuantity: refund,
  returnedQuantity: 0,
  openQuantity: 10 - received,
  receivableQuantity: 10 - received,
  refundableQuantity: received - refund,
  remark: '',
});

describe('refund lines from an order', () => {
  const lines = [line(1, 6, 2), line(2, 0, 0)];

  it('refuses more than 可退 and bad quantities (shared rule, line named), and nothing at all', () => {
    expect(orderLinesProblem(lines, { 1: 5 })).toBe('第1行：超出可退数量4');
    expect(orderLinesProblem(lines, { 1: Number.NaN })).toBe('第1行：数量须为0-1000000的整数');
    expect(orderLinesProblem(lines, { 1: -1 })).toBe('第1行：数量须为0-1000000的整数');
    expect(orderLinesProblem(lines, { 1: 0 })).toBe('请至少添加一行明细');
    expect(orderLinesProblem(lines, { 1: 4 })).toBeNull();
  });

  it('sends only lines with a quantity, without a price; totals use the order price', () => {
    expect(orderLineInputs(lines, { 1: 3, 2: 0 })).toEqual([{ orderLineId: 1, skuId: 101, quantity: 3 }]);
    expect(orderLineTotals(lines, { 1: 3, 2: null })).toEqual({ lines: 1, quantity: 3, amountFen: 3750 });
  });
});

describe('refund lines by SKU', () => {
  const sku = { skuId: 7, styleNo: 'S', productName: 'P', colourName: 'C', sizeName: 'L', barcode: 'X7' };

  it('adds the same SKU onto its line (the stock editor rules) and sends the price in fen', () => {
    let lines = addToLines([], sku, 1);
    lines = addToLines(lines, sku, 2);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(3);
    expect(freeLinesProblem(lines)).toBe('第1行：请填写单价（元）');
    expect(freeLineTotals(lines)).toEqual({ lines: 1, quantity: 3, amountFen: 0 });
    expect(freeLinesProblem(updateLine(lines, lines[0]!.key, { priceFen: 100_000_100 }))).toBe('第1行：单价须为0-1000000元，最多两位小数');
    lines = updateLine(lines, lines[0]!.key, { priceFen: 1230 });
    expect(freeLinesProblem(lines)).toBeNull();
    expect(freeLineTotals(lines)).toEqual({ lines: 1, quantity: 3, amountFen: 3690 });
    expect(freeLineInputs(lines)).toEqual([{ orderLineId: null, skuId: 7, quantity: 3, unitPriceFen: 1230 }]);
  });
});

describe('采购退货单 print', () => {
  it('prints the refund on the priced sheet: warehouse to supplier, its order and outbound, lines at their prices', () => {
    const line = {
      id: 1,
      lineNo: 1,
      orderLineId: 3,
      skuId: 9,
      productId: 2,
      styleNo: 'YS26W1001',
      productName: '羊毛大衣',
      colourName: '驼色',
      sizeName: 'M',
      barcode: '6900009',
      quantity: 2,
      unitPriceFen: 5000,
      amountFen: 10000,
      returnedQuantity: 0,
      remark: '',
    };
    const refund = {
      refundNo: 'CT20261127-0001',
      supplierName: '广州锦纶纺织有限公司',
      supplierCode: 'SP001',
      warehouseName: '杭州总仓',
      orderNo: 'CG20261120-0003',
      outboundNo: 'CK20261127-0002',
      statusLabel: '已审核',
      reason: '色差',
      remark: '',
      totalQuantity: 2,
      totalAmountFen: 10000,
      createdAt: '2026-11-27T03:04:05.000Z',
      createdByName: '系统管理员',
      lines: [line],
    } as unknown as PurchaseRefundDetail;
    const sheet = purchaseRefundSheet(refund);
    expect(sheet).toMatchObject({
      title: '采购退货单',
      number: 'CT20261127-0001',
      date: '2026-11-27',
      fromWarehouse: '杭州总仓',
      to: '广州锦纶纺织有限公司（SP001）',
      totalAmountFen: 10000,
    });
    expect(sheet.extraInfo).toContainEqual(['出库单', 'CK20261127-0002']);
    // made at 00:30 in Shanghai: that day, not the UTC one before
    expect(purchaseRefundSheet({ ...refund, createdAt: '2026-11-27T16:30:00.000Z' }).date).toBe('2026-11-28');
    expect(sheet.lines).toEqual([{ styleNo: 'YS26W1001', name: '羊毛大衣', colour: '驼色', size: 'M', barcode: '6900009', quantity: 2, unitPriceFen: 5000, amountFen: 10000 }]);
  });
});
