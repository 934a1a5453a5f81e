import { createContext, useCallback, useContext } from 'react';
import { hasPermission, type PermissionCode } from '@erp/shared';

/** The current route's meta permissions (SPEC §6 button-level permissions). */
export const RoutePermissionsContext = createContext<readonly string[]>([]);

/** `can(code)` keeps an element only when the current route grants that permission. */
export function usePermission(): (code: PermissionCode) => boolean {
  const granted = useContext(RoutePermissionsContext);
  return useCallback((code: PermissionCode) => hasPermission(granted, code), [granted]);
}
