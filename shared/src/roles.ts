export const ROLE_TYPES = ['manager', 'agent', 'shop', 'supplier'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const ROLE_TYPE_LABELS: Record<RoleType, string> = {
  manager: '总部',
  agent: '代理商',
  shop: '门店',
  supplier: '供应商',
};

/** Landing route after login by roleType (SPEC §2); it is also the fixed 首页 tab. */
export const LANDING_ROUTES: Record<string, string> = {
  manager: '/erp/sells/fullstatist',
  agent: '/erp/sells/fullstatist/agent',
  shop: '/erp/sells/fullstatist/shop',
};

export const DEFAULT_LANDING_ROUTE = '/home';

export function landingRouteFor(roleType: string | null | undefined): string {
  return (roleType && LANDING_ROUTES[roleType]) || DEFAULT_LANDING_ROUTE;
}

/** Which rows a user may see (DESIGN §5): applied by the server in every query. */
export type DataScope =
  | { kind: 'all' }
  | { kind: 'agent'; agentId: number; agentName: string }
  | { kind: 'shop'; shopId: number; shopName: string; agentId: number | null }
  | { kind: 'supplier'; supplierId: number; supplierName: string }
  | { kind: 'none' };
