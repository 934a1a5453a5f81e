import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ProductMasterMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { BRAND_SORTS, brandBody, brandOption, brandRecord, brandsPageQuery } from './brands.schema.ts';
import * as service from './brands.service.ts';
import { BASE, created, idParams, nothing } from './common.ts';

const tags = ['product-master'];

/** 品牌: the page reads with its code, every change needs product:brand:edit; options need a session. */
export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/brands/page`,
    {
      config: { permission: Permissions.brandList },
      schema: { tags, summary: '品牌列表', querystring: brandsPageQuery, response: { 200: envelope(pageOf(brandRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, BRAND_SORTS, { sort: 'sort', order: 'asc' });
      const { keyword, enabled } = request.query;
      return ok(await service.pageBrands(app.db, { keyword: keyword || undefined, enabled: enabled === undefined ? undefined : enabled === 'true' }, params));
    },
  );

  app.get(
    `${BASE}/brands/options`,
    { schema: { tags, summary: '启用的品牌（按排序；登录即可读取，供选择框使用）', response: { 200: envelope(z.array(brandOption)) } } },
    async () => ok(await service.brandOptions(app.db)),
  );

  app.post(
    `${BASE}/brands`,
    { config: { permission: Permissions.brandEdit }, schema: { tags, summary: '新增品牌', body: brandBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createBrand(app.db, request.body) }, ProductMasterMessages.created),
  );

  app.put(
    `${BASE}/brands/:id`,
    {
      config: { permission: Permissions.brandEdit },
      schema: { tags, summary: '修改品牌（省略的字段保持不变）', params: idParams, body: brandBody, response: { 200: envelope(brandRecord) } },
    },
    async (request) => ok(await service.updateBrand(app.db, request.params.id, request.body), ProductMasterMessages.updated),
  );

  app.delete(
    `${BASE}/brands/:id`,
    {
      config: { permission: Permissions.brandEdit },
      schema: { tags, summary: '删除品牌（已被商品使用时拒绝）', params: idParams, response: { 200: nothing } },
    },
    async (request) => {
      await service.deleteBrand(app.db, request.params.id);
      return ok(null, ProductMasterMessages.deleted);
    },
  );
};
