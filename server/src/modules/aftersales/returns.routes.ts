import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, type ReturnKind } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import {
  auditBody,
  optionList,
  reasonBody,
  receiveBody,
  receiveOutBody,
  returnableAnswer,
  returnableQuery,
  returnBody,
  returnDetail,
  returnIdParams,
  returnRecord,
  RETURN_SORTS,
  returnsQuery,
  seasonsQuery,
  shopsQuery,
} from './returns.schema.ts';
import * as flow from './returns-flow.service.ts';
import { registerReturnSources } from './returns-link.ts';
import { returnable, seasonOptions } from './returns-shape.ts';
import * as repo from './returns.repo.ts';
import * as service from './returns.service.ts';
import * as swaps from './swaps-flow.service.ts';

export const RETURN_BASES: Record<ReturnKind, string> = { return: '/admin/api/v1/sales-returns', swap: '/admin/api/v1/sales-swaps' };

const CODES: Record<ReturnKind, { list: string; edit: string; audit: string; receive: string; label: string }> = {
  return: {
    list: Permissions.aftersalesReturnList,
    edit: Permissions.aftersalesReturnEdit,
    audit: Permissions.aftersalesReturnAudit,
    receive: Permissions.aftersalesReturnReceive,
    label: '退货单',
  },
  swap: {
    list: Permissions.aftersalesSwapList,
    edit: Permissions.aftersalesSwapEdit,
    audit: Permissions.aftersalesSwapAudit,
    receive: Permissions.aftersalesSwapReceive,
    label: '换货单',
  },
};

async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<service.ReturnContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

/**
 * 退货单 and 换货单 (issue 19), one set of routes per kind: HQ all; an agent its shops'; a shop
 * its own (out-of-scope ids answer 404). The client sends SKUs and quantities, never a price or
 * an order line.
 */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReturnSources();
  for (const kind of ['return', 'swap'] as const) {
    const BASE = RETURN_BASES[kind];
    const codes = CODES[kind];
    const tags = [kind === 'return' ? 'sales-returns' : 'sales-swaps'];
    const detail = { 200: envelope(returnDetail) };

    app.get(
      `${BASE}/page`,
      {
        config: { permission: codes.list },
        schema: { tags, summary: `${codes.label}列表（关键字匹配单号、门店编码或名称）`, querystring: returnsQuery, response: { 200: envelope(pageOf(returnRecord)) } },
      },
      async (request) => {
        const params = parseListParams(request.query, RETURN_SORTS, { sort: 'id', order: 'desc' });
        const q = request.query;
        const filter = { kind, status: q.status, shopId: q.shopId, seasonId: q.seasonId, keyword: q.keyword || undefined, from: q.from, to: q.to };
        return ok(await service.pageReturns(app.db, await contextOf(app, request), filter, params));
      },
    );

    app.get(
      `${BASE}/returnable`,
      {
        config: { permission: codes.edit },
        schema: {
          tags,
          summary: '门店本季可退的商品（已收货减已退，含退换期限、不可退换和本季剩余额度）',
          querystring: returnableQuery,
          response: { 200: envelope(returnableAnswer) },
        },
      },
      async (request) => ok(await returnable(app.db, (await contextOf(app, request)).scope, kind, request.query)),
    );

    app.get(
      `${BASE}/shops`,
      { config: { permission: codes.list }, schema: { tags, summary: '可选门店（本人范围内）', querystring: shopsQuery, response: { 200: envelope(optionList) } } },
      async (request) => ok(await repo.shopsInScope(app.db, (await contextOf(app, request)).scope, request.query.keyword || undefined)),
    );

    app.get(
      `${BASE}/seasons`,
      {
        config: { permission: codes.list },
        schema: { tags, summary: '订货季选项（给出门店时只列它收到过货品的）', querystring: seasonsQuery, response: { 200: envelope(optionList) } },
      },
      async (request) => ok(await seasonOptions(app.db, (await contextOf(app, request)).scope, request.query.shopId)),
    );

    app.get(
      `${BASE}/:id`,
      { config: { permission: codes.list }, schema: { tags, summary: `${codes.label}详情（含明细）`, params: returnIdParams, response: detail } },
      async (request) => ok(await service.returnDetail(app.db, (await contextOf(app, request)).scope, kind, request.params.id)),
    );

    app.post(BASE, { config: { permission: codes.edit }, schema: { tags, summary: `新增${codes.label}（草稿）`, body: returnBody, response: detail } }, async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.createReturn(db, ctx, kind, request.body), '新增成功'));
    });

    app.put(
      `${BASE}/:id`,
      { config: { permission: codes.edit }, schema: { tags, summary: `编辑${codes.label}（草稿）`, params: returnIdParams, body: returnBody, response: detail } },
      async (request) => ok(await service.updateReturn(app.db, await contextOf(app, request), kind, request.params.id, request.body), '保存成功'),
    );

    app.delete(
      `${BASE}/:id`,
      { config: { permission: codes.edit }, schema: { tags, summary: `删除${codes.label}（草稿）`, params: returnIdParams, response: { 200: envelope(z.null()) } } },
      async (request) => {
        await service.deleteReturn(app.db, await contextOf(app, request), kind, request.params.id);
        return ok(null, '删除成功');
      },
    );

    app.post(
      `${BASE}/:id/submit`,
      { config: { permission: codes.edit }, schema: { tags, summary: `提交${codes.label}：按现在的可退数量和额度再校验一次`, params: returnIdParams, response: detail } },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.submitReturn(db, ctx, kind, request.params.id), '提交成功'));
      },
    );

    app.post(
      `${BASE}/:id/withdraw`,
      { config: { permission: codes.edit }, schema: { tags, summary: `撤回${codes.label}（待审核或已驳回的回到草稿）`, params: returnIdParams, response: detail } },
      async (request) => ok(await service.withdrawReturn(app.db, await contextOf(app, request), kind, request.params.id), '撤回成功'),
    );

    app.post(
      `${BASE}/:id/audit`,
      {
        config: { permission: codes.audit },
        schema: {
          tags,
          summary: `审核${codes.label}：核定数量、选择总部仓库，生成${kind === 'return' ? '退货调拨单' : '退回和换出两张调拨单'}`,
          params: returnIdParams,
          body: auditBody,
          response: detail,
        },
      },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await flow.auditReturn(db, ctx, kind, request.params.id, request.body), '审核成功'));
      },
    );

    app.post(
      `${BASE}/:id/reject`,
      { config: { permission: codes.audit }, schema: { tags, summary: `驳回${codes.label}（须填写原因）`, params: returnIdParams, body: reasonBody, response: detail } },
      async (request) => ok(await service.rejectReturn(app.db, await contextOf(app, request), kind, request.params.id, request.body?.reason), '已驳回'),
    );

    app.post(
      `${BASE}/:id/ship`,
      {
        config: { permission: codes.edit },
        schema: {
          tags,
          summary: kind === 'return' ? '退货发货：门店把货发出（调拨单发货，进入在途）' : '退回发货：门店把换回的货发出（退回调拨单发货，进入在途）',
          params: returnIdParams,
          response: detail,
        },
      },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await flow.shipReturn(db, ctx, kind, request.params.id), '发货成功'));
      },
    );

    if (kind === 'swap') {
      app.post(
        `${BASE}/:id/ship-out`,
        {
          config: { permission: codes.receive },
          schema: { tags, summary: '换出发货：总部把换出的货从收货仓库发出（换出调拨单发货，进入在途）', params: returnIdParams, response: detail },
        },
        async (request, reply) => {
          const ctx = await contextOf(app, request);
          return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await swaps.shipSwapOut(db, ctx, request.params.id), '发货成功'));
        },
      );
      app.post(
        `${BASE}/:id/receive-out`,
        {
          config: { permission: codes.edit },
          schema: {
            tags,
            summary: '换出收货：门店收到换出的货（按实收，差异须填原因）；两边都到货后差额记入账户',
            params: returnIdParams,
            body: receiveOutBody,
            response: detail,
          },
        },
        async (request, reply) => {
          const ctx = await contextOf(app, request);
          return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await swaps.receiveSwapOut(db, ctx, request.params.id, request.body ?? {}), '收货成功'));
        },
      );
    }

    app.post(
      `${BASE}/:id/receive`,
      {
        config: { permission: codes.receive },
        schema: {
          tags,
          summary:
            kind === 'return'
              ? '退货收货：按实收（正品/次品）收货，差异须填原因；按原订货价贷记账户'
              : '退回收货：总部按实收（正品/次品）收下换回的货，差异须填原因；两边都到货后差额记入账户',
          params: returnIdParams,
          body: receiveBody,
          response: detail,
        },
      },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await flow.receiveReturn(db, ctx, kind, request.params.id, request.body ?? {}), '收货成功'));
      },
    );

    app.post(
      `${BASE}/:id/void`,
      {
        config: { permission: codes.audit },
        schema: { tags, summary: `作废${codes.label}（同时作废其库存单据，冲销已记的金额）`, params: returnIdParams, body: reasonBody, response: detail },
      },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await flow.voidReturn(db, ctx, kind, request.params.id, request.body?.reason), '作废成功'));
      },
    );
  }
};
