import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ShopInventoryMessages } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import { idempotent } from '../../kernel/documents/idempotency.ts';
import { actOnReport, registerInventorySource } from './inventory-actions.service.ts';
import { barcodeHit, barcodeParams, idParams, reasonBody, REPORT_SORTS, reportBody, reportDetail, reportRecord, reportsQuery, warehouseOption } from './inventory.schema.ts';
import * as service from './inventory.service.ts';

const tags = ['aftersales-inventory'];
const BASE = '/admin/api/v1/aftersales/inventory';

async function contextOf(app: FastifyInstance, request: FastifyRequest): Promise<service.InventoryContext> {
  const { userId, scope, permissions } = await requestContext(app, request);
  return { userId, scope, permissions };
}

/** 库存上报 (售后管理): a shop's or agent's count of a shop warehouse, audited by HQ, its differences posted through a 盘点单. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  registerInventorySource();

  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.aftersalesInventoryList },
      schema: { tags, summary: '库存上报列表', querystring: reportsQuery, response: { 200: envelope(pageOf(reportRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, REPORT_SORTS, { sort: 'createdAt', order: 'desc' });
      const { keyword, warehouseId, status, from, to } = request.query;
      return ok(await service.pageReports(app.db, await contextOf(app, request), { keyword: keyword?.trim() || undefined, warehouseId, status, from, to }, params));
    },
  );

  app.get(
    `${BASE}/warehouses`,
    {
      config: { permission: Permissions.aftersalesInventoryList },
      schema: { tags, summary: '可上报的门店仓库（本人范围内、启用的）', response: { 200: envelope(z.array(warehouseOption)) } },
    },
    async (request) => ok(await service.warehouseOptions(app.db, await contextOf(app, request))),
  );

  app.get(
    `${BASE}/barcode/:barcode`,
    {
      config: { permission: Permissions.aftersalesInventoryEdit },
      schema: { tags, summary: '按条码查 SKU（扫描录入盘点明细，与库存单据扫描同一查找）', params: barcodeParams, response: { 200: envelope(barcodeHit) } },
    },
    async (request) => ok(await service.skuOfBarcode(app.db, request.params.barcode)),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.aftersalesInventoryList },
      schema: { tags, summary: '库存上报详情（总部审核人另见账面数与差异，含账面有而未盘到的SKU）', params: idParams, response: { 200: envelope(reportDetail) } },
    },
    async (request) => ok(await service.reportDetail(app.db, await contextOf(app, request), request.params.id)),
  );

  app.post(
    BASE,
    { config: { permission: Permissions.aftersalesInventoryEdit }, schema: { tags, summary: '新增库存上报（草稿）', body: reportBody, response: { 200: envelope(reportDetail) } } },
    async (request, reply) => {
      const ctx = await contextOf(app, request);
      return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await service.createReport(db, ctx, request.body), ShopInventoryMessages.created));
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: Permissions.aftersalesInventoryEdit },
      schema: { tags, summary: '编辑库存上报（草稿或已驳回；已驳回的回到草稿）', params: idParams, body: reportBody, response: { 200: envelope(reportDetail) } },
    },
    async (request) => ok(await service.updateReport(app.db, await contextOf(app, request), request.params.id, request.body), ShopInventoryMessages.saved),
  );

  const actions = [
    ['submit', Permissions.aftersalesInventoryEdit, '提交库存上报（待审核）', ShopInventoryMessages.submitted],
    ['audit', Permissions.aftersalesInventoryAudit, '审核库存上报（总部）', ShopInventoryMessages.audited],
    ['reject', Permissions.aftersalesInventoryAudit, '驳回库存上报（总部，须填原因）', ShopInventoryMessages.rejected],
    ['post', Permissions.aftersalesInventoryPost, '过账差异：生成并过账盘点单，账面按盘点数更新（支持 Idempotency-Key）', ShopInventoryMessages.posted],
  ] as const;
  for (const [action, permission, summary, message] of actions) {
    app.post(
      `${BASE}/:id/${action}`,
      { config: { permission }, schema: { tags, summary, params: idParams, body: reasonBody, response: { 200: envelope(reportDetail) } } },
      async (request, reply) => {
        const ctx = await contextOf(app, request);
        return idempotent(app.db, request, reply, ctx.userId, async (db) => ok(await actOnReport(db, ctx, request.params.id, action, request.body ?? {}), message));
      },
    );
  }
};
