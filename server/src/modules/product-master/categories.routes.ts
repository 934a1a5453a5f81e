import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ProductMasterMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { categoryBody, categoryNode, categoryRecord } from './categories.schema.ts';
import * as service from './categories.service.ts';
import { BASE, created, idParams, nothing } from './common.ts';

const tags = ['product-master'];

/** 商品分类: the tree needs only a session (pickers elsewhere); changes need product:category:edit. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/product-categories/tree`,
    {
      schema: {
        tags,
        summary: '商品分类树（最多三级，同级按排序；含停用的分类；登录即可读取）',
        response: { 200: envelope(z.array(categoryNode)) },
      },
    },
    async () => ok(await service.categoryTree(app.db)),
  );

  app.post(
    `${BASE}/product-categories`,
    {
      config: { permission: Permissions.categoryEdit },
      schema: { tags, summary: '新增商品分类（不能超过三级）', body: categoryBody, response: { 200: created } },
    },
    async (request) => ok({ id: await service.createCategory(app.db, request.body) }, ProductMasterMessages.created),
  );

  app.put(
    `${BASE}/product-categories/:id`,
    {
      config: { permission: Permissions.categoryEdit },
      schema: {
        tags,
        summary: '修改商品分类（改 parentId 即连同下级一起移动；不能形成环，移动后不能超过三级）',
        params: idParams,
        body: categoryBody,
        response: { 200: envelope(categoryRecord) },
      },
    },
    async (request) => ok(await service.updateCategory(app.db, request.params.id, request.body), ProductMasterMessages.updated),
  );

  app.delete(
    `${BASE}/product-categories/:id`,
    {
      config: { permission: Permissions.categoryEdit },
      schema: { tags, summary: '删除商品分类（有下级分类或已被商品使用时拒绝）', params: idParams, response: { 200: nothing } },
    },
    async (request) => {
      await service.deleteCategory(app.db, request.params.id);
      return ok(null, ProductMasterMessages.deleted);
    },
  );
};
