import { useQuery } from '@tanstack/react-query';
import { getSession } from '../auth/session.ts';
import { buildMenuIndex } from '../access/menu-tree.ts';
import { authApi, queryKeys } from './auth.ts';

/** Session-bound calls never go out without a session (e.g. while the shell unmounts after logout). */
const hasSession = () => getSession() !== null;

/** System title, logo and ICP lines; needs no session. */
export function useSysBasicInfo() {
  return useQuery({ queryKey: queryKeys.sysBasicInfo, queryFn: authApi.sysBasicInfo, staleTime: 10 * 60_000 });
}

/** The signed-in user's menu, fetched once per login (SPEC §4 Route loading) and indexed. */
export function useMenuIndex() {
  return useQuery({
    queryKey: queryKeys.menus,
    queryFn: ({ signal }) => authApi.menuRoutes(signal),
    enabled: hasSession,
    staleTime: Infinity,
    gcTime: Infinity,
    select: buildMenuIndex,
  });
}

/** Profile and data scope of the signed-in user. */
export function useUserInfo() {
  return useQuery({
    queryKey: queryKeys.userInfo,
    queryFn: ({ signal }) => authApi.userInfo(signal),
    enabled: hasSession,
    staleTime: 60_000,
  });
}

/** Whether the signed-in user's menu has the page of an in-app path (query string ignored), for drill-down links. */
export function useCanOpen(): (path: string) => boolean {
  const menu = useMenuIndex();
  return (path: string) => menu.data?.byPath.has(path.split('?')[0]!) ?? false;
}
