/**
 * 采购: the inputs and records both sides exchange (statuses, machines, limits and messages are in
 * purchasing.ts; quantity meanings are explained there).
 */

import type { PayableEntryType, PurchaseOrderAction, PurchaseOrderStatus, PurchaseRefundAction, PurchaseRefundStatus } from './purchasing.ts';

/** One order line as the client sends it. */
export interface PurchaseOrderLineInput {
  skuId: number;
  quantity: number;
  unitPriceFen: number;
  remark?: string;
}

export interface PurchaseOrderInput {
  supplierId: number;
  warehouseId: number;
  /** 交货日期 yyyy-mm-dd */
  expectedDate: string;
  /** 超收比例 %: how far past the ordered quantity a line may be received (0 = not at all) */
  tolerancePercent?: number;
  remark?: string;
  lines: PurchaseOrderLineInput[];
}

export interface PurchaseOrderRecord {
  id: number;
  orderNo: string;
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  warehouseId: number;
  warehouseName: string;
  status: PurchaseOrderStatus;
  statusLabel: string;
  /** yyyy-mm-dd, the China business day the order was made */
  orderDate: string;
  expectedDate: string;
  /** 供应商承诺交期 (set by confirming) */
  promisedDate: string | null;
  confirmedAt: string | null;
  confirmedByName: string;
  tolerancePercent: number;
  lineCount: number;
  totalQuantity: number;
  totalAmountFen: number;
  receivedQuantity: number;
  receivedAmountFen: number;
  returnedQuantity: number;
  remark: string;
  closeReason: string;
  createdByName: string;
  createdAt: string;
  submittedAt: string | null;
  auditedByName: string;
  auditedAt: string | null;
  closedAt: string | null;
  /** the actions the status allows (the web still checks the button codes) */
  actions: PurchaseOrderAction[];
}

export interface PurchaseOrderLineRecord {
  id: number;
  lineNo: number;
  skuId: number;
  productId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  /** the size's position in its size group (the grid's column order) */
  sizeSort: number;
  barcode: string;
  imageUrl: string;
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
  receivedQuantity: number;
  pendingQuantity: number;
  refundQuantity: number;
  returnedQuantity: number;
  /** still to receive against the order: max(0, quantity − received − pending) */
  openQuantity: number;
  /** the most one more receipt may take: receiveLimit − received − pending (≥ 0) */
  receivableQuantity: number;
  /** the most a new refund may return: received − refund */
  refundableQuantity: number;
  remark: string;
}

export interface PurchaseOrderDetail extends PurchaseOrderRecord {
  lines: PurchaseOrderLineRecord[];
}

/** 收货: creates a purchase inbound for the given lines; `post` also posts it (needs 审核入库). */
export interface PurchaseReceiveInput {
  /** default: the order's warehouse */
  warehouseId?: number | null;
  lines: { lineId: number; quantity: number; shelfId?: number | null }[];
  remark?: string;
  post: boolean;
}

export interface PurchaseReceiveResult {
  order: PurchaseOrderDetail;
  inboundId: number;
  inboundNo: string;
  posted: boolean;
}

/** An inbound document made from an order, with what it received. */
export interface PurchaseReceiptRecord {
  id: number;
  docNo: string;
  status: string;
  statusLabel: string;
  warehouseName: string;
  /** posted quantity once posted, else expected */
  quantity: number;
  amountFen: number;
  createdAt: string;
  postedAt: string | null;
  lines: { styleNo: string; productName: string; colourName: string; sizeName: string; barcode: string; quantity: number }[];
}

export interface PurchaseRefundLineInput {
  /** the order line returned (required when the refund is made from an order) */
  orderLineId?: number | null;
  skuId: number;
  quantity: number;
  /** ignored for order lines (the order's price counts); required otherwise */
  unitPriceFen?: number | null;
  remark?: string;
}

export interface PurchaseRefundInput {
  supplierId: number;
  /** the warehouse the goods leave from */
  warehouseId: number;
  purchaseOrderId?: number | null;
  reason: string;
  remark?: string;
  lines: PurchaseRefundLineInput[];
}

export interface PurchaseRefundRecord {
  id: number;
  refundNo: string;
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  warehouseId: number;
  warehouseName: string;
  purchaseOrderId: number | null;
  orderNo: string;
  status: PurchaseRefundStatus;
  statusLabel: string;
  reason: string;
  remark: string;
  lineCount: number;
  totalQuantity: number;
  totalAmountFen: number;
  returnedQuantity: number;
  outboundId: number | null;
  outboundNo: string;
  createdByName: string;
  createdAt: string;
  auditedByName: string;
  auditedAt: string | null;
  doneAt: string | null;
  voidedAt: string | null;
  actions: PurchaseRefundAction[];
}

export interface PurchaseRefundLineRecord {
  id: number;
  lineNo: number;
  orderLineId: number | null;
  skuId: number;
  productId: number;
  styleNo: string;
  productName: string;
  colourName: string;
  sizeName: string;
  barcode: string;
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
  returnedQuantity: number;
  remark: string;
}

export interface PurchaseRefundDetail extends PurchaseRefundRecord {
  lines: PurchaseRefundLineRecord[];
}

/** 应付账款 per supplier: received goods less refunds and payments (付款单), plus adjustments (调整单). */
export interface SupplierPayableRecord {
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  receivedAmountFen: number;
  refundedAmountFen: number;
  /** paid through 付款单 (net of voided ones) */
  paidAmountFen: number;
  /** 调整单 on the supplier's account (signed) */
  adjustedFen: number;
  payableFen: number;
  orderCount: number;
  lastEntryAt: string | null;
}

/** Per order of a supplier (refunds made without an order: purchaseOrderId null, orderNo ''). */
export interface OrderPayableRecord {
  purchaseOrderId: number | null;
  orderNo: string;
  orderDate: string | null;
  receivedAmountFen: number;
  refundedAmountFen: number;
  paidAmountFen: number;
  payableFen: number;
}

export interface PayableEntryRecord {
  id: number;
  entryType: PayableEntryType;
  entryLabel: string;
  /** a reversing entry (a voided payment or adjustment) */
  reversal: boolean;
  /** what the posting wrote (付款单/调整单 number and reason) */
  memo: string;
  supplierId: number;
  supplierName: string;
  purchaseOrderId: number | null;
  orderNo: string;
  refundId: number | null;
  refundNo: string;
  stockDocId: number;
  docNo: string;
  quantity: number;
  amountFen: number;
  businessDay: string;
  createdByName: string;
  createdAt: string;
}

/** 采购汇总: orders made in the period (by order date, drafts excluded), grouped. */
export interface PurchaseSummaryRecord {
  /** supplier id, product id or 'yyyy-mm' */
  key: string;
  supplierCode: string;
  supplierName: string;
  styleNo: string;
  productName: string;
  month: string;
  orderCount: number;
  orderedQuantity: number;
  orderedAmountFen: number;
  receivedQuantity: number;
  receivedAmountFen: number;
  returnedQuantity: number;
  returnedAmountFen: number;
}
