import dayjs from 'dayjs';
import { INBOUND_TYPE_LABELS, STOCK_DOC_KIND_LABELS, type InboundType, type StockDocDetail, type StockDocLineRecord } from '@erp/shared';
import type { OutboundSheet, PrintEvent, TransferSheet } from '../../../print/print-types.ts';
import { postedQuantity } from './doc-rules.ts';

// A document → the A4 print frames (web/src/print): outbound sheets for 出库, transfer sheets
// (warehouse to warehouse, quantities only) for the others.

const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');

/** A 配货出库: a transfer made from orders, carrying their prices (bizType delivery). */
export const isDelivery = (doc: Pick<StockDocDetail, 'kind' | 'bizType'>) => doc.kind === 'transfer' && doc.bizType === 'delivery';

/** Once posted the sheet shows what moved; before that what is expected. A 配货出库 shows what was sent. */
const printedQuantity = (doc: StockDocDetail, line: StockDocLineRecord) => (doc.status === 'posted' && !isDelivery(doc) ? postedQuantity(doc.scanStarted, line) : line.quantity);

function itemLines(doc: StockDocDetail) {
  return doc.lines
    .map((line) => ({
      styleNo: line.styleNo || line.materialCode,
      name: line.productName || line.materialName,
      colour: line.colourName,
      size: line.sizeName,
      barcode: line.barcode,
      quantity: printedQuantity(doc, line),
      // a 配货出库 prints the order's selling price; other outbounds their cost
      unitPriceFen: line.unitPriceFen ?? line.unitCostFen ?? 0,
    }))
    .filter((line) => line.quantity > 0);
}

export function outboundSheet(doc: StockDocDetail): OutboundSheet {
  const lines = itemLines(doc).map((l) => ({ ...l, amountFen: l.unitPriceFen * l.quantity }));
  const delivery = isDelivery(doc);
  return {
    ...(delivery ? { title: '配货出库单', extraInfo: [['订货单', doc.sourceNo] as [string, string]] } : {}),
    number: doc.docNo,
    date: day((delivery ? doc.shippedAt : doc.postedAt) ?? doc.createdAt),
    fromWarehouse: doc.warehouseName,
    to: doc.shopName || doc.supplierName || doc.toWarehouseName,
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalAmountFen: lines.reduce((sum, l) => sum + l.amountFen, 0),
    remark: doc.remark,
    maker: doc.createdByName,
  };
}

export function transferSheet(doc: StockDocDetail): TransferSheet {
  const lines = itemLines(doc).map(({ unitPriceFen: _price, ...l }) => l);
  const inbound = doc.kind === 'inbound';
  const source = doc.supplierName || INBOUND_TYPE_LABELS[doc.bizType as InboundType] || '';
  const labels: Partial<Record<StockDocDetail['kind'], [string, string]>> = { inbound: ['来源', '入库仓库'], exchange: ['总部仓库', '门店仓库'] };
  const [fromLabel, toLabel] = labels[doc.kind] ?? ['调出仓库', '调入仓库'];
  return {
    title: STOCK_DOC_KIND_LABELS[doc.kind],
    fromLabel,
    toLabel,
    number: doc.docNo,
    date: day(doc.postedAt ?? doc.createdAt),
    fromWarehouse: inbound ? source : doc.warehouseName,
    toWarehouse: inbound ? doc.warehouseName : doc.toWarehouseName || doc.shopName,
    status: doc.statusLabel,
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    remark: doc.remark,
    maker: doc.createdByName,
  };
}

/** The print event of a document: 出库 and 配货出库 on the (priced) outbound sheet, every other kind on the transfer sheet. */
export function docPrintEvent(doc: StockDocDetail): PrintEvent {
  return doc.kind === 'outbound' || isDelivery(doc) ? { kind: 'outbound', payload: outboundSheet(doc) } : { kind: 'transfer', payload: transferSheet(doc) };
}
