import { DeliverySheetMessages, type DeliverySheetParties } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { orderDetail } from '../sales-orders/sales-orders-read.service.ts';
import { docDetail } from '../stock-docs/stock-docs.service.ts';
import { getWarehouse } from '../warehouses/warehouses.service.ts';

// The 配货出库单's print names whom the goods go to: the order's receiving shop and 结算方 and the
// receiving warehouse's contact, phone and address. Each read by its owner in the caller's scope:
// a document, order or warehouse the caller may not see answers 404 like a missing one.

export async function deliverySheetParties(db: Db, ctx: RequestContext, id: number): Promise<DeliverySheetParties> {
  const doc = await docDetail(db, ctx, 'transfer', id);
  if (doc.bizType !== 'delivery' || doc.sourceId === null) throw notFound(DeliverySheetMessages.notFound);
  const order = await orderDetail(db, ctx, doc.sourceId);
  const warehouse = doc.toWarehouseId === null ? null : await getWarehouse(db, ctx.scope, doc.toWarehouseId);
  return {
    orderNo: order.orderNo,
    shopName: order.shopName,
    billedName: order.billedName,
    billedType: order.billedType,
    contactName: warehouse?.contactName ?? '',
    phone: warehouse?.phone ?? '',
    address: warehouse?.address ?? '',
  };
}
