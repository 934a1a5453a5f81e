import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Permissions } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { parseListParams, type ListParams } from '../../http/list-params.ts';
import { getShelf } from '../warehouses/shelves.service.ts';
import { shelfStockQuery } from '../warehouses/shelves.schema.ts';
import { idParams } from '../warehouses/warehouses.schema.ts';
import { scopeOf, type WarehouseScope } from '../warehouses/warehouse-scope.ts';
import { pageBalances } from './stock-read.service.ts';
import { stockBalanceRecord } from './stock.schema.ts';

const tags = ['shelves'];
const SHELVES = '/admin/api/v1/shelves';

/** 货架库存: the shelf's non-zero balances, SKUs with style no., colour, size and barcode (and materials). */
async function shelfStock(db: Db, scope: WarehouseScope, id: number, keyword: string | undefined, page: ListParams<string>) {
  const shelf = await getShelf(db, scope, id);
  const filter = { warehouseId: shelf.warehouseId, shelfId: id, keyword, includeZero: false };
  // always by style no., whatever the query asked
  return pageBalances(db, scope, filter, { ...page, sortColumn: 'style_no', order: 'asc' });
}

/** A shelf's stock: the warehouses module owns the shelf, this one its balances. */
export const shelfStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${SHELVES}/:id/stock`,
    {
      config: { permission: Permissions.shelfList },
      schema: {
        tags,
        summary: '货架库存（数量非零的商品SKU与物料，按款号排序）',
        params: idParams,
        querystring: shelfStockQuery,
        response: { 200: envelope(pageOf(stockBalanceRecord)) },
      },
    },
    async (request) => {
      const params = parseListParams(request.query, { styleNo: 'style_no' }, { sort: 'styleNo', order: 'asc' });
      const scope = await scopeOf(app, request);
      return ok(await shelfStock(app.db, scope, request.params.id, request.query.keyword || undefined, params));
    },
  );
};
