import { INBOUND_TYPES, StockDocMessages } from '@erp/shared';
import { badRequest } from '../../../http/app-error.ts';
import { postMoves } from '../../stock/stock-posting.ts';
import { runSourceHook } from '../../../kernel/documents/source-hooks.ts';
import { goodsReceived } from '../../../kernel/documents/receipt-listeners.ts';
import type { KindSpec } from '../kind-spec.ts';
import { sourcedOf } from '../source-of.ts';
import { postingLines } from '../posting-lines.repo.ts';
import { postedQuantity, oneWarehouseHeader } from './common.ts';

/**
 * 入库: goods received into a warehouse, put away to the line's shelf (or the warehouse floor).
 * Lines carry the expected quantities; the scan page counts what actually arrived, and once
 * scanning started the scanned quantities are what posts (lines scanned 0 post nothing).
 * A receipt made from another document (a purchase order's receipt) tells its source's module
 * through the kernel's source hooks, in the same transaction, when it posts or is voided.
 */
export const inboundSpec: KindSpec = {
  kind: 'inbound',
  header: (trx, ctx, input, current, defer) =>
    oneWarehouseHeader(trx, ctx, input, { bizTypes: INBOUND_TYPES, transitRefused: '在途仓是虚拟仓，不能直接入库', withShop: false }, current, defer),
  // scanned quantities come from scanning only, never from the form
  async lines(_trx, _ctx, _header, lines) {
    return lines.map((l) => ({ ...l, actual_quantity: null }));
  },
  scan: { newLines: false, allowOver: false },
  effects: {
    async post(trx, ctx, doc) {
      const lines = (await postingLines(trx, doc.id)).map((l) => ({ line: l, quantity: postedQuantity(doc, l) })).filter((l) => l.quantity > 0);
      if (lines.length === 0) throw badRequest(StockDocMessages.noLines);
      await postMoves(trx, {
        docType: 'inbound',
        documentType: 'stock_doc',
        docId: doc.id,
        userId: ctx.userId,
        lines: lines.map(({ line, quantity }) => ({
          lineId: line.id,
          warehouseId: doc.warehouse_id,
          shelfId: line.shelf_id,
          skuId: line.sku_id,
          materialId: line.material_id,
          quantity,
          unitCostFen: line.unit_cost_fen,
        })),
      });
      await runSourceHook(trx, 'posted', {
        userId: ctx.userId,
        document: sourcedOf(doc),
        lines: lines.map(({ line, quantity }) => ({ skuId: line.sku_id, materialId: line.material_id, quantity })),
      });
      const skuIds = [...new Set(lines.map(({ line }) => line.sku_id).filter((id): id is number => id !== null))];
      await goodsReceived(trx, { userId: ctx.userId, docId: doc.id, warehouseId: doc.warehouse_id, skuIds, sourceType: doc.source_type, sourceId: doc.source_id });
    },
  },
};
