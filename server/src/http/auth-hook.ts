import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantedFor } from '../modules/access/access.service.ts';
import { resolveSession, type AuthContext } from '../modules/sessions/sessions.service.ts';
import { AppError, forbidden } from './app-error.ts';
import { Messages, ResultCode } from '@erp/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: callable without a session (login, SMS, system basic info). Default: a session is required. */
    public?: boolean;
    /** Button permission code the caller's roles must grant (DESIGN §5); a list: any one of them. */
    permission?: string | readonly string[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every API route with what guards it (public, a permission, or a session only): for the route test. */
    routeGuards(): readonly RouteGuard[];
  }
}

export interface RouteGuard {
  method: string;
  url: string;
  public: boolean;
  permission: string | readonly string[] | null;
}

/** The signed-in user of a route that requires a session. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(ResultCode.notSignedIn, Messages.notSignedIn, 401);
  return request.auth;
}

/** Every route under the gateway prefix needs a session unless it says `public`; checked before the body is read. */
export function registerAuthHook(app: FastifyInstance): void {
  const guards: RouteGuard[] = [];
  app.decorate('routeGuards', () => guards);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${app.config.apiPrefix}/`)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      guards.push({ method, url: route.url, public: !!route.config?.public, permission: route.config?.permission ?? null });
    }
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('permissionCodes', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    const { apiPrefix } = app.config;
    if (!url?.startsWith(`${apiPrefix}/`)) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const header = request.headers.session;
    const token = Array.isArray(header) ? header[0] : header;
    const resolved = await resolveSession(app.db, token?.trim() || undefined, app.config, app.sessionCache);
    if ('refused' in resolved) throw new AppError(resolved.refused.code, resolved.refused.message, 401);
    request.auth = resolved.auth;
    if (config.permission) {
      const granted = await grantedFor(app.accessCache, app.db, request.auth.userId, apiPrefix, config.permission);
      if (!granted) throw forbidden();
      request.permissionCodes = granted;
    }
  });
}
