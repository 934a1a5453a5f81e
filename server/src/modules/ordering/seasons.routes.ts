import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { OrderingMessages, Permissions, stylesAddedText } from '@erp/shared';
import { z } from 'zod';
import { forbidden } from '../../http/app-error.ts';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import {
  idParams,
  ORDERING_BASE,
  optionsQuery,
  SEASON_SORTS,
  SEASON_STYLE_SORTS,
  seasonBody,
  seasonRecord,
  seasonStyleRecord,
  seasonStylesQuery,
  seasonsQuery,
  styleFilterBody,
  styleIdsBody,
  styleOption,
  stylesAdded,
  stylesRemoved,
} from './seasons.schema.ts';
import * as service from './seasons.service.ts';

const tags = ['ordering'];

const BASE = `${ORDERING_BASE}/seasons`;
const created = envelope(z.object({ id: z.number().int() }));

/**
 * Seasons are HQ's alone: the menu grants their codes to managers only, and a party account that
 * was granted one anyway (a custom role) is still refused here, as a missing code is.
 */
function hqUser(request: FastifyRequest): number {
  const auth = authOf(request);
  if (auth.scope.kind !== 'all') throw forbidden();
  return auth.userId;
}

/** 订货季: the seasons and the styles each offers. */
export const seasonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.orderingSeasonList },
      schema: { tags, summary: '订货季列表（按编码名称、订货类型、今天的状态筛选）', querystring: seasonsQuery, response: { 200: envelope(pageOf(seasonRecord)) } },
    },
    async (request) => {
      hqUser(request);
      const params = parseListParams(request.query, SEASON_SORTS, { sort: 'opensOn', order: 'desc' });
      const { keyword, kind, status } = request.query;
      return ok(await service.pageSeasons(app.db, { keyword: keyword || undefined, kind, status }, params));
    },
  );

  app.get(
    `${BASE}/:id`,
    { config: { permission: Permissions.orderingSeasonList }, schema: { tags, summary: '订货季详情', params: idParams, response: { 200: envelope(seasonRecord) } } },
    async (request) => {
      hqUser(request);
      return ok(await service.getSeason(app.db, request.params.id));
    },
  );

  app.post(
    BASE,
    { config: { permission: Permissions.orderingSeasonEdit }, schema: { tags, summary: '新增订货季', body: seasonBody, response: { 200: created } } },
    async (request) => ok({ id: await service.createSeason(app.db, hqUser(request), request.body) }, OrderingMessages.created),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.orderingSeasonEdit },
      schema: { tags, summary: '修改订货季（省略的字段保持不变；已有款式后不能改订货类型）', params: idParams, body: seasonBody, response: { 200: envelope(seasonRecord) } },
    },
    async (request) => ok(await service.updateSeason(app.db, hqUser(request), request.params.id, request.body), OrderingMessages.updated),
  );

  app.get(
    `${BASE}/:id/styles/page`,
    {
      config: { permission: Permissions.orderingSeasonList },
      schema: { tags, summary: '订货季的款式（按款号或名称搜索）', params: idParams, querystring: seasonStylesQuery, response: { 200: envelope(pageOf(seasonStyleRecord)) } },
    },
    async (request) => {
      hqUser(request);
      const params = parseListParams(request.query, SEASON_STYLE_SORTS, { sort: 'styleNo', order: 'asc' });
      return ok(await service.pageSeasonStyles(app.db, request.params.id, { keyword: request.query.keyword || undefined }, params));
    },
  );

  app.post(
    `${BASE}/:id/styles`,
    {
      config: { permission: Permissions.orderingSeasonEdit },
      schema: { tags, summary: '按款式加入订货季（每个款式须存在且在售，否则都不加入）', params: idParams, body: styleIdsBody, response: { 200: envelope(stylesAdded) } },
    },
    async (request) => {
      const result = await service.addStyles(app.db, hqUser(request), request.params.id, request.body.productIds);
      return ok(result, stylesAddedText(result));
    },
  );

  app.post(
    `${BASE}/:id/styles/by-filter`,
    {
      config: { permission: Permissions.orderingSeasonEdit },
      schema: {
        tags,
        summary: '按条件加入订货季（品牌、分类含下级、季节、标签；只加入在售款式）',
        params: idParams,
        body: styleFilterBody,
        response: { 200: envelope(stylesAdded) },
      },
    },
    async (request) => {
      const result = await service.addStylesByFilter(app.db, hqUser(request), request.params.id, request.body);
      return ok(result, stylesAddedText(result));
    },
  );

  app.post(
    `${BASE}/:id/styles/remove`,
    {
      config: { permission: Permissions.orderingSeasonEdit },
      schema: { tags, summary: '从订货季移除款式', params: idParams, body: styleIdsBody, response: { 200: envelope(stylesRemoved) } },
    },
    async (request) => {
      hqUser(request);
      const removed = await service.removeStyles(app.db, request.params.id, request.body.productIds);
      return ok({ removed }, `已移除 ${removed} 个款式`);
    },
  );

  app.get(
    `${ORDERING_BASE}/options/products`,
    {
      config: { permission: Permissions.orderingSeasonEdit },
      schema: { tags, summary: '订货季选款：在售款式（按款号或名称搜索，最多50条）', querystring: optionsQuery, response: { 200: envelope(z.array(styleOption)) } },
    },
    async (request) => {
      hqUser(request);
      return ok(await service.productOptions(app.db, request.query.keyword));
    },
  );
};
