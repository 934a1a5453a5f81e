import type { ReactNode } from 'react';
import type { PermissionCode } from '@erp/shared';
import { usePermission } from './route-meta.ts';

/**
 * Keeps its children only when the current route's meta.permissions include `code`
 * (SPEC §6); otherwise renders `fallback` (nothing by default). The server refuses the
 * matching call as well, so hiding is a convenience, not the guard.
 */
export function Permission({ code, children, fallback = null }: { code: PermissionCode; children: ReactNode; fallback?: ReactNode }) {
  const can = usePermission();
  return can(code) ? children : fallback;
}
