import {
  PURCHASE_ORDER_STATUS_LABELS,
  purchaseOrderActions,
  PurchaseMessages,
  receiveLimit,
  stockDocStatusLabel,
  type PurchaseOrderDetail,
  type PurchaseOrderLineRecord,
  type PurchaseOrderRecord,
  type PurchaseOrderStatus,
  type PurchaseReceiptRecord,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import type { DocContext } from '../stock-docs/kind-spec.ts';
import * as read from './purchase-order-read.repo.ts';
import type { OrderSort } from './purchase-orders.schema.ts';
import type { PurchaseScope } from './purchase-scope.ts';

// Reading orders in the caller's scope (out-of-scope ids answer 404 like missing ones).

/** Who is asking: the stock-doc context (warehouse scope, permission codes) and the purchasing scope. */
export interface PurchaseContext extends DocContext {
  purchase: PurchaseScope;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toOrderRecord(row: read.OrderHeaderRow): PurchaseOrderRecord {
  return {
    id: row.id,
    orderNo: row.order_no,
    supplierId: row.supplier_id,
    supplierCode: row.supplier_code,
    supplierName: row.supplier_name,
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    status: row.status,
    statusLabel: PURCHASE_ORDER_STATUS_LABELS[row.status],
    orderDate: row.order_date,
    expectedDate: row.expected_date,
    promisedDate: row.promised_date,
    confirmedAt: iso(row.confirmed_at),
    confirmedByName: row.confirmed_by_name ?? '',
    tolerancePercent: row.tolerance_percent,
    lineCount: row.line_count,
    totalQuantity: row.total_quantity,
    totalAmountFen: Number(row.total_amount_fen),
    receivedQuantity: row.received_quantity,
    receivedAmountFen: Number(row.received_amount_fen),
    returnedQuantity: row.returned_quantity,
    remark: row.remark,
    closeReason: row.close_reason,
    createdByName: row.created_by_name ?? '',
    createdAt: iso(row.created_at)!,
    submittedAt: iso(row.submitted_at),
    auditedByName: row.audited_by_name ?? '',
    auditedAt: iso(row.audited_at),
    closedAt: iso(row.closed_at),
    actions: purchaseOrderActions(row.status),
  };
}

export function toLineRecord(row: read.OrderLineRow, pending: number, tolerancePercent: number): PurchaseOrderLineRecord {
  const used = row.received_quantity + pending;
  return {
    id: row.id,
    lineNo: row.line_no,
    skuId: row.sku_id,
    productId: row.product_id,
    styleNo: row.style_no,
    productName: row.product_name,
    colourName: row.colour_name,
    sizeName: row.size_name,
    sizeSort: row.size_sort,
    barcode: row.barcode,
    imageUrl: row.image_url,
    quantity: row.quantity,
    unitPriceFen: row.unit_price_fen,
    amountFen: row.quantity * row.unit_price_fen,
    receivedQuantity: row.received_quantity,
    pendingQuantity: pending,
    refundQuantity: row.refund_quantity,
    returnedQuantity: row.returned_quantity,
    openQuantity: Math.max(0, row.quantity - used),
    receivableQuantity: Math.max(0, receiveLimit(row.quantity, tolerancePercent) - used),
    refundableQuantity: row.received_quantity - row.refund_quantity,
    remark: row.remark,
  };
}

export async function pageOrders(db: Db, ctx: PurchaseContext, filter: read.OrderFilter, params: ListParams<OrderSort>) {
  const page = await read.pageOrders(db, ctx.purchase, filter, params);
  return { records: page.records.map(toOrderRecord), total: page.total };
}

/** How many orders the caller's list shows under `filter` (at most `cap`; the 工作台's to-dos). */
export function countOrders(db: Db, ctx: Pick<PurchaseContext, 'purchase'>, filter: read.OrderFilter, cap: number) {
  return read.countOrders(db, ctx.purchase, filter, cap);
}

/** The order with this exact number if the caller may read it, else null (a foreign order is not found either). */
export async function findOrderByNo(db: Db, ctx: Pick<PurchaseContext, 'purchase'>, orderNo: string) {
  const row = await read.findOrderByNo(db, orderNo, ctx.purchase);
  return row ? { id: row.id, orderNo: row.order_no, status: row.status, statusLabel: PURCHASE_ORDER_STATUS_LABELS[row.status] } : null;
}

/** The order with its lines; `statuses` narrows further (the receiving screen reads receivable ones only). */
export async function orderDetail(db: Db, ctx: PurchaseContext, id: number, statuses?: readonly PurchaseOrderStatus[]): Promise<PurchaseOrderDetail> {
  const header = await read.findOrder(db, id, ctx.purchase);
  if (!header || (statuses && !statuses.includes(header.status))) throw notFound(PurchaseMessages.orderNotFound);
  const [lines, pending] = await Promise.all([read.findOrderLines(db, id), read.pendingBySku(db, id)]);
  return { ...toOrderRecord(header), lines: lines.map((l) => toLineRecord(l, pending.get(l.sku_id) ?? 0, header.tolerance_percent)) };
}

/** The receipts made from an order; a supplier sees the posted ones only. */
export async function orderReceipts(db: Db, ctx: PurchaseContext, id: number): Promise<PurchaseReceiptRecord[]> {
  const header = await read.findOrder(db, id, ctx.purchase);
  if (!header) throw notFound(PurchaseMessages.orderNotFound);
  const prices = new Map((await read.findOrderLines(db, id)).map((l) => [l.sku_id, l.unit_price_fen]));
  const receipts = await read.findReceipts(db, id, ctx.purchase.kind !== 'all');
  return receipts.map((doc) => {
    // once posted, what posted (scanned once scanning started); before that, what is expected
    const counted = doc.posted_at !== null && doc.scan_started;
    const lines = doc.lines.map((l) => ({
      styleNo: l.style_no,
      productName: l.product_name,
      colourName: l.colour_name,
      sizeName: l.size_name,
      barcode: l.barcode,
      quantity: counted ? (l.actual_quantity ?? 0) : l.quantity,
      skuId: l.sku_id,
    }));
    return {
      id: doc.id,
      docNo: doc.doc_no,
      status: doc.status,
      statusLabel: stockDocStatusLabel('inbound', doc.status),
      warehouseName: doc.warehouse_name,
      quantity: lines.reduce((s, l) => s + l.quantity, 0),
      amountFen: lines.reduce((s, l) => s + l.quantity * (prices.get(l.skuId!) ?? 0), 0),
      createdAt: iso(doc.created_at)!,
      postedAt: iso(doc.posted_at),
      lines: lines.map(({ skuId: _skuId, ...rest }) => rest),
    };
  });
}

/** What audited purchase orders still expect of the styles' SKUs (预计到货 of the 期货 catalogue). */
export const openPurchaseBySku = read.openQuantitiesOfStyles;

/** A purchase order's line per SKU (配货 records the purchase line pre-orders were served from). */
export const purchaseLineIdsBySku = read.lineIdsBySku;
