import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, type InventoryColumnKey } from '@erp/shared';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { scopeOf } from '../warehouses/warehouse-scope.ts';
import * as service from './stock-reports.service.ts';
import {
  IN_TRANSIT_SORTS,
  inTransitPage,
  inTransitQuery,
  INVENTORY_SORTS,
  inventoryPage,
  inventoryQuery,
  REPORT_MOVE_SORTS,
  reportMovesQuery,
  stockMoveDetailRecord,
  STYLE_GRID_SORTS,
  styleGridPage,
  styleGridQuery,
  styleGridTotals,
  styleGridTotalsQuery,
  WAREHOUSE_SUMMARY_SORTS,
  warehouseSummaryPage,
  warehouseSummaryQuery,
} from './stock-reports.schema.ts';

const tags = ['stock-reports'];
const BASE = '/admin/api/v1/stock/reports';

const goodsFilter = (q: { warehouseId?: number; shelfId?: number; keyword?: string; brandId?: number; categoryId?: number }) => ({
  warehouseId: q.warehouseId,
  shelfId: q.shelfId,
  keyword: q.keyword || undefined,
  brandId: q.brandId,
  categoryId: q.categoryId,
});

/**
 * 库存报表 (read only, warehouse scope: HQ all, an agent its shops' warehouses, a shop its own).
 * Cost price and value at cost are in HQ's answers only.
 */
export const stockReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/style-grid`,
    {
      config: { permission: Permissions.stockList },
      schema: {
        tags,
        summary: '尺码横排：按款（可分仓库）的颜色×尺码库存表，含行列合计；总部另见成本价和库存成本金额（整个筛选的合计见 /style-grid/totals）',
        querystring: styleGridQuery,
        response: { 200: envelope(styleGridPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, STYLE_GRID_SORTS, { sort: 'styleNo', order: 'asc' });
      const byWarehouse = request.query.byWarehouse === 'true';
      return ok(await service.styleGrid(app.reportDb, await scopeOf(app, request), goodsFilter(request.query), byWarehouse, params));
    },
  );

  app.get(
    `${BASE}/style-grid/totals`,
    {
      config: { permission: Permissions.stockList },
      schema: {
        tags,
        summary: '尺码横排的整个筛选：横排表数、合计件数；总部另见库存成本金额（与分页无关，翻页不必再取）',
        querystring: styleGridTotalsQuery,
        response: { 200: envelope(styleGridTotals) },
      },
    },
    async (request) => {
      const byWarehouse = request.query.byWarehouse === 'true';
      return ok(await service.styleGridTotals(app.reportDb, await scopeOf(app, request), goodsFilter(request.query), byWarehouse));
    },
  );

  app.get(
    `${BASE}/warehouse-summary`,
    {
      config: { permission: Permissions.stockList },
      schema: {
        tags,
        summary: '按仓库汇总商品库存（款数、SKU数、数量；总部另见库存成本金额）',
        querystring: warehouseSummaryQuery,
        response: { 200: envelope(warehouseSummaryPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, WAREHOUSE_SUMMARY_SORTS, { sort: 'warehouse', order: 'asc' });
      return ok(await service.warehouseSummary(app.reportDb, await scopeOf(app, request), goodsFilter(request.query), params));
    },
  );

  app.get(
    `${BASE}/moves`,
    {
      // the movements list serves both 库存查询 and the drill-down of 库存报表
      config: { permission: [Permissions.stockList, Permissions.stockStats] },
      schema: {
        tags,
        summary: '库存流水明细（一个SKU、一个款或一个物料；含单据编号、类型和每个仓库的结存；可按日期和库存报表栏目筛选）',
        description: '需要「库存查询」或「库存报表」页面权限。',
        querystring: reportMovesQuery,
        response: { 200: envelope(pageOf(stockMoveDetailRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, REPORT_MOVE_SORTS, { sort: 'id', order: 'desc' });
      const { column, ...rest } = request.query;
      const query = { ...rest, column: column as InventoryColumnKey | undefined };
      return ok(await service.reportMoves(app.reportDb, await scopeOf(app, request), query, params));
    },
  );

  app.get(
    `${BASE}/in-transit`,
    {
      config: { permission: Permissions.stockStats },
      schema: {
        tags,
        summary: '在途统计：已发货未收货的调拨单（调出或调入仓库可见即可见），含合计',
        querystring: inTransitQuery,
        response: { 200: envelope(inTransitPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, IN_TRANSIT_SORTS, { sort: 'shippedAt', order: 'desc' });
      const { warehouseId, dateFrom, dateTo, keyword } = request.query;
      return ok(await service.inTransit(app.reportDb, await scopeOf(app, request), { warehouseId, dateFrom, dateTo, keyword: keyword || undefined }, params));
    },
  );

  app.get(
    `${BASE}/inventory`,
    {
      config: { permission: Permissions.stockStats },
      schema: {
        tags,
        summary: '库存报表（进销存）：期间内按SKU或按款的期初、各类入库、各类出库和期末数量（只列有数的行），含合计',
        querystring: inventoryQuery,
        response: { 200: envelope(inventoryPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, INVENTORY_SORTS, { sort: 'styleNo', order: 'asc' });
      const { dateFrom, dateTo, warehouseId, groupBy = 'sku' } = request.query;
      const filter = { ...goodsFilter(request.query), shelfId: undefined, dateFrom, dateTo, warehouseId, groupBy };
      return ok(await service.inventoryReport(app.reportDb, await scopeOf(app, request), filter, params));
    },
  );
};
