import { PurchaseMessages, receiveLimit, statusAfterReceipts, type PurchaseOrderReceiptAction } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { SourcedDocument, SourcedLine } from '../../kernel/documents/source-hooks.ts';
import { transition } from '../../kernel/documents/transition.ts';
import { postEntries, reverseEntries } from '../../kernel/ledgers/money.ts';
import { badRequest } from '../../http/app-error.ts';
import * as repo from './purchase-orders.repo.ts';
import { PURCHASE_ORDER_DOCUMENT } from './purchase-orders.service.ts';

// What a purchase order's receipt does to the order when it posts or is voided: the source hooks
// of purchase_order (source-hooks.ts), run in the inbound's own transaction — so a receipt posted
// from the order's 收货, from the 入库单 screen or by scanning moves the order the same way.

export type PostedLine = Pick<SourcedLine, 'skuId' | 'quantity'>;

async function lockedOrder(trx: Db, doc: SourcedDocument) {
  const order = doc.sourceId === null ? undefined : await repo.lockOrder(trx, doc.sourceId);
  if (!order) throw badRequest(PurchaseMessages.orderNotFound);
  return order;
}

/** Per SKU, summed (one SKU may sit on several lines, one per shelf). */
function bySku(lines: readonly PostedLine[]): Map<number | null, number> {
  const sums = new Map<number | null, number>();
  for (const l of lines) sums.set(l.skuId, (sums.get(l.skuId) ?? 0) + l.quantity);
  return sums;
}

/** The hooks act for the receipt's user, whatever the order's scope (the receipt was checked already). */
const HOOK_CONTEXT = (userId: number) => ({ userId, scope: { kind: 'all' as const }, permissions: new Set<string>(), purchase: { kind: 'all' as const } });

/** The order's totals and its status, which follows its received quantities, through the kernel (its event names the receipt). */
async function refreshHeader(
  trx: Db,
  userId: number,
  doc: SourcedDocument,
  order: repo.OrderRow,
  action: PurchaseOrderReceiptAction,
  quantityDelta: number,
  amountDelta: number,
): Promise<void> {
  const lines = await repo.countingLines(trx, order.id);
  await transition(trx, PURCHASE_ORDER_DOCUMENT, HOOK_CONTEXT(userId), order.id, action, {
    userId,
    reason: doc.docNo,
    status: (row) => (row.status === 'closed' ? 'closed' : statusAfterReceipts(lines.map((l) => ({ quantity: l.quantity, receivedQuantity: l.received_quantity })))),
    values: () => ({
      received_quantity: order.received_quantity + quantityDelta,
      received_amount_fen: Number(order.received_amount_fen) + amountDelta,
    }),
  });
}

/** A receipt posted: add to the order's received quantities and owe the supplier for them. */
export async function purchaseReceiptPosted(trx: Db, userId: number, doc: SourcedDocument, posted: readonly PostedLine[]): Promise<void> {
  const order = await lockedOrder(trx, doc);
  if (order.status === 'closed') throw badRequest(PurchaseMessages.receiveClosed(order.order_no));
  if (!['audited', 'partly_received', 'received'].includes(order.status)) throw badRequest(PurchaseMessages.receiveNotAudited(order.order_no));
  const lines = new Map((await repo.countingLines(trx, order.id)).map((l) => [l.sku_id, l]));
  const sums = bySku(posted.filter((p) => p.quantity > 0));
  let quantity = 0;
  let amount = 0;
  for (const [skuId, q] of sums) {
    const line = skuId === null ? undefined : lines.get(skuId);
    if (!line) {
      const barcode = skuId === null ? '' : ((await repo.barcodeOfSku(trx, skuId))?.barcode ?? String(skuId));
      throw badRequest(PurchaseMessages.receiveSkuNotOnOrder(barcode, order.order_no));
    }
    const limit = receiveLimit(line.quantity, order.tolerance_percent);
    if (line.received_quantity + q > limit) throw badRequest(PurchaseMessages.receiveOver(line.barcode, limit, line.received_quantity));
    await repo.addReceived(trx, line.id, q);
    line.received_quantity += q;
    quantity += q;
    // the supplier is owed the order's price, whatever cost the inbound line carries
    amount += q * line.unit_price_fen;
  }
  if (quantity === 0) return;
  // 应付: the supplier is owed the received goods at the order's prices
  await postEntries(trx, {
    document: { type: 'stock_doc', id: doc.id },
    userId,
    entries: [
      {
        partyType: 'supplier',
        partyId: order.supplier_id,
        accountKind: 'payable',
        amountFen: amount,
        quantity,
        entryType: 'receipt',
        origin: { type: 'purchase_order', id: order.id },
      },
    ],
  });
  await refreshHeader(trx, userId, doc, order, 'receipt_post', quantity, amount);
}

/** A posted receipt voided: take its quantities back and reverse what it owed (a closed order stays closed). */
export async function purchaseReceiptVoided(trx: Db, userId: number, doc: SourcedDocument, posted: readonly PostedLine[]): Promise<void> {
  if (doc.status !== 'posted') return;
  const order = await lockedOrder(trx, doc);
  const lines = new Map((await repo.countingLines(trx, order.id)).map((l) => [l.sku_id, l]));
  let quantity = 0;
  for (const [skuId, q] of bySku(posted)) {
    const line = skuId === null ? undefined : lines.get(skuId);
    if (!line || q <= 0) continue;
    if (line.received_quantity - q < line.refund_quantity) throw badRequest(PurchaseMessages.receiptHasRefund(line.barcode));
    await repo.addReceived(trx, line.id, -q);
    line.received_quantity -= q;
    quantity += q;
  }
  const reversed = await reverseEntries(trx, { type: 'stock_doc', id: doc.id }, userId, { entryType: (t) => `${t}_void`, optional: true });
  await refreshHeader(trx, userId, doc, order, 'receipt_void', -quantity, reversed.amountFen);
}
