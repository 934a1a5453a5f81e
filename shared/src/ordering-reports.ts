import type { SizeRunGrid } from './stock-reports.ts';
import type { SalesOrderKind, SalesOrderStatus } from './sales-orders.ts';

/**
 * 订货报表 (issue 17, "Allocation and shipping"): 发货明细, 订货汇总 and 订货对账单 over 订货单 lines.
 * Drafts are the buyer's own and not orders yet: no report counts them. The figures of a line are
 * defined here once; the server's SQL computes the same and a test holds the two together.
 */

/** Every status but draft: what a report may filter on. */
export const ORDER_REPORT_STATUSES = ['submitted', 'audited', 'partly_shipped', 'shipped', 'closed', 'rejected', 'cancelled'] as const satisfies readonly SalesOrderStatus[];
export type OrderReportStatus = (typeof ORDER_REPORT_STATUSES)[number];

/**
 * Open orders: only their lines have anything outstanding (未发). One definition for 订货汇总, 发货明细,
 * 未发货 and 往来账户 (issue 26): a submitted order waits for its ordered pieces, an audited or partly
 * shipped one for what the audit kept; drafts, rejected, cancelled and closed orders wait for nothing.
 */
export const OUTSTANDING_STATUSES = ['submitted', 'audited', 'partly_shipped'] as const satisfies readonly SalesOrderStatus[];

/** What the screens say 未发 means (the column's tooltip, the same everywhere). */
export const OUTSTANDING_HINT = '未发 = 审核数（未审核时为订货数）− 已发，仅计已提交、已审核、部分发货的订单；草稿、驳回、取消不计，已关闭订单剩余部分不再发货、不计入';

/** 已退 / 净发 (issue 26): what completed 退货单 took back of a line, and shipped less that. */
export const RETURNED_HINT = '已退 = 已完成的退货单从该订单行退回并入账的件数；净发 = 已发 − 已退';

/** Statuses a report counts unless a status is chosen: rejected and cancelled orders owe and ship nothing. */
export const COUNTED_REPORT_STATUSES = ['submitted', 'audited', 'partly_shipped', 'shipped', 'closed'] as const satisfies readonly SalesOrderStatus[];

/** Orders whose approved amount a bill counts (rejected and cancelled ones owe nothing; submitted ones are not audited yet). */
export const BILL_APPROVED_STATUSES = ['audited', 'partly_shipped', 'shipped', 'closed'] as const satisfies readonly SalesOrderStatus[];

export interface ReportLine {
  status: SalesOrderStatus;
  ordered: number;
  /** null until the audit */
  approved: number | null;
  allocated: number;
  shipped: number;
  received: number;
  /** 已退: what completed returns took back of the line (0 when not given) */
  returned?: number;
  unitPriceFen: number;
}

/** Pieces and amounts (fen) of one line or of many. */
export interface OrderFigures {
  ordered: number;
  approved: number;
  allocated: number;
  shipped: number;
  received: number;
  outstanding: number;
  /** 已退 and 净发 (= shipped − returned), issue 26 */
  returned: number;
  netShipped: number;
  orderedAmountFen: number;
  approvedAmountFen: number;
  shippedAmountFen: number;
  receivedAmountFen: number;
  outstandingAmountFen: number;
  returnedAmountFen: number;
  netShippedAmountFen: number;
}

export const FIGURE_KEYS = [
  'ordered',
  'approved',
  'allocated',
  'shipped',
  'received',
  'outstanding',
  'returned',
  'netShipped',
  'orderedAmountFen',
  'approvedAmountFen',
  'shippedAmountFen',
  'receivedAmountFen',
  'outstandingAmountFen',
  'returnedAmountFen',
  'netShippedAmountFen',
] as const satisfies readonly (keyof OrderFigures)[];

export const emptyFigures = (): OrderFigures => Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as unknown as OrderFigures;

/** 未发: what the line may still get (approved, or ordered before the audit) less what was shipped — only while the order waits for goods. */
export function lineOutstanding(line: Pick<ReportLine, 'status' | 'ordered' | 'approved' | 'shipped'>): number {
  if (!(OUTSTANDING_STATUSES as readonly string[]).includes(line.status)) return 0;
  return Math.max(0, (line.approved ?? line.ordered) - line.shipped);
}

/** One line's figures: pieces, and each at the line's unit price (approved counts 0 before the audit). */
export function lineFigures(line: ReportLine): OrderFigures {
  const approved = line.approved ?? 0;
  const outstanding = lineOutstanding(line);
  const returned = line.returned ?? 0;
  const price = line.unitPriceFen;
  return {
    ordered: line.ordered,
    approved,
    allocated: line.allocated,
    shipped: line.shipped,
    received: line.received,
    outstanding,
    returned,
    netShipped: line.shipped - returned,
    orderedAmountFen: line.ordered * price,
    approvedAmountFen: approved * price,
    shippedAmountFen: line.shipped * price,
    receivedAmountFen: line.received * price,
    outstandingAmountFen: outstanding * price,
    returnedAmountFen: returned * price,
    netShippedAmountFen: (line.shipped - returned) * price,
  };
}

export function addFigures(a: OrderFigures, b: OrderFigures): OrderFigures {
  const sum = emptyFigures();
  for (const key of FIGURE_KEYS) sum[key] = a[key] + b[key];
  return sum;
}

/** The figures of many lines, each line as lineFigures counts it. */
export function sumFigures(lines: Iterable<ReportLine>): OrderFigures {
  let sum = emptyFigures();
  for (const line of lines) sum = addFigures(sum, lineFigures(line));
  return sum;
}

/** A bill's approved amount of one order: null (shown as --, not added up) unless the order is audited and not rejected or cancelled. */
export function billApprovedFen(status: SalesOrderStatus, approvedAmountFen: number | null): number | null {
  if (approvedAmountFen === null || !(BILL_APPROVED_STATUSES as readonly string[]).includes(status)) return null;
  return approvedAmountFen;
}

/** What the 尺码横排 of 订货汇总 shows in its size cells. */
export const STYLE_SUMMARY_MEASURES = ['ordered', 'approved', 'shipped', 'received', 'outstanding'] as const;
export type StyleSummaryMeasure = (typeof STYLE_SUMMARY_MEASURES)[number];
export const STYLE_SUMMARY_MEASURE_LABELS: Record<StyleSummaryMeasure, string> = {
  ordered: '订货数',
  approved: '审核数',
  shipped: '已发数',
  received: '已收数',
  outstanding: '未发数',
};
/** The amount that goes with each measure. */
export const MEASURE_AMOUNT: Record<StyleSummaryMeasure, keyof OrderFigures> = {
  ordered: 'orderedAmountFen',
  approved: 'approvedAmountFen',
  shipped: 'shippedAmountFen',
  received: 'receivedAmountFen',
  outstanding: 'outstandingAmountFen',
};

export const OrderingReportMessages = {
  rangeReversed: '结束日期不能早于开始日期',
  buyerIncomplete: '购货方类型和编号须同时提供',
  billBuyerRequired: '请选择购货方',
  billRangeRequired: '请选择对账期间',
  billRangeTooLong: '对账期间不能超过366天',
} as const;

export const BILL_RANGE_MAX_DAYS = 366;

// ---- records ----

/** 发货明细: one order line of an order past draft. */
export interface ShippingDetailRecord {
  lineId: number;
  orderId: number;
  orderNo: string;
  orderDate: string;
  status: SalesOrderStatus;
  statusLabel: string;
  seasonName: string;
  buyerType: 'agent' | 'shop';
  buyerName: string;
  shopName: string;
  styleNo: string;
  styleName: string;
  colourName: string;
  sizeName: string;
  ordered: number;
  /** null until the audit */
  approved: number | null;
  allocated: number;
  shipped: number;
  received: number;
  outstanding: number;
  returned: number;
  netShipped: number;
  unitPriceFen: number;
  orderedAmountFen: number;
  /** null until the audit */
  approvedAmountFen: number | null;
  shippedAmountFen: number;
}

/** A report page with the figures of its whole filter (not only the page). */
export interface FiguresPage<T> {
  records: T[];
  total: number;
  totals: OrderFigures;
}

/** 订货汇总 by buyer or by season: one group's orders and figures. */
export interface OrderSummaryRecord extends OrderFigures {
  key: string;
  orderCount: number;
  /** by buyer */
  buyerType?: 'agent' | 'shop';
  buyerCode?: string;
  buyerName?: string;
  /** by season */
  seasonCode?: string;
  seasonName?: string;
  seasonKind?: SalesOrderKind;
}

export interface OrderSummaryPage {
  records: OrderSummaryRecord[];
  total: number;
  totals: OrderFigures & { orderCount: number };
}

/** One colour of a style in 订货汇总's 尺码横排: its figures beside the size cells of the grid. */
export interface StyleSummaryColour extends OrderFigures {
  colourId: number;
  colourName: string;
}

/** 订货汇总 by style: the measure's colour × size grid (sizes in size order) and the figures per colour and style. */
export interface StyleSummaryRecord extends SizeRunGrid, OrderFigures {
  productId: number;
  styleNo: string;
  productName: string;
  measure: StyleSummaryMeasure;
  colours: StyleSummaryColour[];
}

export interface StyleSummaryPage {
  records: StyleSummaryRecord[];
  total: number;
  totals: OrderFigures & { styleCount: number };
}

export type BillBuyerType = 'agent' | 'shop';

/** 订货对账单: one order of the buyer in the period. */
export interface BillOrderRecord {
  id: number;
  orderNo: string;
  orderDate: string;
  status: SalesOrderStatus;
  statusLabel: string;
  seasonName: string;
  shopName: string;
  /** null: not counted (not audited, rejected or cancelled) */
  approvedQuantity: number | null;
  approvedAmountFen: number | null;
  shippedQuantity: number;
  shippedAmountFen: number;
}

export interface BillTotals {
  orderCount: number;
  approvedQuantity: number;
  approvedAmountFen: number;
  shippedQuantity: number;
  shippedAmountFen: number;
}

export interface BillPage {
  buyer: { type: BillBuyerType; id: number; code: string; name: string };
  from: string;
  to: string;
  records: BillOrderRecord[];
  total: number;
  totals: BillTotals;
}

export interface OrderReportOption {
  id: number;
  code: string;
  name: string;
}

/** The filters' choices: what the caller's orders (past draft) hold. */
export interface OrderReportOptions {
  seasons: OrderReportOption[];
  buyers: (OrderReportOption & { type: BillBuyerType })[];
  shops: OrderReportOption[];
}
