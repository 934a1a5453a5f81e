import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import * as service from './system.service.ts';

const sysBasicInfo = z.object({
  titleName: z.string(),
  logoUrl: z.string(),
  icp: z.string(),
  mpsIcp: z.string(),
  loginMethods: z.object({ sms: z.boolean(), wechat: z.boolean() }).describe('which sign-in tabs work on this server'),
});

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/config/sysBasicInfo',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: '系统基本信息（登录页使用，无需登录）', response: { 200: envelope(sysBasicInfo) } },
    },
    async () => ok(await service.getSysBasicInfo(app.db, { sms: app.sms.canSend, wechat: app.wechat.name !== 'none' })),
  );
};
