import { isLoginPhone, LoginMessages, SmsMessages } from '@erp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { resetPhone } from './phone.ts';
import { LogSmsProvider } from './sms-provider.ts';
import * as service from './sms.service.ts';

const sent = { 200: envelope(z.null()) };

export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/sms_code/:mobile',
    {
      config: { public: true },
      schema: {
        tags: ['sms'],
        summary: '发送登录验证码（purpose=register 时发送注册验证码）',
        params: z.object({ mobile: z.string().max(32) }),
        querystring: z.object({ purpose: z.enum(['login', 'register']).optional() }),
        response: sent,
      },
    },
    async (request) => {
      const phone = request.params.mobile.trim();
      if (!isLoginPhone(phone)) throw badRequest(LoginMessages.phoneInvalid);
      const purpose = request.query.purpose ?? 'login';
      await service.sendSmsCode(app.db, app.sms, app.config, { phone, purpose, ip: request.ip });
      return ok(null, SmsMessages.sent);
    },
  );

  app.get(
    '/admin/api/v1/sms/getSmsCode',
    {
      config: { public: true },
      schema: {
        tags: ['sms'],
        summary: '发送找回密码验证码',
        querystring: z.object({ account: z.string().max(32).optional(), ftype: z.literal('losepassword') }),
        response: sent,
      },
    },
    async (request) => {
      const phone = resetPhone(request.query.account, SmsMessages.resetPhoneEmptyOnSend);
      await service.sendSmsCode(app.db, app.sms, app.config, { phone, purpose: 'reset', ip: request.ip });
      return ok(null, SmsMessages.sent);
    },
  );

  // 仅演示/开发：日志短信的发件箱，供演示和测试读取验证码
  const provider = app.sms;
  if (provider instanceof LogSmsProvider) {
    app.get(
      '/dev/sms-outbox',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          summary: '开发发件箱（仅 log 短信通道）',
          querystring: z.object({ phone: z.string().max(32) }),
          response: {
            200: envelope(z.array(z.object({ phone: z.string(), purpose: z.string(), code: z.string(), text: z.string(), sentAt: z.string() }))),
          },
        },
      },
      async (request) => ok(provider.messagesTo(request.query.phone.trim())),
    );
  }
};
