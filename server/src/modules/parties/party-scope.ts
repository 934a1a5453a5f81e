import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { Permissions, type MenuRoute, type PartyKind } from '@erp/shared';
import type { Database } from '../../db/schema.ts';
import { authOf } from '../../http/auth-hook.ts';
import type { PartyScope } from '../../http/request-context.ts';

/**
 * Data scope of the parties screens (DESIGN §4, §5), applied inside every query: HQ (manager)
 * reads all; an agent its own agent row and the shops with its agent_id; a shop only itself; a
 * supplier only itself. A row outside the scope answers 404 like a missing one, so ids of other
 * parties reveal nothing; a missing button code answers 403 (it is no secret what a role may do).
 */
export type { PartyScope };

export interface Caller {
  userId: number;
  scope: PartyScope;
  /** the party kinds whose page carries the caller's 账号 button (users:account:manage) */
  accountKinds: ReadonlySet<PartyKind>;
}

export const isHq = (scope: PartyScope) => scope.kind === 'all';

/** The user-table column that links an account to its party. */
export const LINK_COLUMN = { agent: 'agent_id', shop: 'shop_id', supplier: 'supplier_id' } as const;

const PAGE_OF: Record<PartyKind, string> = { agent: 'AgentList', shop: 'ShopList', supplier: 'SupplierList' };

function findRoute(routes: readonly MenuRoute[], name: string): MenuRoute | null {
  for (const route of routes) {
    if (route.name === name) return route;
    const found = findRoute(route.children, name);
    if (found) return found;
  }
  return null;
}

/** The signed-in caller with its data scope and the account buttons its roles grant per page. */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const auth = authOf(request);
  const scope = auth.scope;
  const access = await app.accessCache.get(app.db, auth.userId, app.config.apiPrefix);
  const accountKinds = new Set<PartyKind>();
  for (const kind of Object.keys(PAGE_OF) as PartyKind[]) {
    if (findRoute(access.routes, PAGE_OF[kind])?.meta.permissions.includes(Permissions.partyAccounts)) accountKinds.add(kind);
  }
  return { userId: auth.userId, scope, accountKinds };
}

const always = sql<SqlBool>`true`;
const never = sql<SqlBool>`false`;

export function agentsInScope(eb: ExpressionBuilder<Database, 'agents'>, scope: PartyScope): Expression<SqlBool> {
  if (scope.kind === 'all') return always;
  if (scope.kind === 'agent') return eb('agents.id', '=', scope.agentId);
  return never;
}

export function shopsInScope(eb: ExpressionBuilder<Database, 'shops'>, scope: PartyScope): Expression<SqlBool> {
  if (scope.kind === 'all') return always;
  if (scope.kind === 'agent') return eb('shops.agent_id', '=', scope.agentId);
  if (scope.kind === 'shop') return eb('shops.id', '=', scope.shopId);
  return never;
}

export function suppliersInScope(eb: ExpressionBuilder<Database, 'suppliers'>, scope: PartyScope): Expression<SqlBool> {
  if (scope.kind === 'all') return always;
  if (scope.kind === 'supplier') return eb('suppliers.id', '=', scope.supplierId);
  return never;
}

export { isUniqueViolation } from '../../db/db-errors.ts';

export const statusOf = (enabled: boolean) => (enabled ? ('enabled' as const) : ('disabled' as const));
