import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FinanceMessages, PAYMENT_ACTION_LABELS, Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { FINANCE_BASE } from './accounts.routes.ts';
import type { FinanceContext } from './finance-parties.ts';
import {
  actionBody,
  actionParams,
  idParams,
  payableOrderRecord,
  paymentBody,
  paymentRecord,
  PAYMENT_SORTS,
  paymentsQuery,
  supplierParams,
  supplierPaymentBody,
} from './payments.schema.ts';
import * as service from './payments.service.ts';
import { assertVoucherVisible } from './payments-vouchers.ts';
import { createStorage, sendStoredFile } from '../uploads/uploads.service.ts';

const tags = ['finance'];

async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<FinanceContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

const DONE = { audit: FinanceMessages.audited, reject: FinanceMessages.rejected, cancel: FinanceMessages.cancelled, void: FinanceMessages.voided } as const;

/** 收款单 (agents and shops paying HQ) and 付款单 (HQ paying suppliers). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sides = [
    {
      direction: 'in' as const,
      base: `${FINANCE_BASE}/payments`,
      list: Permissions.financePaymentList,
      edit: Permissions.financePaymentEdit,
      act: [Permissions.financePaymentEdit, Permissions.financePaymentAudit],
      name: '收款单',
    },
    {
      direction: 'out' as const,
      base: `${FINANCE_BASE}/supplier-payments`,
      list: Permissions.financeSupplierPaymentList,
      edit: Permissions.financeSupplierPaymentEdit,
      act: [Permissions.financeSupplierPaymentEdit],
      name: '付款单',
    },
  ];
  for (const side of sides) {
    app.get(
      `${side.base}/page`,
      {
        config: { permission: side.list },
        schema: {
          tags,
          summary: `${side.name}列表`,
          querystring: paymentsQuery,
          response: {
            200: envelope(
              pageOf(paymentRecord).extend({
                totals: z.object({ amountFen: z.number(), postedFen: z.number(), waitingFen: z.number() }).describe('整个筛选的合计：全部、已入账、待审核金额'),
              }),
            ),
          },
        },
      },
      async (request) => {
        const params = parseListParams(request.query, PAYMENT_SORTS, { sort: 'createdAt', order: 'desc' });
        const { status, partyType, partyId, keyword, from, to } = request.query;
        return ok(
          await service.pagePayments(
            app.db,
            await contextOf(app, request),
            { direction: side.direction, status, partyType, partyId, keyword: keyword?.trim() || undefined, from, to },
            params,
          ),
        );
      },
    );

    app.get(
      `${side.base}/:id`,
      { config: { permission: side.list }, schema: { tags, summary: `${side.name}详情`, params: idParams, response: { 200: envelope(paymentRecord) } } },
      async (request) => ok(await service.readPayment(app.db, await contextOf(app, request), request.params.id, side.direction)),
    );

    app.post(
      `${side.base}/:id/:action`,
      {
        config: { permission: side.act },
        schema: {
          tags,
          summary: `${side.name}：${Object.entries(PAYMENT_ACTION_LABELS)
            .map(([k, v]) => `${k} ${v}`)
            .join(' | ')}（驳回、冲销须填写原因；支持 Idempotency-Key）`,
          params: actionParams,
          body: actionBody,
          response: { 200: envelope(paymentRecord) },
        },
      },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        const { id, action } = request.params;
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.actOnPayment(db, ctx, side.direction, id, action, request.body ?? {}), DONE[action]));
      },
    );
  }

  app.post(
    `${FINANCE_BASE}/payments`,
    {
      config: { permission: Permissions.financePaymentEdit },
      schema: {
        tags,
        summary: '登记收款（代理商、门店登记自己的，待总部审核；总部财务登记即入账；支持 Idempotency-Key）',
        body: paymentBody,
        response: { 200: envelope(paymentRecord) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.recordPayment(db, ctx, request.body), FinanceMessages.created));
    },
  );

  app.post(
    `${FINANCE_BASE}/supplier-payments`,
    {
      config: { permission: Permissions.financeSupplierPaymentEdit },
      schema: {
        tags,
        summary: '登记付款（总部付供应商，即时冲减应付；可指定采购订单；支持 Idempotency-Key）',
        body: supplierPaymentBody,
        response: { 200: envelope(paymentRecord) },
      },
    },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.recordSupplierPayment(db, ctx, request.body), FinanceMessages.created));
    },
  );

  // 付款凭证 (issue 26): a bank slip is shown only to those who may see its payment, and kept only
  // in the reader's own cache; /files/ refuses it
  const storage = createStorage(app.config);
  app.get(
    `${FINANCE_BASE}/vouchers/:file`,
    {
      config: { permission: [Permissions.financePaymentList, Permissions.financeSupplierPaymentList, Permissions.financePaymentEdit] },
      schema: {
        tags,
        summary: '付款凭证图片（<文件名> 或 <文件名>-200.jpg 缩略图；仅付款方、总部财务及上传者可见）',
        params: z.object({ file: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      await assertVoucherVisible(app.db, await contextOf(app, request), file);
      return sendStoredFile(request, reply, storage, file, 'private, max-age=600');
    },
  );

  app.get(
    `${FINANCE_BASE}/supplier-payments/payable-orders/:supplierId`,
    {
      config: { permission: Permissions.financeSupplierPaymentEdit },
      schema: { tags, summary: '供应商尚有应付余额的采购订单（登记付款时选择）', params: supplierParams, response: { 200: envelope(z.array(payableOrderRecord)) } },
    },
    async (request) => ok(await service.payableOrders(app.db, await contextOf(app, request), request.params.supplierId)),
  );
};
