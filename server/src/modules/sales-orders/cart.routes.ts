import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartMessages, Permissions } from '@erp/shared';
import { envelope, ok } from '../../http/envelope.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { cartAnswer, cartStyleBody, checkoutAnswer, checkoutBody, clearQuery, groupQuery, lineParams, styleParams } from './cart.schema.ts';
import * as service from './cart.service.ts';
import { ORDERING_BASE } from '../ordering/seasons.schema.ts';

const tags = ['ordering-cart'];
const BASE = `${ORDERING_BASE}/cart`;
const { orderingCatalogueView: VIEW, orderingOrderEdit: EDIT } = Permissions;

async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<service.CartContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

/** 购物车: the caller's own cart (agents and shops for themselves, HQ for any buyer; suppliers refused). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = { 200: envelope(cartAnswer) };

  app.get(
    BASE,
    {
      config: { permission: VIEW },
      schema: {
        tags,
        summary: '我的购物车：按订货季、购货方、收货门店、款式和颜色分组，服务器按今天的价格计价，含可订库存和订货额度剩余（下单前后）',
        response: answer,
      },
    },
    async (request) => ok(await service.cart(app.db, await contextOf(app, request))),
  );

  app.put(
    `${BASE}/styles/:productId`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: '加入或修改购物车：一个款式的若干颜色（按单元格或按配码），替换这些颜色原有的数量；0 移除该格',
        params: styleParams,
        body: cartStyleBody,
        response: answer,
      },
    },
    async (request) => ok(await service.putStyle(app.db, await contextOf(app, request), request.params.productId, request.body), CartMessages.saved),
  );

  app.delete(
    `${BASE}/lines/:id`,
    { config: { permission: EDIT }, schema: { tags, summary: '从购物车移除一行（一个SKU）', params: lineParams, response: answer } },
    async (request) => ok(await service.removeLine(app.db, await contextOf(app, request), request.params.id), CartMessages.removed),
  );

  app.delete(
    `${BASE}/groups`,
    { config: { permission: EDIT }, schema: { tags, summary: '从购物车移除一个款式（或其一个颜色）', querystring: groupQuery, response: answer } },
    async (request) => ok(await service.removeGroup(app.db, await contextOf(app, request), request.query), CartMessages.removed),
  );

  app.delete(
    BASE,
    { config: { permission: EDIT }, schema: { tags, summary: '清空购物车：一个订货季、一个购货方（可限一个收货门店）', querystring: clearQuery, response: answer } },
    async (request) => ok(await service.clearCart(app.db, await contextOf(app, request), request.query), CartMessages.cleared),
  );

  app.post(
    `${BASE}/checkout`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: '结算：一个订货季、购货方、收货门店的购物车生成订货单（submit 为 true 时同时提交），并移除所用的行；支持 Idempotency-Key',
        body: checkoutBody,
        response: { 200: envelope(checkoutAnswer) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      const msg = request.body.submit ? CartMessages.submitted : CartMessages.checkedOut;
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.checkout(db, ctx, request.body), msg));
    },
  );
};
