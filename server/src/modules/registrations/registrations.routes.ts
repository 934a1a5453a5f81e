import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { idParams, REGISTRATION_SORTS, registerBody, registrationRecord, registrationsQuery, rejectBody } from './registrations.schema.ts';
import * as service from './registrations.service.ts';

export const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/register',
    {
      config: { public: true },
      schema: {
        tags: ['registrations'],
        summary: '注册申请（门店、代理商、供应商；审核通过后可登录）',
        body: registerBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const id = await service.submitRegistration(app.db, service.parseRegisterBody(request.body), request.ip);
      return ok({ id }, '注册申请已提交，请等待审核');
    },
  );

  app.get(
    '/admin/api/v1/registrations/page',
    {
      config: { permission: Permissions.registrationList },
      schema: { tags: ['registrations'], summary: '注册申请列表', querystring: registrationsQuery, response: { 200: envelope(pageOf(registrationRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, REGISTRATION_SORTS, { sort: 'createdAt', order: 'desc' });
      const { status, applicantType, keyword } = request.query;
      return ok(await service.pageRegistrations(app.db, { status, applicantType, keyword: keyword || undefined }, params));
    },
  );

  app.post(
    '/admin/api/v1/registrations/:id/approve',
    {
      config: { permission: Permissions.registrationAudit },
      schema: { tags: ['registrations'], summary: '审核通过：生成账号', params: idParams, response: { 200: envelope(z.object({ userId: z.number().int() })) } },
    },
    async (request) => {
      const userId = await service.approveRegistration(app.db, request.params.id, authOf(request).userId);
      return ok({ userId }, '已审核通过');
    },
  );

  app.post(
    '/admin/api/v1/registrations/:id/reject',
    {
      config: { permission: Permissions.registrationAudit },
      schema: { tags: ['registrations'], summary: '驳回注册申请', params: idParams, body: rejectBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.rejectRegistration(app.db, request.params.id, authOf(request).userId, request.body.reason);
      return ok(null, '已驳回');
    },
  );
};
