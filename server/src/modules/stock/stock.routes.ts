import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { scopeOf } from '../warehouses/warehouse-scope.ts';
import { shelfStockRoutes } from './shelf-stock.routes.ts';
import * as service from './stock-read.service.ts';
import { BALANCE_SORTS, balancesQuery, MOVE_SORTS, movesQuery, stockBalanceRecord, stockMoveRecord, styleStockAnswer, styleStockQuery } from './stock.schema.ts';

const tags = ['stock'];
const BASE = '/admin/api/v1/stock';

/**
 * 库存查询 (read only; documents post through stock-posting.ts). Both lists follow the warehouse
 * scope: HQ all, an agent its shops' warehouses, a shop its own.
 */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(shelfStockRoutes);

  app.get(
    `${BASE}/balances`,
    {
      config: { permission: Permissions.stockList },
      schema: {
        tags,
        summary: '库存余额（按仓库、货架、款号/条码、物品类型筛选；默认只列数量非零的）',
        querystring: balancesQuery,
        response: { 200: envelope(pageOf(stockBalanceRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, BALANCE_SORTS, { sort: 'styleNo', order: 'asc' });
      const { warehouseId, shelfId, keyword, itemType, includeZero } = request.query;
      const filter = { warehouseId, shelfId, keyword: keyword || undefined, itemType, includeZero: includeZero === 'true' };
      return ok(await service.pageBalances(app.db, await scopeOf(app, request), filter, params));
    },
  );

  app.get(
    `${BASE}/moves`,
    {
      config: { permission: Permissions.stockList },
      schema: {
        tags,
        summary: '物品的库存流水（指定一个商品SKU或物料；含每个仓库的结存和单据类型、编号，默认最新在前）',
        querystring: movesQuery,
        response: { 200: envelope(pageOf(stockMoveRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, MOVE_SORTS, { sort: 'id', order: 'desc' });
      const { skuId, materialId, warehouseId } = request.query;
      return ok(await service.pageMoves(app.db, await scopeOf(app, request), { skuId, materialId, warehouseId }, params));
    },
  );

  app.get(
    `${BASE}/style-stock`,
    {
      // who enters a document that takes goods out of a warehouse sees what it holds
      config: { permission: [Permissions.stockList, Permissions.outboundAdd, Permissions.transferAdd, Permissions.exchangeAdd, Permissions.purchaseRefundAdd] },
      schema: {
        tags,
        summary: '一个款在一个仓库的各SKU库存（全部货架合计，供按款号添加的颜色×尺码表显示；不在数据范围内的仓库 404）',
        querystring: styleStockQuery,
        response: { 200: envelope(styleStockAnswer) },
      },
    },
    async (request) => ok(await service.styleStock(app.db, await scopeOf(app, request), request.query.warehouseId, request.query.productId)),
  );
};
