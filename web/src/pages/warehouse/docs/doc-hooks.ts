import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { StockDocKind } from '@erp/shared';
import { docRefApi, docRefKeys, stockDocKeys, stockDocsApi } from '../../../api/stock-docs.ts';

/** In-app paths of a kind's pages (menu rows of 0017): list, add, info, scan, edit, difference. */
export function docPath(kind: StockDocKind, page: 'index' | 'add' | 'info' | 'scan' | 'edit' | 'difference', id?: number): string {
  const base = `/erp/warehouse/${kind}`;
  if (page === 'index') return base;
  return id === undefined ? `${base}/${page}` : `${base}/${page}?id=${id}`;
}

/** `?id=` of the page as a positive integer, or null. */
export function useDocIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A document with its lines (always read fresh when the page opens). */
export function useDocDetail(kind: StockDocKind, id: number | null) {
  const api = useMemo(() => stockDocsApi(kind), [kind]);
  return useQuery({
    queryKey: stockDocKeys.detail(kind, id ?? 0),
    queryFn: ({ signal }) => api.detail(id!, signal),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

export function useDocScans(kind: StockDocKind, id: number | null) {
  const api = useMemo(() => stockDocsApi(kind), [kind]);
  return useQuery({ queryKey: stockDocKeys.scans(kind, id ?? 0), queryFn: ({ signal }) => api.scans(id!, signal), enabled: id !== null });
}

/** The warehouses the user may pick (enabled and in scope). */
export function useWarehouseOptions() {
  const query = useQuery({ queryKey: docRefKeys.warehouses, queryFn: ({ signal }) => docRefApi.warehouses(signal), staleTime: 60_000 });
  const options = useMemo(() => (query.data ?? []).map((w) => ({ value: w.id, label: `${w.name}（${w.code}）`, type: w.type })), [query.data]);
  return { ...query, options };
}

/** Enabled shelves of a warehouse for the shelf selects. */
export function useShelfOptions(warehouseId: number | null | undefined) {
  const query = useQuery({
    queryKey: docRefKeys.shelves(warehouseId ?? 0),
    queryFn: ({ signal }) => docRefApi.shelves(warehouseId!, signal),
    enabled: !!warehouseId,
    staleTime: 60_000,
  });
  const options = useMemo(() => (query.data?.records ?? []).map((s) => ({ value: s.id, label: s.name ? `${s.code} ${s.name}` : s.code })), [query.data]);
  return { ...query, options };
}
