import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ProductImportMessages } from '@erp/shared';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { batchTagsBody, detailsBody, IMPORT_BODY_LIMIT, importBody, importCheckResult, importResult, skuExportRow } from './products-bulk.schema.ts';
import * as bulk from './products-bulk.service.ts';
import { checkImport, importProducts } from './products-import.service.ts';
import * as read from './products.read.ts';
import { PRODUCT_SORTS, productDetail, productFilterOf, productsQuery } from './products.schema.ts';

const tags = ['products'];
const BASE = '/admin/api/v1/products';

/** Calls on many products: details for printing, batch tags, the SKU export and the Excel import. */
export const productsBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${BASE}/details`,
    {
      // a read sent as POST (the id list): not an operation to log
      config: { permission: Permissions.productList, operationLog: false },
      schema: {
        tags,
        summary: '多个商品的详情（含 SKU 与标签，按请求顺序；打印条码、吊牌用，最多200个）',
        body: detailsBody,
        response: { 200: envelope(z.array(productDetail)) },
      },
    },
    async (request) => ok(await read.getProducts(app.db, authOf(request), request.body.ids)),
  );

  app.post(
    `${BASE}/tags`,
    {
      config: { permission: Permissions.productEdit, operationLog: 'update' },
      schema: {
        tags,
        summary: '批量设置商品标签（add 添加：单选分组的新标签替换原标签；remove 移除）',
        body: batchTagsBody,
        response: { 200: envelope(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => {
      const { ids, tagIds, mode } = request.body;
      const updated = await bulk.batchTags(app.db, ids, tagIds, mode);
      return ok({ updated }, mode === 'add' ? `已为${updated}个商品添加标签` : `已从${updated}个商品移除标签`);
    },
  );

  app.get(
    `${BASE}/sku-rows/page`,
    {
      config: { permission: Permissions.productList },
      schema: {
        tags,
        summary: '商品 SKU 导出行（导入格式，每个启用的 SKU 一行；筛选与排序同商品列表，每页最多500行）',
        querystring: productsQuery,
        response: { 200: envelope(pageOf(skuExportRow)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, PRODUCT_SORTS, { sort: 'createdAt', order: 'desc' });
      return ok(await bulk.pageSkuRows(app.db, authOf(request), productFilterOf(request.query), params));
    },
  );

  app.post(
    `${BASE}/import/check`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { permission: Permissions.productImport, operationLog: 'other' },
      schema: {
        tags,
        summary: '商品导入检查（不写入；列出全部错误行，按行号排序）',
        body: importBody,
        response: { 200: envelope(importCheckResult) },
      },
    },
    async (request) => ok(await checkImport(app.db, request.body.rows)),
  );

  app.post(
    `${BASE}/import`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { permission: Permissions.productImport },
      schema: {
        tags,
        summary: '商品导入（每行一个 SKU，同款号为同一商品；全部成功或全部不导入）',
        body: importBody,
        response: { 200: envelope(importResult) },
      },
    },
    async (request) => {
      const result = await importProducts(app.db, authOf(request), request.body.rows);
      return ok(result, ProductImportMessages.done(result.products, result.skus));
    },
  );
};
