import { shanghaiToday, type PurchaseRefundDetail } from '@erp/shared';
import type { OutboundSheet } from '../../../print/print-types.ts';

/**
 * 采购退货单 on the A4 priced sheet (the outbound frame with its own title and labels): what goes
 * back from which warehouse to which supplier, at what price, with the order and outbound it ties to.
 */
export function purchaseRefundSheet(refund: PurchaseRefundDetail): OutboundSheet {
  return {
    title: '采购退货单',
    dateLabel: '制单日期',
    fromLabel: '退货仓库',
    toLabel: '供应商',
    number: refund.refundNo,
    // the business day (Asia/Shanghai), as the refund's number counts it
    date: shanghaiToday(new Date(refund.createdAt)),
    fromWarehouse: refund.warehouseName,
    to: `${refund.supplierName}（${refund.supplierCode}）`,
    extraInfo: [
      ['采购订单', refund.orderNo],
      ['出库单', refund.outboundNo],
      ['状态', refund.statusLabel],
      ['退货原因', refund.reason],
    ],
    lines: refund.lines.map((l) => ({
      styleNo: l.styleNo,
      name: l.productName,
      colour: l.colourName,
      size: l.sizeName,
      barcode: l.barcode,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
    })),
    totalQuantity: refund.totalQuantity,
    totalAmountFen: refund.totalAmountFen,
    remark: refund.remark,
    maker: refund.createdByName,
    signs: ['制单', '审核', '仓库发货', '供应商签收'],
  };
}
