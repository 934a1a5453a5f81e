import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { contextOf } from '../stock-docs/kind-spec.ts';
import { refundActionBody, refundBody, refundDetail, refundIdParams, refundRecord, REFUND_SORTS, refundsQuery } from './purchase-refunds.schema.ts';
import * as service from './purchase-refunds.service.ts';
import { purchaseScope } from './purchase-scope.ts';

const tags = ['purchase-refunds'];
const BASE = '/admin/api/v1/purchase-refunds';

/**
 * 采购退货: HQ reads and changes all; a supplier reads its own refunds once audited; anyone else
 * nothing (out-of-scope ids answer 404). Auditing makes the purchase_refund outbound.
 */
export const purchaseRefundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.purchaseRefundList },
      schema: { tags, summary: '采购退货列表（关键字匹配退货单号、采购订单号、供应商编码或名称）', querystring: refundsQuery, response: { 200: envelope(pageOf(refundRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, REFUND_SORTS, { sort: 'id', order: 'desc' });
      const q = request.query;
      const filter = {
        status: q.status,
        supplierId: q.supplierId,
        warehouseId: q.warehouseId,
        purchaseOrderId: q.purchaseOrderId,
        keyword: q.keyword || undefined,
        from: q.from,
        to: q.to,
      };
      return ok(await service.pageRefunds(app.db, purchaseScope((await contextOf(app, request)).scope), filter, params));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.purchaseRefundList },
      schema: { tags, summary: '采购退货详情（含明细）', params: refundIdParams, response: { 200: envelope(refundDetail) } },
    },
    async (request) => ok(await service.refundDetail(app.db, purchaseScope((await contextOf(app, request)).scope), request.params.id)),
  );

  app.post(
    BASE,
    { config: { permission: Permissions.purchaseRefundAdd }, schema: { tags, summary: '新增采购退货（草稿）', body: refundBody, response: { 200: envelope(refundDetail) } } },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.createRefund(db, ctx, request.body), '新增成功'));
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.purchaseRefundAdd },
      schema: { tags, summary: '编辑采购退货（草稿）', params: refundIdParams, body: refundBody, response: { 200: envelope(refundDetail) } },
    },
    async (request) => ok(await service.updateRefund(app.db, await contextOf(app, request), request.params.id, request.body), '保存成功'),
  );

  app.delete(
    `${BASE}/:id`,
    { config: { permission: Permissions.purchaseRefundAdd }, schema: { tags, summary: '删除采购退货（草稿）', params: refundIdParams, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await service.deleteRefund(app.db, await contextOf(app, request), request.params.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    `${BASE}/:id/audit`,
    {
      config: { permission: Permissions.purchaseRefundAudit },
      schema: {
        tags,
        summary: '审核采购退货：占用订单可退数量，生成并提交采购退货出库单',
        params: refundIdParams,
        body: refundActionBody,
        response: { 200: envelope(refundDetail) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.auditRefund(db, ctx, request.params.id), '审核成功'));
    },
  );

  app.post(
    `${BASE}/:id/void`,
    {
      config: { permission: Permissions.purchaseRefundVoid },
      schema: { tags, summary: '作废采购退货（已审核未出库的）：同时作废其出库单', params: refundIdParams, body: refundActionBody, response: { 200: envelope(refundDetail) } },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.voidRefund(db, ctx, request.params.id, request.body?.reason), '作废成功'));
    },
  );
};
