import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { docRefApi, docRefKeys } from './stock-docs.ts';

// The warehouse and shelf selects of the document forms (stock documents, purchase orders and
// refunds, allocation, returns): one cache for all of them.

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
