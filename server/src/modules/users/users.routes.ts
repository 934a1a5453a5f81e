import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { SESSION_SORTS, sessionRecord, sessionsQuery, userInfo } from './users.schema.ts';
import * as service from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/users/info',
    { schema: { tags: ['users'], summary: '当前用户信息', response: { 200: envelope(userInfo) } } },
    async (request) => ok(await service.getUserInfo(app.db, authOf(request))),
  );

  app.get(
    '/admin/api/v1/users/sessions/page',
    {
      schema: {
        tags: ['users'],
        summary: '我的登录会话（分页）',
        querystring: sessionsQuery,
        response: { 200: envelope(pageOf(sessionRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, SESSION_SORTS, { sort: 'createdAt', order: 'desc' });
      return ok(await service.pageMySessions(app.db, authOf(request), params));
    },
  );
};
