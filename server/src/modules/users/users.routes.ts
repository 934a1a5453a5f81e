import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { SESSION_SORTS, sessionRecord, sessionsQuery, userInfo } from './users.schema.ts';
import * as profile from './profile.service.ts';
import * as service from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/api/v1/users/info', { schema: { tags: ['users'], summary: '当前用户信息', response: { 200: envelope(userInfo) } } }, async (request) =>
    ok(await service.getUserInfo(app.db, authOf(request))),
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

  app.post(
    '/admin/api/v1/users/profile',
    {
      schema: { tags: ['users'], summary: '修改个人资料（姓名）', body: z.object({ name: z.string().max(64) }), response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await profile.renameSelf(app.db, authOf(request).userId, request.body.name);
      return ok(null, '保存成功');
    },
  );

  app.get(
    '/admin/api/v1/users/phone/sms_code',
    {
      schema: {
        tags: ['users'],
        summary: '更换手机号：向新手机号发送验证码',
        querystring: z.object({ phone: z.string().max(32).optional() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await profile.sendChangePhoneCode(app.db, app.sms, app.config, { userId: authOf(request).userId, phone: request.query.phone, ip: request.ip });
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/admin/api/v1/users/phone',
    {
      schema: {
        tags: ['users'],
        summary: '更换手机号：凭新手机号的验证码确认',
        body: z.object({ phone: z.string().max(32).optional(), code: z.string().max(16).optional() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await profile.changePhone(app.db, authOf(request).userId, request.body);
      return ok(null, '手机号已更换');
    },
  );
};
