import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { z } from 'zod';
import { authOf } from '../../http/auth-hook.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import {
  buyerQuery,
  buyersAnswer,
  buyersQuery,
  CATALOGUE_SORTS,
  catalogueBrand,
  catalogueQuery,
  cataloguePage,
  catalogueSeason,
  catalogueStyleDetail,
  styleParams,
  styleQuery,
} from './catalogue.schema.ts';
import * as service from './catalogue.service.ts';
import { ORDERING_BASE } from './seasons.schema.ts';

const tags = ['ordering'];
const BASE = `${ORDERING_BASE}/catalogue`;
const permission = Permissions.orderingCatalogueView;

/** 订货: the buyer's catalogue (agents and shops for themselves, HQ for a buyer it names; suppliers refused). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/buyers`,
    {
      config: { permission },
      schema: {
        tags,
        summary: '可选的购货方：代理商为自己及下属门店，门店为自己，总部为全部（按编码名称搜索）',
        querystring: buyersQuery,
        response: { 200: envelope(buyersAnswer) },
      },
    },
    async (request) => ok(await service.buyers(app.db, authOf(request).scope, request.query.keyword)),
  );

  app.get(
    `${BASE}/seasons`,
    { config: { permission }, schema: { tags, summary: '今天（北京时间）开放中的订货季', response: { 200: envelope(z.array(catalogueSeason)) } } },
    async (request) => ok(await service.openSeasons(app.db, authOf(request).scope)),
  );

  app.get(
    `${BASE}/brands`,
    {
      config: { permission },
      schema: {
        tags,
        summary: '订货目录的品牌筛选：购货方可订的启用品牌（总部未设置可订品牌时为全部）',
        querystring: buyerQuery,
        response: { 200: envelope(z.array(catalogueBrand)) },
      },
    },
    async (request) => ok(await service.catalogueBrands(app.db, authOf(request).scope, request.query)),
  );

  app.get(
    `${BASE}/page`,
    {
      config: { permission },
      schema: {
        tags,
        summary: '订货目录：开放中订货季的在售款式，含购货方单价（服务器计算）和各SKU总部可订库存（现货季）',
        querystring: catalogueQuery,
        response: { 200: envelope(cataloguePage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, CATALOGUE_SORTS, { sort: 'styleNo', order: 'asc' });
      return ok(await service.pageCatalogue(app.db, authOf(request).scope, request.query, params));
    },
  );

  app.get(
    `${BASE}/styles/:productId`,
    {
      config: { permission },
      schema: {
        tags,
        summary: '订货款式详情：全部SKU（颜色×尺码）、可订库存与购货方价格明细',
        params: styleParams,
        querystring: styleQuery,
        response: { 200: envelope(catalogueStyleDetail) },
      },
    },
    async (request) => ok(await service.catalogueStyle(app.db, authOf(request).scope, request.params.productId, request.query)),
  );
};
