import dayjs from 'dayjs';
import type { ReturnDetail, SalesOrderDetail } from '@erp/shared';
import type { OrderConfirmSheet, ParcelSheet } from './print-types.ts';

// The sheets of a 订货单 (订货确认单) and of a 退货单 / 换货单 (装箱单), from their detail as the
// page has it. Figures are the server's: each line's quantity is the approved one once audited.

const day = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');

/** 结算方 as printed: the billed party with its type, or that HQ's own shop is not billed. */
export function billedText(order: Pick<SalesOrderDetail, 'billedName' | 'billedType'>): string {
  if (!order.billedType) return '总部直营（不结算）';
  return `${order.billedName}（${order.billedType === 'agent' ? '代理商' : '门店'}）`;
}

export function orderConfirmSheet(order: SalesOrderDetail, printedAt: Date = new Date()): OrderConfirmSheet {
  const lines = order.lines
    .map((l) => {
      const quantity = l.approved ?? l.ordered;
      return {
        styleNo: l.styleNo,
        name: l.styleName,
        colour: l.colourName,
        size: l.sizeName,
        sizeSort: l.sizeSort,
        barcode: l.barcode,
        quantity,
        unitPriceFen: l.unitPriceFen,
        amountFen: l.unitPriceFen * quantity,
      };
    })
    .filter((l) => l.quantity > 0);
  return {
    number: order.orderNo,
    date: order.orderDate,
    seasonName: order.seasonName,
    status: order.statusLabel,
    buyer: order.buyerName,
    billed: billedText(order),
    shop: order.shopName,
    lines,
    totalQuantity: order.approvedQuantity ?? order.totalQuantity,
    totalAmountFen: order.approvedAmountFen ?? order.totalAmountFen,
    remark: order.remark,
    maker: order.createdByName,
    printedAt: dayjs(printedAt).format('YYYY-MM-DD HH:mm:ss'),
  };
}

/** What goes in the parcel: the 退回 lines (approved quantities once audited), never a swap's 换出. */
export function parcelSheet(ret: ReturnDetail): ParcelSheet {
  const lines = ret.lines
    .filter((l) => l.leg === 'back')
    .map((l) => ({ styleNo: l.styleNo, name: l.productName, colour: l.colourName, size: l.sizeName, barcode: l.barcode, quantity: l.approvedQuantity ?? l.quantity }))
    .filter((l) => l.quantity > 0);
  return {
    title: ret.kind === 'swap' ? '换货单' : '退货单',
    number: ret.returnNo,
    date: day(ret.submittedAt ?? ret.createdAt),
    status: ret.statusLabel,
    shop: ret.shopName,
    fromWarehouse: ret.warehouseName,
    toWarehouse: ret.hqWarehouseName,
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    reason: ret.reason,
    remark: ret.remark,
  };
}
