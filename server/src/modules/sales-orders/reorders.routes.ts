import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { envelope, ok } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { orderDetail } from './sales-orders.schema.ts';
import {
  deliverAnswer,
  deliverBody,
  infoAnswer,
  infoQuery,
  reorderBody,
  SUMMARY_SORTS,
  summaryPage,
  summaryQuery,
  UNSHIPPED_SORTS,
  unshippedAnswer,
  unshippedQuery,
} from './reorders.schema.ts';
import * as service from './reorders.service.ts';

export const REORDERS_BASE = '/admin/api/v1/ordering/reorders';
export const UNSHIPPED_BASE = '/admin/api/v1/ordering/unshipped';
const tags = ['ordering-reorders'];
const { orderingReorderList: LIST, orderingReorderEdit: EDIT, orderingUnshippedList: UNSHIPPED, orderingAllocationDeliver: DELIVER } = Permissions;
const SCOPE = '（总部全部；代理商本公司及下属门店的订单；门店本店收货的订单）';

/** 翻单汇总, 翻单明细, 翻单 (a draft re-order), 生成出库 for re-orders, and 未发货. */
export const reordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${REORDERS_BASE}/page`,
    {
      config: { permission: LIST },
      schema: {
        tags,
        summary: `翻单汇总：每个购货方每季每款的订货、已发、已收及翻单次数（收银未上线，无销售数据）${SCOPE}`,
        querystring: summaryQuery,
        response: { 200: envelope(summaryPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, SUMMARY_SORTS, { sort: 'shipped', order: 'desc' });
      return ok(await service.reorderSummary(app.db, (await requestContext(app, request)).scope, request.query, params));
    },
  );

  app.get(
    `${REORDERS_BASE}/info`,
    {
      config: { permission: LIST },
      schema: { tags, summary: `翻单明细：一款按颜色×尺码的订货、已发、已收、已翻单，及该款的翻单${SCOPE}`, querystring: infoQuery, response: { 200: envelope(infoAnswer) } },
    },
    async (request) => ok(await service.reorderInfo(app.db, (await requestContext(app, request)).scope, request.query)),
  );

  app.post(
    REORDERS_BASE,
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: '翻单：为已收货的款式新建翻单草稿（价格、配码、额度、授信按订货单规则；之后在订货单中提交、审核；支持 Idempotency-Key）',
        body: reorderBody,
        response: { 200: envelope(orderDetail) },
      },
    },
    async (request, reply) => {
      const { userId, scope, permissions } = await requestContext(app, request);
      const ctx = { userId, scope, permissions };
      return idempotent(app.db, request, reply, userId, async (db) => ok(await service.createReorder(db, ctx, request.body), '保存成功'));
    },
  );

  app.post(
    `${REORDERS_BASE}/deliver`,
    {
      config: { permission: DELIVER },
      schema: {
        tags,
        summary: '翻单生成出库（总部）：从所选总部仓为这些翻单配货并生成配货出库，全部成功或全部不做',
        body: deliverBody,
        response: { 200: envelope(deliverAnswer) },
      },
    },
    async (request) => {
      const { userId, scope, permissions } = await requestContext(app, request);
      return ok(await service.deliverReorders(app.db, { userId, scope, permissions }, request.body), '已生成出库');
    },
  );

  app.get(
    `${UNSHIPPED_BASE}/page`,
    {
      config: { permission: UNSHIPPED },
      schema: {
        tags,
        summary: `未发货：已提交、已审核未发完的订单按购货方和款式，含下单日期、账龄（0-7、8-15、16-30、31-60、60天以上）及合计${SCOPE}`,
        querystring: unshippedQuery,
        response: { 200: envelope(unshippedAnswer) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, UNSHIPPED_SORTS, { sort: 'orderDate', order: 'asc' });
      return ok(await service.unshippedPage(app.db, (await requestContext(app, request)).scope, request.query, params));
    },
  );
};
