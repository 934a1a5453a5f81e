import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { envelope, ok } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { requestContext } from '../../http/request-context.ts';
import {
  BILL_SORTS,
  billPage,
  billQuery,
  optionsAnswer,
  SHIPPING_SORTS,
  shippingPage,
  shippingQuery,
  STYLE_SUMMARY_SORTS,
  styleSummaryPage,
  styleSummaryQuery,
  SUMMARY_SORTS,
  summaryPage,
  summaryQuery,
} from './sales-reports.schema.ts';
import * as service from './sales-reports.service.ts';

export const ORDERING_REPORTS_BASE = '/admin/api/v1/ordering/reports';
const BASE = ORDERING_REPORTS_BASE;
const tags = ['ordering-reports'];
const { orderingReportShipping: SHIPPING, orderingReportSummary: SUMMARY, orderingReportBill: BILL } = Permissions;
const SCOPE = '（总部全部；代理商本公司及下属门店的订单；门店本店收货的订单；不含草稿）';

/** 订货报表 (read only; the report database when one is configured): 发货明细, 订货汇总, 订货对账单. */
export const salesReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = async (request: Parameters<typeof requestContext>[1]) => (await requestContext(app, request)).scope;

  app.get(
    `${BASE}/shipping`,
    {
      config: { permission: SHIPPING },
      schema: {
        tags,
        summary: `发货明细：每个订单行的订货、审核、配货、已发、已收、未发数量，含整个筛选的合计${SCOPE}`,
        querystring: shippingQuery,
        response: { 200: envelope(shippingPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, SHIPPING_SORTS, { sort: 'orderDate', order: 'desc' });
      return ok(await service.shippingDetails(app.reportDb, await scopeOf(request), request.query, params));
    },
  );

  app.get(
    `${BASE}/summary/styles`,
    {
      config: { permission: SUMMARY },
      schema: {
        tags,
        summary: `订货汇总（按款）：每款的颜色×尺码横排（所选项目）及各颜色、各款的数量和金额${SCOPE}`,
        querystring: styleSummaryQuery,
        response: { 200: envelope(styleSummaryPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, STYLE_SUMMARY_SORTS, { sort: 'styleNo', order: 'asc' });
      const { measure, ...query } = request.query;
      return ok(await service.styleSummary(app.reportDb, await scopeOf(request), query, measure, params));
    },
  );

  for (const [path, group, title] of [
    ['buyers', 'buyer', '按购货方'],
    ['seasons', 'season', '按订货季'],
  ] as const) {
    app.get(
      `${BASE}/summary/${path}`,
      {
        config: { permission: SUMMARY },
        schema: {
          tags,
          summary: `订货汇总（${title}）：订单数及订货、审核、已发、已收、未发的数量和金额${SCOPE}`,
          querystring: summaryQuery,
          response: { 200: envelope(summaryPage) },
        },
      },
      async (request) => {
        const params = parseListParams(request.query, SUMMARY_SORTS, { sort: 'key', order: 'asc' });
        return ok(await service.summary(app.reportDb, await scopeOf(request), request.query, group, params));
      },
    );
  }

  app.get(
    `${BASE}/bill`,
    {
      config: { permission: BILL },
      schema: {
        tags,
        summary: '订货对账单：一个购货方在对账期间（按下单日期，最长366天）的订单、审核金额和已发金额及合计；代理商可选本公司或下属门店，门店只能是本店',
        querystring: billQuery,
        response: { 200: envelope(billPage) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, BILL_SORTS, { sort: 'orderDate', order: 'asc' });
      return ok(await service.bill(app.reportDb, await scopeOf(request), request.query, params));
    },
  );

  app.get(
    `${BASE}/options`,
    {
      config: { permission: [SHIPPING, SUMMARY, BILL] },
      schema: { tags, summary: `订货报表筛选项：订单中的订货季、购货方和收货门店${SCOPE}`, response: { 200: envelope(optionsAnswer) } },
    },
    async (request) => ok(await service.reportOptions(app.reportDb, await scopeOf(request))),
  );
};
