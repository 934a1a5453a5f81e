import { PurchaseMessages } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/app-error.ts';
import type { SourcedDocument } from '../../kernel/documents/source-hooks.ts';
import { transition } from '../../kernel/documents/transition.ts';
import { postEntries, reverseEntries } from '../../kernel/ledgers/money.ts';
import * as repo from './purchase-refunds.repo.ts';
import { PURCHASE_REFUND_DOCUMENT } from './purchase-refunds.service.ts';
import type { PostedLine } from './receipt-link.ts';

// What a purchase refund's outbound does to the refund, inside the outbound's transaction: the
// source hooks of purchase_refund (source-hooks.ts); the outbound row is locked already, then the
// refund, then the order.

const ALL = { kind: 'all' } as const;
/** The hooks act for the outbound's user, whatever the refund's scope (the outbound was checked already). */
const HOOK_CONTEXT = (userId: number) => ({ userId, scope: ALL, permissions: new Set<string>() });

/**
 * The outbound was posted: the refund is done with what actually left (scanned once scanning
 * started). Each order line's returned counter takes it, the unreturned rest of the refund is
 * released so it may be refunded again, and the payables ledger gets the negative entry.
 */
export async function refundOutboundPosted(trx: Db, userId: number, doc: SourcedDocument, posted: readonly PostedLine[]): Promise<void> {
  const refund = doc.sourceId === null ? undefined : await repo.lockRefund(trx, doc.sourceId, ALL);
  if (!refund || refund.outbound_id !== doc.id) throw badRequest(PurchaseMessages.refundNotFound);
  if (refund.status !== 'audited') throw conflict(PurchaseMessages.refundPostNotAudited(refund.refund_no));

  const lines = await repo.refundLinesForUpdate(trx, refund.id);
  const bySku = new Map(lines.map((l) => [l.sku_id, l]));
  const postedBySku = new Map<number | null, number>();
  for (const p of posted) postedBySku.set(p.skuId, (postedBySku.get(p.skuId) ?? 0) + p.quantity);
  for (const [skuId, quantity] of postedBySku) {
    const line = skuId === null ? undefined : bySku.get(skuId);
    if (!line) {
      const sku = skuId === null ? undefined : (await repo.skusByIds(trx, [skuId]))[0];
      throw badRequest(PurchaseMessages.refundPostSkuNotOnRefund(sku?.barcode ?? '物料', refund.refund_no));
    }
    if (quantity > line.quantity) throw badRequest(PurchaseMessages.refundPostOver(line.barcode, line.quantity));
  }

  let returnedTotal = 0;
  let amount = 0;
  for (const line of lines) {
    const returned = postedBySku.get(line.sku_id) ?? 0;
    returnedTotal += returned;
    amount += returned * line.unit_price_fen;
    await repo.setLineReturned(trx, line.id, returned);
  }
  if (refund.purchase_order_id !== null) {
    await repo.lockOrder(trx, refund.purchase_order_id);
    for (const line of lines) {
      const returned = postedBySku.get(line.sku_id) ?? 0;
      if (line.order_line_id !== null) await repo.shiftOrderLine(trx, line.order_line_id, { refund: -(line.quantity - returned), returned });
    }
    await repo.shiftOrderReturned(trx, refund.purchase_order_id, returnedTotal);
  }
  // 应付 falls by what went back, at the refund's prices
  await postEntries(trx, {
    document: { type: 'stock_doc', id: doc.id },
    userId,
    entries: [
      {
        partyType: 'supplier',
        partyId: refund.supplier_id,
        accountKind: 'payable',
        amountFen: -amount,
        quantity: -returnedTotal,
        entryType: 'refund',
        origin: { type: 'purchase_refund', id: refund.id },
      },
    ],
  });
  await transition(trx, PURCHASE_REFUND_DOCUMENT, HOOK_CONTEXT(userId), refund.id, 'outbound_post', {
    userId,
    reason: doc.docNo,
    values: () => ({ returned_quantity: returnedTotal }),
  });
}

/**
 * The outbound was voided: an audited refund (outbound not posted) turns void and gives its
 * quantities back; a done one (outbound posted, its stock now reversed) also takes its returns
 * back from the order and reverses its payables entry. A refund voided already is left alone.
 */
export async function refundOutboundVoided(trx: Db, userId: number, doc: SourcedDocument): Promise<void> {
  const refund = doc.sourceId === null ? undefined : await repo.lockRefund(trx, doc.sourceId, ALL);
  if (!refund || refund.outbound_id !== doc.id || refund.status === 'void' || refund.status === 'draft') return;
  if (refund.status === 'audited') {
    await releaseRefund(trx, refund);
  } else {
    const lines = await repo.refundLinesForUpdate(trx, refund.id);
    const returnedTotal = lines.reduce((s, l) => s + l.returned_quantity, 0);
    if (refund.purchase_order_id !== null) {
      await repo.lockOrder(trx, refund.purchase_order_id);
      for (const line of lines) {
        if (line.order_line_id !== null && line.returned_quantity > 0) {
          await repo.shiftOrderLine(trx, line.order_line_id, { refund: -line.returned_quantity, returned: -line.returned_quantity });
        }
      }
      await repo.shiftOrderReturned(trx, refund.purchase_order_id, -returnedTotal);
    }
    for (const line of lines) await repo.setLineReturned(trx, line.id, 0);
    await reverseEntries(trx, { type: 'stock_doc', id: doc.id }, userId, { entryType: (t) => `${t}_void`, optional: true });
  }
  await transition(trx, PURCHASE_REFUND_DOCUMENT, HOOK_CONTEXT(userId), refund.id, 'outbound_void', {
    userId,
    reason: `${doc.docNo}作废`,
    values: () => (refund.status === 'done' ? { returned_quantity: 0 } : {}),
  });
}

/** Gives back an audited (not returned) refund's quantities to its order lines. */
export async function releaseRefund(trx: Db, refund: { id: number; purchase_order_id: number | null }): Promise<void> {
  if (refund.purchase_order_id === null) return;
  await repo.lockOrder(trx, refund.purchase_order_id);
  for (const line of await repo.refundLinesForUpdate(trx, refund.id)) {
    if (line.order_line_id !== null) await repo.shiftOrderLine(trx, line.order_line_id, { refund: -line.quantity, returned: 0 });
  }
}
