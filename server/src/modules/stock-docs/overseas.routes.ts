import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import { z } from 'zod';
import { envelope, ok } from '../../http/envelope.ts';
import { checkImportRows } from './imports/import-check.ts';
import { importCheckAnswer, overseasCheckBody, overseasComparisonLine } from './imports/import.schema.ts';
import { overseasComparison } from './kinds/overseas-comparison.ts';
import { idParams } from './stock-docs.schema.ts';
import { contextOf } from './kind-spec.ts';

const BASE = '/admin/api/v1/stock-docs/overseas';
const tags = ['stock-docs:overseas'];

/** 海外仓 extras beside the generic document routes: the import check and the detail's comparison. */
export const overseasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${BASE}/import/check`,
    {
      config: { permission: Permissions.overseasAdd },
      schema: { tags, summary: '海外仓导入检查（条码→SKU；列出每个有问题的行及原因；不写入）', body: overseasCheckBody, response: { 200: envelope(importCheckAnswer) } },
    },
    async (request) => {
      const minQuantity = (request.body.bizType ?? 'snapshot') === 'snapshot' ? 0 : 1;
      return ok(await checkImportRows(app.db, request.body.rows, { minQuantity }));
    },
  );

  app.get(
    `${BASE}/:id/comparison`,
    {
      config: { permission: Permissions.overseasList },
      schema: { tags, summary: '海外仓单据对照：快照数量、当前账面、累计收货、差异', params: idParams, response: { 200: envelope(z.array(overseasComparisonLine)) } },
    },
    async (request) => ok(await overseasComparison(app.db, await contextOf(app, request), request.params.id)),
  );
};
