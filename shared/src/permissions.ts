/**
 * Permission codes (DESIGN §5): defined once here, granted through the menu tree, checked by
 * the server on the matching route (route config `permission`) and, for buttons, delivered
 * to the web in route meta.permissions (SPEC §6). A page (menu) may carry a code too: it is
 * granted with the page and guards the page's own read calls. Each module adds its codes
 * here as it lands, e.g. `warehouse:inbound:audit`.
 */
export const Permissions = {
  /** 注册审核 page: read the applications */
  registrationList: 'system:registration:list',
  /** 注册审核 buttons 通过 / 驳回 */
  registrationAudit: 'system:registration:audit',
} as const;

export type PermissionCode = (typeof Permissions)[keyof typeof Permissions];

/** SPEC §6: an element is kept only if the current route's meta permissions include the code. */
export function hasPermission(granted: readonly string[] | null | undefined, code: string): boolean {
  return !!granted && granted.includes(code);
}
