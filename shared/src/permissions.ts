/**
 * Button permission codes (DESIGN §5): defined once here, granted through the menu tree
 * (menus of type `button`), checked by the server on the matching route (route config
 * `permission`) and delivered to the web in route meta.permissions. Each module adds its
 * codes here as it lands, e.g. `warehouse:inbound:audit`.
 */
export const Permissions: Readonly<Record<string, string>> = {};

export type PermissionCode = string;

/** SPEC §6: an element is kept only if the current route's meta permissions include the code. */
export function hasPermission(granted: readonly string[] | null | undefined, code: string): boolean {
  return !!granted && granted.includes(code);
}
