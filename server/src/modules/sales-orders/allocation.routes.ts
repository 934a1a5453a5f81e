import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Permissions } from '@erp/shared';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { orderMoves, pageBoard } from './allocation-read.service.ts';
import {
  allocateResult,
  allocateBody,
  boardQuery,
  boardRecord,
  deliverBody,
  deliverResult,
  moveRecord,
  releaseBody,
  releaseResult,
  resolveDifferenceBody,
  resolveDifferenceResult,
} from './allocation.schema.ts';
import { allocateStock, releaseAllocations } from './allocation.service.ts';
import { registerSalesSources } from './delivery-link.ts';
import { generateDeliveries } from './delivery.service.ts';
import { resolveDifferences } from './delivery-differences.service.ts';
import { idParams, ORDER_SORTS, orderFilterOf } from './sales-orders.schema.ts';

const BASE = '/admin/api/v1/sales-allocation';
const tags = ['sales-allocation'];
const { orderingAllocationList: LIST, orderingAllocationAllocate: ALLOCATE, orderingAllocationDeliver: DELIVER } = Permissions;

/** 配货发货 (HQ): the open orders with their pieces, 配货, 释放, 生成出库, and an order's allocation ledger. */
export const allocationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSalesSources();

  app.get(
    `${BASE}/page`,
    {
      config: { permission: LIST },
      schema: { tags, summary: '待配货订货单（默认已审核、部分发货）及配货、在途、发货、收货件数', querystring: boardQuery, response: { 200: envelope(pageOf(boardRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, ORDER_SORTS, { sort: 'id', order: 'asc' });
      return ok(await pageBoard(app.db, await requestContext(app, request), orderFilterOf(request.query), params));
    },
  );

  app.get(
    `${BASE}/orders/:id/moves`,
    { config: { permission: LIST }, schema: { tags, summary: '订货单的配货流水（最新在前，最多500条）', params: idParams, response: { 200: envelope(z.array(moveRecord)) } } },
    async (request) => ok(await orderMoves(app.db, await requestContext(app, request), request.params.id)),
  );

  app.post(
    `${BASE}/allocate`,
    {
      config: { permission: ALLOCATE },
      schema: {
        tags,
        summary: '配货：按优先级（代理级别、提交时间）和配码完整率把仓库可用库存分给订货单（支持 Idempotency-Key）',
        body: allocateBody,
        response: { 200: envelope(allocateResult) },
      },
    },
    async (request, reply) => {
      const ctx = await requestContext(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await allocateStock(db, ctx, request.body), '配货完成'));
    },
  );

  app.post(
    `${BASE}/release`,
    {
      config: { permission: ALLOCATE },
      schema: { tags, summary: '释放：所选订货单未生成出库单的配货退回仓库可用库存', body: releaseBody, response: { 200: envelope(releaseResult) } },
    },
    async (request) => ok(await releaseAllocations(app.db, await requestContext(app, request), request.body), '已释放'),
  );

  app.post(
    `${BASE}/deliver`,
    {
      config: { permission: DELIVER },
      schema: {
        tags,
        summary: '生成出库：按收货仓库各生成一张配货出库单（调拨，带订货价格，已提交待发货；支持 Idempotency-Key）',
        body: deliverBody,
        response: { 200: envelope(deliverResult) },
      },
    },
    async (request, reply) => {
      const ctx = await requestContext(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await generateDeliveries(db, ctx, request.body), '已生成配货出库单'));
    },
  );

  app.post(
    `${BASE}/differences/resolve`,
    {
      config: { permission: DELIVER },
      schema: {
        tags,
        summary: '收货差异：确认短少（按订货价退还结算方货款，可记承运商）或不予认可（须说明）（支持 Idempotency-Key）',
        body: resolveDifferenceBody,
        response: { 200: envelope(resolveDifferenceResult) },
      },
    },
    async (request, reply) => {
      const ctx = await requestContext(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await resolveDifferences(db, ctx, request.body), '收货差异已处理'));
    },
  );
};
