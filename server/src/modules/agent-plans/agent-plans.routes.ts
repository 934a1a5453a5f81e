import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AgentPlanMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import {
  gridQuery,
  orderRecord,
  planGrid,
  planOptions,
  planSaveBody,
  QUOTA_ENTRY_SORTS,
  quotaEntry,
  quotaQuery,
  SHOP_ORDER_SORTS,
  shopDetail,
  shopOrdersQuery,
  shopQuery,
} from './agent-plans.schema.ts';
import * as service from './agent-plans.service.ts';

const tags = ['agent-plans'];
const BASE = '/admin/api/v1/agent-plans';

/** 代理规划: 订货计划 (an agent's shops × categories), 门店计划明细 and 订货额度明细. */
export const agentPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  service.registerCategoryUsage();
  app.get(
    `${BASE}/options`,
    {
      config: { permission: [Permissions.agentPlanList, Permissions.agentPlanQuotaList] },
      schema: { tags, summary: '代理规划的下拉选项：订货季、代理商、门店（按数据范围）', response: { 200: envelope(planOptions) } },
    },
    async (request) => ok(await service.options(app.db, authOf(request).scope)),
  );

  app.get(
    `${BASE}/grid`,
    {
      config: { permission: Permissions.agentPlanList },
      schema: { tags, summary: '订货计划：代理商各门店 × 商品分类的目标与完成情况（总部选代理商；代理商为自己）', querystring: gridQuery, response: { 200: envelope(planGrid) } },
    },
    async (request) => ok(await service.planGrid(app.db, authOf(request).scope, request.query)),
  );

  app.put(
    `${BASE}/grid`,
    {
      config: { permission: Permissions.agentPlanEdit },
      schema: {
        tags,
        summary: '批量保存订货计划的目标（一个事务；任一行有误则都不保存）',
        body: planSaveBody,
        response: { 200: envelope(z.object({ saved: z.number().int(), grid: planGrid })) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const result = await service.savePlan(app.db, auth.scope, auth.userId, request.body);
      return ok(result, AgentPlanMessages.saved(result.saved));
    },
  );

  app.get(
    `${BASE}/shop`,
    {
      config: { permission: Permissions.agentPlanList },
      schema: { tags, summary: '门店计划明细：一个门店各分类的目标与完成情况', querystring: shopQuery, response: { 200: envelope(shopDetail) } },
    },
    async (request) => ok(await service.shopDetail(app.db, authOf(request).scope, request.query)),
  );

  app.get(
    `${BASE}/shop/orders/page`,
    {
      config: { permission: Permissions.agentPlanList },
      schema: { tags, summary: '门店计划明细：计入计划的订货单', querystring: shopOrdersQuery, response: { 200: envelope(pageOf(orderRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, SHOP_ORDER_SORTS, { sort: 'orderDate', order: 'desc' });
      const { seasonId, shopId } = request.query;
      return ok(await service.shopOrders(app.db, authOf(request).scope, { seasonId, shopId }, params));
    },
  );

  app.get(
    `${BASE}/quota/page`,
    {
      config: { permission: Permissions.agentPlanQuotaList },
      schema: { tags, summary: '订货额度明细：代理商或门店在订货季的额度流水（预留、消耗、释放）及累计', querystring: quotaQuery, response: { 200: envelope(pageOf(quotaEntry)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, QUOTA_ENTRY_SORTS, { sort: 'id', order: 'desc' });
      const { seasonId, buyerType, buyerId } = request.query;
      return ok(await service.quotaEntries(app.db, authOf(request).scope, { seasonId, buyerType, buyerId }, params));
    },
  );
};
