import { useQuery } from '@tanstack/react-query';
import type {
  AllocateResult,
  DeliverResult,
  ReorderDeliverInput,
  ReorderInfo,
  ReorderInput,
  ReorderSummaryPage,
  SalesOrderDetail,
  SalesOrderKind,
  UnshippedAgeBucket,
  UnshippedPage,
} from '@erp/shared';
import { http, type CallOptions } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';
import { parseBuyerKey } from '../../../api/quotas.ts';

/** 翻单 and 未发货 calls. A re-order is created here; it is then edited, submitted and audited as a 订货单. */
const BASE = '/admin/api/v1/ordering/reorders';
const UNSHIPPED = '/admin/api/v1/ordering/unshipped';

export const REORDER_PATHS = { summary: '/erp/ordering/reorder', info: '/erp/ordering/reorder/info', unshipped: '/erp/ordering/unshipped' } as const;

export interface ReorderKey {
  seasonId: number;
  productId: number;
  buyerType: 'agent' | 'shop';
  buyerId: number;
}
export const reorderInfoPath = (k: ReorderKey) => `${REORDER_PATHS.info}?seasonId=${k.seasonId}&productId=${k.productId}&buyerType=${k.buyerType}&buyerId=${k.buyerId}`;

export type ReorderFilters = { seasonId?: number; buyer?: string; brandId?: number; keyword?: string };
export type UnshippedFilters = { seasonId?: number; buyer?: string; keyword?: string; kind?: SalesOrderKind; bucket?: UnshippedAgeBucket };

const toQuery = <F extends { buyer?: string }>(params: F) => {
  const { buyer, ...rest } = params;
  return { ...rest, ...(parseBuyerKey(buyer) ?? {}) };
};

export const reorderKeys = {
  all: ['reorders'] as const,
  summary: ['reorders', 'summary'] as const,
  info: (k: ReorderKey) => ['reorders', 'info', k.seasonId, k.productId, k.buyerType, k.buyerId] as const,
  unshipped: ['reorders', 'unshipped'] as const,
};

export const reordersApi = {
  summary: (params: ListParams<ReorderFilters>, signal?: AbortSignal) => http.get<ReorderSummaryPage>(`${BASE}/page`, toQuery(params), { signal }),
  info: (k: ReorderKey, signal?: AbortSignal) => http.get<ReorderInfo>(`${BASE}/info`, { ...k }, { signal }),
  create: (input: ReorderInput, options?: CallOptions) => http.post<SalesOrderDetail>(BASE, input, options),
  deliver: (input: ReorderDeliverInput, options?: CallOptions) => http.post<{ allocation: AllocateResult } & DeliverResult>(`${BASE}/deliver`, input, options),
  unshipped: (params: ListParams<UnshippedFilters>, signal?: AbortSignal) => http.get<UnshippedPage>(`${UNSHIPPED}/page`, toQuery(params), { signal }),
};

export function useReorderInfo(k: ReorderKey | null) {
  return useQuery({
    queryKey: reorderKeys.info(k ?? { seasonId: 0, productId: 0, buyerType: 'shop', buyerId: 0 }),
    queryFn: ({ signal }) => reordersApi.info(k!, signal),
    enabled: k !== null,
  });
}
