import { Permissions, SysInfoMessages } from '@erp/shared';
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

// Loose here so that the service answers every bad field with its own Chinese message.
const sysBasicInfoBody = z.object({
  titleName: z.string().max(1000).default(''),
  logoUrl: z.string().max(1000).default('').describe("'' or the url of an image uploaded through uploadImg"),
  icp: z.string().max(1000).default(''),
  mpsIcp: z.string().max(1000).default(''),
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

  app.put(
    '/admin/config/sysBasicInfo',
    {
      config: { permission: Permissions.systemInfoEdit },
      schema: { tags: ['system'], summary: '修改系统基本信息（系统名称、Logo、备案号）', body: sysBasicInfoBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.updateSysBasicInfo(app.db, request.body);
      return ok(null, SysInfoMessages.saved);
    },
  );
};
