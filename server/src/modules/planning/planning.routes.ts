import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { PlanningMessages, Permissions } from '@erp/shared';
import { z } from 'zod';
import { forbidden } from '../../http/app-error.ts';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import {
  idParams,
  optionsQuery,
  POLICY_SORTS,
  policiesQuery,
  policyBody,
  policyRecord,
  priceQuery,
  priceSimulation,
  searchOption,
  SPECIAL_SORTS,
  specialBody,
  specialRecord,
  specialsQuery,
} from './planning.schema.ts';
import * as service from './planning.service.ts';
import * as simulation from './price-simulation.service.ts';

const tags = ['planning'];
const BASE = '/admin/api/v1/planning';
const created = envelope(z.object({ id: z.number().int() }));
/** The pickers serve the 特价 forms and the 价格模拟 page. */
const PICKER_PERMISSIONS = [Permissions.planningSpecialList, Permissions.planningPriceSimulate];

/**
 * Planning is HQ's alone: the menu grants its codes to managers only, and a party account that
 * was granted one anyway (a custom role) is still refused here, as a missing code is.
 */
function hqUser(request: FastifyRequest): number {
  const auth = authOf(request);
  if (auth.scope.kind !== 'all') throw forbidden();
  return auth.userId;
}

/** 企划: 政策明细, 特价 (agent, shop, condition) and 价格模拟. */
export const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/policies/page`,
    {
      config: { permission: Permissions.planningPolicyList },
      schema: { tags, summary: '政策明细列表（每个代理级别、每种门店类型一条）', querystring: policiesQuery, response: { 200: envelope(pageOf(policyRecord)) } },
    },
    async (request) => {
      hqUser(request);
      const params = parseListParams(request.query, POLICY_SORTS, { sort: 'id', order: 'asc' });
      const { targetType, enabled } = request.query;
      return ok(await service.pagePolicies(app.db, { targetType, enabled: enabled === undefined ? undefined : enabled === 'true' }, params));
    },
  );

  app.get(
    `${BASE}/policies/:id`,
    { config: { permission: Permissions.planningPolicyList }, schema: { tags, summary: '政策详情', params: idParams, response: { 200: envelope(policyRecord) } } },
    async (request) => {
      hqUser(request);
      return ok(await service.getPolicy(app.db, request.params.id));
    },
  );

  app.post(
    `${BASE}/policies`,
    {
      config: { permission: Permissions.planningPolicyEdit },
      schema: { tags, summary: '新增政策（同一代理级别或门店类型只能有一条）', body: policyBody, response: { 200: created } },
    },
    async (request) => ok({ id: await service.createPolicy(app.db, hqUser(request), request.body) }, PlanningMessages.created),
  );

  app.put(
    `${BASE}/policies/:id`,
    {
      config: { permission: Permissions.planningPolicyEdit },
      schema: { tags, summary: '修改政策（政策对象不能改；省略的字段保持不变）', params: idParams, body: policyBody, response: { 200: envelope(policyRecord) } },
    },
    async (request) => ok(await service.updatePolicy(app.db, hqUser(request), request.params.id, request.body), PlanningMessages.updated),
  );

  app.get(
    `${BASE}/specials/page`,
    {
      config: { permission: Permissions.planningSpecialList },
      schema: { tags, summary: '特价列表（按对象类型、状态、关键字筛选）', querystring: specialsQuery, response: { 200: envelope(pageOf(specialRecord)) } },
    },
    async (request) => {
      hqUser(request);
      const params = parseListParams(request.query, SPECIAL_SORTS, { sort: 'createdAt', order: 'desc' });
      const { targetType, keyword, state, agentId, shopId } = request.query;
      return ok(await service.pageSpecials(app.db, { targetType, keyword: keyword || undefined, state, agentId, shopId }, params));
    },
  );

  app.get(
    `${BASE}/specials/:id`,
    { config: { permission: Permissions.planningSpecialList }, schema: { tags, summary: '特价详情', params: idParams, response: { 200: envelope(specialRecord) } } },
    async (request) => {
      hqUser(request);
      return ok(await service.getSpecial(app.db, request.params.id));
    },
  );

  app.post(
    `${BASE}/specials`,
    { config: { permission: Permissions.planningSpecialEdit }, schema: { tags, summary: '新增特价', body: specialBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createSpecial(app.db, hqUser(request), request.body) }, PlanningMessages.created),
  );

  app.put(
    `${BASE}/specials/:id`,
    {
      config: { permission: Permissions.planningSpecialEdit },
      schema: {
        tags,
        summary: '修改特价（对象类型不能改；省略的字段保持不变，条件字段传 null 即清除）',
        params: idParams,
        body: specialBody,
        response: { 200: envelope(specialRecord) },
      },
    },
    async (request) => ok(await service.updateSpecial(app.db, hqUser(request), request.params.id, request.body), PlanningMessages.updated),
  );

  app.delete(
    `${BASE}/specials/:id`,
    { config: { permission: Permissions.planningSpecialEdit }, schema: { tags, summary: '删除特价', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      hqUser(request);
      await service.deleteSpecial(app.db, request.params.id);
      return ok(null, PlanningMessages.deleted);
    },
  );

  app.get(
    `${BASE}/price`,
    {
      config: { permission: Permissions.planningPriceSimulate },
      schema: {
        tags,
        summary: '价格模拟：某款式对某代理商或门店在某天的价格明细（批发价 → 政策 → 特价，金额单位分）',
        querystring: priceQuery,
        response: { 200: envelope(priceSimulation) },
      },
    },
    async (request) => {
      hqUser(request);
      return ok(await simulation.simulatePrice(app.db, request.query));
    },
  );

  for (const kind of ['agents', 'shops', 'products'] as const) {
    app.get(
      `${BASE}/options/${kind}`,
      {
        config: { permission: PICKER_PERMISSIONS },
        schema: {
          tags,
          summary: `企划页面的${{ agents: '代理商', shops: '门店', products: '款式' }[kind]}选择器（按编码或名称搜索，最多50条）`,
          querystring: optionsQuery,
          response: { 200: envelope(z.array(searchOption)) },
        },
      },
      async (request) => {
        hqUser(request);
        return ok(await simulation.options(app.db, kind, request.query.keyword));
      },
    );
  }
};
