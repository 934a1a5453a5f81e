import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { z } from 'zod';
import { Permissions, SalesOrderInputMessages } from '@erp/shared';
import { entryStyle, orderDetail as readDetail, orderStock as readStock, pageOrders, type SalesOrderContext } from './sales-orders-read.service.ts';
import {
  auditBody,
  billedParty,
  billedQuery,
  orderStock,
  entryQuery,
  entryStyle as entryStyleSchema,
  idParams,
  orderBody,
  orderDetail,
  orderRecord,
  ORDER_SORTS,
  orderFilterOf,
  ordersQuery,
  productParams,
  reasonBody,
} from './sales-orders.schema.ts';
import * as service from './sales-orders.service.ts';
import { cartRoutes } from './cart.routes.ts';

export const SALES_ORDERS_BASE = '/admin/api/v1/sales-orders';
const BASE = SALES_ORDERS_BASE;
const tags = ['sales-orders'];
const { orderingOrderList: LIST, orderingOrderEdit: EDIT, orderingOrderAudit: AUDIT } = Permissions;

async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<SalesOrderContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

const REASON_ACTIONS: { path: service.ReasonAction; permission: string | string[]; summary: string; msg: string; idempotent?: boolean }[] = [
  { path: 'submit', permission: EDIT, summary: '提交订货单（按今天的价格重新计价；支持 Idempotency-Key）', msg: '提交成功', idempotent: true },
  { path: 'withdraw', permission: EDIT, summary: '撤回订货单（回到草稿）', msg: '撤回成功' },
  { path: 'reject', permission: AUDIT, summary: '驳回订货单（须填写原因）', msg: '已驳回' },
  { path: 'cancel', permission: [EDIT, AUDIT], summary: '取消订货单（须填写原因；已审核的只能由总部取消）', msg: '已取消' },
  { path: 'close', permission: AUDIT, summary: '关闭订货单：不再发货（须填写原因；未生成出库的配货释放，额度退回未发部分）', msg: '已关闭' },
];

/** 订货单: list, detail, order entry of a style, create/edit drafts, submit, withdraw, audit, reject, cancel. */
export const salesOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  // 购物车: checking out makes orders
  await app.register(cartRoutes);

  app.get(
    `${BASE}/page`,
    {
      config: { permission: LIST },
      schema: { tags, summary: '订货单列表（总部全部；代理商本公司及下属门店；门店本店）', querystring: ordersQuery, response: { 200: envelope(pageOf(orderRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, ORDER_SORTS, { sort: 'id', order: 'desc' });
      return ok(await pageOrders(app.db, await contextOf(app, request), orderFilterOf(request.query), params));
    },
  );

  app.get(
    `${BASE}/entry/styles/:productId`,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: '订货录入：款式的SKU、总部可订库存（现货）、购货方单价与价格明细、配码规则',
        params: productParams,
        querystring: entryQuery,
        response: { 200: envelope(entryStyleSchema) },
      },
    },
    async (request) => ok(await entryStyle(app.db, await contextOf(app, request), request.params.productId, request.query)),
  );

  app.get(
    `${BASE}/billed-party`,
    {
      config: { permission: [EDIT, Permissions.orderingCatalogueView] },
      schema: { tags, summary: '结算方：购货方在该收货门店订货时由谁结算（可用授信见往来账户）', querystring: billedQuery, response: { 200: envelope(billedParty) } },
    },
    async (request) => ok(await service.billedPartyFor(app.db, await contextOf(app, request), request.query)),
  );

  app.get(
    `${BASE}/:id/stock`,
    {
      config: { permission: AUDIT },
      schema: { tags, summary: '审核：订单各SKU的总部可订库存（总部仓库存减已配未发）', params: idParams, response: { 200: envelope(orderStock) } },
    },
    async (request) => ok(await readStock(app.db, await contextOf(app, request), request.params.id)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: EDIT },
      schema: { tags, summary: '删除草稿（仅下单一方；非草稿 409，看不到的 404）', params: idParams, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await service.deleteDraft(app.db, await contextOf(app, request), request.params.id);
      return ok(null, SalesOrderInputMessages.deleted);
    },
  );

  app.get(
    `${BASE}/:id`,
    { config: { permission: LIST }, schema: { tags, summary: '订货单详情（含明细、价格明细与操作记录）', params: idParams, response: { 200: envelope(orderDetail) } } },
    async (request) => ok(await readDetail(app.db, await contextOf(app, request), request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: EDIT },
      schema: { tags, summary: '新增订货单（草稿；价格由服务器计算；支持 Idempotency-Key）', body: orderBody, response: { 200: envelope(orderDetail) } },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.createOrder(db, ctx, request.body), '保存成功'));
    },
  );

  app.put(
    `${BASE}/:id`,
    { config: { permission: EDIT }, schema: { tags, summary: '编辑订货单（仅草稿）', params: idParams, body: orderBody, response: { 200: envelope(orderDetail) } } },
    async (request) => ok(await service.updateOrder(app.db, await contextOf(app, request), request.params.id, request.body), '保存成功'),
  );

  for (const action of REASON_ACTIONS) {
    app.post(
      `${BASE}/:id/${action.path}`,
      { config: { permission: action.permission }, schema: { tags, summary: action.summary, params: idParams, body: reasonBody, response: { 200: envelope(orderDetail) } } },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        const work = async (db: typeof app.db) => ok(await service.actOnOrder(db, ctx, request.params.id, action.path, request.body ?? {}), action.msg);
        return action.idempotent ? idempotent(app.db, request, reply, ctx.userId, work) : work(app.db);
      },
    );
  }

  app.post(
    `${BASE}/:id/audit`,
    {
      config: { permission: AUDIT },
      schema: {
        tags,
        summary: '审核订货单：逐行确认或削减数量（削减须填写原因；支持 Idempotency-Key）',
        params: idParams,
        body: auditBody,
        response: { 200: envelope(orderDetail) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.auditOrder(db, ctx, request.params.id, request.body), '审核成功'));
    },
  );
};
