import { describe, expect, it } from 'vitest';
import type { ReturnDetail, SalesOrderDetail } from '@erp/shared';
import { deliverySheet } from './delivery-sheet.ts';
import { billedText, orderConfirmSheet, parcelSheet } from './order-sheets.ts';
import type { OutboundSheet } from './print-types.ts';

const orderLine = (id: number, size: string, sizeSort: number, ordered: number, approved: number | null) =>
  ({
    id,
    styleNo: 'YS26W2005',
    styleName: '连帽卫衣',
    colourName: '黑色',
    sizeName: size,
    sizeSort,
    barcode: `690${id}`,
    ordered,
    approved,
    unitPriceFen: 15_900,
  }) as SalesOrderDetail['lines'][number];

const order = {
  orderNo: 'DH20261121-0003',
  orderDate: '2026-11-21',
  seasonName: '2026秋冬现货',
  statusLabel: '已审核',
  buyerName: '衣尚·杭州湖滨银泰店',
  billedType: 'agent',
  billedName: '杭州衣尚服饰贸易有限公司',
  shopName: '衣尚·杭州湖滨银泰店',
  totalQuantity: 5,
  totalAmountFen: 79_500,
  approvedQuantity: 3,
  approvedAmountFen: 47_700,
  remark: '',
  createdByName: '王晓燕',
  lines: [orderLine(1, 'M', 2, 3, 2), orderLine(2, 'L', 3, 2, 1), orderLine(3, 'XL', 4, 1, 0)],
} as SalesOrderDetail;

describe('orderConfirmSheet', () => {
  it('prints the approved quantities once audited, with the order parties and 结算方', () => {
    const sheet = orderConfirmSheet(order, new Date('2026-11-21T07:30:00Z'));
    expect(sheet).toMatchObject({
      number: 'DH20261121-0003',
      buyer: '衣尚·杭州湖滨银泰店',
      billed: '杭州衣尚服饰贸易有限公司（代理商）',
      shop: '衣尚·杭州湖滨银泰店',
      totalQuantity: 3,
      totalAmountFen: 47_700,
    });
    expect(sheet.lines.map((l) => [l.size, l.quantity, l.amountFen])).toEqual([
      ['M', 2, 31_800],
      ['L', 1, 15_900],
    ]);
    expect(billedText({ billedType: null, billedName: '' })).toBe('总部直营（不结算）');
  });
});

describe('parcelSheet', () => {
  it("puts in the box the 退回 lines only (approved quantities), never a swap's 换出", () => {
    const ret = {
      kind: 'swap',
      returnNo: 'HD20261125-0001',
      statusLabel: '已审核',
      shopName: '衣尚·杭州湖滨银泰店',
      warehouseName: '湖滨银泰店仓',
      hqWarehouseName: '杭州中心仓',
      submittedAt: '2026-11-25T02:00:00Z',
      createdAt: '2026-11-24T02:00:00Z',
      reason: '换尺码',
      remark: '',
      lines: [
        { leg: 'back', styleNo: 'A', productName: '卫衣', colourName: '黑色', sizeName: 'M', barcode: '1', quantity: 2, approvedQuantity: 1 },
        { leg: 'out', styleNo: 'A', productName: '卫衣', colourName: '黑色', sizeName: 'L', barcode: '2', quantity: 2, approvedQuantity: 2 },
      ],
    } as unknown as ReturnDetail;
    const sheet = parcelSheet(ret);
    expect(sheet).toMatchObject({ title: '换货单', number: 'HD20261125-0001', shop: '衣尚·杭州湖滨银泰店', date: '2026-11-25', totalQuantity: 1 });
    expect(sheet.lines.map((l) => [l.size, l.quantity])).toEqual([['M', 1]]);
  });
});

describe('deliverySheet', () => {
  it('names the receiving shop, 结算方, contact, phone and address on the 配货出库单', () => {
    const base = {
      number: 'DB20261121-0001',
      date: '2026-11-21',
      fromWarehouse: '杭州中心仓',
      to: '湖滨银泰店仓',
      lines: [],
      totalQuantity: 0,
      totalAmountFen: 0,
      maker: 'admin',
    } as OutboundSheet;
    const sheet = deliverySheet(base, {
      orderNo: 'DH20261121-0003',
      shopName: '衣尚·杭州湖滨银泰店',
      billedName: '杭州衣尚服饰贸易有限公司',
      billedType: 'agent',
      contactName: '王晓燕',
      phone: '0571-87005566',
      address: '上城区延安路 258 号',
    });
    expect([sheet.title, sheet.toLabel, sheet.to]).toEqual(['配货出库单', '收货门店', '衣尚·杭州湖滨银泰店']);
    expect(sheet.extraInfo).toEqual([
      ['订货单', 'DH20261121-0003'],
      ['结算方', '杭州衣尚服饰贸易有限公司'],
      ['收货人', '王晓燕'],
      ['电话', '0571-87005566'],
      ['收货地址', '上城区延安路 258 号'],
    ]);
    expect(deliverySheet(base, { orderNo: '', shopName: 'x', billedName: '', billedType: null, contactName: '', phone: '', address: '' }).extraInfo?.[1]).toEqual([
      '结算方',
      '总部直营（不结算）',
    ]);
  });
});
