import type { PurchaseOrderDetail, PurchaseOrderLineRecord, PurchaseReceiptRecord } from '@erp/shared';
import type { HangtagItem, LabelItem, OutboundLine, OutboundSheet } from '../../../print/print-types.ts';
import type { StyleGridLine } from '../../../ui/document/style-grid-rules.ts';

// 采购订单 on the A4 priced sheet (the outbound frame with its own title and labels), and the
// labels / hang tags of a receipt (one per piece received).

/** An order line as the priced sheet (and the grid) prints it. */
const sheetLine = (l: PurchaseOrderLineRecord): OutboundLine => ({
  styleNo: l.styleNo,
  name: l.productName,
  colour: l.colourName,
  size: l.sizeName,
  sizeSort: l.sizeSort,
  barcode: l.barcode,
  quantity: l.quantity,
  unitPriceFen: l.unitPriceFen,
  amountFen: l.amountFen,
});

/** The order as an A4 sheet: ordered quantities, unit prices and amounts, supplier and dates. */
export function purchaseOrderSheet(order: PurchaseOrderDetail): OutboundSheet {
  return {
    title: '采购订单',
    dateLabel: '下单日期',
    fromLabel: '供应商',
    toLabel: '收货仓库',
    number: order.orderNo,
    date: order.orderDate,
    fromWarehouse: `${order.supplierName}（${order.supplierCode}）`,
    to: order.warehouseName,
    extraInfo: [
      ['交货日期', order.expectedDate],
      ['承诺交期', order.promisedDate ?? ''],
      ['状态', order.statusLabel],
      ['超收比例', `${order.tolerancePercent}%`],
    ],
    lines: order.lines.map(sheetLine),
    totalQuantity: order.totalQuantity,
    totalAmountFen: order.totalAmountFen,
    remark: order.remark,
    maker: order.createdByName,
    signs: ['制单', '审核', '供应商确认', '收货签收'],
    layout: 'grid',
  };
}

/** The order's lines as the 按款横排 grid reads them (ordered and received per SKU). */
export function orderGridLines(order: Pick<PurchaseOrderDetail, 'lines'>): StyleGridLine[] {
  return order.lines.map((l) => ({ ...sheetLine(l), received: l.receivedQuantity }));
}

/** Product ids of a receipt's lines (through the order's lines, matched by barcode). */
export function receiptProductIds(order: Pick<PurchaseOrderDetail, 'lines'>, receipt: PurchaseReceiptRecord): number[] {
  const byBarcode = new Map(order.lines.map((l) => [l.barcode, l.productId]));
  return [...new Set(receipt.lines.filter((l) => l.quantity > 0).flatMap((l) => (byBarcode.has(l.barcode) ? [byBarcode.get(l.barcode)!] : [])))];
}

/**
 * Items made per SKU (labelItems / hangtagItems with one copy each) → the receipt's: one item per
 * received SKU with as many copies as pieces received, in the receipt's order.
 */
export function receiptCopies<T extends LabelItem | HangtagItem>(items: readonly T[], receipt: PurchaseReceiptRecord): T[] {
  const byBarcode = new Map(items.map((item) => [item.barcode, item]));
  const copies = new Map<string, number>();
  for (const line of receipt.lines) if (line.quantity > 0) copies.set(line.barcode, (copies.get(line.barcode) ?? 0) + line.quantity);
  return [...copies].flatMap(([barcode, count]) => {
    const item = byBarcode.get(barcode);
    return item ? [{ ...item, copies: count }] : [];
  });
}
