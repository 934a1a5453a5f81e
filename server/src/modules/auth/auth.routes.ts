import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { loginBody, loginResult } from './auth.schema.ts';
import * as service from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: '账号密码登录', body: loginBody, response: { 200: envelope(loginResult) } },
    },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      const result = await service.loginWithPassword(app.db, request.body, client, app.config);
      app.accessCache.clear(result.userId);
      return ok(result, '登录成功');
    },
  );

  app.get(
    '/auth/apilogout',
    { schema: { tags: ['auth'], summary: '退出登录', response: { 200: envelope(z.literal('success')) } } },
    async (request) => {
      const auth = authOf(request);
      await service.logout(app.db, auth);
      app.accessCache.clear(auth.userId);
      return ok('success' as const);
    },
  );
};
