import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, SubUserMessages } from '@erp/shared';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { menuTreeNode } from '../menus/menus-admin.schema.ts';
import { SUB_USER_SORTS, subUserCreateBody, subUserDetail, subUserIdParams, subUserRecord, subUsersQuery, subUserUpdateBody } from './sub-users.schema.ts';
import * as service from './sub-users.service.ts';

const tags = ['sub-users'];
const BASE = '/admin/api/v1/sub-users';

async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<service.SubUserCaller> {
  const { userId } = authOf(request);
  return { userId, access: await app.accessCache.get(app.db, userId, app.config.apiPrefix) };
}

/** 子账号: the caller's own sub-users only (see sub-users.service.ts for the model). */
export const subUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.subUserList },
      schema: { tags, summary: '我的子账号列表（手机号脱敏）', querystring: subUsersQuery, response: { 200: envelope(pageOf(subUserRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, SUB_USER_SORTS, { sort: 'createdAt', order: 'desc' });
      const { keyword, status } = request.query;
      return ok(await service.pageSubUsers(app.db, await callerOf(app, request), { keyword: keyword || undefined, status }, params));
    },
  );

  app.get(
    `${BASE}/grantable`,
    {
      config: { permission: Permissions.subUserList },
      schema: { tags, summary: '可授予子账号的菜单树：自己的菜单和按钮（不含子账号页面）', response: { 200: envelope(z.array(menuTreeNode)) } },
    },
    async (request) => ok(await service.grantable(app.db, await callerOf(app, request))),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.subUserList },
      schema: { tags, summary: '子账号详情（含授予的菜单 id）', params: subUserIdParams, response: { 200: envelope(subUserDetail) } },
    },
    async (request) => ok(await service.getSubUser(app.db, await callerOf(app, request), request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.subUserAdd },
      schema: {
        tags,
        summary: '新增子账号（未激活：首次登录须设置新密码；权限须在自己的范围内）',
        body: subUserCreateBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ok({ id: await service.createSubUser(app.db, await callerOf(app, request), request.body) }, SubUserMessages.created),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.subUserEdit },
      schema: { tags, summary: '编辑子账号（姓名、手机号、权限）', params: subUserIdParams, body: subUserUpdateBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.updateSubUser(app.db, await callerOf(app, request), request.params.id, request.body);
      app.accessCache.clear(request.params.id);
      return ok(null, SubUserMessages.updated);
    },
  );

  app.post(
    `${BASE}/:id/disable`,
    {
      config: { permission: Permissions.subUserDisable },
      schema: { tags, summary: '停用子账号（其会话在下次请求时结束）', params: subUserIdParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.setSubUserEnabled(app.db, await callerOf(app, request), request.params.id, false);
      return ok(null, SubUserMessages.disabled);
    },
  );

  app.post(
    `${BASE}/:id/enable`,
    {
      config: { permission: Permissions.subUserDisable },
      schema: { tags, summary: '启用子账号', params: subUserIdParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.setSubUserEnabled(app.db, await callerOf(app, request), request.params.id, true);
      return ok(null, SubUserMessages.enabled);
    },
  );

  app.post(
    `${BASE}/:id/reset-password`,
    {
      config: { permission: Permissions.subUserEdit },
      schema: {
        tags,
        summary: '重置子账号密码：生成临时密码（只显示这一次），结束其全部会话，首次登录须设置新密码',
        params: subUserIdParams,
        response: { 200: envelope(z.object({ password: z.string().describe('临时密码，只返回这一次') })) },
      },
    },
    async (request) => {
      const password = await service.resetSubUserPassword(app.db, await callerOf(app, request), request.params.id);
      return ok({ password }, SubUserMessages.passwordReset);
    },
  );
};
