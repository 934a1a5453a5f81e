import { StockDocMessages, StockKindMessages } from '@erp/shared';
import { badRequest } from '../../../http/app-error.ts';
import { postMoves } from '../../stock/stock-posting.ts';
import { warehouseInScope } from '../doc-lines.ts';
import type { KindSpec } from '../kind-spec.ts';
import { postingLines } from '../posting-lines.repo.ts';
import { runSourceHook } from '../../../kernel/documents/source-hooks.ts';
import { sourcedOf } from '../source-of.ts';
import { emptyHeader, remarkOf } from './common.ts';

/**
 * 换货: a shop sends goods back (leg 'in': shop warehouse → HQ side) and gets other goods
 * (leg 'out': HQ side → shop warehouse). Both legs post in one call, so a shortfall on either
 * refuses the whole exchange. Shelves on lines are HQ-side shelves; the shop side posts to its floor.
 */
export const exchangeSpec: KindSpec = {
  kind: 'exchange',
  async header(trx, ctx, input, current) {
    // a swap order's exchange: its lines and parties belong to the swap
    if (current && current.source_type !== '') throw badRequest(StockKindMessages.exchangeSourcedNoEdit);
    const warehouse = await warehouseInScope(trx, ctx.scope, input.warehouseId);
    if (warehouse.type === 'shop' || warehouse.type === 'transit') throw badRequest(StockKindMessages.exchangeHqSide);
    const shopId = input.shopId;
    if (shopId === null || shopId === undefined) throw badRequest(StockKindMessages.exchangeShopRequired);
    const shop = Number.isSafeInteger(shopId) && shopId > 0 ? await trx.selectFrom('shops').select(['id', 'name']).where('id', '=', shopId).executeTakeFirst() : undefined;
    if (!shop) throw badRequest('门店不存在');
    const shopWarehouse = await trx.selectFrom('warehouses').select('id').where('shop_id', '=', shop.id).executeTakeFirst();
    if (!shopWarehouse) throw badRequest(StockKindMessages.exchangeShopNoWarehouse(shop.name));
    // the shop's warehouse must be one the caller may use, too (404 like a missing one)
    const to = await warehouseInScope(trx, ctx.scope, shopWarehouse.id);
    return {
      ...emptyHeader(warehouse.id),
      to_warehouse_id: to.id,
      shop_id: shop.id,
      remark: remarkOf(input),
      source_type: (input.sourceType ?? '').slice(0, 32),
      source_id: input.sourceId ?? null,
      source_no: (input.sourceNo ?? '').slice(0, 64),
    };
  },
  async lines(_trx, _ctx, _header, lines) {
    lines.forEach((l, i) => {
      if (l.leg !== 'in' && l.leg !== 'out') throw badRequest(StockKindMessages.exchangeLegRequired(i + 1));
      l.actual_quantity = null;
    });
    if (!lines.some((l) => l.leg === 'in') || !lines.some((l) => l.leg === 'out')) throw badRequest(StockKindMessages.exchangeBothLegs);
    return lines;
  },
  effects: {
    async post(trx, ctx, doc) {
      const lines = await postingLines(trx, doc.id);
      if (lines.length === 0) throw badRequest(StockDocMessages.noLines);
      const shopSide = doc.to_warehouse_id!;
      const item = (l: (typeof lines)[number]) => ({ lineId: l.id, skuId: l.sku_id, materialId: l.material_id, unitCostFen: l.unit_cost_fen });
      await postMoves(trx, {
        docType: 'exchange',
        documentType: 'stock_doc',
        docId: doc.id,
        userId: ctx.userId,
        pick: true,
        lines: lines.flatMap((l) =>
          l.leg === 'in'
            ? [
                { ...item(l), warehouseId: shopSide, shelfId: null, quantity: -l.quantity },
                { ...item(l), warehouseId: doc.warehouse_id, shelfId: l.shelf_id, quantity: l.quantity },
              ]
            : [
                { ...item(l), warehouseId: doc.warehouse_id, shelfId: l.shelf_id, quantity: -l.quantity },
                { ...item(l), warehouseId: shopSide, shelfId: null, quantity: l.quantity },
              ],
        ),
      });
      // a swap order learns that both legs moved, in the same transaction
      if (doc.source_type) {
        await runSourceHook(trx, 'posted', {
          userId: ctx.userId,
          document: sourcedOf(doc),
          lines: lines.map((l) => ({ skuId: l.sku_id, materialId: l.material_id, quantity: l.quantity, sourceLineId: l.source_line_id })),
        });
      }
    },
  },
};
