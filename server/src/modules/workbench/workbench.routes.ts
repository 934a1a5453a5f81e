import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../http/envelope.ts';
import { requestContext } from '../../http/request-context.ts';
import { deliveryIdParams, deliverySheetAnswer, figuresAnswer, searchAnswer, searchQuery, todosAnswer } from './workbench.schema.ts';
import { FIGURE_CODES, figures } from './workbench-figures.ts';
import { deliverySheetParties } from './delivery-sheet.service.ts';
import { Permissions } from '@erp/shared';
import { SEARCH_CODES, search } from './workbench-search.ts';
import { TODO_LIST_CODES, todos } from './workbench.service.ts';

const BASE = '/admin/api/v1/workbench';
const tags = ['workbench'];

/** 工作台: the signed-in user's to-dos with counts, and the search by document number or barcode. */
export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/todos`,
    {
      // any list a to-do opens; each to-do is then given by its own codes and the data scope
      config: { permission: TODO_LIST_CODES },
      schema: { tags, summary: '工作台待办（按权限与数据范围计数，与各列表一致）', response: { 200: envelope(todosAnswer) } },
    },
    async (request) => ok(await todos(app.db, await requestContext(app, request))),
  );

  app.get(
    `${BASE}/figures`,
    {
      config: { permission: FIGURE_CODES },
      schema: { tags, summary: '代理商、门店的可用授信、欠款与本季额度剩余（各自数据范围）', response: { 200: envelope(figuresAnswer) } },
    },
    async (request) => ok(await figures(app.db, await requestContext(app, request))),
  );

  app.get(
    `${BASE}/search`,
    {
      config: { permission: SEARCH_CODES },
      schema: { tags, summary: '按单号或条码查找单据、SKU（看不到的与不存在的同样答“未找到”）', querystring: searchQuery, response: { 200: envelope(searchAnswer) } },
    },
    async (request) => ok(await search(app.db, await requestContext(app, request), request.query.q)),
  );

  app.get(
    `${BASE}/delivery-sheet/:id`,
    {
      config: { permission: Permissions.transferList },
      schema: {
        tags,
        summary: '配货出库单打印：收货门店、结算方与收货仓库的联系人、电话、地址（调用方数据范围）',
        params: deliveryIdParams,
        response: { 200: envelope(deliverySheetAnswer) },
      },
    },
    async (request) => ok(await deliverySheetParties(app.db, await requestContext(app, request), request.params.id)),
  );
};
