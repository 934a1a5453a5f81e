import type { DeliveryDifferenceRecord } from './sales-allocation.ts';
import type { PriceStep } from './ordering-pricing.ts';
import type { BuyerType } from './planning.ts';
import type { SalesOrderAction, SalesOrderKind, SalesOrderStatus } from './sales-orders.ts';

/**
 * 订货单 as the API takes and answers it (issue 17, "Catalogue, cart, orders"): the form a buyer
 * (or HQ for a buyer) sends, the limits the server holds it to, and the list and detail records.
 * Prices never travel from the client: the server prices every line (planning's rules, the shared
 * pricing function) and stores the steps.
 */

export const SALES_ORDER_PREFIX = 'DH';
/** Lines (SKUs) one order may hold. */
export const SALES_ORDER_LINES_MAX = 500;
/** Pieces one line may order. */
export const SALES_ORDER_QUANTITY_MAX = 100_000;
/** Runs one style-colour may be ordered in at once. */
export const SALES_ORDER_RUNS_MAX = 10_000;
export const SALES_ORDER_REMARK_MAX = 200;
export const SALES_ORDER_REASON_MAX = 200;

/** Who placed an order: HQ for a buyer, an agent, or a shop itself. */
export type SalesOrdererType = 'hq' | 'agent' | 'shop';
export const SALES_ORDERER_LABELS: Record<SalesOrdererType, string> = { hq: '总部代下', agent: '代理商', shop: '门店' };

export const SalesOrderInputMessages = {
  seasonRequired: '请选择订货季',
  seasonNotOpen: '该订货季今天不在开放期内，不能订货',
  shopRequired: '请选择收货门店',
  shopNotFound: '收货门店不存在或已停用',
  shopNotBuyers: '收货门店须为购货方本身或其下属门店',
  noLines: '请至少订购一件商品',
  tooManyLines: `一张订货单最多${SALES_ORDER_LINES_MAX}个SKU`,
  remarkTooLong: `备注不能超过${SALES_ORDER_REMARK_MAX}个字符`,
  reasonTooLong: `原因不能超过${SALES_ORDER_REASON_MAX}个字符`,
  skuRequired: (n: number) => `第${n}行：请选择商品SKU`,
  skuNotOffered: (n: number) => `第${n}行：该SKU不在本订货季在售款式中`,
  quantityInvalid: (n: number) => `第${n}行：订货数量须为1-${SALES_ORDER_QUANTITY_MAX}的整数`,
  duplicateSku: (n: number) => `第${n}行：SKU重复`,
  runInvalid: (n: number) => `第${n}组配码：请选择款式、颜色和配码`,
  runCountInvalid: (n: number) => `第${n}组配码：手数须为1-${SALES_ORDER_RUNS_MAX}的整数`,
  runNotOffered: (n: number) => `第${n}组配码：该款式颜色不在本订货季在售款式中`,
  runNotFound: (n: number) => `第${n}组配码：配码不存在或不属于该款式的尺码组`,
  brandNotAllowed: (n: number, styleNo: string) => `第${n}行：款式${styleNo}不在可订品牌内`,
  runBrandNotAllowed: (n: number, styleNo: string) => `第${n}组配码：款式${styleNo}不在可订品牌内`,
  styleBrandNotAllowed: (styleNo: string) => `款式${styleNo}不在可订品牌内`,
  auditLineUnknown: '审核明细与订单不符，请刷新后重试',
  /** DELETE of an order that is no longer a draft (409) */
  deleteNotDraft: (orderNo: string, status: string) => `订货单${orderNo}当前状态为${status}，只有草稿可以删除`,
  /** a draft that was submitted once keeps its quota history: it is cancelled, not deleted */
  deleteHasHistory: (orderNo: string) => `订货单${orderNo}提交过，已有额度流水，不能删除，请取消`,
  deleted: '订货单已删除',
  styleNotOffered: '该款式不在本订货季在售款式中',
  auditedCancelHqOnly: '已审核的订货单只能由总部取消',
} as const;

/** One line as the form sends it: a SKU and its pieces (any price sent along is ignored). */
export interface SalesOrderLineInput {
  skuId: number;
  quantity: number;
}

/** A style-colour entered by run: `runCount` runs of the size run (S1 M2 L2 XL1 × 3). */
export interface SalesOrderRunInput {
  productId: number;
  colourId: number;
  sizeRunId: number;
  runCount: number;
}

export interface SalesOrderInput {
  seasonId: number;
  /** HQ names the buyer; an agent defaults to itself; a shop is its own buyer */
  buyerType?: BuyerType | null;
  buyerId?: number | null;
  /** the receiving shop (a shop: itself) */
  shopId?: number | null;
  remark?: string | null;
  lines?: SalesOrderLineInput[];
  runs?: SalesOrderRunInput[];
  /** save and submit in one transaction: a refused submission saves nothing (issue 26) */
  submit?: boolean | null;
}

export interface SalesOrderAuditInput {
  lines: { lineId: number; approved: number }[];
  reason?: string | null;
  /** 超额度放行 (finance:credit:override): why the order may go through beyond the billed party's available credit */
  creditOverrideReason?: string | null;
}

export interface SalesOrderRecord {
  id: number;
  orderNo: string;
  seasonId: number;
  seasonName: string;
  kind: SalesOrderKind;
  buyerType: BuyerType;
  buyerId: number;
  buyerName: string;
  ordererType: SalesOrdererType;
  shopId: number;
  shopName: string;
  billedType: BuyerType | null;
  /** the billed party's id (null for HQ's direct shops: nobody is billed) */
  billedId: number | null;
  billedName: string;
  status: SalesOrderStatus;
  statusLabel: string;
  orderDate: string;
  lineCount: number;
  totalQuantity: number;
  totalAmountFen: number;
  approvedQuantity: number | null;
  approvedAmountFen: number | null;
  remark: string;
  reason: string;
  createdByName: string;
  createdAt: string;
  submittedAt: string | null;
  auditedAt: string | null;
  /** what the caller may do now (the machine's actions its codes allow): the list's row actions */
  actions: SalesOrderAction[];
  /** a draft the caller's side made (HQ, the agent, the shop) and may delete */
  deletable: boolean;
}

export interface SalesOrderLineRecord {
  id: number;
  lineNo: number;
  productId: number;
  styleNo: string;
  styleName: string;
  skuId: number;
  barcode: string;
  colourId: number;
  colourName: string;
  sizeName: string;
  sizeSort: number;
  sizeRunId: number | null;
  sizeRunName: string | null;
  runCount: number | null;
  ordered: number;
  approved: number | null;
  /** set aside by 配货 and not shipped yet */
  allocated: number;
  shipped: number;
  /** arrived at the receiving warehouse */
  received: number;
  /** 已退: taken back by completed 退货单 (received by HQ and credited) */
  returned: number;
  unitPriceFen: number;
  amountFen: number;
  priceSteps: PriceStep[];
}

/** A 配货出库 made (partly) for the order, with what it carries of the order. */
export interface SalesOrderDeliveryRecord {
  docId: number;
  docNo: string;
  /** the stock document's status: submitted (待发货), shipped (在途), posted (已收货), void */
  status: string;
  statusLabel: string;
  fromWarehouseName: string;
  toWarehouseName: string;
  /** pieces of this order on the document */
  quantity: number;
  /** what arrived of them (once received) */
  received: number;
  amountFen: number;
  shippedAt: string | null;
  receivedAt: string | null;
}

export interface SalesOrderEventRecord {
  action: string;
  fromStatus: string;
  toStatus: string;
  reason: string;
  userName: string;
  at: string;
}

export interface SalesOrderDetail extends SalesOrderRecord {
  warehouseName: string;
  lines: SalesOrderLineRecord[];
  deliveries: SalesOrderDeliveryRecord[];
  /** 收货差异 of its 配货出库 (received short), pending HQ's confirmation or settled */
  differences: DeliveryDifferenceRecord[];
  /** whether the caller may settle pending 收货差异 (HQ with 生成出库) */
  canSettleDifferences: boolean;
  /** what the billed party's receivable was charged for the order's shipped goods (net of voids) */
  chargedFen: number;
  events: SalesOrderEventRecord[];
}

/** Who an order for a buyer and receiving shop bills (billedPartyOf), as order entry and the cart show it; null: HQ's direct shop, nobody. */
export interface SalesOrderBilledParty {
  billedType: BuyerType;
  billedId: number;
  billedName: string;
}

/** 审核: HQ's available stock (可订: HQ warehouses less what is set aside) of an order's SKUs. */
export interface SalesOrderStockRecord {
  skuId: number;
  available: number;
}

/** What order entry needs of one style: its SKUs with stock, the buyer's price and the run rules. */
export interface SalesOrderEntryStyle {
  productId: number;
  styleNo: string;
  name: string;
  seasonKind: SalesOrderKind;
  unitPriceFen: number;
  wholesalePriceFen: number;
  steps: PriceStep[];
  sizeRunId: number | null;
  wholeRuns: boolean;
  minRuns: number;
  runs: { id: number; name: string; counts: Record<string, number> }[];
  skus: {
    skuId: number;
    barcode: string;
    colourId: number;
    colourName: string;
    sizeName: string;
    sizeSort: number;
    /** HQ's available stock (spot); null for a pre-order season */
    available: number | null;
    /** 预计到货 of HQ's purchase orders (pre-order); null for a spot season */
    expected: number | null;
  }[];
}
