import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, ProductMessages, productStatusChanged } from '@erp/shared';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { objectTag } from '../tags/tags.schema.ts';
import { registerProductLinks } from './product-links.ts';
import * as read from './products.read.ts';
import {
  barcodeHit,
  barcodeParams,
  PRODUCT_SORTS,
  productBody,
  productDetail,
  productFilterOf,
  productIdParams,
  productListRecord,
  productsQuery,
  searchHit,
  searchQuery,
  skuBody,
  skuRecord,
  statusBody,
  tagsBody,
} from './products.schema.ts';
import * as service from './products.service.ts';
import { productsBulkRoutes } from './products-bulk.routes.ts';

const tags = ['products'];
const BASE = '/admin/api/v1';

/** 商品 (款) and SKUs: reads need the page code (HQ, agents, shops, suppliers); changes their button codes. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerProductLinks();
  // details, batch tags, the SKU export and the Excel import
  await app.register(productsBulkRoutes);

  app.get(
    `${BASE}/products/page`,
    {
      config: { permission: Permissions.productList },
      schema: {
        tags,
        summary: '商品列表（款号前缀或名称、条码、品牌、分类含下级、季节、年份、状态、供应商；排序 styleNo/createdAt/retailPrice）',
        querystring: productsQuery,
        response: { 200: envelope(pageOf(productListRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, PRODUCT_SORTS, { sort: 'createdAt', order: 'desc' });
      return ok(await read.pageProducts(app.db, authOf(request), productFilterOf(request.query), params));
    },
  );

  app.get(
    `${BASE}/products/search`,
    {
      config: { permission: Permissions.productList },
      schema: { tags, summary: '商品快速搜索（款号前缀优先，其次名称包含；最多20条，供选择器和扫码）', querystring: searchQuery, response: { 200: envelope(z.array(searchHit)) } },
    },
    async (request) => ok(await read.searchProducts(app.db, authOf(request), request.query.q)),
  );

  app.get(
    `${BASE}/products/:id`,
    {
      config: { permission: Permissions.productList },
      schema: { tags, summary: '商品详情（含 SKU：按颜色、再按尺码顺序；含标签）', params: productIdParams, response: { 200: envelope(productDetail) } },
    },
    async (request) => ok(await read.getProduct(app.db, authOf(request), request.params.id)),
  );

  app.get(
    `${BASE}/skus/by-barcode/:barcode`,
    {
      config: { permission: Permissions.productList },
      schema: { tags, summary: '按条码查 SKU（扫码）', params: barcodeParams, response: { 200: envelope(barcodeHit) } },
    },
    async (request) => ok(await read.skuByBarcode(app.db, authOf(request), request.params.barcode)),
  );

  app.post(
    `${BASE}/products`,
    {
      config: { permission: Permissions.productAdd },
      schema: { tags, summary: '新增商品（按颜色 × 尺码生成 SKU，条码自动或指定）', body: productBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => ok({ id: await service.createProduct(app.db, authOf(request), request.body) }, ProductMessages.created),
  );

  app.put(
    `${BASE}/products/:id`,
    {
      config: { permission: Permissions.productEdit },
      schema: {
        tags,
        summary: '修改商品（新增的颜色/尺码组合生成 SKU；不再选择的组合的 SKU 停用而不删除；状态与标签另有接口）',
        params: productIdParams,
        body: productBody,
        response: { 200: envelope(productDetail) },
      },
    },
    async (request) => {
      await service.updateProduct(app.db, request.params.id, request.body);
      return ok(await read.getProduct(app.db, authOf(request), request.params.id), ProductMessages.updated);
    },
  );

  app.post(
    `${BASE}/products/status`,
    {
      config: { permission: Permissions.productStatus },
      schema: { tags, summary: '批量上架/下架（on_sale 在售，off_sale 停售）', body: statusBody, response: { 200: envelope(z.object({ updated: z.number().int() })) } },
    },
    async (request) => {
      const updated = await service.changeStatus(app.db, request.body.ids, request.body.status);
      return ok({ updated }, productStatusChanged(updated, request.body.status));
    },
  );

  app.put(
    `${BASE}/products/:id/tags`,
    {
      config: { permission: Permissions.productEdit },
      schema: { tags, summary: '设置商品标签（整体替换）', params: productIdParams, body: tagsBody, response: { 200: envelope(z.array(objectTag)) } },
    },
    async (request) => ok(await service.setProductTags(app.db, request.params.id, request.body.tagIds), ProductMessages.tagsSaved),
  );

  app.put(
    `${BASE}/skus/:id`,
    {
      config: { permission: Permissions.productEdit },
      schema: { tags, summary: '修改 SKU（条码、平台商家编码与分组、状态）', params: productIdParams, body: skuBody, response: { 200: envelope(skuRecord) } },
    },
    async (request) => {
      await service.updateSku(app.db, request.params.id, request.body);
      return ok(await read.getSku(app.db, request.params.id), ProductMessages.updated);
    },
  );
};
