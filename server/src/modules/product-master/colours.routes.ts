import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ProductMasterMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { COLOUR_SORTS, colourBody, colourOption, colourRecord, coloursPageQuery } from './colours.schema.ts';
import * as service from './colours.service.ts';
import { BASE, created, idParams, nothing } from './common.ts';

const tags = ['product-master'];

/** 颜色: the page reads with its code, every change needs product:colour:edit; options need a session. */
export const coloursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/colours/page`,
    {
      config: { permission: Permissions.colourList },
      schema: { tags, summary: '颜色列表', querystring: coloursPageQuery, response: { 200: envelope(pageOf(colourRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, COLOUR_SORTS, { sort: 'sort', order: 'asc' });
      const { keyword, enabled } = request.query;
      return ok(await service.pageColours(app.db, { keyword: keyword || undefined, enabled: enabled === undefined ? undefined : enabled === 'true' }, params));
    },
  );

  app.get(
    `${BASE}/colours/options`,
    { schema: { tags, summary: '启用的颜色（按排序；登录即可读取，供选择框使用）', response: { 200: envelope(z.array(colourOption)) } } },
    async () => ok(await service.colourOptions(app.db)),
  );

  app.post(
    `${BASE}/colours`,
    { config: { permission: Permissions.colourEdit }, schema: { tags, summary: '新增颜色', body: colourBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createColour(app.db, request.body) }, ProductMasterMessages.created),
  );

  app.put(
    `${BASE}/colours/:id`,
    {
      config: { permission: Permissions.colourEdit },
      schema: { tags, summary: '修改颜色（省略的字段保持不变）', params: idParams, body: colourBody, response: { 200: envelope(colourRecord) } },
    },
    async (request) => ok(await service.updateColour(app.db, request.params.id, request.body), ProductMasterMessages.updated),
  );

  app.delete(
    `${BASE}/colours/:id`,
    {
      config: { permission: Permissions.colourEdit },
      schema: { tags, summary: '删除颜色（已被商品或 SKU 使用时拒绝）', params: idParams, response: { 200: nothing } },
    },
    async (request) => {
      await service.deleteColour(app.db, request.params.id);
      return ok(null, ProductMasterMessages.deleted);
    },
  );
};
