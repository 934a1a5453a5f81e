import {
  Permissions,
  PURCHASE_QUANTITY_MAX,
  PURCHASE_SOURCES,
  PurchaseMessages,
  receiveLimit,
  type PurchaseReceiveInput,
  type PurchaseReceiveResult,
  type StockDocLineInput,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { badRequest, forbidden } from '../../http/app-error.ts';
import { KIND_SPECS } from '../stock-docs/doc-kinds.service.ts';
import { withTransaction } from '../../db/transaction.ts';
import { actOnDocIn, createDocIn, lockStockDoc } from '../stock-docs/stock-docs.service.ts';
import { pendingBySku } from './purchase-order-read.repo.ts';
import { orderDetail, type PurchaseContext } from './purchase-order-read.service.ts';
import * as repo from './purchase-orders.repo.ts';
import { lockForAction, receivingWarehouse } from './purchase-orders.service.ts';

// 收货: a purchase inbound made from an audited order for the chosen lines, under the order's lock
// so concurrent receipts queue and never together pass the limit. Posting it (post: true) runs the
// inbound's own post, whose effect moves the order's received quantities (receipt-link.ts).

export async function receiveOrder(db: Db, ctx: PurchaseContext, id: number, input: PurchaseReceiveInput): Promise<PurchaseReceiveResult> {
  // refused before anything is made: posting is the warehouse's 审核入库
  if (input.post && !ctx.permissions.has(Permissions.inboundAudit)) throw forbidden(PurchaseMessages.postNeedsAudit);
  const spec = KIND_SPECS.inbound!;
  return withTransaction(db, async (trx) => {
    const { order } = await lockForAction(trx, ctx, id, 'receive');
    const warehouseId = await receivingWarehouse(trx, ctx, input.warehouseId ?? order.warehouse_id);
    const orderLines = new Map((await repo.countingLines(trx, id)).map((l) => [l.id, l]));
    const chosen: { line: repo.CountingLine; quantity: number; shelfId: number | null }[] = [];
    (Array.isArray(input.lines) ? input.lines : []).forEach((l, i) => {
      const n = i + 1;
      const line = orderLines.get(l.lineId);
      if (!line) throw badRequest(PurchaseMessages.receiveLineNotFound(n));
      if (!(Number.isInteger(l.quantity) && l.quantity >= 0 && l.quantity <= PURCHASE_QUANTITY_MAX)) throw badRequest(PurchaseMessages.quantityInvalid(n));
      if (l.quantity > 0) chosen.push({ line, quantity: l.quantity, shelfId: l.shelfId ?? null });
    });
    if (chosen.length === 0) throw badRequest(PurchaseMessages.receiveNothing);
    const pending = await pendingBySku(trx, id);
    // one order line may be put away to several shelves: the limit holds for their sum
    const asked = new Map<number, number>();
    for (const c of chosen) asked.set(c.line.id, (asked.get(c.line.id) ?? 0) + c.quantity);
    for (const [lineId, quantity] of asked) {
      const line = orderLines.get(lineId)!;
      const limit = receiveLimit(line.quantity, order.tolerance_percent);
      const already = line.received_quantity + (pending.get(line.sku_id) ?? 0);
      if (already + quantity > limit) throw badRequest(PurchaseMessages.receiveOver(line.barcode, limit, already));
    }
    const lines: StockDocLineInput[] = chosen.map((c) => ({ skuId: c.line.sku_id, quantity: c.quantity, shelfId: c.shelfId, unitCostFen: c.line.unit_price_fen }));
    const header = {
      bizType: 'purchase',
      warehouseId,
      supplierId: order.supplier_id,
      sourceType: PURCHASE_SOURCES.order,
      sourceId: order.id,
      sourceNo: order.order_no,
      remark: input.remark ?? '',
    };
    const docId = await createDocIn(trx, spec, ctx, { header, lines });
    if (input.post) {
      await actOnDocIn(trx, spec, ctx, docId, 'submit');
      await actOnDocIn(trx, spec, ctx, docId, 'post');
    }
    // the receipt's number and status only (this transaction holds its row already)
    const doc = (await lockStockDoc(trx, docId))!;
    return { order: await orderDetail(trx, ctx, id), inboundId: docId, inboundNo: doc.doc_no, posted: doc.status === 'posted' };
  });
}
