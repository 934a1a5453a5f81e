import { machineActions, machineNext, transitionRefused, type Machine } from './machine.ts';
/**
 * 采购 (DESIGN §5 purchasing): purchase orders (采购订单, CG…) and purchase refunds (采购退货, CT…),
 * received and returned through the warehouse's inbound and outbound documents, posting into the
 * supplier payables ledger. Quantities on an order line:
 *
 * | field      | meaning                                                                     |
 * |------------|-----------------------------------------------------------------------------|
 * | quantity   | ordered                                                                     |
 * | received   | posted in purchase inbound documents made from the order (voids subtract)   |
 * | pending    | in receipts made from the order that are not posted yet (draft/submitted)   |
 * | refund     | in purchase refunds that are audited or done (the refund limit counts them) |
 * | returned   | posted in the refunds' outbound documents                                   |
 *
 * A line may receive up to receiveLimit(quantity, tolerancePercent) in total (received + pending);
 * a refund line may return up to received − refund.
 */

export const PURCHASE_ORDER_PREFIX = 'CG';
export const PURCHASE_REFUND_PREFIX = 'CT';
/** stock_docs.source_type of documents made by purchasing */
export const PURCHASE_SOURCES = { order: 'purchase_order', refund: 'purchase_refund' } as const;

/** The in-app page of a stock document's purchasing source, or null for other sources. */
export function purchaseSourcePath(sourceType: string, sourceId: number | null): string | null {
  if (sourceId === null) return null;
  if (sourceType === PURCHASE_SOURCES.order) return `/erp/purchase/order/info?id=${sourceId}`;
  if (sourceType === PURCHASE_SOURCES.refund) return `/erp/purchase/refund/info?id=${sourceId}`;
  return null;
}

export const PURCHASE_ORDER_STATUSES = ['draft', 'submitted', 'audited', 'partly_received', 'received', 'closed'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: '草稿',
  submitted: '已提交',
  audited: '已审核',
  partly_received: '部分收货',
  received: '已收货',
  closed: '已关闭',
};
/** Statuses a supplier sees (an order reaches the supplier once audited). */
export const SUPPLIER_VISIBLE_ORDER_STATUSES: readonly PurchaseOrderStatus[] = ['audited', 'partly_received', 'received', 'closed'];

export const PURCHASE_ORDER_ACTIONS = ['edit', 'delete', 'submit', 'withdraw', 'audit', 'receive', 'close', 'confirm'] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];
export const PURCHASE_ORDER_ACTION_LABELS: Record<PurchaseOrderAction, string> = {
  edit: '编辑',
  delete: '删除',
  submit: '提交',
  withdraw: '撤回',
  audit: '审核',
  receive: '收货',
  close: '关闭',
  confirm: '确认交期',
};

/**
 * What a receipt made from the order does to it when the receipt posts or is voided (purchasing's
 * source hooks, receipt-link.ts): the order's status follows its received quantities
 * (statusAfterReceipts); a closed order keeps its status. Never a route nor a button.
 */
export const PURCHASE_ORDER_RECEIPT_ACTIONS = ['receipt_post', 'receipt_void'] as const;
export type PurchaseOrderReceiptAction = (typeof PURCHASE_ORDER_RECEIPT_ACTIONS)[number];
export const PURCHASE_ORDER_RECEIPT_ACTION_LABELS: Record<PurchaseOrderReceiptAction, string> = { receipt_post: '收货入库', receipt_void: '入库单作废' };

/**
 * The order's status machine: status → action → next status. `receive` (the 收货 that makes a
 * receipt) and `confirm` keep the status; the receipt's posting and voiding move it by quantities
 * (see statusAfterReceipts); `delete` removes the draft.
 */
export const PURCHASE_ORDER_MACHINE: Machine<PurchaseOrderStatus, PurchaseOrderAction | PurchaseOrderReceiptAction> = {
  draft: { edit: 'draft', delete: 'draft', submit: 'submitted' },
  submitted: { withdraw: 'draft', audit: 'audited' },
  // a receipt of nothing leaves an audited order as it is
  audited: { receive: 'audited', confirm: 'audited', close: 'closed', receipt_post: ['partly_received', 'received'], receipt_void: 'audited' },
  partly_received: {
    receive: 'partly_received',
    confirm: 'partly_received',
    close: 'closed',
    receipt_post: ['partly_received', 'received'],
    receipt_void: ['partly_received', 'audited'],
  },
  // within the tolerance a received order still takes receipts its receive screen made before
  received: { receipt_post: 'received', receipt_void: ['partly_received', 'audited', 'received'] },
  // voiding a receipt of a closed order takes its quantities back; the order stays closed
  closed: { receipt_void: 'closed' },
};

const isOrderAction = (a: string): a is PurchaseOrderAction => (PURCHASE_ORDER_ACTIONS as readonly string[]).includes(a);
export const purchaseOrderNext = (status: PurchaseOrderStatus, action: PurchaseOrderAction) => machineNext(PURCHASE_ORDER_MACHINE, status, action);
/** The actions a user may take (the receipt's own steps are not among them). */
export const purchaseOrderActions = (status: PurchaseOrderStatus): PurchaseOrderAction[] => machineActions(PURCHASE_ORDER_MACHINE, status).filter(isOrderAction);
export const purchaseOrderActionRefused = (orderNo: string, status: PurchaseOrderStatus, action: PurchaseOrderAction | PurchaseOrderReceiptAction) =>
  transitionRefused(
    '采购订单',
    orderNo,
    PURCHASE_ORDER_STATUS_LABELS[status],
    isOrderAction(action) ? PURCHASE_ORDER_ACTION_LABELS[action] : PURCHASE_ORDER_RECEIPT_ACTION_LABELS[action],
  );

/** The permission code each order action needs. */
export const PURCHASE_ORDER_ACTION_CODES: Record<PurchaseOrderAction, string> = {
  edit: 'purchase:order:add',
  delete: 'purchase:order:add',
  submit: 'purchase:order:add',
  withdraw: 'purchase:order:add',
  audit: 'purchase:order:audit',
  receive: 'purchase:order:receive',
  close: 'purchase:order:close',
  confirm: 'purchase:order:confirm',
};

/** The most a line may receive in total: ordered plus the tolerance, rounded down. */
export function receiveLimit(ordered: number, tolerancePercent: number): number {
  return Math.floor((ordered * (100 + tolerancePercent)) / 100);
}

/**
 * Status of an audited order from its lines: every line received in full → received; something
 * received → partly received; nothing (e.g. after its receipts were voided) → audited.
 */
export function statusAfterReceipts(lines: readonly { quantity: number; receivedQuantity: number }[]): 'audited' | 'partly_received' | 'received' {
  if (lines.length > 0 && lines.every((l) => l.receivedQuantity >= l.quantity)) return 'received';
  return lines.some((l) => l.receivedQuantity > 0) ? 'partly_received' : 'audited';
}

export const PURCHASE_REFUND_STATUSES = ['draft', 'audited', 'done', 'void'] as const;
export type PurchaseRefundStatus = (typeof PURCHASE_REFUND_STATUSES)[number];
export const PURCHASE_REFUND_STATUS_LABELS: Record<PurchaseRefundStatus, string> = {
  draft: '草稿',
  audited: '已审核（待出库）',
  done: '已退货',
  void: '已作废',
};
/** Statuses a supplier sees. */
export const SUPPLIER_VISIBLE_REFUND_STATUSES: readonly PurchaseRefundStatus[] = ['audited', 'done'];

export const PURCHASE_REFUND_ACTIONS = ['edit', 'delete', 'audit', 'void'] as const;
export type PurchaseRefundAction = (typeof PURCHASE_REFUND_ACTIONS)[number];
export const PURCHASE_REFUND_ACTION_LABELS: Record<PurchaseRefundAction, string> = { edit: '编辑', delete: '删除', audit: '审核', void: '作废' };
/** What the refund's outbound does to it when it posts or is voided (refund-link.ts): never a route nor a button. */
export const PURCHASE_REFUND_OUTBOUND_ACTIONS = ['outbound_post', 'outbound_void'] as const;
export type PurchaseRefundOutboundAction = (typeof PURCHASE_REFUND_OUTBOUND_ACTIONS)[number];
export const PURCHASE_REFUND_OUTBOUND_ACTION_LABELS: Record<PurchaseRefundOutboundAction, string> = { outbound_post: '出库', outbound_void: '出库单作废' };
/**
 * 采购退货: audit commits the quantities against the order and makes a submitted outbound
 * (purchase_refund) for the warehouse; posting that outbound makes the refund done; voiding the
 * refund voids its unposted outbound, and voiding the outbound (even posted) voids the refund.
 */
export const PURCHASE_REFUND_MACHINE: Machine<PurchaseRefundStatus, PurchaseRefundAction | PurchaseRefundOutboundAction> = {
  draft: { edit: 'draft', delete: 'draft', audit: 'audited' },
  audited: { void: 'void', outbound_post: 'done', outbound_void: 'void' },
  done: { outbound_void: 'void' },
  void: {},
};
const isRefundAction = (a: string): a is PurchaseRefundAction => (PURCHASE_REFUND_ACTIONS as readonly string[]).includes(a);
export const purchaseRefundNext = (status: PurchaseRefundStatus, action: PurchaseRefundAction) => machineNext(PURCHASE_REFUND_MACHINE, status, action);
/** The actions a user may take (the outbound's own steps are not among them). */
export const purchaseRefundActions = (status: PurchaseRefundStatus): PurchaseRefundAction[] => machineActions(PURCHASE_REFUND_MACHINE, status).filter(isRefundAction);
export const purchaseRefundActionRefused = (refundNo: string, status: PurchaseRefundStatus, action: PurchaseRefundAction | PurchaseRefundOutboundAction) =>
  transitionRefused(
    '采购退货单',
    refundNo,
    PURCHASE_REFUND_STATUS_LABELS[status],
    isRefundAction(action) ? PURCHASE_REFUND_ACTION_LABELS[action] : PURCHASE_REFUND_OUTBOUND_ACTION_LABELS[action],
  );
export const PURCHASE_REFUND_ACTION_CODES: Record<PurchaseRefundAction, string> = {
  edit: 'purchase:refund:add',
  delete: 'purchase:refund:add',
  audit: 'purchase:refund:audit',
  void: 'purchase:refund:void',
};

/** Payables ledger entry types (append-only; a void writes the negated entry). */
export const PAYABLE_ENTRY_TYPES = ['receipt', 'receipt_void', 'refund', 'refund_void', 'supplier_payment', 'adjustment'] as const;
export type PayableEntryType = (typeof PAYABLE_ENTRY_TYPES)[number];
export const PAYABLE_ENTRY_LABELS: Record<PayableEntryType, string> = {
  receipt: '采购入库',
  receipt_void: '入库作废',
  refund: '采购退货',
  refund_void: '退货作废',
  supplier_payment: '付款',
  adjustment: '调整',
};

export const PURCHASE_SUMMARY_GROUPS = ['supplier', 'style', 'month'] as const;
export type PurchaseSummaryGroup = (typeof PURCHASE_SUMMARY_GROUPS)[number];
export const PURCHASE_SUMMARY_GROUP_LABELS: Record<PurchaseSummaryGroup, string> = { supplier: '按供应商', style: '按款式', month: '按月份' };

export const PURCHASE_LINES_MAX = 2000;
export const PURCHASE_QUANTITY_MAX = 1_000_000;
export const PURCHASE_PRICE_MAX_FEN = 100_000_000;
export const PURCHASE_TOLERANCE_MAX = 100;
export const PURCHASE_REMARK_MAX = 200;
export const PURCHASE_REASON_MAX = 200;

export const PurchaseMessages = {
  orderNotFound: '采购订单不存在',
  refundNotFound: '采购退货单不存在',
  supplierRequired: '请选择供应商',
  supplierNotFound: '供应商不存在',
  supplierDisabled: '供应商已停用',
  warehouseRequired: '请选择收货仓库',
  warehouseInvalid: '仓库不存在或不能收货',
  expectedDateRequired: '请选择交货日期',
  dateInvalid: '日期格式须为 yyyy-mm-dd',
  toleranceInvalid: `超收比例须为0-${PURCHASE_TOLERANCE_MAX}的整数`,
  remarkTooLong: `备注最多${PURCHASE_REMARK_MAX}个字`,
  reasonRequired: '请填写退货原因',
  reasonTooLong: `原因最多${PURCHASE_REASON_MAX}个字`,
  noLines: '请至少添加一行明细',
  tooManyLines: `一张单据最多${PURCHASE_LINES_MAX}行明细`,
  skuRequired: (n: number) => `第${n}行：请选择商品SKU`,
  skuNotFound: (n: number) => `第${n}行：SKU不存在`,
  skuDisabled: (n: number, sku: string) => `第${n}行：SKU“${sku}”已停用`,
  duplicateSku: (n: number) => `第${n}行：同一SKU重复，请合并数量`,
  quantityInvalid: (n: number) => `第${n}行：数量须为1-${PURCHASE_QUANTITY_MAX}的整数`,
  priceInvalid: (n: number) => `第${n}行：单价须为0-${PURCHASE_PRICE_MAX_FEN}分的整数`,
  promisedDateRequired: '请选择承诺交货日期',
  promisedDateTooEarly: '承诺交货日期不能早于下单日期',
  receiveNothing: '请至少填写一行收货数量',
  receiveLineNotFound: (n: number) => `第${n}行：不是本订单的明细`,
  receiveOver: (sku: string, limit: number, already: number) => `SKU“${sku}”收货超出订单数量：最多可收${limit}件，已收及待入库${already}件`,
  receiveClosed: (orderNo: string) => `采购订单${orderNo}已关闭，不能再入库`,
  receiveNotAudited: (orderNo: string) => `采购订单${orderNo}尚未审核，不能入库`,
  receiveSkuNotOnOrder: (sku: string, orderNo: string) => `SKU“${sku}”不在采购订单${orderNo}中`,
  postNeedsAudit: '没有「审核入库」权限，不能直接入库过账',
  closePending: (docNos: string) => `还有未过账的收货入库单（${docNos}），请先过账或作废`,
  receiptHasRefund: (sku: string) => `SKU“${sku}”已有采购退货，作废该入库单后已收数量会少于退货数量，请先作废退货单`,
  refundOver: (sku: string, refundable: number) => `SKU“${sku}”退货数量超出可退数量${refundable}件`,
  refundLineNotOnOrder: (n: number) => `第${n}行：不是所选采购订单的明细`,
  refundOrderSupplier: '所选采购订单不属于该供应商',
  refundOrderNotReceived: '所选采购订单还没有收货，不能退货',
  summaryRangeInvalid: '结束日期不能早于开始日期',
  refundWarehouseRequired: '请选择退货出库仓库',
  refundWarehouseTransit: '在途仓是虚拟仓，不能退货出库',
  refundPostNotAudited: (refundNo: string) => `采购退货单${refundNo}不是待出库状态，不能出库过账`,
  refundPostSkuNotOnRefund: (sku: string, refundNo: string) => `SKU“${sku}”不在采购退货单${refundNo}中，不能出库`,
  refundPostOver: (sku: string, quantity: number) => `SKU“${sku}”出库数量超出退货数量${quantity}件`,
  refundChanged: '采购退货单已被他人修改，请刷新后重试',
} as const;
