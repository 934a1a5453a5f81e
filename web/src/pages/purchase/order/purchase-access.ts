import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hasPermission, type PermissionCode } from '@erp/shared';
import { useMenuIndex } from '../../../api/queries.ts';
import { docRefApi, docRefKeys } from '../../../api/stock-docs.ts';

// Checks beyond the current route's meta.permissions: another page's button codes (e.g. 审核入库
// on the purchase order page) and whether a page can be opened (drill-down links).

/** `can(code)`: some page of the user's menu grants the button code (the server checks the same set). */
export function useGrantedAnywhere(): (code: PermissionCode) => boolean {
  const menu = useMenuIndex();
  return useCallback((code: PermissionCode) => [...(menu.data?.byPath.values() ?? [])].some((leaf) => hasPermission(leaf.permissions, code)), [menu.data]);
}

/** `canOpen(path)`: the in-app page is in the user's menu (hidden pages included). */
export function useCanOpen(): (path: string) => boolean {
  const menu = useMenuIndex();
  return useCallback((path: string) => menu.data?.byPath.has(path) ?? false, [menu.data]);
}

/**
 * The warehouses the user may pick (as the document forms' select), asked only of users who hold
 * the warehouse read (the 仓库资料 page): a supplier's list shows no warehouse filter instead of a refusal.
 */
export function useWarehouseChoices() {
  const canOpen = useCanOpen();
  const allowed = canOpen('/erp/warehouse/base');
  const query = useQuery({ queryKey: docRefKeys.warehouses, queryFn: ({ signal }) => docRefApi.warehouses(signal), staleTime: 60_000, enabled: allowed });
  const options = useMemo(() => (query.data ?? []).map((w) => ({ value: w.id, label: `${w.name}（${w.code}）`, type: w.type })), [query.data]);
  return { allowed, options, isFetching: query.isFetching };
}
