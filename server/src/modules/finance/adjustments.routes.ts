import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FinanceMessages, Permissions } from '@erp/shared';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { FINANCE_BASE } from './accounts.routes.ts';
import { ADJUSTMENT_SORTS, adjustmentBody, adjustmentRecord, adjustmentsQuery, idParams, voidBody } from './adjustments.schema.ts';
import * as service from './adjustments.service.ts';
import type { FinanceContext } from './finance-parties.ts';

const tags = ['finance'];
const BASE = `${FINANCE_BASE}/adjustments`;

async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<FinanceContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

/** 调整单: HQ corrects an account with a reason; voided by reversal, never deleted. */
export const adjustmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.financeAdjustmentList },
      schema: { tags, summary: '调整单列表', querystring: adjustmentsQuery, response: { 200: envelope(pageOf(adjustmentRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, ADJUSTMENT_SORTS, { sort: 'createdAt', order: 'desc' });
      const { status, partyType, partyId, keyword } = request.query;
      return ok(await service.pageAdjustments(app.db, await contextOf(app, request), { status, partyType, partyId, keyword: keyword?.trim() || undefined }, params));
    },
  );

  app.get(
    `${BASE}/:id`,
    { config: { permission: Permissions.financeAdjustmentList }, schema: { tags, summary: '调整单详情', params: idParams, response: { 200: envelope(adjustmentRecord) } } },
    async (request) => ok(await service.getAdjustment(app.db, await contextOf(app, request), request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.financeAdjustmentEdit },
      schema: { tags, summary: '新增调整单（总部；须填原因；即时入账；支持 Idempotency-Key）', body: adjustmentBody, response: { 200: envelope(adjustmentRecord) } },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.createAdjustment(db, ctx, request.body), FinanceMessages.adjustmentCreated));
    },
  );

  app.post(
    `${BASE}/:id/void`,
    {
      config: { permission: Permissions.financeAdjustmentEdit },
      schema: { tags, summary: '冲销调整单（须填原因；追加冲销分录，原单保留）', params: idParams, body: voidBody, response: { 200: envelope(adjustmentRecord) } },
    },
    async (request) => ok(await service.voidAdjustment(app.db, await contextOf(app, request), request.params.id, request.body ?? {}), FinanceMessages.voided),
  );
};
