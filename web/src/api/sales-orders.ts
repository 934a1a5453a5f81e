import { useQuery } from '@tanstack/react-query';
import type {
  FinanceAccountRecord,
  PageResult,
  SalesOrderAuditInput,
  SalesOrderBilledParty,
  SalesOrderStockRecord,
  SalesOrderDetail,
  SalesOrderEntryStyle,
  SalesOrderInput,
  SalesOrderRecord,
  SalesOrderStatus,
} from '@erp/shared';
import { http, type CallOptions } from './request.ts';
import type { ListParams } from './list-params.ts';
import type { BuyerChoice } from './ordering.ts';

/** 订货单 calls. Prices are never sent: the server prices every line. */
const BASE = '/admin/api/v1/sales-orders';

export const SALES_ORDER_PATHS = { list: '/erp/ordering/order', add: '/erp/ordering/order/add', info: '/erp/ordering/order/info' } as const;
export const salesOrderInfoPath = (id: number) => `${SALES_ORDER_PATHS.info}?id=${id}`;
export const salesOrderEditPath = (id: number) => `${SALES_ORDER_PATHS.add}?id=${id}`;
/** 配货出库单详情: the 配货出库 (a transfer of biz type delivery) under its own tab title (migration 0047) */
export const deliveryInfoPath = (docId: number) => `/erp/warehouse/delivery/info?id=${docId}`;

export interface SalesOrderFilters {
  keyword?: string;
  status?: SalesOrderStatus;
  seasonId?: number;
  from?: string;
  to?: string;
}

export type SalesOrderRouteAction = 'submit' | 'withdraw' | 'reject' | 'cancel' | 'close';

export const salesOrderKeys = {
  all: ['sales-orders'] as const,
  page: ['sales-orders', 'page'] as const,
  detail: (id: number) => ['sales-orders', 'detail', id] as const,
  billed: (buyer: BuyerChoice | null, shopId: number | null) => ['sales-orders', 'billed', buyer, shopId] as const,
  stock: (id: number) => ['sales-orders', 'stock', id] as const,
  entry: (productId: number, seasonId: number, buyer: BuyerChoice | null) => ['sales-orders', 'entry', productId, seasonId, buyer] as const,
};

export const salesOrdersApi = {
  page: (params: ListParams<SalesOrderFilters>, signal?: AbortSignal) => http.get<PageResult<SalesOrderRecord>>(`${BASE}/page`, { ...params }, { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<SalesOrderDetail>(`${BASE}/${id}`, undefined, { signal }),
  entryStyle: (productId: number, seasonId: number, buyer: BuyerChoice | null, signal?: AbortSignal) =>
    http.get<SalesOrderEntryStyle>(`${BASE}/entry/styles/${productId}`, { seasonId, ...(buyer ? { buyerType: buyer.buyerType, buyerId: buyer.buyerId } : {}) }, { signal }),
  create: (input: SalesOrderInput, options?: CallOptions) => http.post<SalesOrderDetail>(BASE, input, options),
  update: (id: number, input: SalesOrderInput, options?: CallOptions) => http.put<SalesOrderDetail>(`${BASE}/${id}`, input, options),
  action: (id: number, action: SalesOrderRouteAction, body: { reason?: string }, options?: CallOptions) => http.post<SalesOrderDetail>(`${BASE}/${id}/${action}`, body, options),
  audit: (id: number, input: SalesOrderAuditInput, options?: CallOptions) => http.post<SalesOrderDetail>(`${BASE}/${id}/audit`, input, options),
  /** 删除 a draft the caller's side made */
  remove: (id: number, options?: CallOptions) => http.delete<null>(`${BASE}/${id}`, undefined, options),
  /** 结算方 of an order for this buyer and receiving shop (null: HQ's direct shop, nobody is billed) */
  billedParty: (buyer: BuyerChoice | null, shopId: number, signal?: AbortSignal) =>
    http.get<SalesOrderBilledParty | null>(`${BASE}/billed-party`, { shopId, ...(buyer ? { buyerType: buyer.buyerType, buyerId: buyer.buyerId } : {}) }, { signal, toast: false }),
  /** 可用授信: the billed party's figures from finance's 往来账户 (refused quietly when the caller may not read them) */
  billedAccount: (party: SalesOrderBilledParty, signal?: AbortSignal) =>
    http.get<FinanceAccountRecord>(`/admin/api/v1/finance/accounts/${party.billedType}/${party.billedId}`, undefined, { signal, toast: false }),
  /** 审核: HQ's 可订 per SKU of the order */
  stock: (id: number, signal?: AbortSignal) => http.get<SalesOrderStockRecord[]>(`${BASE}/${id}/stock`, undefined, { signal }),
};

export function useSalesOrder(id: number | null) {
  return useQuery({ queryKey: salesOrderKeys.detail(id ?? 0), queryFn: ({ signal }) => salesOrdersApi.detail(id!, signal), enabled: id !== null });
}
