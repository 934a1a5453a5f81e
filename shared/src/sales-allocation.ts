/**
 * 配货发货 (issue 17, "Allocation and shipping"): what HQ sends and answers when it allocates stock
 * to audited orders, gives it back, and makes the 配货出库 that carry the goods to the buyers.
 */

import type { SalesOrderKind } from './sales-orders.ts';

/** A stock document's source page: a 配货出库 opens its 订货单 (when made for one order). */
export function salesSourcePath(sourceType: string, sourceId: number | null): string | null {
  if (sourceId === null) return null;
  if (sourceType === 'sales_order') return `/erp/ordering/order/info?id=${sourceId}`;
  // a return's transfer and a swap's exchange open the after-sales document
  if (sourceType === 'sales_return') return `/erp/aftersales/return/info?id=${sourceId}`;
  if (sourceType === 'sales_swap') return `/erp/aftersales/swap/info?id=${sourceId}`;
  return null;
}

/** The business types of 调拨单: '' a plain transfer, delivery a 配货出库 made from orders. */
export const TRANSFER_TYPE_LABELS: Readonly<Record<string, string>> = { '': '调拨', delivery: '配货出库', sales_return: '售后退货' };

/** The default share of a style-colour's outstanding pieces worth sending (配码完整率), percent. */
export const ALLOCATION_TARGET_RATE_DEFAULT = 60;
/** Orders one 配货 may name at most. */
export const ALLOCATION_ORDERS_MAX = 500;

export const ALLOCATION_MOVE_LABELS: Record<'allocate' | 'release' | 'ship' | 'unship', string> = {
  allocate: '配货',
  release: '释放',
  ship: '发货',
  unship: '发货作废',
};
export const ALLOCATION_SOURCE_LABELS: Record<'stock' | 'purchase' | 'transit', string> = { stock: '库存', purchase: '采购在单', transit: '在途' };

/** 收货差异: how long the carrier and the note may be */
export const DIFFERENCE_TEXT_MAX = 200;
export const DELIVERY_DIFFERENCE_STATUSES = ['pending', 'credited', 'rejected', 'void'] as const;
export type DeliveryDifferenceStatus = (typeof DELIVERY_DIFFERENCE_STATUSES)[number];
export const DELIVERY_DIFFERENCE_STATUS_LABELS: Record<DeliveryDifferenceStatus, string> = {
  pending: '待总部确认',
  credited: '已确认，已退款',
  rejected: '不予认可',
  void: '出库单已作废',
};

/**
 * 收货差异: a 配货出库 received short. Until HQ confirms it the billed party stays charged for what
 * was shipped; confirmed, it is credited the short pieces at the line's price (entry 收货短少).
 */
export interface DeliveryDifferenceRecord {
  id: number;
  docId: number;
  docNo: string;
  skuId: number;
  styleNo: string;
  colourName: string;
  sizeName: string;
  shipped: number;
  received: number;
  /** shipped − received */
  short: number;
  unitPriceFen: number;
  /** short × unit price */
  amountFen: number;
  status: DeliveryDifferenceStatus;
  statusLabel: string;
  carrier: string;
  note: string;
  creditedFen: number;
  resolvedByName: string;
  resolvedAt: string | null;
}

export interface ResolveDifferenceInput {
  /** the 配货出库 whose pending differences are settled */
  docId: number;
  /** credit: 确认短少, the billed party is credited; reject: 不予认可, the charge stands */
  resolution: 'credit' | 'reject';
  /** 承运商 to claim the loss from (credit) */
  carrier?: string | null;
  note?: string | null;
}

export const AllocationMessages = {
  warehouseRequired: '请选择发货仓库',
  warehouseInvalid: '发货仓库不存在或已停用',
  warehouseNotHq: '只能从总部仓库配货',
  rateInvalid: '配码完整率须为0-100的整数',
  ordersInvalid: '订货单选择不正确',
  tooManyOrders: `一次最多选择${ALLOCATION_ORDERS_MAX}张订货单`,
  noOpenOrders: '没有可配货的订货单（须为已审核或部分发货）',
  nothingToRelease: '所选订货单没有可释放的配货（已生成出库单的须先作废出库单）',
  nothingToDeliver: '该仓库没有可生成出库单的配货',
  noReceivingWarehouse: (orderNo: string) => `订货单${orderNo}的收货门店没有仓库，请先为门店建仓`,
  pendingDeliveries: (orderNo: string) => `订货单${orderNo}有未发货的配货出库单，请先发货或作废`,
  hqOnly: '配货发货只能由总部操作',
  differenceNone: '该配货出库没有待确认的收货差异',
  differenceResolution: '请选择处理方式：确认短少退款或不予认可',
  differenceNoteRequired: '不予认可须填写说明',
  differenceTextTooLong: `承运商和说明均不能超过${DIFFERENCE_TEXT_MAX}个字`,
  /** 409: a posting would take stock 配货 holds for orders */
  held: (item: string, warehouse: string, orderNos: readonly string[], free: number, need: number) =>
    `【${warehouse}】${item}已配货给订货单${orderNos.slice(0, 5).join('、')}${orderNos.length > 5 ? `等${orderNos.length}张` : ''}，未配货可用${free}件，本次需要${need}件；请先在配货发货中释放配货`,
} as const;

export interface AllocateInput {
  /** the HQ warehouse the goods come from */
  warehouseId?: number | null;
  /** the orders to serve (none: every open order, optionally of one season) */
  orderIds?: number[] | null;
  seasonId?: number | null;
  /** 配码完整率: a style-colour gets goods only when this share of its outstanding pieces can be sent (0–100) */
  targetRatePercent?: number | null;
}

export interface AllocateResult {
  orderCount: number;
  lineCount: number;
  pieces: number;
  /** style-colours left without goods: what they could have had */
  skipped: { orderNo: string; styleNo: string; colourName: string; ratePercent: number }[];
}

export interface ReleaseResult {
  orderCount: number;
  pieces: number;
}

export interface DeliverInput {
  warehouseId?: number | null;
  orderIds?: number[] | null;
}

export interface DeliverResult {
  deliveries: { docId: number; docNo: string; toWarehouseName: string; orderNos: string[]; pieces: number; amountFen: number }[];
}

/** One open order as 配货发货 lists it. */
export interface AllocationBoardRecord {
  orderId: number;
  orderNo: string;
  kind: SalesOrderKind;
  status: string;
  statusLabel: string;
  seasonName: string;
  buyerName: string;
  shopName: string;
  warehouseName: string;
  submittedAt: string | null;
  approved: number;
  allocated: number;
  /** allocated pieces already on a 配货出库 not shipped yet */
  onDelivery: number;
  shipped: number;
  received: number;
  /** approved − shipped − allocated */
  waiting: number;
}
