import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RoleType } from '@erp/shared';
import { authOf } from './auth-hook.ts';

// the data scope is read with the session (modules/sessions); named here too, where every module looks for it
export { scopeOfUser, type PartyScope } from '../modules/sessions/sessions.service.ts';
import type { PartyScope } from '../modules/sessions/sessions.service.ts';

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
