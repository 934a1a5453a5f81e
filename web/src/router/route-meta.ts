import { createContext, useContext } from 'react';
import { hasPermission } from '@erp/shared';

/** The current route's meta permissions (SPEC §6 button-level permissions). */
export const RoutePermissionsContext = createContext<readonly string[]>([]);

/** `can(code)` keeps an element only when the current route grants that permission. */
export function usePermission(): (code: string) => boolean {
  const granted = useContext(RoutePermissionsContext);
  return (code) => hasPermission(granted, code);
}
