import type { QueryClient } from '@tanstack/react-query';
import type { MenuForm, MenuSortItem, MenuTreeNode } from '@erp/shared';
import { authApi, queryKeys } from '../../../api/auth.ts';
import { http } from '../../../api/request.ts';

export const menuAdminKeys = { tree: ['menus-admin', 'tree'] as const };

export const menuAdminApi = {
  tree: (signal?: AbortSignal) => http.get<MenuTreeNode[]>('/admin/api/v1/menus/tree', undefined, { signal }),
  create: (form: MenuForm) => http.post<{ id: number }>('/admin/api/v1/menus', form),
  update: (id: number, form: MenuForm) => http.put<null>(`/admin/api/v1/menus/${id}`, form),
  remove: (id: number) => http.delete<null>(`/admin/api/v1/menus/${id}`),
  sort: (items: MenuSortItem[]) => http.put<null>('/admin/api/v1/menus/sort', items),
};

/**
 * After a menu or grant change: the server has dropped everyone's cached access in this process;
 * cleanUserCache makes sure of the current user's, then the user's own menu is loaded again.
 * Other users see the change at their next route load.
 */
export async function reloadOwnRoutes(client: QueryClient): Promise<void> {
  await authApi.cleanUserCache({ toast: false }).catch(() => undefined);
  await client.invalidateQueries({ queryKey: queryKeys.menus });
}
