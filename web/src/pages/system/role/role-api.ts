import type { MenuTreeNode, PageResult, RoleForm, RoleMember, RoleRecord, RoleUsersChange } from '@erp/shared';
import { http } from '../../../api/request.ts';
import type { ListParams } from '../../../api/list-params.ts';

export interface RoleFilters {
  /** code, name or remark */
  keyword?: string;
}

export interface MemberFilters {
  /** account, name or phone */
  keyword?: string;
}

export const roleKeys = {
  page: ['roles', 'page'] as const,
  menuTree: ['roles', 'menu-tree'] as const,
  grants: (id: number) => ['roles', id, 'menus'] as const,
  members: (id: number) => ['roles', id, 'users'] as const,
};

const BASE = '/admin/api/v1/roles';

export const roleApi = {
  page: (params: ListParams<RoleFilters>, signal?: AbortSignal) => http.get<PageResult<RoleRecord>>(`${BASE}/page`, { ...params }, { signal }),
  create: (form: RoleForm) => http.post<{ id: number }>(BASE, form),
  update: (id: number, form: RoleForm) => http.put<null>(`${BASE}/${id}`, form),
  remove: (id: number) => http.delete<null>(`${BASE}/${id}`),
  menuTree: (signal?: AbortSignal) => http.get<MenuTreeNode[]>(`${BASE}/menu-tree`, undefined, { signal }),
  grants: (id: number, signal?: AbortSignal) => http.get<number[]>(`${BASE}/${id}/menus`, undefined, { signal }),
  grant: (id: number, menuIds: number[]) => http.put<null>(`${BASE}/${id}/menus`, { menuIds }),
  members: (id: number, params: ListParams<MemberFilters>, signal?: AbortSignal) => http.get<PageResult<RoleMember>>(`${BASE}/${id}/users`, { ...params }, { signal }),
  changeMembers: (id: number, change: RoleUsersChange) => http.put<null>(`${BASE}/${id}/users`, change),
  candidates: (roleId: number, keyword: string, signal?: AbortSignal) => http.get<RoleMember[]>(`${BASE}/candidates`, { roleId, keyword }, { signal }),
};
