/**
 * Button permission codes (DESIGN §5): defined once here, granted through the menu tree,
 * checked by the server on the matching route and delivered in route meta.permissions.
 * Each module adds its own codes here as it lands.
 */
export const Permissions = {
  systemApiDocs: 'system:api:docs',
} as const;

export type PermissionCode = (typeof Permissions)[keyof typeof Permissions];

/** SPEC §6: an element is kept only if the current route's meta permissions include the code. */
export function hasPermission(granted: readonly string[] | null | undefined, code: string): boolean {
  return !!granted && granted.includes(code);
}
