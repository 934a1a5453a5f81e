import { StockDocMessages, StockKindMessages } from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import { badRequest, conflict } from '../../../http/app-error.ts';
import { postMoves } from '../../stock/stock-posting.ts';
import { warehouseInScope } from '../doc-lines.ts';
import type { KindSpec } from '../kind-spec.ts';
import { postingLines } from '../posting-lines.repo.ts';
import { emptyHeader, remarkOf } from './common.ts';

/**
 * 期初: a warehouse's opening stock with unit costs, imported once, before the warehouse has any
 * stock move. One live (non-void) opening per warehouse (unique index stock_docs_opening_key);
 * posting locks it for good (the machine has no void after posting).
 */

/**
 * Refuses a second opening, or one for a warehouse that already moved stock. Holds the warehouse
 * row for update so two imports (or an import and a posting) for one warehouse queue here and the
 * second sees the first.
 */
export async function assertOpeningAllowed(trx: Db, warehouse: { id: number; name: string }, exceptDocId: number | null): Promise<void> {
  await trx.selectFrom('warehouses').select('id').where('id', '=', warehouse.id).forUpdate().execute();
  let existing = trx.selectFrom('stock_docs').select('id').where('kind', '=', 'opening').where('warehouse_id', '=', warehouse.id).where('status', '<>', 'void');
  if (exceptDocId !== null) existing = existing.where('id', '<>', exceptDocId);
  if (await existing.executeTakeFirst()) throw conflict(StockDocMessages.openingExists(warehouse.name));
  await assertNoMoves(trx, warehouse);
}

async function assertNoMoves(trx: Db, warehouse: { id: number; name: string }) {
  const moved = await trx.selectFrom('stock_moves').select('id').where('warehouse_id', '=', warehouse.id).limit(1).executeTakeFirst();
  if (moved) throw conflict(StockDocMessages.openingHasMoves(warehouse.name));
}

export const openingSpec: KindSpec = {
  kind: 'opening',
  async header(trx, ctx, input, current) {
    const warehouse = await warehouseInScope(trx, ctx.scope, input.warehouseId);
    if (warehouse.type === 'transit') throw badRequest(StockKindMessages.openingTransit);
    await assertOpeningAllowed(trx, warehouse, current?.id ?? null);
    return { ...emptyHeader(warehouse.id), remark: remarkOf(input) };
  },
  async lines(_trx, _ctx, _header, lines) {
    lines.forEach((l, i) => {
      if (l.unit_cost_fen === null) throw badRequest(StockKindMessages.openingCostRequired(i + 1));
    });
    return lines.map((l) => ({ ...l, leg: '' as const, actual_quantity: null }));
  },
  effects: {
    async post(trx, ctx, doc) {
      const warehouse = await trx.selectFrom('warehouses').select(['id', 'name']).where('id', '=', doc.warehouse_id).forUpdate().executeTakeFirstOrThrow();
      // stock may have moved since the draft was made
      await assertNoMoves(trx, warehouse);
      const lines = await postingLines(trx, doc.id);
      if (lines.length === 0) throw badRequest(StockDocMessages.noLines);
      await postMoves(trx, {
        docType: 'opening',
        documentType: 'stock_doc',
        docId: doc.id,
        userId: ctx.userId,
        lines: lines.map((l) => ({
          lineId: l.id,
          warehouseId: doc.warehouse_id,
          shelfId: l.shelf_id,
          skuId: l.sku_id,
          materialId: l.material_id,
          quantity: l.quantity,
          unitCostFen: l.unit_cost_fen,
        })),
      });
    },
  },
};
