import { WechatMessages } from '@erp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { loginResult } from '../auth/auth.schema.ts';
import { noteWechatSignIn } from '../operation-logs/operation-log.hook.ts';
import { DEMO_WECHAT_IDENTITIES, DemoWechatProvider } from './wechat-provider.ts';
import * as service from './wechat.service.ts';

const qr = z.object({ img: z.string(), sign: z.string() });
const signQuery = z.object({ sign: z.string().max(64) });
const loginState = z.union([
  z.object({ status: z.enum(['pending', 'expired']) }),
  z.object({ status: z.literal('confirmed'), result: z.null() }),
  loginResult.extend({ status: z.literal('confirmed') }),
]);
const bindState = z.union([z.object({ status: z.enum(['pending', 'expired']) }), z.object({ status: z.literal('bound'), nickname: z.string() })]);

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const wechatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/wechat/login_qr', { config: { public: true }, schema: { tags: ['wechat'], summary: '微信扫码登录二维码', response: { 200: envelope(qr) } } }, async (request) =>
    ok(await service.createQr(app.db, app.wechat, { purpose: 'login', userId: null, origin: originOf(request) })),
  );

  app.get(
    '/auth/wechat/login_state',
    {
      config: { public: true },
      schema: { tags: ['wechat'], summary: '扫码登录状态（每 2 秒轮询）', querystring: signQuery, response: { 200: envelope(loginState) } },
    },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      const state = await noteWechatSignIn(request, service.loginState(app.db, request.query.sign, client, app.config));
      if ('userId' in state) app.accessCache.clear(state.userId);
      return ok(state);
    },
  );

  app.get('/admin/api/v1/users/wechat/bind_qr', { schema: { tags: ['wechat'], summary: '绑定微信二维码', response: { 200: envelope(qr) } } }, async (request) =>
    ok(await service.createQr(app.db, app.wechat, { purpose: 'bind', userId: authOf(request).userId, origin: originOf(request) })),
  );

  app.get(
    '/admin/api/v1/users/wechat/bind_state',
    { schema: { tags: ['wechat'], summary: '绑定微信状态（轮询）', querystring: signQuery, response: { 200: envelope(bindState) } } },
    async (request) => ok(await service.bindState(app.db, request.query.sign, authOf(request).userId)),
  );

  app.get(
    '/admin/api/v1/users/unbindAccount',
    { config: { operationLog: 'update' }, schema: { tags: ['wechat'], summary: '解除微信绑定', response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.unbind(app.db, authOf(request).userId);
      return ok(null, WechatMessages.unbound);
    },
  );

  app.get(
    '/auth/wechat/callback',
    {
      config: { public: true },
      schema: {
        tags: ['wechat'],
        summary: '微信开放平台授权回调（/authresult 页面调用）：以 code 换取身份并确认扫码',
        querystring: z.object({ code: z.string().min(1).max(128), state: z.string().max(64) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await service.openCallback(app.db, app.wechat, request.query);
      return ok(null, '已确认');
    },
  );

  // 演示微信：二维码指向本系统的确认页，手机浏览器选择演示身份确认
  if (app.wechat instanceof DemoWechatProvider) {
    app.get(
      '/auth/wechat/demo/identities',
      {
        config: { public: true },
        schema: { tags: ['wechat'], summary: '演示微信身份', response: { 200: envelope(z.array(z.object({ openid: z.string(), nickname: z.string() }))) } },
      },
      async () => ok([...DEMO_WECHAT_IDENTITIES]),
    );
    app.get(
      '/auth/wechat/demo/ticket',
      {
        config: { public: true },
        schema: {
          tags: ['wechat'],
          summary: '演示微信：二维码用途与状态',
          querystring: signQuery,
          response: { 200: envelope(z.object({ purpose: z.enum(['login', 'bind']), status: z.enum(['pending', 'confirmed', 'expired']) })) },
        },
      },
      async (request) => ok(await service.ticketInfo(app.db, request.query.sign)),
    );
    app.post(
      '/auth/wechat/demo/confirm',
      {
        config: { public: true },
        schema: {
          tags: ['wechat'],
          summary: '演示微信：以所选身份确认',
          body: z.object({ sign: z.string().max(64), openid: z.string().max(64) }),
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await service.demoConfirm(app.db, app.wechat, request.body);
        return ok(null, '已确认');
      },
    );
  }
};
