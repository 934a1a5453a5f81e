import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, WarehouseMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { shelvesRoutes } from './shelves.routes.ts';
import { scopeOf } from './warehouse-scope.ts';
import {
  idParams,
  optionsQuery,
  treeQuery,
  WAREHOUSE_SORTS,
  warehouseBody,
  warehouseDetail,
  warehouseOption,
  warehouseRecord,
  warehousesQuery,
  warehouseTreeNode,
} from './warehouses.schema.ts';
import * as service from './warehouses.service.ts';

const tags = ['warehouses'];
const BASE = '/admin/api/v1/warehouses';
const enabledOf = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** 仓库资料: reads need the page code and are scoped (HQ all, an agent its shops', a shop its own); changes the 编辑 code. */
export const warehousesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/tree`,
    {
      config: { permission: Permissions.warehouseList },
      schema: { tags, summary: '仓库树（按编码排序；上级不可见的仓库作为顶级）', querystring: treeQuery, response: { 200: envelope(z.array(warehouseTreeNode)) } },
    },
    async (request) => ok(await service.warehouseTree(app.db, await scopeOf(app, request), { enabled: enabledOf(request.query.enabled) })),
  );

  app.get(
    `${BASE}/options`,
    {
      config: { permission: Permissions.warehouseList },
      schema: { tags, summary: '仓库选项（启用的、可见的仓库，供选择框用）', querystring: optionsQuery, response: { 200: envelope(z.array(warehouseOption)) } },
    },
    async (request) => ok(await service.warehouseOptions(app.db, await scopeOf(app, request), request.query)),
  );

  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.warehouseList },
      schema: {
        tags,
        summary: '仓库列表（关键字匹配编码、名称、联系人、电话、地址；按类型、状态、门店、上级筛选）',
        querystring: warehousesQuery,
        response: { 200: envelope(pageOf(warehouseRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, WAREHOUSE_SORTS, { sort: 'code', order: 'asc' });
      const { keyword, type, enabled, shopId, parentId } = request.query;
      const filter = { keyword: keyword || undefined, type, enabled: enabledOf(enabled), shopId, parentId };
      return ok(await service.pageWarehouses(app.db, await scopeOf(app, request), filter, params));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.warehouseList },
      schema: { tags, summary: '仓库详情（含地址和库存合计）', params: idParams, response: { 200: envelope(warehouseDetail) } },
    },
    async (request) => ok(await service.getWarehouse(app.db, await scopeOf(app, request), request.params.id)),
  );

  app.get(
    `${BASE}/:id/children`,
    {
      config: { permission: Permissions.warehouseList },
      schema: { tags, summary: '下级仓库列表', params: idParams, response: { 200: envelope(z.array(warehouseRecord)) } },
    },
    async (request) => ok(await service.childrenOf(app.db, await scopeOf(app, request), request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.warehouseEdit },
      schema: { tags, summary: '新增仓库（仅总部）', body: warehouseBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => ok({ id: await service.createWarehouse(app.db, await scopeOf(app, request), request.body) }, WarehouseMessages.created),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.warehouseEdit },
      schema: {
        tags,
        summary: '修改仓库（整体保存；状态不变。编码、类型、上级、门店、负库存仅总部可改）',
        params: idParams,
        body: warehouseBody,
        response: { 200: envelope(warehouseDetail) },
      },
    },
    async (request) => ok(await service.updateWarehouse(app.db, await scopeOf(app, request), request.params.id, request.body), WarehouseMessages.updated),
  );

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `${BASE}/:id/${action}`,
      {
        config: { permission: Permissions.warehouseEdit },
        schema: {
          tags,
          summary: action === 'enable' ? '启用仓库（仅总部）' : '停用仓库（仅总部；仍有库存或启用的下级仓库时拒绝）',
          params: idParams,
          response: { 200: envelope(warehouseDetail) },
        },
      },
      async (request) =>
        ok(
          await service.setWarehouseEnabled(app.db, await scopeOf(app, request), request.params.id, action === 'enable'),
          action === 'enable' ? WarehouseMessages.enabled : WarehouseMessages.disabled,
        ),
    );
  }

  await app.register(shelvesRoutes);
};
