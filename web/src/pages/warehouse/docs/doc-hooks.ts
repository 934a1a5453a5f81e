import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StockDocKind } from '@erp/shared';
import { stockDocKeys, stockDocsApi } from '../../../api/stock-docs.ts';

/** In-app paths of a kind's pages (menu rows of 0017): list, add, info, scan, edit, difference. */
export function docPath(kind: StockDocKind, page: 'index' | 'add' | 'info' | 'scan' | 'edit' | 'difference', id?: number): string {
  const base = `/erp/warehouse/${kind}`;
  if (page === 'index') return base;
  return id === undefined ? `${base}/${page}` : `${base}/${page}?id=${id}`;
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
