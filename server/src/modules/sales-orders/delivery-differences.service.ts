import { AllocationMessages as M, DELIVERY_DIFFERENCE_STATUS_LABELS, DIFFERENCE_TEXT_MAX, type DeliveryDifferenceRecord, type ResolveDifferenceInput } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { optionalText } from '../../http/text-input.ts';
import type { SourceEvent } from '../../kernel/documents/source-hooks.ts';
import { postEntries, type EntryInput } from '../../kernel/ledgers/money.ts';
import { lockStockDoc, sourceLinesOfDoc } from '../stock-docs/stock-docs.service.ts';
import { assertHq } from './allocation.service.ts';
import * as repo from './delivery-differences.repo.ts';
import type { SalesOrderContext } from './sales-orders-read.service.ts';

// 收货差异 (issue 26): a 配货出库 received short keeps the billed party charged for what was shipped
// until HQ looks at it. 确认短少 credits the short pieces at the order line's price (one 收货短少 entry
// per order, on the 配货出库 as its document, so a void of the 配货出库 reverses it with the charge);
// 不予认可 keeps the charge, with a note the buyer reads on its order.

/** The received hook's part: a row per order line that arrived short. */
export async function recordDifferences(
  trx: Db,
  event: SourceEvent,
  /** pieces that arrived per order line (the received hook's own sums) */
  arrived: ReadonlyMap<number, number>,
  lines: readonly { id: number; order_id: number; sku_id: number; unit_price_fen: number }[],
) {
  const byLine = new Map(lines.map((l) => [l.id, l]));
  const rows: repo.NewDifference[] = [];
  for (const d of await sourceLinesOfDoc(trx, event.document.id)) {
    const line = byLine.get(d.source_line_id!);
    const received = arrived.get(d.source_line_id!) ?? 0;
    if (!line || received >= d.quantity) continue;
    rows.push({ docId: event.document.id, orderId: line.order_id, orderLineId: line.id, skuId: line.sku_id, shipped: d.quantity, received, unitPriceFen: line.unit_price_fen });
  }
  await repo.insertDifferences(trx, rows);
}

export const voidDifferences = repo.voidOfDoc;

/** HQ settles a 配货出库's pending differences at once: credit (确认短少) or reject (不予认可). */
export async function resolveDifferences(db: Db, ctx: SalesOrderContext, input: ResolveDifferenceInput): Promise<{ settled: number; creditedFen: number }> {
  assertHq(ctx);
  if (input.resolution !== 'credit' && input.resolution !== 'reject') throw badRequest(M.differenceResolution);
  const carrier = optionalText(input.carrier, '承运商', DIFFERENCE_TEXT_MAX, M.differenceTextTooLong);
  const note = optionalText(input.note, '说明', DIFFERENCE_TEXT_MAX, M.differenceTextTooLong);
  if (input.resolution === 'reject' && !note) throw badRequest(M.differenceNoteRequired);
  return withTransaction(db, async (trx) => {
    const doc = await lockStockDoc(trx, input.docId);
    if (!doc) throw notFound(M.differenceNone);
    const pending = await repo.lockPending(trx, doc.id);
    if (pending.length === 0) throw badRequest(M.differenceNone);
    const credited = new Map<number, number>();
    if (input.resolution === 'credit') {
      const entries = new Map<number, EntryInput>();
      for (const p of pending) {
        const fen = p.short * p.unit_price_fen;
        credited.set(p.id, fen);
        // HQ's direct shops were never charged: nothing to give back
        if (!p.billed_type || !p.billed_id || fen === 0) continue;
        const entry = entries.get(p.order_id) ?? {
          partyType: p.billed_type,
          partyId: p.billed_id,
          accountKind: 'receivable' as const,
          amountFen: 0,
          quantity: 0,
          entryType: 'sales_shortage',
          origin: { type: 'sales_order', id: p.order_id },
          memo: `订货单${p.order_no} 配货出库${doc.doc_no}收货短少${carrier ? `（承运商：${carrier}）` : ''}`.slice(0, 200),
        };
        entry.amountFen -= fen;
        entry.quantity = (entry.quantity ?? 0) - p.short;
        entries.set(p.order_id, entry);
      }
      if (entries.size) await postEntries(trx, { document: { type: 'stock_doc', id: doc.id }, userId: ctx.userId, entries: [...entries.values()] });
    }
    await repo.settle(
      trx,
      pending.map((p) => p.id),
      { status: input.resolution === 'credit' ? 'credited' : 'rejected', carrier, note, credited, userId: ctx.userId },
    );
    return { settled: pending.length, creditedFen: [...credited.values()].reduce((a, b) => a + b, 0) };
  });
}

export async function differencesOfOrder(db: Db, orderId: number): Promise<DeliveryDifferenceRecord[]> {
  return (await repo.differencesOfOrder(db, orderId)).map((r) => ({
    id: Number(r.id),
    docId: Number(r.doc_id),
    docNo: r.doc_no,
    skuId: Number(r.sku_id),
    styleNo: r.style_no,
    colourName: r.colour_name,
    sizeName: r.size_name,
    shipped: r.shipped,
    received: r.received,
    short: r.shipped - r.received,
    unitPriceFen: r.unit_price_fen,
    amountFen: (r.shipped - r.received) * r.unit_price_fen,
    status: r.status,
    statusLabel: DELIVERY_DIFFERENCE_STATUS_LABELS[r.status],
    carrier: r.carrier,
    note: r.note,
    creditedFen: r.credited_fen,
    resolvedByName: r.resolved_by_name ?? '',
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at).toISOString(),
  }));
}
