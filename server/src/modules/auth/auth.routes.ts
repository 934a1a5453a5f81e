import { Messages } from '@erp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { changePasswordBody, logOffBody, loginBody, loginResult, parseLoginBody, updatePasswordBody } from './auth.schema.ts';
import * as service from './auth.service.ts';
import { endSession } from '../sessions/sessions.service.ts';
import { noteOperation, noteSignedIn, noteSignIn } from '../operation-logs/operation-log.hook.ts';
import { changeOwnPassword, logOffOwnAccount, updatePasswordWithTicket } from './password-change.service.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(passwordResetRoutes);

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: '登录：账号密码或手机验证码', body: loginBody, response: { 200: envelope(loginResult) } },
    },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      noteSignIn(request, request.body.type === 'sms' ? 'sms' : 'password', request.body.account ?? '');
      const login = parseLoginBody(request.body);
      const result = login.kind === 'sms' ? await service.loginWithSms(app.db, login, client, app.config) : await service.loginWithPassword(app.db, login, client, app.config);
      app.accessCache.clear(result.userId);
      noteSignedIn(request, result);
      return ok(result, '登录成功');
    },
  );

  app.get(
    '/auth/apilogout',
    { config: { operationLog: 'logout' }, schema: { tags: ['auth'], summary: '退出登录', response: { 200: envelope(z.literal('success')) } } },
    async (request) => {
      const auth = authOf(request);
      await endSession(app.db, auth, app.sessionCache);
      app.accessCache.clear(auth.userId);
      return ok('success' as const);
    },
  );

  app.post(
    '/admin/api/v1/users/updatePassword',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: '凭一次性票据设置新密码（未激活账号首次登录、找回密码）',
        body: updatePasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      noteOperation(request, { action: 'update', account: request.body.account });
      await updatePasswordWithTicket(app.db, request.body);
      return ok(null, Messages.passwordChanged);
    },
  );

  app.post(
    '/admin/api/v1/users/changePassword',
    {
      schema: {
        tags: ['users'],
        summary: '修改密码（需当前密码；成功后所有会话失效）',
        body: changePasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await changeOwnPassword(app.db, auth.userId, request.body);
      app.accessCache.clear(auth.userId);
      return ok(null, Messages.passwordChanged);
    },
  );

  app.post(
    '/admin/api/v1/users/logoff',
    {
      schema: { tags: ['users'], summary: '注销本账号（需确认密码；账号停用，所有会话失效）', body: logOffBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const auth = authOf(request);
      await logOffOwnAccount(app.db, auth.userId, request.body.password);
      app.accessCache.clear(auth.userId);
      return ok(null, '账号已注销');
    },
  );
};
