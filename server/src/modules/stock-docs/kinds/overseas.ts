import { OVERSEAS_TYPES, STOCK_QUANTITY_MAX, StockDocMessages, StockKindMessages } from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import { badRequest } from '../../../http/app-error.ts';
import { lockBook, postMoves } from '../../stock/stock-posting.ts';
import { warehouseInScope } from '../doc-lines.ts';
import type { DocActionInput, KindSpec } from '../kind-spec.ts';
import { refreshTotals, type DocRow, type LineValues } from '../stock-docs.repo.ts';
import { postingLines, type PostingLine } from '../posting-lines.repo.ts';
import { bizTypeOf, emptyHeader, remarkOf } from './common.ts';

/**
 * 海外仓: stock held by an overseas warehouse. 'receipt' lines are goods it received (+q on post);
 * a 'snapshot' carries the warehouse's own counts (actual_quantity) and posts counted − book, the
 * book read under the balance locks at posting and kept in `quantity` so the detail shows the
 * difference. Before posting, `quantity` of a snapshot line is the book when it was last saved.
 */

type BalanceKey = { warehouseId: number; shelfId: number; skuId: number; materialId: number };
const keyOf = (warehouseId: number, l: Pick<LineValues, 'shelf_id' | 'sku_id' | 'material_id'>): BalanceKey => ({
  warehouseId,
  shelfId: l.shelf_id ?? 0,
  skuId: l.sku_id ?? 0,
  materialId: l.material_id ?? 0,
});
const keyText = (k: BalanceKey) => `${k.shelfId}:${k.skuId}:${k.materialId}`;
/** The line column holds 0…1 000 000; a book outside that (negative stock) is shown clamped. */
const storedBook = (book: number) => Math.min(Math.max(book, 0), STOCK_QUANTITY_MAX);

/** Current book of each line's place and item (no lock: a preview for drafts). */
async function bookPreview(trx: Db, warehouseId: number, lines: readonly LineValues[]): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('stock_balances').select(['shelf_id', 'sku_id', 'material_id', 'quantity']).where('warehouse_id', '=', warehouseId).execute();
  const wanted = new Set(lines.map((l) => keyText(keyOf(warehouseId, l))));
  const book = new Map<string, number>();
  for (const r of rows) {
    const text = keyText(keyOf(warehouseId, r));
    if (wanted.has(text)) book.set(text, Number(r.quantity));
  }
  return book;
}

/** Counted quantities given with the post action replace the saved ones (line ids of this document only). */
function applyActuals(lines: PostingLine[], input: DocActionInput): void {
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const a of input.actuals ?? []) {
    const line = byId.get(a.lineId);
    if (!line) throw badRequest('明细不属于本单');
    if (!Number.isInteger(a.actualQuantity) || a.actualQuantity < 0 || a.actualQuantity > STOCK_QUANTITY_MAX) throw badRequest(StockDocMessages.actualInvalid(line.line_no));
    line.actual_quantity = a.actualQuantity;
  }
}

async function postSnapshot(trx: Db, userId: number, doc: DocRow, input: DocActionInput) {
  const lines = await postingLines(trx, doc.id);
  if (lines.length === 0) throw badRequest(StockDocMessages.noLines);
  applyActuals(lines, input);
  lines.forEach((l) => {
    if (l.actual_quantity === null) throw badRequest(StockKindMessages.snapshotCountRequired(l.line_no));
  });
  // the same lock order as postMoves (warehouse share lock, then balance rows in key order), so
  // the book cannot move between reading it and posting the difference
  const bookOf = await lockBook(
    trx,
    doc.warehouse_id,
    lines.map((l) => ({ shelfId: l.shelf_id, skuId: l.sku_id, materialId: l.material_id })),
  );
  const moves = [];
  for (const l of lines) {
    const held = bookOf({ shelfId: l.shelf_id, skuId: l.sku_id, materialId: l.material_id });
    await trx
      .updateTable('stock_doc_lines')
      .set({ quantity: storedBook(held), actual_quantity: l.actual_quantity })
      .where('id', '=', l.id)
      .execute();
    const delta = l.actual_quantity! - held;
    if (delta !== 0) {
      moves.push({ lineId: l.id, warehouseId: doc.warehouse_id, shelfId: l.shelf_id, skuId: l.sku_id, materialId: l.material_id, quantity: delta, unitCostFen: l.unit_cost_fen });
    }
  }
  await refreshTotals(trx, doc.id);
  // a snapshot equal to the book posts no moves
  if (moves.length) await postMoves(trx, { docType: 'overseas', documentType: 'stock_doc', docId: doc.id, userId, lines: moves });
}

export const overseasSpec: KindSpec = {
  kind: 'overseas',
  async header(trx, ctx, input) {
    const warehouse = await warehouseInScope(trx, ctx.scope, input.warehouseId);
    if (warehouse.type !== 'overseas') throw badRequest(StockKindMessages.overseasOnly);
    return { ...emptyHeader(warehouse.id), biz_type: bizTypeOf(input, OVERSEAS_TYPES, 'receipt'), remark: remarkOf(input) };
  },
  async lines(trx, _ctx, header, lines) {
    if (header.biz_type === 'receipt') {
      // a receipt brings goods: every line at least one (a snapshot's entered quantity is replaced by the book)
      lines.forEach((l, i) => {
        if (l.quantity < 1) throw badRequest(StockDocMessages.quantityInvalid(i + 1));
      });
      return lines.map((l) => ({ ...l, leg: '' as const, actual_quantity: null }));
    }
    lines.forEach((l, i) => {
      if (l.actual_quantity === null) throw badRequest(StockKindMessages.snapshotCountRequired(i + 1));
    });
    const book = await bookPreview(trx, header.warehouse_id, lines);
    return lines.map((l) => ({ ...l, leg: '' as const, quantity: storedBook(book.get(keyText(keyOf(header.warehouse_id, l))) ?? 0) }));
  },
  effects: {
    async post(trx, ctx, doc, input) {
      if (doc.biz_type === 'snapshot') return postSnapshot(trx, ctx.userId, doc, input);
      const lines = await postingLines(trx, doc.id);
      if (lines.length === 0) throw badRequest(StockDocMessages.noLines);
      await postMoves(trx, {
        docType: 'overseas',
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
