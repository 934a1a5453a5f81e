import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ProductMasterMessages, SizeRunMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { BASE, created, idParams, nothing } from './common.ts';
import { SIZE_RUN_SORTS, sizeRunCreateBody, sizeRunOption, sizeRunOptionsQuery, sizeRunRecord, sizeRunsPageQuery, sizeRunUpdateBody } from './size-runs.schema.ts';
import * as service from './size-runs.service.ts';

const tags = ['product-master'];

/**
 * 配码 of the size groups: the list reads with the 尺码组 page's code and every change needs
 * product:sizerun:edit (HQ); a group's enabled runs (pickers, the size-run grid) with the 尺码组
 * page's or the 商品 page's code.
 */
export const sizeRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/size-runs/page`,
    {
      config: { permission: Permissions.sizeGroupList },
      schema: {
        tags,
        summary: '配码列表（按尺码组；名称包含、状态；排序 sort/name/createdAt/updatedAt）',
        querystring: sizeRunsPageQuery,
        response: { 200: envelope(pageOf(sizeRunRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, SIZE_RUN_SORTS, { sort: 'sort', order: 'asc' });
      const { groupId, keyword, enabled } = request.query;
      return ok(await service.pageRuns(app.db, { groupId, keyword: keyword || undefined, enabled: enabled === undefined ? undefined : enabled === 'true' }, params));
    },
  );

  app.get(
    `${BASE}/size-runs/options`,
    {
      config: { permission: [Permissions.sizeGroupList, Permissions.productList] },
      schema: { tags, summary: '尺码组的启用配码（按排序；供配码选择）', querystring: sizeRunOptionsQuery, response: { 200: envelope(z.array(sizeRunOption)) } },
    },
    async (request) => ok(await service.runOptions(app.db, request.query.groupId)),
  );

  app.post(
    `${BASE}/size-runs`,
    { config: { permission: Permissions.sizeRunEdit }, schema: { tags, summary: '新增配码', body: sizeRunCreateBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createRun(app.db, request.body) }, ProductMasterMessages.created),
  );

  app.put(
    `${BASE}/size-runs/:id`,
    {
      config: { permission: Permissions.sizeRunEdit },
      schema: {
        tags,
        summary: '修改配码（省略的字段保持不变，可只发 enabled 启用/停用；默认配码或有款以其为默认时不能停用）',
        params: idParams,
        body: sizeRunUpdateBody,
        response: { 200: envelope(sizeRunRecord) },
      },
    },
    async (request) => ok(await service.updateRun(app.db, request.params.id, request.body), ProductMasterMessages.updated),
  );

  app.put(
    `${BASE}/size-runs/:id/default`,
    {
      config: { permission: Permissions.sizeRunEdit },
      schema: { tags, summary: '设为尺码组的默认配码（每组最多一个；须为启用状态）', params: idParams, response: { 200: envelope(sizeRunRecord) } },
    },
    async (request) => ok(await service.setDefault(app.db, request.params.id), SizeRunMessages.defaultSet),
  );

  app.delete(
    `${BASE}/size-runs/:id`,
    {
      config: { permission: Permissions.sizeRunEdit },
      schema: { tags, summary: '删除配码（有款以其为默认配码时拒绝）', params: idParams, response: { 200: nothing } },
    },
    async (request) => {
      await service.deleteRun(app.db, request.params.id);
      return ok(null, ProductMasterMessages.deleted);
    },
  );
};
