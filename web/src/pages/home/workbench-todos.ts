import {
  ADJUSTMENT_PREFIX,
  PAYMENT_PREFIX,
  REBATE_PREFIX,
  RETURN_KIND_LABELS,
  RETURN_PREFIXES,
  SALES_ORDER_PREFIX,
  SHOP_INVENTORY_PREFIX,
  SUPPLIER_PAYMENT_PREFIX,
  lastMonthPeriod,
  PURCHASE_ORDER_PREFIX,
  shanghaiToday,
  PURCHASE_REFUND_PREFIX,
  STOCK_DOC_PREFIXES,
  stockDocInfoPath,
  STOCK_DOC_KIND_LABELS,
  WORKBENCH_SEARCH_MAX,
  WorkbenchMessages,
  type WorkbenchSearchAnswer,
  type WorkbenchSearchHit,
  type WorkbenchTodo,
  type WorkbenchTodoKey,
} from '@erp/shared';
import type { PurchaseOrderFilters } from '../../api/purchase-orders.ts';
import type { SalesOrderFilters } from '../../api/sales-orders.ts';
import type { PaymentFilters } from '../../api/finance.ts';
import type { RegistrationFilters } from '../../api/registration.ts';
import type { DocFilters } from '../../api/stock-docs.ts';

// The workbench's to-dos and search, as pure functions: which to-dos show, the list address each
// opens (the list reads its filters from the query string: the keys of its filters object, the
// same names its list API takes), and where a search hit leads.

export const WORKBENCH_PATHS = {
  purchaseOrders: '/erp/purchase/order',
  purchaseOrderInfo: '/erp/purchase/order/info',
  purchaseRefunds: '/erp/purchase/refund',
  purchaseRefundInfo: '/erp/purchase/refund/info',
  transfers: '/erp/warehouse/transfer',
  outbounds: '/erp/warehouse/outbound',
  stocktakes: '/erp/warehouse/stocktake',
  registrations: '/erp/system/registration',
  products: '/erp/product/list',
  salesOrders: '/erp/ordering/order',
  allocation: '/erp/ordering/allocation',
  payments: '/erp/finance/payment',
  returns: '/erp/aftersales/return',
  swaps: '/erp/aftersales/swap',
  supplierPayments: '/erp/finance/supplier-payment',
  adjustments: '/erp/finance/adjustment',
  rebates: '/erp/finance/rebate',
  inventoryReports: '/erp/aftersales/inventory',
  statements: '/erp/finance/statement',
} as const;

export interface TodoView {
  key: WorkbenchTodoKey;
  title: string;
  /** what is counted, in the list's own words */
  hint: string;
  listPath: string;
  /** the list's filters: keys of its filters object, values as its list API takes them (or made from today) */
  filters: Readonly<Record<string, string>> | ((today: string) => Readonly<Record<string, string>>);
}

const P = WORKBENCH_PATHS;

// each list's filters typed by the list's own filters object: a renamed key or status fails to compile
const orders = (filters: PurchaseOrderFilters) => filters as Record<string, string>;
const docs = (filters: DocFilters) => filters as Record<string, string>;
const registrations = (filters: RegistrationFilters) => filters as Record<string, string>;
const salesOrders = (filters: SalesOrderFilters) => filters as Record<string, string>;
const payments = (filters: PaymentFilters) => filters as Record<string, string>;

export const TODO_VIEWS: Readonly<Record<WorkbenchTodoKey, Omit<TodoView, 'key'>>> = {
  purchaseOrderAudit: { title: '待审核采购订单', hint: '状态：已提交', listPath: P.purchaseOrders, filters: orders({ status: 'submitted' }) },
  purchaseOrderReceive: { title: '待收货采购订单', hint: '状态：已审核', listPath: P.purchaseOrders, filters: orders({ status: 'audited' }) },
  purchaseOrderPartlyReceived: { title: '部分收货采购订单', hint: '状态：部分收货，余量待收', listPath: P.purchaseOrders, filters: orders({ status: 'partly_received' }) },
  purchaseOrderConfirm: { title: '待确认交期', hint: '状态：已审核，交期未确认', listPath: P.purchaseOrders, filters: orders({ status: 'audited', confirmed: 'no' }) },
  purchaseOrderConfirmPartly: {
    title: '部分收货待确认',
    hint: '状态：部分收货，交期未确认',
    listPath: P.purchaseOrders,
    filters: orders({ status: 'partly_received', confirmed: 'no' }),
  },
  transferInTransit: { title: '在途调拨单', hint: '状态：已发货（在途）', listPath: P.transfers, filters: docs({ status: 'shipped' }) },
  transferReceive: { title: '待收货调拨单', hint: '发往本方仓库，在途', listPath: P.transfers, filters: docs({ status: 'shipped', incoming: 'true' }) },
  outboundScan: { title: '待扫描出库单', hint: '状态：已提交，待扫描出库', listPath: P.outbounds, filters: docs({ status: 'submitted' }) },
  stocktakeCounting: { title: '进行中的盘点', hint: '状态：盘点中', listPath: P.stocktakes, filters: docs({ status: 'counting' }) },
  registrationPending: { title: '待审核注册', hint: '状态：待审核', listPath: P.registrations, filters: registrations({ status: 'pending' }) },
  salesOrderAudit: { title: '待审核订货单', hint: '状态：待审核', listPath: P.salesOrders, filters: salesOrders({ status: 'submitted' }) },
  // 配货发货 lists the open orders by default: no filter in the address
  salesOrderAllocate: { title: '待配货发货订货单', hint: '状态：已审核、部分发货', listPath: P.allocation, filters: {} },
  paymentAudit: { title: '待审核收款', hint: '代理商、门店登记的收款，状态：待审核', listPath: P.payments, filters: payments({ status: 'submitted' }) },
  returnAudit: { title: '待审核退货单', hint: '门店申请的退货，状态：待审核', listPath: P.returns, filters: { status: 'submitted' } },
  swapAudit: { title: '待审核换货单', hint: '门店申请的换货，状态：待审核', listPath: P.swaps, filters: { status: 'submitted' } },
  returnReceive: { title: '待收货退货单', hint: '门店已发回，状态：退回在途', listPath: P.returns, filters: { status: 'shipped' } },
  returnShip: { title: '待发货退货单', hint: '总部已审核，请把货品发回', listPath: P.returns, filters: { status: 'audited' } },
  salesOrderDraft: { title: '未提交订货单', hint: '状态：草稿，提交后总部审核', listPath: P.salesOrders, filters: salesOrders({ status: 'draft' }) },
  salesOrderRejected: { title: '被驳回订货单', hint: '状态：已驳回，查看驳回原因', listPath: P.salesOrders, filters: salesOrders({ status: 'rejected' }) },
  deliveryReceive: { title: '待收货配货', hint: '配货出库发往本方仓库，在途', listPath: P.transfers, filters: docs({ status: 'shipped', incoming: 'true', bizType: 'delivery' }) },
  // the statement page reads its period from from/to: last month's
  statementConfirm: { title: '待确认对账单', hint: '上月对账单，待确认', listPath: P.statements, filters: (today) => lastMonthPeriod(today) },
  paymentRejected: { title: '被驳回收款单', hint: '状态：已驳回，可重新登记', listPath: P.payments, filters: payments({ status: 'rejected' }) },
};

/** The list address with its filters in the query string, e.g. /erp/purchase/order?status=submitted. */
export function todoHref(view: Pick<TodoView, 'listPath' | 'filters'>, today: string = shanghaiToday()): string {
  const filters = typeof view.filters === 'function' ? view.filters(today) : view.filters;
  const query = new URLSearchParams(filters).toString();
  return query ? `${view.listPath}?${query}` : view.listPath;
}

/** The to-dos to show, in the server's order: known keys whose list the user can open. */
export function visibleTodos(todos: readonly WorkbenchTodo[], canOpen: (path: string) => boolean): (TodoView & { count: number; capped: boolean })[] {
  return todos.flatMap((todo) => {
    const view = TODO_VIEWS[todo.key];
    if (!view || !canOpen(view.listPath)) return [];
    return [{ key: todo.key, ...view, count: todo.count, capped: todo.capped }];
  });
}

export const countText = (todo: Pick<WorkbenchTodo, 'count' | 'capped'>) => (todo.capped ? `${todo.count}+` : String(todo.count));

/** Whether any to-do's list is in the menu (else the to-dos are not asked for). */
export const hasTodoLists = (canOpen: (path: string) => boolean) => Object.values(TODO_VIEWS).some((view) => canOpen(view.listPath));

/** What the search finds, by the list page that shows it: the box shows when one of them is in the menu. */
export const SEARCH_SOURCES: readonly { path: string; label: string }[] = [
  { path: P.purchaseOrders, label: `采购订单 ${PURCHASE_ORDER_PREFIX}` },
  { path: P.purchaseRefunds, label: `采购退货 ${PURCHASE_REFUND_PREFIX}` },
  { path: '/erp/warehouse/inbound', label: `入库 ${STOCK_DOC_PREFIXES.inbound}` },
  { path: P.outbounds, label: `出库 ${STOCK_DOC_PREFIXES.outbound}` },
  { path: P.transfers, label: `调拨 ${STOCK_DOC_PREFIXES.transfer}` },
  { path: P.stocktakes, label: `盘点 ${STOCK_DOC_PREFIXES.stocktake}` },
  { path: '/erp/warehouse/exchange', label: `换货 ${STOCK_DOC_PREFIXES.exchange}` },
  { path: '/erp/warehouse/overseas', label: `海外仓 ${STOCK_DOC_PREFIXES.overseas}` },
  { path: '/erp/warehouse/opening', label: `期初 ${STOCK_DOC_PREFIXES.opening}` },
  { path: P.salesOrders, label: `订货单 ${SALES_ORDER_PREFIX}` },
  { path: P.returns, label: `退货单 ${RETURN_PREFIXES.return}` },
  { path: P.swaps, label: `换货单 ${RETURN_PREFIXES.swap}` },
  { path: P.inventoryReports, label: `库存上报 ${SHOP_INVENTORY_PREFIX}` },
  { path: P.payments, label: `收款单 ${PAYMENT_PREFIX}` },
  { path: P.supplierPayments, label: `付款单 ${SUPPLIER_PAYMENT_PREFIX}` },
  { path: P.adjustments, label: `调整单 ${ADJUSTMENT_PREFIX}` },
  { path: P.rebates, label: `返利 ${REBATE_PREFIX}` },
  { path: P.products, label: 'SKU 条码' },
];

export const hasSearchLists = (canOpen: (path: string) => boolean) => SEARCH_SOURCES.some((source) => canOpen(source.path));

/** The hint under the box: only the numbers this user can find (单号：采购订单 CG、采购退货 CT；或 SKU 条码). */
export function searchHint(canOpen: (path: string) => boolean): string {
  const mine = SEARCH_SOURCES.filter((source) => canOpen(source.path));
  const numbers = mine.filter((source) => source.path !== P.products).map((source) => source.label);
  const barcode = mine.some((source) => source.path === P.products);
  if (numbers.length === 0) return barcode ? '输入 SKU 条码' : '';
  return `单号：${numbers.join('、')}${barcode ? '；或 SKU 条码' : ''}`;
}

/** A list that has no detail page of its own, filtered to exactly one number (its keyword filter). */
const listOfNo = (listPath: string, no: string) => `${listPath}?${new URLSearchParams({ keyword: no })}`;

/**
 * Where a hit opens: the document's detail page (收款单, 付款单, 调整单, 返利 and 库存上报 have none:
 * their list filtered to the number, as the account's 流水 opens them), or the product list
 * filtered to the SKU's barcode.
 */
export function hitPath(hit: WorkbenchSearchHit): string {
  switch (hit.type) {
    case 'sales_return':
      return `${hit.kind === 'swap' ? P.swaps : P.returns}/info?id=${hit.id}`;
    case 'payment':
      return listOfNo(hit.direction === 'out' ? P.supplierPayments : P.payments, hit.no);
    case 'adjustment':
      return listOfNo(P.adjustments, hit.no);
    case 'rebate':
      return listOfNo(P.rebates, hit.no);
    case 'shop_inventory':
      return listOfNo(P.inventoryReports, hit.no);
    case 'purchase_order':
      return `${P.purchaseOrderInfo}?id=${hit.id}`;
    case 'purchase_refund':
      return `${P.purchaseRefundInfo}?id=${hit.id}`;
    case 'sales_order':
      return `${P.salesOrders}/info?id=${hit.id}`;
    case 'stock_doc':
      return stockDocInfoPath(hit.kind, hit.id);
    case 'sku':
      return `${P.products}?${new URLSearchParams({ barcode: hit.no })}`;
  }
}

/** A hit in words: 采购订单 CG20261127-0001（已审核）, or the SKU with its style, colour and size. */
export function hitLabel(hit: WorkbenchSearchHit): string {
  switch (hit.type) {
    case 'purchase_order':
      return `采购订单 ${hit.no}（${hit.statusLabel}）`;
    case 'purchase_refund':
      return `采购退货单 ${hit.no}（${hit.statusLabel}）`;
    case 'sales_order':
      return `订货单 ${hit.no}（${hit.statusLabel}）`;
    case 'stock_doc':
      return `${STOCK_DOC_KIND_LABELS[hit.kind]} ${hit.no}（${hit.statusLabel}）`;
    case 'sales_return':
      return `${RETURN_KIND_LABELS[hit.kind]} ${hit.no}（${hit.statusLabel}）`;
    case 'payment':
      return `${hit.direction === 'out' ? '付款单' : '收款单'} ${hit.no}（${hit.statusLabel}）`;
    case 'adjustment':
      return `调整单 ${hit.no}（${hit.statusLabel}）`;
    case 'rebate':
      return `返利单 ${hit.no}（${hit.statusLabel}）`;
    case 'shop_inventory':
      return `库存上报 ${hit.no}（${hit.statusLabel}）`;
    case 'sku':
      return `商品 ${hit.styleNo} ${hit.name} ${hit.colourName}/${hit.sizeName}（条码 ${hit.no}）`;
  }
}

/** The page path of an address (its query string dropped), for the menu check. */
const pagePath = (href: string) => href.split('?')[0]!;

export type SearchOutcome = { kind: 'open'; path: string } | { kind: 'choose'; hits: { path: string; label: string }[] } | { kind: 'none'; message: string };

/** One hit the user can open opens at once; several are listed; none (or none openable) is 未找到. */
export function searchOutcome(answer: WorkbenchSearchAnswer, canOpen: (path: string) => boolean): SearchOutcome {
  const hits = answer.hits.map((hit) => ({ path: hitPath(hit), label: hitLabel(hit) })).filter((hit) => canOpen(pagePath(hit.path)));
  if (hits.length === 0) return { kind: 'none', message: WorkbenchMessages.notFound(answer.q) };
  if (hits.length === 1) return { kind: 'open', path: hits[0]!.path };
  return { kind: 'choose', hits };
}

/** What the box refuses before asking (the server says the same). */
export function searchInputError(text: string): string | null {
  const q = text.trim();
  if (!q) return WorkbenchMessages.searchRequired;
  if (q.length > WORKBENCH_SEARCH_MAX) return WorkbenchMessages.searchTooLong;
  return null;
}
