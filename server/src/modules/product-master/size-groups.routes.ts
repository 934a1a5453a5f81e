import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ProductMasterMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { BASE, created, idParams, nothing } from './common.ts';
import { sizeGroupBody, sizeGroupRecord } from './size-groups.schema.ts';
import * as service from './size-groups.service.ts';

const tags = ['product-master'];

/** 尺码组: the list needs only a session (SKU forms read it); changes need product:size:edit. */
export const sizeGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${BASE}/size-groups`, { schema: { tags, summary: '全部尺码组及其尺码（按排序；登录即可读取）', response: { 200: envelope(z.array(sizeGroupRecord)) } } }, async () =>
    ok(await service.listGroups(app.db)),
  );

  app.post(
    `${BASE}/size-groups`,
    { config: { permission: Permissions.sizeGroupEdit }, schema: { tags, summary: '新增尺码组（含尺码）', body: sizeGroupBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createGroup(app.db, request.body) }, ProductMasterMessages.created),
  );

  app.put(
    `${BASE}/size-groups/:id`,
    {
      config: { permission: Permissions.sizeGroupEdit },
      schema: {
        tags,
        summary: '修改尺码组（省略的字段保持不变；sizes 为完整的有序列表，在一个事务中替换；已被 SKU 使用的尺码不能移除）',
        params: idParams,
        body: sizeGroupBody,
        response: { 200: envelope(sizeGroupRecord) },
      },
    },
    async (request) => ok(await service.updateGroup(app.db, request.params.id, request.body), ProductMasterMessages.updated),
  );

  app.put(
    `${BASE}/size-groups/:id/default`,
    {
      config: { permission: Permissions.sizeGroupEdit },
      schema: { tags, summary: '设为默认尺码组（只有一个默认；须为启用状态）', params: idParams, response: { 200: envelope(sizeGroupRecord) } },
    },
    async (request) => ok(await service.setDefault(app.db, request.params.id), ProductMasterMessages.defaultSet),
  );

  app.delete(
    `${BASE}/size-groups/:id`,
    {
      config: { permission: Permissions.sizeGroupEdit },
      schema: { tags, summary: '删除尺码组及其尺码（默认尺码组或尺码已被使用时拒绝）', params: idParams, response: { 200: nothing } },
    },
    async (request) => {
      await service.deleteGroup(app.db, request.params.id);
      return ok(null, ProductMasterMessages.deleted);
    },
  );
};
