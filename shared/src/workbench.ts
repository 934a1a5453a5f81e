import type { PurchaseOrderStatus, PurchaseRefundStatus } from './purchasing.ts';
import type { StockDocKind, StockDocStatus } from './stock-docs.ts';
import type { SalesOrderStatus } from './sales-orders.ts';
import type { AdjustmentStatus, PaymentStatus } from './finance.ts';
import type { RebateStatus } from './finance-rebates.ts';
import type { ReturnKind, ReturnStatus } from './aftersales.ts';
import type { ShopInventoryStatus } from './aftersales-inventory.ts';

/**
 * 工作台 (the landing page until the sales reports land): the to-dos of the signed-in user with
 * their counts, and one search box for any document number or SKU barcode. The server decides
 * which to-dos a user has (permission codes and data scope) and counts them exactly as the list
 * each one opens would; the web turns a key into a title and the list's filtered address.
 */
export const WORKBENCH_TODO_KEYS = [
  /** 采购订单 已提交: waiting for HQ's audit */
  'purchaseOrderAudit',
  /** 采购订单 已审核: waiting to be received */
  'purchaseOrderReceive',
  /** 采购订单 部分收货: the rest still to receive */
  'purchaseOrderPartlyReceived',
  /** a supplier's 已审核 orders without a promised date */
  'purchaseOrderConfirm',
  /** a supplier's 部分收货 orders without a promised date */
  'purchaseOrderConfirmPartly',
  /** HQ: every transfer in transit (已发货) */
  'transferInTransit',
  /** an agent or shop: transfers in transit to one of its warehouses */
  'transferReceive',
  /** 出库单 已提交: to be scanned (picked) and posted */
  'outboundScan',
  /** 盘点单 盘点中 */
  'stocktakeCounting',
  /** 注册审核 待审核 */
  'registrationPending',
  /** 订货单 待审核: waiting for HQ's audit */
  'salesOrderAudit',
  /** 订货单 已审核 or 部分发货: waiting for 配货 and 发货 */
  'salesOrderAllocate',
  /** 收款单 待审核: payments agents and shops recorded, waiting for HQ finance */
  'paymentAudit',
  /** 退货单 / 换货单 待审核: waiting for HQ */
  'returnAudit',
  'swapAudit',
  /** 退货单 退回在途: waiting for HQ to receive */
  'returnReceive',
  /** 退货单 已审核: the shop is to ship the goods back */
  'returnShip',
  /** an agent's or shop's own 订货单 草稿, not yet submitted */
  'salesOrderDraft',
  /** an agent's or shop's 订货单 驳回 by HQ */
  'salesOrderRejected',
  /** 配货出库 (transfers of bizType delivery) in transit to one of the party's warehouses */
  'deliveryReceive',
  /** last month's 对账单 the party has not yet confirmed (or disputed) */
  'statementConfirm',
  /** the party's 收款单 驳回 by HQ finance */
  'paymentRejected',
] as const;
export type WorkbenchTodoKey = (typeof WORKBENCH_TODO_KEYS)[number];

/** Counts stop here: a to-do with more shows `999+`. */
export const WORKBENCH_COUNT_CAP = 999;

export interface WorkbenchTodo {
  key: WorkbenchTodoKey;
  count: number;
  /** true when there are more than `count` (WORKBENCH_COUNT_CAP) */
  capped: boolean;
}

/** The period of last month's 对账单 (first and last day), from today (yyyy-mm-dd, Asia/Shanghai). */
export function lastMonthPeriod(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(days).padStart(2, '0')}` };
}

/**
 * The money of the billed party behind an agent or shop: its own account (可用授信 null: no
 * limit, 不限), its agent's (a shop under an agent: 由代理商结算, never the agent's figures), or
 * none (HQ's own shop is supplied without a charge).
 */
export type WorkbenchAccountFigure = { kind: 'own'; partyName: string; availableFen: number | null; owedFen: number } | { kind: 'byAgent' } | { kind: 'unbilled' };

/** The quota of the current 现货 season for the agent or shop itself: null `left*` is not limited. */
export type WorkbenchQuotaFigure =
  | { kind: 'season'; seasonId: number; seasonName: string; limited: boolean; leftFen: number | null; leftPieces: number | null }
  | { kind: 'noSeason' };

/** 工作台's figures strip (agents and shops): each part absent when the caller's codes do not give it. */
export interface WorkbenchFigures {
  account: WorkbenchAccountFigure | null;
  quota: WorkbenchQuotaFigure | null;
}

/** What the search box finds: a document by its number, or a SKU by its barcode. */
export type WorkbenchSearchHit =
  | { type: 'purchase_order'; id: number; no: string; status: PurchaseOrderStatus; statusLabel: string }
  | { type: 'purchase_refund'; id: number; no: string; status: PurchaseRefundStatus; statusLabel: string }
  | { type: 'sales_order'; id: number; no: string; status: SalesOrderStatus; statusLabel: string }
  | { type: 'stock_doc'; kind: StockDocKind; id: number; no: string; status: StockDocStatus; statusLabel: string }
  /** 收款单 SK (direction in) or 付款单 FK (out) */
  | { type: 'payment'; direction: 'in' | 'out'; id: number; no: string; status: PaymentStatus; statusLabel: string }
  | { type: 'adjustment'; id: number; no: string; status: AdjustmentStatus; statusLabel: string }
  | { type: 'rebate'; id: number; no: string; status: RebateStatus; statusLabel: string }
  /** 退货单 TH or 换货单 HD */
  | { type: 'sales_return'; kind: ReturnKind; id: number; no: string; status: ReturnStatus; statusLabel: string }
  /** 库存上报 SB */
  | { type: 'shop_inventory'; id: number; no: string; status: ShopInventoryStatus; statusLabel: string }
  | { type: 'sku'; id: number; productId: number; no: string; styleNo: string; name: string; colourName: string; sizeName: string };

export interface WorkbenchSearchAnswer {
  /** the number or barcode as searched (trimmed) */
  q: string;
  /** empty: nothing the user may see has this number or barcode */
  hits: WorkbenchSearchHit[];
}

/** Longest search text: a document number is 15–16 characters, a barcode at most 32. */
export const WORKBENCH_SEARCH_MAX = 64;

export const WorkbenchMessages = {
  searchRequired: '请输入单号或条码',
  searchTooLong: `单号或条码不能超过${WORKBENCH_SEARCH_MAX}个字符`,
  notFound: (q: string) => `未找到单号或条码为“${q}”的单据或商品`,
} as const;

/**
 * Who a 配货出库单 goes to, for its print: the receiving shop, the billed party (结算方; '' for
 * HQ's own shop, supplied without a charge), and the receiving warehouse's contact, phone and
 * address (the shop's, where the goods arrive).
 */
export interface DeliverySheetParties {
  orderNo: string;
  shopName: string;
  billedName: string;
  billedType: 'agent' | 'shop' | null;
  contactName: string;
  phone: string;
  address: string;
}

export const DeliverySheetMessages = {
  notFound: '配货出库单不存在',
} as const;
