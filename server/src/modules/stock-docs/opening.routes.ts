import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions, StockKindMessages } from '@erp/shared';
import { badRequest } from '../../http/app-error.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { scopeOf } from '../warehouses/warehouse-scope.ts';
import { warehouseInScope } from './doc-lines.ts';
import { checkImportRows } from './imports/import-check.ts';
import { importCheckAnswer, openingCheckBody } from './imports/import.schema.ts';
import { assertOpeningAllowed } from './kinds/opening.ts';

const tags = ['stock-docs:opening'];

/**
 * 期初 import check: the warehouse must still take an opening (409 otherwise, the same answer as
 * creating one), then every row is checked (barcode, quantity ≥ 1, unit cost in yuan, shelf code of
 * the warehouse). Writes nothing.
 */
export const openingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/api/v1/stock-docs/opening/import/check',
    {
      config: { permission: Permissions.openingAdd },
      schema: { tags, summary: '期初导入检查（仓库能否导入期初；每个有问题的行及原因；不写入）', body: openingCheckBody, response: { 200: envelope(importCheckAnswer) } },
    },
    async (request) => {
      const scope = await scopeOf(app, request);
      const { warehouseId, rows } = request.body;
      await app.db.transaction().execute(async (trx) => {
        const warehouse = await warehouseInScope(trx, scope, warehouseId);
        if (warehouse.type === 'transit') throw badRequest(StockKindMessages.openingTransit);
        await assertOpeningAllowed(trx, warehouse, null);
      });
      return ok(await checkImportRows(app.db, rows, { minQuantity: 1, withCost: true, warehouseId }));
    },
  );
};
