import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { BuyerBrandMessages, buyerBrandsAddedText, Permissions } from '@erp/shared';
import { z } from 'zod';
import { forbidden } from '../../http/app-error.ts';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { BUYER_BRAND_SORTS, buyerBrandRecord, buyerBrandsAdded, buyerBrandsBody, buyerBrandsQuery, idParams } from './buyer-brands.schema.ts';
import * as service from './buyer-brands.service.ts';
import { ORDERING_BASE } from './seasons.schema.ts';

const tags = ['ordering-brands'];
const BASE = `${ORDERING_BASE}/buyer-brands`;

/** HQ's decision alone: a party account granted the edit code anyway (a custom role) is refused. */
function hqUser(request: FastifyRequest): number {
  const auth = authOf(request);
  if (auth.scope.kind !== 'all') throw forbidden();
  return auth.userId;
}

/** 可订品牌: HQ names the brands each buyer may order; buyers read their own list. */
export const buyerBrandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.orderingBrandList },
      schema: {
        tags,
        summary: '可订品牌列表（总部全部；代理商自己和下属门店的；门店自己的）。没有任何可订品牌的订货方可订全部品牌',
        querystring: buyerBrandsQuery,
        response: { 200: envelope(pageOf(buyerBrandRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, BUYER_BRAND_SORTS, { sort: 'createdAt', order: 'desc' });
      const { buyerType, buyerId, brandId } = request.query;
      return ok(await service.pageBuyerBrands(app.db, authOf(request).scope, { buyerType, buyerId, brandId }, params));
    },
  );

  app.post(
    BASE,
    {
      config: { permission: Permissions.orderingBrandEdit },
      schema: { tags, summary: '为订货方新增可订品牌（一个或多个启用的品牌；已有的忽略）', body: buyerBrandsBody, response: { 200: envelope(buyerBrandsAdded) } },
    },
    async (request) => {
      const added = await service.addBuyerBrands(app.db, hqUser(request), request.body);
      return ok(added, buyerBrandsAddedText(added));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.orderingBrandEdit },
      schema: { tags, summary: '删除一条可订品牌（订货方没有可订品牌时可订全部品牌）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      hqUser(request);
      await service.removeBuyerBrand(app.db, request.params.id);
      return ok(null, BuyerBrandMessages.removed);
    },
  );
};
