import { OUTSTANDING_STATUSES } from './ordering-reports.ts';
import type { BuyerType } from './planning.ts';
import type { SalesOrderKind, SalesOrderStatus } from './sales-orders.ts';

/**
 * 翻单 (re-orders, issue 19): a further order of a style the buyer already received in the season,
 * placed by the buyer or by HQ for it, and 未发货 (every open order line not yet shipped, with its
 * age). A re-order is a 订货单 of kind 'reorder': it is priced, quota- and credit-checked, audited,
 * allocated and shipped like every order. The cashier does not exist yet, so the summary ranks
 * styles by what was shipped and received only; sold figures are absent, never estimated.
 */

export const ReorderMessages = {
  /** shown on 翻单汇总 until the cashier posts sales */
  salesAbsent: '收银系统尚未上线：翻单汇总按已发货、已收货统计，暂无销售（售罄）数据。',
  styleNotReceived: (styleNo: string) => `款式 ${styleNo} 在该订货季还没有收货，不能翻单（翻单只能订已收到的款式）`,
  styleRequired: '请选择翻单款式',
  skuOtherStyle: (n: number) => `第${n}行：SKU不属于所选款式`,
  notReorder: (orderNo: string) => `订单 ${orderNo} 不是翻单`,
  notOpen: (orderNo: string) => `翻单 ${orderNo} 未审核或已发完，不能生成出库`,
  buyerIncomplete: '购货方类型和编号须同时填写',
  buyerRequired: '请选择购货方',
  seasonRequired: '请选择订货季',
  styleNotFound: '款式不存在',
} as const;

// ---- ageing ----

export const UNSHIPPED_AGE_BUCKETS = ['d0_7', 'd8_15', 'd16_30', 'd31_60', 'over60'] as const;
export type UnshippedAgeBucket = (typeof UNSHIPPED_AGE_BUCKETS)[number];
export const UNSHIPPED_AGE_LABELS: Record<UnshippedAgeBucket, string> = {
  d0_7: '0-7天',
  d8_15: '8-15天',
  d16_30: '16-30天',
  d31_60: '31-60天',
  over60: '60天以上',
};
/** Days since the order each bucket holds (inclusive); the last is open-ended. */
const BUCKET_DAYS: Record<UnshippedAgeBucket, { min: number; max: number | null }> = {
  d0_7: { min: 0, max: 7 },
  d8_15: { min: 8, max: 15 },
  d16_30: { min: 16, max: 30 },
  d31_60: { min: 31, max: 60 },
  over60: { min: 61, max: null },
};

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Whole days from the order day to today (both YYYY-MM-DD); a day after today counts as 0. */
export function orderAgeDays(orderDay: string, today: string): number {
  return Math.max(0, dayNumber(today) - dayNumber(orderDay));
}

/** The bucket of an age in days. */
export function unshippedAgeBucketOf(days: number): UnshippedAgeBucket {
  return UNSHIPPED_AGE_BUCKETS.find((b) => days >= BUCKET_DAYS[b].min && (BUCKET_DAYS[b].max === null || days <= BUCKET_DAYS[b].max!)) ?? 'd0_7';
}

/**
 * The order days a bucket holds as of today (inclusive ends). The youngest bucket has no upper end
 * (an order dated after today counts as 0 days old), the oldest no lower end.
 */
export function unshippedAgeBucketDays(bucket: UnshippedAgeBucket, today: string): { from?: string; to?: string } {
  const { min, max } = BUCKET_DAYS[bucket];
  const t = dayNumber(today);
  return { ...(max === null ? {} : { from: dayOf(t - max) }), ...(min === 0 ? {} : { to: dayOf(t - min) }) };
}

export const unshippedAgeColor = (bucket: UnshippedAgeBucket) => ({ d0_7: 'green', d8_15: 'blue', d16_30: 'gold', d31_60: 'orange', over60: 'red' })[bucket];

// ---- records ----

/** One row of 翻单汇总: a buyer's style in a season, by what was shipped and received. */
export interface ReorderSummaryRecord {
  key: string;
  buyerType: BuyerType;
  buyerId: number;
  buyerName: string;
  seasonId: number;
  seasonName: string;
  /** the season is open today (a re-order may be placed) */
  seasonOpen: boolean;
  productId: number;
  styleNo: string;
  styleName: string;
  brandName: string;
  /** pieces ordered in the season (all kinds, past draft, not rejected or cancelled) */
  ordered: number;
  shipped: number;
  shippedAmountFen: number;
  received: number;
  receivedAmountFen: number;
  /** 已退: what completed returns took back of these lines (issue 26); 净发 = shipped − returned */
  returned: number;
  returnedAmountFen: number;
  netShipped: number;
  netShippedAmountFen: number;
  /** re-orders of the style so far (past draft, not rejected or cancelled) and their pieces */
  reorderCount: number;
  reorderedPieces: number;
  /** the last day a 配货出库 of the style left HQ (Asia/Shanghai), or null */
  lastShippedDay: string | null;
  /** the shop the latest order of the style went to: where a re-order is received */
  shopId: number;
  shopName: string;
  /** received something and the season is open: 翻单 may be offered */
  reorderable: boolean;
}

export interface ReorderSummaryPage {
  records: ReorderSummaryRecord[];
  total: number;
  totalCapped?: boolean;
  totals: {
    shipped: number;
    shippedAmountFen: number;
    received: number;
    receivedAmountFen: number;
    returned: number;
    returnedAmountFen: number;
    netShipped: number;
    netShippedAmountFen: number;
    reorderedPieces: number;
  };
  /** why no sold figures are shown (ReorderMessages.salesAbsent) */
  salesNote: string;
}

/** 翻单明细: one buyer's style in a season per colour × size, and its re-orders so far. */
export interface ReorderInfo {
  buyerType: BuyerType;
  buyerId: number;
  buyerName: string;
  seasonId: number;
  seasonName: string;
  seasonOpen: boolean;
  productId: number;
  styleNo: string;
  styleName: string;
  brandName: string;
  shopId: number | null;
  shopName: string;
  reorderable: boolean;
  cells: { skuId: number; colourId: number; colourName: string; sizeName: string; ordered: number; shipped: number; received: number; reordered: number }[];
  reorders: {
    orderId: number;
    orderNo: string;
    orderDate: string;
    status: SalesOrderStatus;
    statusLabel: string;
    shopName: string;
    ordered: number;
    approved: number | null;
    shipped: number;
    amountFen: number;
  }[];
  salesNote: string;
}

/** 翻单 as the API takes it: one style's SKUs for a buyer in a season (priced by the server). */
export interface ReorderInput {
  seasonId: number | null;
  productId: number | null;
  buyerType?: BuyerType | null;
  buyerId?: number | null;
  shopId?: number | null;
  remark?: string | null;
  lines: { skuId: number; quantity: number }[];
}

/** 生成出库 for re-orders (HQ): allocate from one HQ warehouse, then make the 配货出库. */
export interface ReorderDeliverInput {
  orderIds: number[];
  warehouseId: number | null;
  targetRatePercent?: number | null;
}

/** One row of 未发货: an open order's style, what is still to ship and how long it has waited. */
export interface UnshippedRecord {
  key: string;
  orderId: number;
  orderNo: string;
  orderDate: string;
  kind: SalesOrderKind;
  status: SalesOrderStatus;
  statusLabel: string;
  buyerType: BuyerType;
  buyerId: number;
  buyerName: string;
  shopName: string;
  seasonName: string;
  productId: number;
  styleNo: string;
  styleName: string;
  ordered: number;
  /** what the audit kept; null while the order waits for the audit */
  approved: number | null;
  shipped: number;
  unshipped: number;
  unshippedAmountFen: number;
  ageDays: number;
  bucket: UnshippedAgeBucket;
}

export interface UnshippedPage {
  records: UnshippedRecord[];
  total: number;
  totalCapped?: boolean;
  totals: { orderCount: number; unshipped: number; unshippedAmountFen: number; buckets: Record<UnshippedAgeBucket, { unshipped: number; unshippedAmountFen: number }> };
  today: string;
}

/** Statuses whose lines count as 未发货: the open orders of 未发's one definition (OUTSTANDING_STATUSES). */
export const UNSHIPPED_STATUSES = OUTSTANDING_STATUSES;
/** Statuses a re-order counts with (placed and not turned down). */
export const REORDER_COUNTED_STATUSES = ['submitted', 'audited', 'partly_shipped', 'shipped', 'closed'] as const satisfies readonly SalesOrderStatus[];
