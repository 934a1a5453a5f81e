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
