import { useQuery } from '@tanstack/react-query';
import type {
  PageResult,
  PurchaseOrderDetail,
  PurchaseOrderInput,
  PurchaseOrderRecord,
  PurchaseOrderStatus,
  PurchaseReceiptRecord,
  PurchaseReceiveInput,
  PurchaseReceiveResult,
  PurchaseRefundRecord,
} from '@erp/shared';
import { http, type CallOptions } from './request.ts';
import type { ListParams } from './list-params.ts';
import { newIdempotencyKey } from './stock-docs.ts';

/** 采购订单 (purchase orders): the server's calls field for field, and their TanStack Query keys. */
const BASE = '/admin/api/v1/purchase-orders';

/** In-app paths the purchase screens link to (finance's entry links open an order too). */
export const PURCHASE_ORDER_PATHS = {
  list: '/erp/purchase/order',
  add: '/erp/purchase/order/add',
  info: '/erp/purchase/order/info',
  refundAdd: '/erp/purchase/refund/add',
  refundInfo: '/erp/purchase/refund/info',
  inboundInfo: '/erp/warehouse/inbound/info',
  productList: '/erp/product/list',
} as const;

export const purchaseOrderInfoPath = (id: number) => `${PURCHASE_ORDER_PATHS.info}?id=${id}`;
export const purchaseOrderEditPath = (id: number) => `${PURCHASE_ORDER_PATHS.add}?id=${id}`;

export interface PurchaseOrderFilters {
  /** order no. or supplier code/name (contains) */
  keyword?: string;
  status?: PurchaseOrderStatus;
  supplierId?: number;
  warehouseId?: number;
  /** order date from / to, yyyy-mm-dd inclusive */
  from?: string;
  to?: string;
  confirmed?: 'yes' | 'no';
}

/** The status actions with their own POST route. */
export type PurchaseOrderRouteAction = 'submit' | 'withdraw' | 'audit' | 'close' | 'confirm';

export interface PurchaseOrderActionBody {
  reason?: string;
  promisedDate?: string;
}

const keyHeader = (key?: string) => (key ? { headers: { 'Idempotency-Key': key } } : undefined);

/** Everything of orders lives under ['purchase-orders']: invalidate that after a change. */
export const purchaseOrderKeys = {
  all: ['purchase-orders'] as const,
  page: ['purchase-orders', 'page'] as const,
  receivable: ['purchase-orders', 'receivable'] as const,
  detail: (id: number) => ['purchase-orders', 'detail', id] as const,
  receiving: (id: number) => ['purchase-orders', 'receiving', id] as const,
  receipts: (id: number) => ['purchase-orders', 'receipts', id] as const,
  refunds: (id: number) => ['purchase-orders', 'refunds', id] as const,
};

export const purchaseOrdersApi = {
  page: (params: ListParams<PurchaseOrderFilters>, signal?: AbortSignal) => http.get<PageResult<PurchaseOrderRecord>>(`${BASE}/page`, { ...params }, { signal }),
  receivablePage: (params: ListParams<PurchaseOrderFilters>, signal?: AbortSignal) =>
    http.get<PageResult<PurchaseOrderRecord>>(`${BASE}/receivable/page`, { ...params }, { signal }),
  // the pages show an order they cannot read themselves (DocumentUnavailable): no toast besides
  detail: (id: number, signal?: AbortSignal) => http.get<PurchaseOrderDetail>(`${BASE}/${id}`, undefined, { signal, toast: false }),
  receiving: (id: number, signal?: AbortSignal) => http.get<PurchaseOrderDetail>(`${BASE}/${id}/receiving`, undefined, { signal }),
  receipts: (id: number, signal?: AbortSignal) => http.get<PurchaseReceiptRecord[]>(`${BASE}/${id}/receipts`, undefined, { signal }),
  // writes take INLINE_ERROR where the caller shows the failure itself
  create: (input: PurchaseOrderInput, options?: CallOptions) => http.post<PurchaseOrderDetail>(BASE, input, options),
  update: (id: number, input: PurchaseOrderInput, options?: CallOptions) => http.put<PurchaseOrderDetail>(`${BASE}/${id}`, input, options),
  remove: (id: number, options?: CallOptions) => http.delete<unknown>(`${BASE}/${id}`, undefined, options),
  action: (id: number, action: PurchaseOrderRouteAction, body: PurchaseOrderActionBody = {}, options?: CallOptions) =>
    http.post<PurchaseOrderDetail>(`${BASE}/${id}/${action}`, body, options),
  /** one key per confirming click: a retried click never receives twice */
  receive: (id: number, input: PurchaseReceiveInput, idempotencyKey = newIdempotencyKey(), options?: CallOptions) =>
    http.post<PurchaseReceiveResult>(`${BASE}/${id}/receive`, input, { ...options, ...keyHeader(idempotencyKey) }),
  /** the refunds made from an order (purchase-refunds list filtered by the order) */
  refundsOf: (id: number, signal?: AbortSignal) =>
    http.get<PageResult<PurchaseRefundRecord>>('/admin/api/v1/purchase-refunds/page', { purchaseOrderId: id, page: 1, limit: 100 }, { signal }),
};

/** An order with its lines (read fresh whenever a page opens it). */
export function usePurchaseOrder(id: number | null) {
  return useQuery({
    queryKey: purchaseOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => purchaseOrdersApi.detail(id!, signal),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** A receivable order as the warehouse sees it (for the 收货 form of 采购入库). */
export function useReceivingOrder(id: number | null) {
  return useQuery({
    queryKey: purchaseOrderKeys.receiving(id ?? 0),
    queryFn: ({ signal }) => purchaseOrdersApi.receiving(id!, signal),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

export function usePurchaseReceipts(id: number, enabled = true) {
  return useQuery({ queryKey: purchaseOrderKeys.receipts(id), queryFn: ({ signal }) => purchaseOrdersApi.receipts(id, signal), enabled });
}

export function usePurchaseOrderRefunds(id: number, enabled = true) {
  return useQuery({ queryKey: purchaseOrderKeys.refunds(id), queryFn: ({ signal }) => purchaseOrdersApi.refundsOf(id, signal), enabled });
}
