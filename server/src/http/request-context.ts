import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleType } from '@erp/shared';
import { authOf } from './auth-hook.ts';

/**
 * Data scope (DESIGN §4), applied inside every query: HQ (manager) reads all; an agent its own rows
 * and its shops'; a shop only itself; a supplier only itself; anyone else nothing. A row outside
 * the scope answers 404 like a missing one.
 */
export type PartyScope = { kind: 'all' } | { kind: 'agent'; agentId: number } | { kind: 'shop'; shopId: number } | { kind: 'supplier'; supplierId: number } | { kind: 'none' };

/** The scope of an account from its role type and party links. */
export function scopeOfUser(row: { role_type: string; agent_id: number | null; shop_id: number | null; supplier_id: number | null }): PartyScope {
  switch (row.role_type) {
    case 'manager':
      return { kind: 'all' };
    case 'agent':
      return row.agent_id ? { kind: 'agent', agentId: row.agent_id } : { kind: 'none' };
    case 'shop':
      return row.shop_id ? { kind: 'shop', shopId: row.shop_id } : { kind: 'none' };
    case 'supplier':
      return row.supplier_id ? { kind: 'supplier', supplierId: row.supplier_id } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/**
 * Who calls, resolved once per request: the session's user and role type, the data scope (read
 * with the session, in the same statement) and the permission codes its roles grant (from the
 * access cache). Every module takes what it needs from here instead of loading it again.
 */
export interface RequestContext {
  sessionId: number;
  userId: number;
  account: string;
  roleType: RoleType;
  scope: PartyScope;
  permissions: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the permission codes of the signed-in user, once loaded (the auth hook loads them for guarded routes) */
    permissionCodes: ReadonlySet<string> | null;
  }
}

export async function permissionsOf(app: FastifyInstance, request: FastifyRequest): Promise<ReadonlySet<string>> {
  if (!request.permissionCodes) {
    const access = await app.accessCache.get(app.db, authOf(request).userId, app.config.apiPrefix);
    request.permissionCodes = access.permissions;
  }
  return request.permissionCodes;
}

export async function requestContext(app: FastifyInstance, request: FastifyRequest): Promise<RequestContext> {
  const auth = authOf(request);
  return { ...auth, permissions: await permissionsOf(app, request) };
}
