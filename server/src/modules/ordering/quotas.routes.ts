import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { Permissions, QuotaMessages } from '@erp/shared';
import { z } from 'zod';
import { forbidden } from '../../http/app-error.ts';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import {
  entriesQuery,
  idParams,
  QUOTA_ENTRY_SORTS,
  QUOTA_SORTS,
  quotaCreateBody,
  quotaEntryRecord,
  quotaLeft,
  quotaLeftQuery,
  quotaRecord,
  quotasQuery,
  quotaUpdateBody,
} from './quotas.schema.ts';
import * as service from './quotas.service.ts';
import { ORDERING_BASE } from './seasons.schema.ts';

const tags = ['ordering'];
const BASE = `${ORDERING_BASE}/quotas`;

/** Limits are HQ's alone: a party account granted the edit code anyway (a custom role) is refused. */
function hqUser(request: FastifyRequest): number {
  const auth = authOf(request);
  if (auth.scope.kind !== 'all') throw forbidden();
  return auth.userId;
}

/** 订货额度: HQ sets each buyer's limits per season; buyers read their own with what is left. */
export const quotasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.orderingQuotaList },
      schema: { tags, summary: '订货额度列表（总部全部；代理商自己和下属门店的；门店自己的）', querystring: quotasQuery, response: { 200: envelope(pageOf(quotaRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, QUOTA_SORTS, { sort: 'updatedAt', order: 'desc' });
      const { seasonId, buyerType, buyerId } = request.query;
      return ok(await service.pageQuotas(app.db, authOf(request).scope, { seasonId, buyerType, buyerId }, params));
    },
  );

  app.get(
    `${BASE}/left`,
    {
      config: { permission: Permissions.orderingQuotaList },
      schema: { tags, summary: '订货方在订货季的剩余额度（下单页显示；无额度即不受限制）', querystring: quotaLeftQuery, response: { 200: envelope(quotaLeft) } },
    },
    async (request) => ok(await service.quotaLeftFor(app.db, authOf(request).scope, request.query)),
  );

  app.get(
    `${BASE}/:id`,
    { config: { permission: Permissions.orderingQuotaList }, schema: { tags, summary: '订货额度详情', params: idParams, response: { 200: envelope(quotaRecord) } } },
    async (request) => ok(await service.getQuota(app.db, authOf(request).scope, request.params.id)),
  );

  app.get(
    `${BASE}/:id/entries/page`,
    {
      config: { permission: Permissions.orderingQuotaList },
      schema: { tags, summary: '订货额度流水（提交占用、审核扣减、释放）', params: idParams, querystring: entriesQuery, response: { 200: envelope(pageOf(quotaEntryRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, QUOTA_ENTRY_SORTS, { sort: 'id', order: 'desc' });
      return ok(await service.pageEntries(app.db, authOf(request).scope, request.params.id, params));
    },
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.orderingQuotaEdit },
      schema: { tags, summary: '新增订货额度（每个订货方每个订货季一条）', body: quotaCreateBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => ok({ id: await service.createQuota(app.db, hqUser(request), request.body) }, QuotaMessages.created),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.orderingQuotaEdit },
      schema: { tags, summary: '修改订货额度（只改额度和备注；不能低于已占用和已扣减）', params: idParams, body: quotaUpdateBody, response: { 200: envelope(quotaRecord) } },
    },
    async (request) => ok(await service.updateQuota(app.db, hqUser(request), request.params.id, request.body), QuotaMessages.updated),
  );
};
