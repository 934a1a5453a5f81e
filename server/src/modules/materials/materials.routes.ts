import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MaterialMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { idParams, MATERIAL_SORTS, materialBody, materialRecord, materialsQuery } from './materials.schema.ts';
import * as service from './materials.service.ts';

const tags = ['materials'];
const BASE = '/admin/api/v1/materials';

/** 物料: reads need the page code (agents and shops have it read-only), changes the button codes. */
export const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.materialList },
      schema: {
        tags,
        summary: '物料列表（关键字匹配编码、名称、规格；可按类别、状态、供应商筛选）',
        querystring: materialsQuery,
        response: { 200: envelope(pageOf(materialRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, MATERIAL_SORTS, { sort: 'code', order: 'asc' });
      const { keyword, category, enabled, supplierId } = request.query;
      const filter = {
        keyword: keyword || undefined,
        category: category || undefined,
        enabled: enabled === undefined ? undefined : enabled === 'true',
        supplierId,
      };
      return ok(await service.pageMaterials(app.db, filter, params));
    },
  );

  app.get(
    `${BASE}/:id`,
    { config: { permission: Permissions.materialList }, schema: { tags, summary: '物料详情', params: idParams, response: { 200: envelope(materialRecord) } } },
    async (request) => ok(await service.getMaterial(app.db, request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.materialAdd },
      schema: { tags, summary: '新增物料', body: materialBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => ok({ id: await service.createMaterial(app.db, request.body) }, MaterialMessages.created),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.materialEdit },
      schema: { tags, summary: '修改物料（整体保存；省略 enabled 则状态不变）', params: idParams, body: materialBody, response: { 200: envelope(materialRecord) } },
    },
    async (request) => ok(await service.updateMaterial(app.db, request.params.id, request.body), MaterialMessages.updated),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.materialDelete },
      schema: { tags, summary: '删除物料（已有库存记录时拒绝）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.deleteMaterial(app.db, request.params.id);
      return ok(null, MaterialMessages.deleted);
    },
  );

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `${BASE}/:id/${action}`,
      {
        config: { permission: Permissions.materialEdit },
        schema: { tags, summary: action === 'enable' ? '启用物料' : '停用物料', params: idParams, response: { 200: envelope(materialRecord) } },
      },
      async (request) =>
        ok(await service.setMaterialEnabled(app.db, request.params.id, action === 'enable'), action === 'enable' ? MaterialMessages.enabled : MaterialMessages.disabled),
    );
  }
};
