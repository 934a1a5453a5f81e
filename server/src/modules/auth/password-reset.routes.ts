import { LoginMessages, SmsMessages } from '@erp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/app-error.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { findUserByPhone } from '../accounts/accounts.service.ts';
import { resetPhone } from '../sms/phone.ts';
import { verifySmsCode } from '../sms/sms.service.ts';
import { issueTicket } from './password-change.service.ts';

/** 找回密码, step two: the SMS code (sent by the sms module) proves the phone and buys a one-time password ticket. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/sms/checkSmsCode',
    {
      config: { public: true },
      schema: {
        tags: ['sms'],
        summary: '校验找回密码验证码，返回设置新密码的一次性票据',
        querystring: z.object({ account: z.string().max(32).optional(), code: z.string().max(16).optional() }),
        response: { 200: envelope(z.object({ ticket: z.string() })) },
      },
    },
    async (request) => {
      const phone = resetPhone(request.query.account, SmsMessages.resetPhoneRequired);
      const code = request.query.code?.trim() ?? '';
      if (!code) throw badRequest(LoginMessages.codeRequired);
      const invalid = () => badRequest(SmsMessages.codeInvalid);
      if (!(await verifySmsCode(app.db, phone, 'reset', code))) throw invalid();
      const user = await findUserByPhone(app.db, phone);
      if (!user) throw invalid();
      return ok({ ticket: await issueTicket(app.db, user.id, 'reset') }, '验证通过');
    },
  );
};
