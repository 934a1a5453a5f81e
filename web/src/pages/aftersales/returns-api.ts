import { useQuery } from '@tanstack/react-query';
import type { PageResult, ReturnableAnswer, ReturnAuditInput, ReturnDetail, ReturnInput, ReturnKind, ReturnReceiveInput, ReturnRecord, ReturnStatus } from '@erp/shared';
import { http, type CallOptions } from '../../api/request.ts';
import type { ListParams } from '../../api/list-params.ts';

// 退货单 and 换货单: the server's answers field for field (contract: shared/src/aftersales.ts).

const BASES: Record<ReturnKind, string> = { return: '/admin/api/v1/sales-returns', swap: '/admin/api/v1/sales-swaps' };
const PAGES: Record<ReturnKind, string> = { return: '/erp/aftersales/return', swap: '/erp/aftersales/swap' };

/** The list, add/edit (?id=) and detail (?id=) pages of a kind. */
export function returnPath(kind: ReturnKind, page: 'index' | 'add' | 'info', id?: number): string {
  const base = PAGES[kind];
  const path = page === 'index' ? base : `${base}/${page}`;
  return id === undefined ? path : `${path}?id=${id}`;
}

export interface ReturnFilters {
  keyword?: string;
  status?: ReturnStatus;
  shopId?: number;
  seasonId?: number;
  from?: string;
  to?: string;
}

export type ReturnRouteAction = 'submit' | 'withdraw' | 'reject' | 'ship' | 'ship_out' | 'receive_out' | 'void';

export const returnKeys = {
  all: (kind: ReturnKind) => ['sales-returns', kind] as const,
  page: (kind: ReturnKind) => ['sales-returns', kind, 'page'] as const,
  detail: (kind: ReturnKind, id: number) => ['sales-returns', kind, 'detail', id] as const,
  returnable: (kind: ReturnKind, shopId: number | null, seasonId: number | null, exceptId: number | null, buyerKey: string | null) =>
    ['sales-returns', kind, 'returnable', shopId, seasonId, exceptId, buyerKey] as const,
  shops: (kind: ReturnKind, keyword: string) => ['sales-returns', kind, 'shops', keyword] as const,
  seasons: (kind: ReturnKind, shopId: number | null) => ['sales-returns', kind, 'seasons', shopId] as const,
};

export function returnsApi(kind: ReturnKind) {
  const base = BASES[kind];
  return {
    page: (params: ListParams<ReturnFilters>, signal?: AbortSignal) => http.get<PageResult<ReturnRecord>>(`${base}/page`, { ...params }, { signal }),
    detail: (id: number, signal?: AbortSignal) => http.get<ReturnDetail>(`${base}/${id}`, undefined, { signal }),
    returnable: (query: { shopId: number; seasonId: number; exceptId?: number | null; buyerKey?: string | null }, signal?: AbortSignal) =>
      http.get<ReturnableAnswer>(
        `${base}/returnable`,
        { shopId: query.shopId, seasonId: query.seasonId, ...(query.exceptId ? { exceptId: query.exceptId } : {}), ...(query.buyerKey ? { buyerKey: query.buyerKey } : {}) },
        { signal },
      ),
    shops: (keyword: string, signal?: AbortSignal) => http.get<{ id: number; code: string; name: string }[]>(`${base}/shops`, keyword ? { keyword } : undefined, { signal }),
    seasons: (shopId: number | null, signal?: AbortSignal) =>
      http.get<{ id: number; code: string; name: string }[]>(`${base}/seasons`, shopId ? { shopId } : undefined, { signal }),
    create: (input: ReturnInput, options?: CallOptions) => http.post<ReturnDetail>(base, input, options),
    update: (id: number, input: ReturnInput, options?: CallOptions) => http.put<ReturnDetail>(`${base}/${id}`, input, options),
    remove: (id: number, options?: CallOptions) => http.delete<null>(`${base}/${id}`, undefined, options),
    // a swap's out-leg steps are /ship-out and /receive-out
    action: (id: number, action: ReturnRouteAction, body: { reason?: string }, options?: CallOptions) =>
      http.post<ReturnDetail>(`${base}/${id}/${action.replace('_', '-')}`, body, options),
    audit: (id: number, input: ReturnAuditInput, options?: CallOptions) => http.post<ReturnDetail>(`${base}/${id}/audit`, input, options),
    receive: (id: number, input: ReturnReceiveInput, options?: CallOptions) => http.post<ReturnDetail>(`${base}/${id}/receive`, input, options),
  };
}

export function useReturnDetail(kind: ReturnKind, id: number | null) {
  return useQuery({
    queryKey: returnKeys.detail(kind, id ?? 0),
    queryFn: ({ signal }) => returnsApi(kind).detail(id!, signal),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

/** Seasons to choose: with a shop, those it received goods in (newest first). */
export function useReturnSeasons(kind: ReturnKind, shopId: number | null = null) {
  return useQuery({ queryKey: returnKeys.seasons(kind, shopId), queryFn: ({ signal }) => returnsApi(kind).seasons(shopId, signal), staleTime: 60_000 });
}

export function useReturnShops(kind: ReturnKind, keyword = '') {
  return useQuery({ queryKey: returnKeys.shops(kind, keyword), queryFn: ({ signal }) => returnsApi(kind).shops(keyword, signal), staleTime: 60_000 });
}
