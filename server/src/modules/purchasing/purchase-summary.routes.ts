import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { contextOf } from '../stock-docs/kind-spec.ts';
import { purchaseScope } from './purchase-scope.ts';
import { SUMMARY_SORTS, summaryQuery, summaryRecord } from './purchase-summary.schema.ts';
import * as service from './purchase-summary.service.ts';

const tags = ['purchase-summary'];

/** 采购汇总 (read only; reads the report database when one is configured). */
export const purchaseSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/v1/purchase/summary',
    {
      config: { permission: Permissions.purchaseSummaryList },
      schema: {
        tags,
        summary: '采购汇总：按供应商、款式或月份统计下单、收货、退货的数量和金额（按下单日期，不含草稿）',
        querystring: summaryQuery,
        response: { 200: envelope(pageOf(summaryRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, SUMMARY_SORTS, { sort: 'orderedAmountFen', order: 'desc' });
      const { groupBy, from, to, supplierId, keyword } = request.query;
      const scope = purchaseScope((await contextOf(app, request)).scope);
      return ok(await service.purchaseSummary(app.reportDb, scope, { groupBy, from, to, supplierId, keyword: keyword || undefined }, params));
    },
  );
};
