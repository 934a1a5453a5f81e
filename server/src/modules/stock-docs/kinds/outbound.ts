import { OUTBOUND_MANUAL_TYPES, OUTBOUND_TYPES, Permissions, StockDocMessages } from '@erp/shared';
import { badRequest, forbidden } from '../../../http/app-error.ts';
import { postMoves } from '../../stock/stock-posting.ts';
import { runSourceHook } from '../../../kernel/documents/source-hooks.ts';
import type { KindSpec } from '../kind-spec.ts';
import { sourcedOf } from '../source-of.ts';
import { updateDoc } from '../stock-docs.repo.ts';
import { postingLines } from '../posting-lines.repo.ts';
import { hasDifference, postedQuantity, oneWarehouseHeader } from './common.ts';

/**
 * 出库: goods leaving a warehouse, picked from the line's shelf. Scanning checks each piece against
 * the expected lines (unknown, unexpected and over-picked barcodes are refused). Posting with a
 * difference between expected and scanned needs a reason and the 差异出库 permission.
 * An outbound made from another document (a purchase refund) tells its source's module through
 * the kernel's source hooks, in the same transaction, when it posts or is voided.
 */
export const outboundSpec: KindSpec = {
  kind: 'outbound',
  // a hand-made outbound names no buyer: goods for a shop go on a 配货出库 through 在途 (issue 26)
  header: (trx, ctx, input, current, defer) =>
    oneWarehouseHeader(
      trx,
      ctx,
      input,
      { bizTypes: input.sourceType ? OUTBOUND_TYPES : OUTBOUND_MANUAL_TYPES, transitRefused: '在途仓是虚拟仓，不能直接出库', withShop: false },
      current,
      defer,
    ),
  // scanned quantities come from scanning only, never from the form
  async lines(_trx, _ctx, _header, lines) {
    return lines.map((l) => ({ ...l, actual_quantity: null }));
  },
  scan: { newLines: false, allowOver: false },
  effects: {
    async post(trx, ctx, doc, input) {
      const all = await postingLines(trx, doc.id);
      if (hasDifference(doc, all)) {
        if (!ctx.permissions.has(Permissions.outboundDifference)) throw forbidden(StockDocMessages.differenceForbidden);
        if (!input.reason) throw badRequest(StockDocMessages.reasonRequired);
        await updateDoc(trx, doc.id, { difference_reason: input.reason });
      }
      const lines = all.map((l) => ({ line: l, quantity: postedQuantity(doc, l) })).filter((l) => l.quantity > 0);
      if (lines.length === 0) throw badRequest(StockDocMessages.noLines);
      await postMoves(trx, {
        docType: 'outbound',
        documentType: 'stock_doc',
        docId: doc.id,
        userId: ctx.userId,
        pick: true,
        lines: lines.map(({ line, quantity }) => ({
          lineId: line.id,
          warehouseId: doc.warehouse_id,
          shelfId: line.shelf_id,
          skuId: line.sku_id,
          materialId: line.material_id,
          quantity: -quantity,
          unitCostFen: line.unit_cost_fen,
        })),
      });
      await runSourceHook(trx, 'posted', {
        userId: ctx.userId,
        document: sourcedOf(doc),
        lines: lines.map(({ line, quantity }) => ({ skuId: line.sku_id, materialId: line.material_id, quantity })),
      });
    },
  },
};
