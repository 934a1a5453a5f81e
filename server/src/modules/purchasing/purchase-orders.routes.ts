import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, type PurchaseOrderStatus } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { contextOf } from '../stock-docs/kind-spec.ts';
import type { OrderFilter } from './purchase-order-read.repo.ts';
import { orderDetail as readDetail, orderReceipts, pageOrders, type PurchaseContext } from './purchase-order-read.service.ts';
import {
  closeBody,
  confirmBody,
  idParams,
  orderBody,
  orderDetail,
  orderRecord,
  ORDER_SORTS,
  ordersQuery,
  receiptRecord,
  receiveBody,
  receiveResult,
  type OrdersQuery,
} from './purchase-orders.schema.ts';
import * as service from './purchase-orders.service.ts';
import { receiveOrder } from './purchase-receive.service.ts';
import { purchaseScope } from './purchase-scope.ts';

const BASE = '/admin/api/v1/purchase-orders';
const tags = ['purchase-orders'];
const RECEIVABLE: readonly PurchaseOrderStatus[] = ['audited', 'partly_received'];

export async function purchaseContextOf(app: FastifyInstance, request: FastifyRequest): Promise<PurchaseContext> {
  const ctx = await contextOf(app, request);
  return { ...ctx, purchase: purchaseScope(ctx.scope) };
}

const filterOf = (q: OrdersQuery): OrderFilter => ({
  status: q.status,
  supplierId: q.supplierId,
  warehouseId: q.warehouseId,
  keyword: q.keyword || undefined,
  from: q.from,
  to: q.to,
  confirmed: q.confirmed,
});

const STATUS_ACTIONS: { path: service.StatusAction; permission: string; summary: string; msg: string }[] = [
  { path: 'submit', permission: Permissions.purchaseOrderAdd, summary: '提交采购订单', msg: '提交成功' },
  { path: 'withdraw', permission: Permissions.purchaseOrderAdd, summary: '撤回采购订单（回到草稿）', msg: '撤回成功' },
  { path: 'audit', permission: Permissions.purchaseOrderAudit, summary: '审核采购订单', msg: '审核成功' },
  { path: 'close', permission: Permissions.purchaseOrderClose, summary: '关闭采购订单（不再收货；须无未过账的收货单）', msg: '关闭成功' },
];

/** 采购订单: list, detail, add/edit/delete drafts, status actions, 确认交期, 收货 and the receipts. */
export const purchaseOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.purchaseOrderList },
      schema: { tags, summary: '采购订单列表', querystring: ordersQuery, response: { 200: envelope(pageOf(orderRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, ORDER_SORTS, { sort: 'id', order: 'desc' });
      return ok(await pageOrders(app.db, await purchaseContextOf(app, request), filterOf(request.query), params));
    },
  );

  app.get(
    `${BASE}/receivable/page`,
    {
      config: { permission: Permissions.purchaseOrderReceive },
      schema: { tags, summary: '可收货的采购订单（已审核、部分收货）', querystring: ordersQuery, response: { 200: envelope(pageOf(orderRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, ORDER_SORTS, { sort: 'id', order: 'desc' });
      const filter = { ...filterOf(request.query), statuses: RECEIVABLE };
      return ok(await pageOrders(app.db, await purchaseContextOf(app, request), filter, params));
    },
  );

  app.get(
    `${BASE}/:id`,
    { config: { permission: Permissions.purchaseOrderList }, schema: { tags, summary: '采购订单详情（含明细）', params: idParams, response: { 200: envelope(orderDetail) } } },
    async (request) => ok(await readDetail(app.db, await purchaseContextOf(app, request), request.params.id)),
  );

  app.get(
    `${BASE}/:id/receiving`,
    {
      config: { permission: Permissions.purchaseOrderReceive },
      schema: { tags, summary: '收货用的订单详情（仅已审核、部分收货）', params: idParams, response: { 200: envelope(orderDetail) } },
    },
    async (request) => ok(await readDetail(app.db, await purchaseContextOf(app, request), request.params.id, RECEIVABLE)),
  );

  app.get(
    `${BASE}/:id/receipts`,
    {
      config: { permission: Permissions.purchaseOrderList },
      schema: { tags, summary: '订单的收货入库单（供应商只看已入库的）', params: idParams, response: { 200: envelope(z.array(receiptRecord)) } },
    },
    async (request) => ok(await orderReceipts(app.db, await purchaseContextOf(app, request), request.params.id)),
  );

  app.post(
    BASE,
    { config: { permission: Permissions.purchaseOrderAdd }, schema: { tags, summary: '新增采购订单（草稿）', body: orderBody, response: { 200: envelope(orderDetail) } } },
    async (request) => ok(await service.createOrder(app.db, await purchaseContextOf(app, request), request.body), '新增成功'),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.purchaseOrderAdd },
      schema: { tags, summary: '编辑采购订单（仅草稿）', params: idParams, body: orderBody, response: { 200: envelope(orderDetail) } },
    },
    async (request) => ok(await service.updateOrder(app.db, await purchaseContextOf(app, request), request.params.id, request.body), '保存成功'),
  );

  app.delete(
    `${BASE}/:id`,
    { config: { permission: Permissions.purchaseOrderAdd }, schema: { tags, summary: '删除采购订单（仅草稿）', params: idParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.deleteOrder(app.db, await purchaseContextOf(app, request), request.params.id);
      return ok(null, '删除成功');
    },
  );

  for (const action of STATUS_ACTIONS) {
    app.post(
      `${BASE}/:id/${action.path}`,
      { config: { permission: action.permission }, schema: { tags, summary: action.summary, params: idParams, body: closeBody, response: { 200: envelope(orderDetail) } } },
      async (request) => ok(await service.actOnOrder(app.db, await purchaseContextOf(app, request), request.params.id, action.path, request.body ?? {}), action.msg),
    );
  }

  app.post(
    `${BASE}/:id/confirm`,
    {
      config: { permission: Permissions.purchaseOrderConfirm },
      schema: { tags, summary: '供应商确认交期（可再次确认以修改）', params: idParams, body: confirmBody, response: { 200: envelope(orderDetail) } },
    },
    async (request) => ok(await service.confirmOrder(app.db, await purchaseContextOf(app, request), request.params.id, request.body), '确认成功'),
  );

  app.post(
    `${BASE}/:id/receive`,
    {
      config: { permission: Permissions.purchaseOrderReceive },
      schema: {
        tags,
        summary: '收货：按订单明细生成采购入库单（post 为 true 时直接过账，须有审核入库权限）',
        params: idParams,
        body: receiveBody,
        response: { 200: envelope(receiveResult) },
      },
    },
    async (request, reply) => {
      const ctx = await purchaseContextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => {
        const result = await receiveOrder(db, ctx, request.params.id, request.body);
        return ok(result, result.posted ? '收货入库成功' : '已生成收货入库单');
      });
    },
  );
};
