import { sql } from 'kysely';
import { PURCHASE_SOURCES } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { PurchaseOrdersTable } from '../../db/schema-purchasing.ts';

// Writing purchase orders: header and lines (totals kept on the header), locks, the received
// counters. Counters change only under the order row's lock.

type Plain<T> = { [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K] };
export type OrderRow = Plain<PurchaseOrdersTable>;

/** Locks the order row (FOR UPDATE): changes to one order queue here. */
export function lockOrder(trx: Db, id: number) {
  return trx.selectFrom('purchase_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst() as Promise<OrderRow | undefined>;
}

export interface OrderHeaderValues {
  supplier_id: number;
  warehouse_id: number;
  expected_date: string;
  tolerance_percent: number;
  remark: string;
}

export interface OrderLineValues {
  sku_id: number;
  quantity: number;
  unit_price_fen: number;
  remark: string;
}

export async function insertOrder(trx: Db, values: OrderHeaderValues & { order_no: string; created_by: number }): Promise<number> {
  const row = await trx
    .insertInto('purchase_orders')
    .values({ ...values, status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The header update, built but not run (the document kernel runs it with the transition's event). */
export function updateOrderQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx
    .updateTable('purchase_orders')
    .set({ ...(values as object), updated_at: sql`now()` } as never)
    .where('id', '=', id);
}

export function updateOrder(trx: Db, id: number, values: Record<string, unknown>) {
  return updateOrderQuery(trx, id, values).execute();
}

/** Replaces the lines of a draft and keeps the header's totals. */
export async function replaceLines(trx: Db, orderId: number, lines: readonly OrderLineValues[]): Promise<void> {
  await trx.deleteFrom('purchase_order_lines').where('order_id', '=', orderId).execute();
  if (lines.length > 0) {
    await trx
      .insertInto('purchase_order_lines')
      .values(lines.map((l, i) => ({ ...l, order_id: orderId, line_no: i + 1 })))
      .execute();
  }
  await updateOrder(trx, orderId, {
    line_count: lines.length,
    total_quantity: lines.reduce((s, l) => s + l.quantity, 0),
    total_amount_fen: lines.reduce((s, l) => s + l.quantity * l.unit_price_fen, 0),
  });
}

export async function deleteOrder(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('purchase_order_lines').where('order_id', '=', id).execute();
  await trx.deleteFrom('purchase_orders').where('id', '=', id).execute();
}

export function supplierRow(trx: Db, id: number) {
  return trx.selectFrom('suppliers').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
}

/** SKUs with their barcode and whether they (or their product) are stopped. */
export function skuStates(trx: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('skus')
    .innerJoin('products', 'products.id', 'skus.product_id')
    .select(['skus.id', 'skus.barcode', 'skus.status', 'products.status as product_status'])
    .where('skus.id', 'in', [...ids])
    .execute();
}

/** The lines of an order for counting (read under the order's lock). */
export function countingLines(trx: Db, orderId: number) {
  return trx
    .selectFrom('purchase_order_lines as l')
    .innerJoin('skus as k', 'k.id', 'l.sku_id')
    .select(['l.id', 'l.line_no', 'l.sku_id', 'k.barcode', 'l.quantity', 'l.unit_price_fen', 'l.received_quantity', 'l.refund_quantity'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.line_no')
    .execute();
}

export type CountingLine = Awaited<ReturnType<typeof countingLines>>[number];

export function addReceived(trx: Db, lineId: number, delta: number) {
  return trx
    .updateTable('purchase_order_lines')
    .set((eb) => ({ received_quantity: eb('received_quantity', '+', delta) }))
    .where('id', '=', lineId)
    .execute();
}

/** Numbers of the unposted receipts (draft/submitted inbounds) made from an order. */
export async function unpostedReceiptNos(trx: Db, orderId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('stock_docs')
    .select('doc_no')
    .where('kind', '=', 'inbound')
    .where('source_type', '=', PURCHASE_SOURCES.order)
    .where('source_id', '=', orderId)
    .where('status', 'in', ['draft', 'submitted'])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.doc_no);
}

/** A SKU's barcode, for a refusal's message. */
export function barcodeOfSku(db: Db, skuId: number) {
  return db.selectFrom('skus').select('barcode').where('id', '=', skuId).executeTakeFirst();
}
