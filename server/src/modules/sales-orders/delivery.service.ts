import { AllocationMessages as M, type DeliverInput, type DeliverResult } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/app-error.ts';
import { DELIVERY_BIZ_TYPE, transferSpec } from '../stock-docs/doc-kinds.service.ts';
import { actOnDocIn, createDocIn, lockStockDoc } from '../stock-docs/stock-docs.service.ts';
import { assertHq, lockSourceWarehouse, onPendingDeliveries, orderIdsOf, SALES_SOURCE } from './allocation.service.ts';
import * as repo from './allocation.repo.ts';
import type { SalesOrderContext } from './sales-orders-read.service.ts';

// 生成出库 (issue 17): one 配货出库 per order from what is allocated in one HQ warehouse and not yet
// on a 配货出库 (one per receiving warehouse repeated a SKU two orders shared: issue 26). It is a
// transfer (DESIGN §9: goods sent to a party's warehouse travel through 在途 and are received there): 发货 takes the goods to transit, the buyer's warehouse
// receives them (scan, differences with a reason). Each line carries its order line and the
// order's price; the document is made through the stock documents' service and submitted, ready
// for the warehouse to ship. Orders in the hooks (delivery-link.ts) follow what it does.

export async function generateDeliveries(db: Db, ctx: SalesOrderContext, input: DeliverInput): Promise<DeliverResult> {
  assertHq(ctx);
  const orderIds = orderIdsOf(input.orderIds);
  return withTransaction(db, async (trx) => {
    const warehouse = await lockSourceWarehouse(trx, input.warehouseId);
    const orders = await repo.lockOpenOrders(trx, { orderIds });
    const lines = await repo.deliverableLines(
      trx,
      orders.map((o) => o.id),
      warehouse.id,
    );
    const pending = await onPendingDeliveries(
      trx,
      lines.map((l) => l.line_id),
      warehouse.id,
    );
    // one 配货出库 per order: a document holds a SKU once, and two orders to one shop may hold the same
    // SKU (each order line keeps its own share, shipped, received and charged on its own)
    const byOrder = new Map<number, { toWarehouseId: number; toName: string; orderNo: string; lines: typeof lines }>();
    for (const line of lines) {
      const free = line.allocated - (pending.get(line.line_id) ?? 0);
      if (free <= 0) continue;
      if (line.to_warehouse_id === null) throw badRequest(M.noReceivingWarehouse(line.order_no));
      const group = byOrder.get(line.order_id) ?? { toWarehouseId: line.to_warehouse_id, toName: line.to_warehouse_name ?? '', orderNo: line.order_no, lines: [] };
      group.lines.push({ ...line, allocated: free });
      byOrder.set(line.order_id, group);
    }
    if (byOrder.size === 0) throw badRequest(M.nothingToDeliver);
    const spec = transferSpec;
    const docCtx = { userId: ctx.userId, scope: { kind: 'all' as const }, permissions: ctx.permissions };
    const deliveries: DeliverResult['deliveries'] = [];
    for (const [orderId, group] of byOrder) {
      const orderNos = [group.orderNo];
      const docId = await createDocIn(trx, spec, docCtx, {
        header: {
          bizType: DELIVERY_BIZ_TYPE,
          warehouseId: warehouse.id,
          toWarehouseId: group.toWarehouseId,
          sourceType: SALES_SOURCE,
          sourceId: orderId,
          sourceNo: group.orderNo,
          remark: `订货单配货：${group.orderNo}`,
        },
        lines: group.lines.map((l) => ({ skuId: l.sku_id, quantity: l.allocated, sourceLineId: l.line_id, unitPriceFen: l.unit_price_fen })),
      });
      await actOnDocIn(trx, spec, docCtx, docId, 'submit');
      const doc = (await lockStockDoc(trx, docId))!;
      deliveries.push({
        docId,
        docNo: doc.doc_no,
        toWarehouseName: group.toName,
        orderNos,
        pieces: group.lines.reduce((sum, l) => sum + l.allocated, 0),
        amountFen: group.lines.reduce((sum, l) => sum + l.allocated * l.unit_price_fen, 0),
      });
    }
    return { deliveries };
  });
}
