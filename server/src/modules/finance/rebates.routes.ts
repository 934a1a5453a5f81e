import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FinanceMessages, Permissions, RebateMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { FINANCE_BASE } from './accounts.routes.ts';
import type { FinanceContext } from './finance-parties.ts';
import * as posting from './rebates-posting.service.ts';
import {
  idParams,
  postBody,
  postResult,
  previewRecord,
  REBATE_SORTS,
  rebateRecord,
  rebatesQuery,
  RULE_SORTS,
  ruleBody,
  ruleRecord,
  rulesQuery,
  voidBody,
} from './rebates.schema.ts';
import * as service from './rebates.service.ts';

const tags = ['finance'];
const RULES = `${FINANCE_BASE}/rebate-rules`;
const REBATES = `${FINANCE_BASE}/rebates`;

async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<FinanceContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

/** 返利: rules (HQ), the preview, posting and voiding (HQ), and the 返利单 list (HQ all, an agent its own). */
export const rebatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${RULES}/page`,
    {
      config: { permission: Permissions.financeRebateList },
      schema: { tags, summary: '返利规则列表（总部）', querystring: rulesQuery, response: { 200: envelope(pageOf(ruleRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, RULE_SORTS, { sort: 'updatedAt', order: 'desc' });
      const { seasonId, basis, keyword } = request.query;
      return ok(await service.pageRules(app.db, await contextOf(app, request), { seasonId, basis, keyword: keyword?.trim() || undefined }, params));
    },
  );

  app.post(
    RULES,
    { config: { permission: Permissions.financeRebateEdit }, schema: { tags, summary: '新增返利规则（总部）', body: ruleBody, response: { 200: envelope(ruleRecord) } } },
    async (request) => ok(await service.createRule(app.db, await contextOf(app, request), request.body), RebateMessages.saved),
  );

  app.put(
    `${RULES}/:id`,
    {
      config: { permission: Permissions.financeRebateEdit },
      schema: { tags, summary: '修改返利规则（已有返利入账的规则不能修改）', params: idParams, body: ruleBody, response: { 200: envelope(ruleRecord) } },
    },
    async (request) => ok(await service.updateRule(app.db, await contextOf(app, request), request.params.id, request.body), RebateMessages.saved),
  );

  app.delete(
    `${RULES}/:id`,
    {
      config: { permission: Permissions.financeRebateEdit },
      schema: { tags, summary: '删除返利规则（从未入账过返利的规则才能删除）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.deleteRule(app.db, await contextOf(app, request), request.params.id);
      return ok(null, RebateMessages.deleted);
    },
  );

  app.get(
    `${RULES}/:id/preview`,
    {
      config: { permission: Permissions.financeRebateEdit },
      schema: {
        tags,
        summary: '计算返利（按规则列出每个代理商的口径金额、档位、比例、返利金额与入账情况；不写入任何数据）',
        params: idParams,
        response: { 200: envelope(previewRecord) },
      },
    },
    async (request) => ok(await posting.previewRule(app.db, await contextOf(app, request), request.params.id)),
  );

  app.post(
    `${RULES}/:id/post`,
    {
      config: { permission: Permissions.financeRebateEdit },
      schema: {
        tags,
        summary: '返利入账（整条规则或指定代理商；每个代理商一张返利单，计入其账户贷方；已入账的不重复；支持 Idempotency-Key）',
        params: idParams,
        body: postBody,
        response: { 200: envelope(postResult) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => {
        const result = await posting.postRule(db, ctx, request.params.id, request.body ?? {});
        return ok(result, RebateMessages.posted(result.records.length, result.totalFen));
      });
    },
  );

  app.get(
    `${REBATES}/page`,
    {
      config: { permission: Permissions.financeRebateList },
      schema: { tags, summary: '返利单列表（总部全部；代理商只看自己的）', querystring: rebatesQuery, response: { 200: envelope(pageOf(rebateRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, REBATE_SORTS, { sort: 'createdAt', order: 'desc' });
      const { status, seasonId, ruleId, agentId, keyword } = request.query;
      return ok(await service.pageRebates(app.db, await contextOf(app, request), { status, seasonId, ruleId, agentId, keyword: keyword?.trim() || undefined }, params));
    },
  );

  app.get(
    `${REBATES}/:id`,
    { config: { permission: Permissions.financeRebateList }, schema: { tags, summary: '返利单详情', params: idParams, response: { 200: envelope(rebateRecord) } } },
    async (request) => ok(await service.getRebate(app.db, await contextOf(app, request), request.params.id)),
  );

  app.post(
    `${REBATES}/:id/void`,
    {
      config: { permission: Permissions.financeRebateEdit },
      schema: { tags, summary: '冲销返利单（须填原因；追加冲销分录，原单保留；之后可重新入账）', params: idParams, body: voidBody, response: { 200: envelope(rebateRecord) } },
    },
    async (request) => ok(await posting.voidRebate(app.db, await contextOf(app, request), request.params.id, request.body ?? {}), FinanceMessages.voided),
  );
};
