import { PurchaseMessages, receiveLimit, statusAfterReceipts } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/app-error.ts';
import type { DocRow } from '../stock-docs/stock-docs.repo.ts';
import * as repo from './purchase-orders.repo.ts';

// The inbound kind calls these from its post and void effects when the document was made from a
// purchase order (source purchase_order), in the inbound's own transaction — so a receipt posted
// from the order's 收货, from the 入库单 screen or by scanning moves the order the same way.

export interface PostedLine {
  skuId: number | null;
  quantity: number;
}

async function lockedOrder(trx: Db, doc: DocRow) {
  const order = doc.source_id === null ? undefined : await repo.lockOrder(trx, doc.source_id);
  if (!order) throw badRequest(PurchaseMessages.orderNotFound);
  return order;
}

/** Per SKU, summed (one SKU may sit on several lines, one per shelf). */
function bySku(lines: readonly PostedLine[]): Map<number | null, number> {
  const sums = new Map<number | null, number>();
  for (const l of lines) sums.set(l.skuId, (sums.get(l.skuId) ?? 0) + l.quantity);
  return sums;
}

async function refreshHeader(trx: Db, order: repo.OrderRow, quantityDelta: number, amountDelta: number): Promise<void> {
  const lines = await repo.countingLines(trx, order.id);
  const status = order.status === 'closed' ? 'closed' : statusAfterReceipts(lines.map((l) => ({ quantity: l.quantity, receivedQuantity: l.received_quantity })));
  await repo.updateOrder(trx, order.id, {
    status,
    received_quantity: order.received_quantity + quantityDelta,
    received_amount_fen: Number(order.received_amount_fen) + amountDelta,
  });
}

/** A receipt posted: add to the order's received quantities and owe the supplier for them. */
export async function purchaseReceiptPosted(trx: Db, userId: number, doc: DocRow, posted: PostedLine[]): Promise<void> {
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
      const barcode = skuId === null ? '' : ((await trx.selectFrom('skus').select('barcode').where('id', '=', skuId).executeTakeFirst())?.barcode ?? String(skuId));
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
  await repo.insertPayable(trx, {
    supplier_id: order.supplier_id,
    entry_type: 'receipt',
    purchase_order_id: order.id,
    refund_id: null,
    stock_doc_id: doc.id,
    quantity,
    amount_fen: amount,
    created_by: userId,
  });
  await refreshHeader(trx, order, quantity, amount);
}

/** A posted receipt voided: take its quantities back and negate what it owed (a closed order stays closed). */
export async function purchaseReceiptVoided(trx: Db, userId: number, doc: DocRow): Promise<void> {
  const order = await lockedOrder(trx, doc);
  const lines = new Map((await repo.countingLines(trx, order.id)).map((l) => [l.sku_id, l]));
  let posted = await repo.postedBySku(trx, doc.id);
  if (posted.size === 0) {
    // no moves to read (should not happen for a posted receipt): fall back to its lines
    const rows = await trx.selectFrom('stock_doc_lines').select(['sku_id', 'quantity', 'actual_quantity']).where('doc_id', '=', doc.id).execute();
    posted = new Map();
    for (const r of rows) if (r.sku_id !== null) posted.set(r.sku_id, (posted.get(r.sku_id) ?? 0) + (doc.scan_started ? (r.actual_quantity ?? 0) : r.quantity));
  }
  let quantity = 0;
  for (const [skuId, q] of posted) {
    const line = lines.get(skuId);
    if (!line || q <= 0) continue;
    if (line.received_quantity - q < line.refund_quantity) throw badRequest(PurchaseMessages.receiptHasRefund(line.barcode));
    await repo.addReceived(trx, line.id, -q);
    line.received_quantity -= q;
    quantity += q;
  }
  const entry = await repo.payableOf(trx, doc.id, 'receipt');
  const amount = entry ? Number(entry.amount_fen) : 0;
  if (entry) {
    await repo.insertPayable(trx, {
      supplier_id: order.supplier_id,
      entry_type: 'receipt_void',
      purchase_order_id: order.id,
      refund_id: null,
      stock_doc_id: doc.id,
      quantity: -Number(entry.quantity),
      amount_fen: -amount,
      created_by: userId,
    });
  }
  await refreshHeader(trx, order, -quantity, -amount);
}
