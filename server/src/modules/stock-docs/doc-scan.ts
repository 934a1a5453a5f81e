import { STOCK_BARCODE_MAX, STOCK_DOC_BOX_NO_MAX, StockDocMessages, type StockScanAnswer, type StockScanRecord, type StockScanResult } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { DocContext, KindSpec } from './kind-spec.ts';
import * as repo from './stock-docs.repo.ts';
import { lockForAction } from '../../kernel/documents/transition.ts';
import { assertActionWarehouse, stockDocDefinition, toLineRecord, blindLine, hidesBook } from './stock-docs.service.ts';

// 扫描: a barcode scanner types into the page; each beep is one call. A known barcode on the
// document adds one to its line's actual quantity; an unknown or unexpected one is refused but
// still logged (the page warns loudly and the log shows what was tried). Undo takes one back.

export interface ScanInput {
  barcode: string;
  boxNo?: string;
  shelfId?: number | null;
  undo?: boolean;
}

export async function scanDoc(db: Db, spec: KindSpec, ctx: DocContext, id: number, input: ScanInput): Promise<StockScanAnswer> {
  const barcode = (input.barcode ?? '').trim();
  if (!barcode) throw badRequest(StockDocMessages.scanBarcodeRequired);
  if (barcode.length > STOCK_BARCODE_MAX) throw badRequest(StockDocMessages.scanUnknown(barcode.slice(0, 20)));
  const boxNo = (input.boxNo ?? '').trim();
  if (boxNo.length > STOCK_DOC_BOX_NO_MAX) throw badRequest(`箱号最多${STOCK_DOC_BOX_NO_MAX}个字`);
  const rules = spec.scan;
  if (!rules) throw badRequest(StockDocMessages.kindMismatch);

  return db.transaction().execute(async (trx) => {
    const { row: doc } = await lockForAction(trx, stockDocDefinition(spec.kind), ctx, id, 'scan');
    // seeing a document is not enough: outside HQ the scanning side's warehouse must be the caller's
    await assertActionWarehouse(trx, spec, ctx, doc, 'scan');
    const shelfId = input.shelfId ?? null;
    if (shelfId !== null) {
      const shelf = await trx.selectFrom('shelves').select(['id', 'warehouse_id']).where('id', '=', shelfId).executeTakeFirst();
      if (!shelf || shelf.warehouse_id !== doc.warehouse_id) throw badRequest('货架不属于本单仓库');
    }
    // a count of chosen shelves counts on those shelves only, each piece on the shelf it lies on
    const scopeShelves = (doc.shelf_ids ?? []).map(Number);
    if (doc.kind === 'stocktake' && scopeShelves.length > 0) {
      if (shelfId === null) throw badRequest(StockDocMessages.scanShelfRequired);
      if (!scopeShelves.includes(shelfId)) throw badRequest(StockDocMessages.scanShelfOutOfScope);
    }
    const log = async (result: StockScanResult, skuId: number | null, lineId: number | null, delta: 1 | -1 = 1) =>
      trx
        .insertInto('stock_doc_scans')
        .values({ doc_id: id, barcode, sku_id: skuId, line_id: lineId, delta, box_no: boxNo, shelf_id: shelfId, result, created_by: ctx.userId })
        .execute();
    const refuse = async (result: StockScanResult, message: string, skuId: number | null = null): Promise<StockScanAnswer> => {
      await log(result, skuId, null);
      return { result, message, line: null, totalActual: doc.total_actual };
    };

    const sku = await repo.skuByBarcode(trx, barcode);
    if (!sku) return refuse('unknown', StockDocMessages.scanUnknown(barcode));
    // The SKU may sit on several lines (one per shelf): a scan at a shelf goes to that shelf's line
    // (only there when scans may add lines); otherwise to the first line with room left, and an undo
    // to the last line that has something scanned.
    const skuLines = await trx
      .selectFrom('stock_doc_lines')
      .select(['id', 'quantity', 'actual_quantity', 'shelf_id'])
      .where('doc_id', '=', id)
      .where('sku_id', '=', sku.id)
      .orderBy('line_no')
      .execute();
    const atShelf = skuLines.filter((l) => l.shelf_id === shelfId);
    const candidates = shelfId !== null && (rules.newLines || atShelf.length > 0) ? atShelf : skuLines;
    let line = input.undo
      ? ([...candidates].reverse().find((l) => (l.actual_quantity ?? 0) > 0) ?? candidates[0])
      : (candidates.find((l) => (l.actual_quantity ?? 0) < l.quantity) ?? candidates[0]);

    if (input.undo) {
      if (!line?.actual_quantity) throw badRequest(StockDocMessages.scanNothingToUndo);
      await trx
        .updateTable('stock_doc_lines')
        .set({ actual_quantity: line.actual_quantity - 1 })
        .where('id', '=', line.id)
        .execute();
      await log('ok', sku.id, line.id, -1);
    } else {
      if (!line) {
        if (!rules.newLines) return refuse('unexpected', StockDocMessages.scanUnexpected(barcode), sku.id);
        if (sku.status !== 'active') return refuse('disabled', StockDocMessages.scanDisabled(barcode), sku.id);
        const lineNo =
          (
            await trx
              .selectFrom('stock_doc_lines')
              .select((eb) => eb.fn.max('line_no').as('n'))
              .where('doc_id', '=', id)
              .executeTakeFirst()
          )?.n ?? 0;
        line = await trx
          .insertInto('stock_doc_lines')
          .values({ doc_id: id, line_no: Number(lineNo) + 1, sku_id: sku.id, shelf_id: shelfId, quantity: 0, actual_quantity: 0, box_no: boxNo })
          .returning(['id', 'quantity', 'actual_quantity', 'shelf_id'])
          .executeTakeFirstOrThrow();
      }
      const actual = line.actual_quantity ?? 0;
      if (!rules.allowOver && actual + 1 > line.quantity) return refuse('over', StockDocMessages.scanOver(barcode, line.quantity), sku.id);
      await trx
        .updateTable('stock_doc_lines')
        .set({ actual_quantity: actual + 1, ...(boxNo ? { box_no: boxNo } : {}) })
        .where('id', '=', line.id)
        .execute();
      await log('ok', sku.id, line.id);
    }
    await repo.updateDoc(trx, id, { scan_started: true });
    await repo.refreshTotals(trx, id);
    const fresh = (await repo.findLines(trx, id)).find((l) => l.id === line!.id)!;
    const totals = await trx.selectFrom('stock_docs').select('total_actual').where('id', '=', id).executeTakeFirstOrThrow();
    const record = toLineRecord(fresh);
    return { result: 'ok', message: '', line: hidesBook(ctx, doc) ? blindLine(record) : record, totalActual: totals.total_actual };
  });
}

export async function scanRecords(db: Db, docId: number): Promise<StockScanRecord[]> {
  const rows = await repo.scanLog(db, docId);
  return rows.map((r) => ({
    id: r.id,
    barcode: r.barcode,
    skuId: r.sku_id,
    styleNo: r.style_no ?? '',
    colourName: r.colour_name ?? '',
    sizeName: r.size_name ?? '',
    delta: r.delta,
    boxNo: r.box_no,
    shelfCode: r.shelf_code ?? '',
    result: r.result,
    createdByName: r.created_by_name ?? '',
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
