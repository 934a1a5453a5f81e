import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams } from '../../http/list-params.ts';
import { contextOf } from '../stock-docs/kind-spec.ts';
import {
  ORDER_PAYABLE_SORTS,
  orderPayableRecord,
  orderPayablesQuery,
  PAYABLE_ENTRY_SORTS,
  payableEntriesQuery,
  payableEntryRecord,
  payablesQuery,
  SUPPLIER_PAYABLE_SORTS,
  supplierPayableRecord,
} from './purchase-payables.schema.ts';
import * as service from './purchase-payables.service.ts';
import { purchaseScope } from './purchase-scope.ts';

const tags = ['purchase-payables'];
const BASE = '/admin/api/v1/purchase/payables';

/** 应付账款 (read only): HQ all suppliers; a supplier would see only itself; anyone else nothing. */
export const purchasePayablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = async (request: Parameters<typeof contextOf>[1]) => purchaseScope((await contextOf(app, request)).scope);

  app.get(
    `${BASE}/page`,
    {
      config: { permission: Permissions.purchasePayableList },
      schema: { tags, summary: '应付账款：按供应商汇总（收货金额、退货金额、应付）', querystring: payablesQuery, response: { 200: envelope(pageOf(supplierPayableRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, SUPPLIER_PAYABLE_SORTS, { sort: 'supplierCode', order: 'asc' });
      const { keyword, supplierId } = request.query;
      return ok(await service.supplierPayables(app.db, await scopeOf(request), { keyword: keyword || undefined, supplierId }, params));
    },
  );

  app.get(
    `${BASE}/orders`,
    {
      config: { permission: Permissions.purchasePayableList },
      schema: {
        tags,
        summary: '应付账款：某供应商按采购订单汇总（无订单的退货合为一行）',
        querystring: orderPayablesQuery,
        response: { 200: envelope(pageOf(orderPayableRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, ORDER_PAYABLE_SORTS, { sort: 'orderNo', order: 'desc' });
      return ok(await service.orderPayables(app.db, await scopeOf(request), request.query.supplierId, params));
    },
  );

  app.get(
    `${BASE}/entries`,
    {
      config: { permission: Permissions.purchasePayableList },
      schema: { tags, summary: '应付账款明细（最新在前）', querystring: payableEntriesQuery, response: { 200: envelope(pageOf(payableEntryRecord)) } },
    },
    async (request) => {
      const params = parseListParams(request.query, PAYABLE_ENTRY_SORTS, { sort: 'id', order: 'desc' });
      const { supplierId, purchaseOrderId, from, to } = request.query;
      return ok(await service.payableEntries(app.db, await scopeOf(request), { supplierId, purchaseOrderId, from, to }, params));
    },
  );
};
