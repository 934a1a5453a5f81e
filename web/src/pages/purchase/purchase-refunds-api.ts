import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  OrderPayableRecord,
  PageResult,
  PayableEntryRecord,
  PurchaseOrderDetail,
  PurchaseOrderRecord,
  PurchaseRefundDetail,
  PurchaseRefundInput,
  PurchaseRefundRecord,
  PurchaseRefundStatus,
  PurchaseSummaryGroup,
  PurchaseSummaryRecord,
  SupplierPayableRecord,
} from '@erp/shared';
import { useMenuIndex } from '../../api/queries.ts';
import { http, type CallOptions } from '../../api/request.ts';
import { getUserInfo } from '../../auth/session.ts';
import { docRefApi, docRefKeys } from '../../api/stock-docs.ts';
import type { ListParams } from '../../api/list-params.ts';

// 采购退货, 应付账款 and 采购汇总: the server's answers field for field (contract: shared/src/purchasing.ts).

const V1 = '/admin/api/v1';

export interface RefundFilters {
  keyword?: string;
  status?: PurchaseRefundStatus;
  supplierId?: number;
  warehouseId?: number;
  purchaseOrderId?: number;
  /** created day from / to, yyyy-mm-dd inclusive */
  from?: string;
  to?: string;
}

export interface PayableFilters {
  keyword?: string;
  supplierId?: number;
}

export interface PayableEntryFilters {
  supplierId: number;
  purchaseOrderId?: number;
  from?: string;
  to?: string;
}

export interface SummaryFilters {
  groupBy: PurchaseSummaryGroup;
  from?: string;
  to?: string;
  supplierId?: number;
  keyword?: string;
}

export const purchaseRefundKeys = {
  all: ['purchase-refunds'] as const,
  page: ['purchase-refunds', 'page'] as const,
  detail: (id: number) => ['purchase-refunds', 'detail', id] as const,
  /** the refundable orders of a supplier (the 采购订单 select of 新增) */
  supplierOrders: (supplierId: number) => ['purchase-refunds', 'supplier-orders', supplierId] as const,
  order: (id: number) => ['purchase-refunds', 'order', id] as const,
};

export const payableKeys = {
  all: ['purchase-payables'] as const,
  page: ['purchase-payables', 'page'] as const,
  orders: (supplierId: number) => ['purchase-payables', 'orders', supplierId] as const,
  entries: (supplierId: number) => ['purchase-payables', 'entries', supplierId] as const,
};

export const summaryKeys = { page: ['purchase-summary', 'page'] as const };

const params = (p: object) => ({ ...p }) as Record<string, string | number | undefined>;

export const purchaseRefundsApi = {
  page: (p: ListParams<RefundFilters>, signal?: AbortSignal) => http.get<PageResult<PurchaseRefundRecord>>(`${V1}/purchase-refunds/page`, params(p), { signal }),
  // the pages show a refund they cannot read themselves (DocumentUnavailable): no toast besides
  detail: (id: number, signal?: AbortSignal) => http.get<PurchaseRefundDetail>(`${V1}/purchase-refunds/${id}`, undefined, { signal, toast: false }),
  // writes take INLINE_ERROR where the caller shows the failure itself
  create: (input: PurchaseRefundInput, options?: CallOptions) => http.post<PurchaseRefundDetail>(`${V1}/purchase-refunds`, input, options),
  update: (id: number, input: PurchaseRefundInput, options?: CallOptions) => http.put<PurchaseRefundDetail>(`${V1}/purchase-refunds/${id}`, input, options),
  remove: (id: number, options?: CallOptions) => http.delete<unknown>(`${V1}/purchase-refunds/${id}`, undefined, options),
  audit: (id: number, options?: CallOptions) => http.post<PurchaseRefundDetail>(`${V1}/purchase-refunds/${id}/audit`, {}, options),
  void: (id: number, reason: string, options?: CallOptions) => http.post<PurchaseRefundDetail>(`${V1}/purchase-refunds/${id}/void`, reason ? { reason } : {}, options),
};

/** The order reads 新增 needs (read-only; the order screens have their own client). */
export const refundOrderApi = {
  /** the supplier's latest orders (up to 100); the caller keeps those with something received */
  ofSupplier: (supplierId: number, signal?: AbortSignal) =>
    http.get<PageResult<PurchaseOrderRecord>>(`${V1}/purchase-orders/page`, { supplierId, page: 1, limit: 100, sort: 'id', order: 'desc' }, { signal }),
  detail: (id: number, signal?: AbortSignal) => http.get<PurchaseOrderDetail>(`${V1}/purchase-orders/${id}`, undefined, { signal }),
};

export const payablesApi = {
  page: (p: ListParams<PayableFilters>, signal?: AbortSignal) => http.get<PageResult<SupplierPayableRecord>>(`${V1}/purchase/payables/page`, params(p), { signal }),
  orders: (p: ListParams<{ supplierId: number }>, signal?: AbortSignal) => http.get<PageResult<OrderPayableRecord>>(`${V1}/purchase/payables/orders`, params(p), { signal }),
  entries: (p: ListParams<PayableEntryFilters>, signal?: AbortSignal) => http.get<PageResult<PayableEntryRecord>>(`${V1}/purchase/payables/entries`, params(p), { signal }),
};

export const summaryApi = {
  page: (p: ListParams<SummaryFilters>, signal?: AbortSignal) => http.get<PageResult<PurchaseSummaryRecord>>(`${V1}/purchase/summary`, params(p), { signal }),
};

/** A refund with its lines, read fresh whenever a page opens it. */
export function useRefundDetail(id: number | null) {
  return useQuery({
    queryKey: purchaseRefundKeys.detail(id ?? 0),
    queryFn: ({ signal }) => purchaseRefundsApi.detail(id!, signal),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** The supplier's orders a refund can come from: something received (statuses past audited). */
export function useRefundableOrders(supplierId: number | null | undefined) {
  return useQuery({
    queryKey: purchaseRefundKeys.supplierOrders(supplierId ?? 0),
    queryFn: ({ signal }) => refundOrderApi.ofSupplier(supplierId!, signal),
    enabled: !!supplierId,
    select: (page) => page.records.filter((o) => o.receivedQuantity > 0),
  });
}

/** The order a refund comes from, with its lines' received / refunded figures. */
export function useRefundOrder(orderId: number | null | undefined) {
  return useQuery({
    queryKey: purchaseRefundKeys.order(orderId ?? 0),
    queryFn: ({ signal }) => refundOrderApi.detail(orderId!, signal),
    enabled: !!orderId,
    refetchOnMount: 'always',
  });
}

/** Suppliers have no warehouse list: the warehouse filter is left out for them. */
export const isSupplierUser = () => getUserInfo()?.roleType === 'supplier';

/** Warehouses to pick or filter by (enabled and in scope), not asked for on behalf of suppliers. */
export function useRefundWarehouseOptions() {
  const enabled = !isSupplierUser();
  const query = useQuery({ queryKey: docRefKeys.warehouses, queryFn: ({ signal }) => docRefApi.warehouses(signal), staleTime: 60_000, enabled });
  const options = useMemo(() => (query.data ?? []).map((w) => ({ value: w.id, label: `${w.name}（${w.code}）`, type: w.type })), [query.data]);
  return { ...query, options, enabled };
}

export const OUTBOUND_INFO_PATH = '/erp/warehouse/outbound/info';
export const ORDER_INFO_PATH = '/erp/purchase/order/info';

/** Whether the user has a page (hidden ones too): links to it only for those who may open it. */
export function useHasPage(path: string): boolean {
  const menu = useMenuIndex();
  return !!menu.data?.byPath.has(path);
}
