import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ShelfMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { SHELF_SORTS, shelfBatchBody, shelfBody, shelfRecord, shelvesQuery } from './shelves.schema.ts';
import * as service from './shelves.service.ts';
import { scopeOf } from './warehouse-scope.ts';
import { idParams } from './warehouses.schema.ts';

const tags = ['shelves'];
const WAREHOUSES = '/admin/api/v1/warehouses';
const SHELVES = '/admin/api/v1/shelves';

/** 货架: reads need the page code and follow the warehouse scope; changes need the 编辑 code. */
export const shelvesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${WAREHOUSES}/:id/shelves`,
    {
      config: { permission: Permissions.shelfList },
      schema: {
        tags,
        summary: '仓库的货架列表（关键字匹配编码、名称；按状态筛选；含货架库存合计）',
        params: idParams,
        querystring: shelvesQuery,
        response: { 200: envelope(pageOf(shelfRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, SHELF_SORTS, { sort: 'sort', order: 'asc' });
      const { keyword, enabled } = request.query;
      const filter = { keyword: keyword || undefined, enabled: enabled === undefined ? undefined : enabled === 'true' };
      return ok(await service.pageShelves(app.db, await scopeOf(app, request), request.params.id, filter, params));
    },
  );

  app.post(
    `${WAREHOUSES}/:id/shelves`,
    {
      config: { permission: Permissions.shelfEdit },
      schema: { tags, summary: '新增货架', params: idParams, body: shelfBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => ok({ id: await service.createShelf(app.db, await scopeOf(app, request), request.params.id, request.body) }, ShelfMessages.created),
  );

  app.post(
    `${WAREHOUSES}/:id/shelves/batch`,
    {
      config: { permission: Permissions.shelfEdit },
      schema: {
        tags,
        summary: '批量新增货架（前缀-排-层，如 A-01-01；一次最多500个；编码已存在时全部不建）',
        params: idParams,
        body: shelfBatchBody,
        response: { 200: envelope(z.object({ count: z.number().int(), codes: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const result = await service.createShelfBatch(app.db, await scopeOf(app, request), request.params.id, request.body);
      return ok(result, `已新增${result.count}个货架`);
    },
  );

  app.get(
    `${SHELVES}/:id`,
    { config: { permission: Permissions.shelfList }, schema: { tags, summary: '货架详情', params: idParams, response: { 200: envelope(shelfRecord) } } },
    async (request) => ok(await service.getShelf(app.db, await scopeOf(app, request), request.params.id)),
  );

  app.put(
    `${SHELVES}/:id`,
    {
      config: { permission: Permissions.shelfEdit },
      schema: { tags, summary: '修改货架（编码、名称、排序）', params: idParams, body: shelfBody, response: { 200: envelope(shelfRecord) } },
    },
    async (request) => ok(await service.updateShelf(app.db, await scopeOf(app, request), request.params.id, request.body), ShelfMessages.updated),
  );

  for (const action of ['enable', 'disable'] as const) {
    app.post(
      `${SHELVES}/:id/${action}`,
      {
        config: { permission: Permissions.shelfEdit },
        schema: {
          tags,
          summary: action === 'enable' ? '启用货架' : '停用货架（仍有库存时拒绝）',
          params: idParams,
          response: { 200: envelope(shelfRecord) },
        },
      },
      async (request) =>
        ok(
          await service.setShelfEnabled(app.db, await scopeOf(app, request), request.params.id, action === 'enable'),
          action === 'enable' ? ShelfMessages.enabled : ShelfMessages.disabled,
        ),
    );
  }
};
