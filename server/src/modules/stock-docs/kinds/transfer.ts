import { StockDocMessages, type StockLineInput } from '@erp/shared';
import type { Db } from '../../../db/database.ts';
import { badRequest } from '../../../http/app-error.ts';
import { postMoves } from '../../stock/stock-posting.ts';
import { warehouseInScope } from '../doc-lines.ts';
import type { KindSpec } from '../kind-spec.ts';
import { refreshTotals, transitWarehouse, updateDoc } from '../stock-docs.repo.ts';
import { type PostingLine, postingLines } from '../posting-lines.repo.ts';
import { runSourceHook, type SourcedLine } from '../../../kernel/documents/source-hooks.ts';
import { sourcedOf } from '../source-of.ts';
import { dateOf, emptyHeader, remarkOf } from './common.ts';
import { actualsOf, writeActuals } from './line-actuals.ts';

export const TransferMessages = {
  transitSource: '在途仓是虚拟仓，不能作为调出仓库',
  transitTarget: '在途仓是虚拟仓，不能作为调入仓库',
  sourcedNoEdit: '配货出库单由订货单生成，不能编辑；如需调整请作废后重新生成',
  returnNoEdit: '退货调拨单由退货单生成，不能编辑；如需调整请作废退货单后重新申请',
} as const;

/** The business type of a transfer made from a sales order's allocation: 配货出库 (it carries the order's prices). */
export const DELIVERY_BIZ_TYPE = 'delivery';
/** A transfer made from an after-sales return: the goods travel back from the shop to HQ at the order's prices. */
export const RETURN_BIZ_TYPE = 'sales_return';
const SOURCED_BIZ_TYPES = new Set<string>([DELIVERY_BIZ_TYPE, RETURN_BIZ_TYPE]);

const sourcedLine = (l: PostingLine, quantity: number): SourcedLine => ({ skuId: l.sku_id, materialId: l.material_id, quantity, sourceLineId: l.source_line_id });

/** The in-transit warehouse goods wait in: the enabled transit warehouse with the lowest id. */
async function transitWarehouseId(trx: Db): Promise<number> {
  const row = await transitWarehouse(trx);
  if (!row) throw badRequest(StockDocMessages.transitMissing);
  return row.id;
}

/**
 * 调拨: goods move from a source warehouse (optionally picked from a shelf) to a destination in
 * two postings. Ship takes the shipped quantities out of the source into the transit warehouse
 * (transfer_out); receive takes them out of transit and puts what arrived into the destination
 * (transfer_in). What arrived is typed in per line, or scanned (scanning started), or else taken
 * as shipped; a difference needs a reason and stays on the lines. Voiding reverses both postings.
 * The destination receives: outside HQ, receiving needs the destination in the caller's scope.
 */
export const transferSpec: KindSpec = {
  kind: 'transfer',
  async header(trx, ctx, input, current) {
    // a 配货出库's lines and parties belong to the orders it was made from
    if (current && current.source_type !== '') throw badRequest(current.biz_type === RETURN_BIZ_TYPE ? TransferMessages.returnNoEdit : TransferMessages.sourcedNoEdit);
    const source = await warehouseInScope(trx, ctx.scope, input.warehouseId);
    if (source.type === 'transit') throw badRequest(TransferMessages.transitSource);
    const target = await warehouseInScope(trx, ctx.scope, input.toWarehouseId, StockDocMessages.toWarehouseRequired);
    if (target.type === 'transit') throw badRequest(TransferMessages.transitTarget);
    if (target.id === source.id) throw badRequest(StockDocMessages.sameWarehouse);
    return {
      ...emptyHeader(source.id),
      biz_type: input.sourceType && input.bizType && SOURCED_BIZ_TYPES.has(input.bizType) ? input.bizType : '',
      to_warehouse_id: target.id,
      transit_warehouse_id: await transitWarehouseId(trx),
      expected_date: dateOf(input.expectedDate),
      remark: remarkOf(input),
      source_type: (input.sourceType ?? '').slice(0, 32),
      source_id: input.sourceId ?? null,
      source_no: (input.sourceNo ?? '').slice(0, 64),
    };
  },
  // received quantities are measured at the destination, never typed in with the draft
  async lines(_trx, _ctx, _header, lines) {
    return lines.map((l) => ({ ...l, leg: '', actual_quantity: null }));
  },
  scan: { newLines: false, allowOver: false },
  actionWarehouse: { receive: 'to_warehouse_id', scan: 'to_warehouse_id' },
  effects: {
    async ship(trx, ctx, doc) {
      const lines = await postingLines(trx, doc.id);
      if (lines.length === 0) throw badRequest(StockDocMessages.noLines);
      const transit = doc.transit_warehouse_id ?? (await transitWarehouseId(trx));
      if (!doc.transit_warehouse_id) await updateDoc(trx, doc.id, { transit_warehouse_id: transit });
      const moves: StockLineInput[] = lines.flatMap((l) => [
        { lineId: l.id, warehouseId: doc.warehouse_id, shelfId: l.shelf_id, skuId: l.sku_id, materialId: l.material_id, quantity: -l.quantity, unitCostFen: l.unit_cost_fen },
        { lineId: l.id, warehouseId: transit, shelfId: null, skuId: l.sku_id, materialId: l.material_id, quantity: l.quantity, unitCostFen: l.unit_cost_fen },
      ]);
      // a 配货出库 carries the very pieces 配货 held for its orders
      const holds = doc.biz_type === DELIVERY_BIZ_TYPE ? 'carried' : 'guarded';
      await postMoves(trx, { docType: 'transfer_out', documentType: 'stock_doc', docId: doc.id, userId: ctx.userId, lines: moves, pick: true, holds });
      if (doc.source_type) {
        await runSourceHook(trx, 'shipped', { userId: ctx.userId, document: sourcedOf(doc), lines: lines.map((l) => sourcedLine(l, l.quantity)) });
      }
    },
    async receive(trx, ctx, doc, input) {
      const lines = await postingLines(trx, doc.id);
      const typed = actualsOf(input, lines);
      const received = (l: (typeof lines)[number]) => typed.get(l.id) ?? (doc.scan_started ? (l.actual_quantity ?? 0) : l.quantity);
      if (lines.some((l) => received(l) !== l.quantity)) {
        if (!input.reason) throw badRequest(StockDocMessages.reasonRequired);
        await updateDoc(trx, doc.id, { difference_reason: input.reason });
      }
      await writeActuals(trx, lines, received);
      await refreshTotals(trx, doc.id);
      const transit = doc.transit_warehouse_id!;
      const moves: StockLineInput[] = lines.flatMap((l) => {
        const q = received(l);
        const out: StockLineInput = {
          lineId: l.id,
          warehouseId: transit,
          shelfId: null,
          skuId: l.sku_id,
          materialId: l.material_id,
          quantity: -l.quantity,
          unitCostFen: l.unit_cost_fen,
        };
        if (q === 0) return [out];
        return [out, { lineId: l.id, warehouseId: doc.to_warehouse_id!, shelfId: null, skuId: l.sku_id, materialId: l.material_id, quantity: q, unitCostFen: l.unit_cost_fen }];
      });
      await postMoves(trx, { docType: 'transfer_in', documentType: 'stock_doc', docId: doc.id, userId: ctx.userId, lines: moves });
      if (doc.source_type) {
        await runSourceHook(trx, 'received', { userId: ctx.userId, document: sourcedOf(doc), lines: lines.map((l) => sourcedLine(l, received(l))) });
      }
    },
  },
};
