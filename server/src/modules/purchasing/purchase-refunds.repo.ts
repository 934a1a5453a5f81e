import { sql } from 'kysely';
import type { PurchaseRefundStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import { refundsInScope, type PurchaseScope } from './purchase-scope.ts';
import type { RefundSortColumn } from './purchase-refunds.schema.ts';

/** All SQL of purchase refunds (采购退货), their lines, and the order lines they return. */

export type RefundRow = Awaited<ReturnType<typeof lockRefund>> & object;

/** Locks the refund row for a change (404 is the caller's when undefined). */
export function lockRefund(trx: Db, id: number, scope: PurchaseScope) {
  return trx
    .selectFrom('purchase_refunds')
    .selectAll()
    .where('purchase_refunds.id', '=', id)
    .where((eb) => refundsInScope(eb, scope))
    .forUpdate()
    .executeTakeFirst();
}

/** The refund row without a lock (to learn which outbound to lock first). */
export function peekRefund(trx: Db, id: number, scope: PurchaseScope) {
  return trx
    .selectFrom('purchase_refunds')
    .select(['id', 'outbound_id'])
    .where('purchase_refunds.id', '=', id)
    .where((eb) => refundsInScope(eb, scope))
    .executeTakeFirst();
}

export interface RefundFilter {
  status?: PurchaseRefundStatus;
  supplierId?: number;
  warehouseId?: number;
  purchaseOrderId?: number;
  keyword?: string;
  from?: string;
  to?: string;
}

function headers(db: Db) {
  return db
    .selectFrom('purchase_refunds')
    .innerJoin('suppliers as su', 'su.id', 'purchase_refunds.supplier_id')
    .innerJoin('warehouses as w', 'w.id', 'purchase_refunds.warehouse_id')
    .leftJoin('purchase_orders as po', 'po.id', 'purchase_refunds.purchase_order_id')
    .leftJoin('stock_docs as ob', 'ob.id', 'purchase_refunds.outbound_id')
    .leftJoin('users as cu', 'cu.id', 'purchase_refunds.created_by')
    .leftJoin('users as au', 'au.id', 'purchase_refunds.audited_by');
}

const HEADER_COLUMNS = [
  'purchase_refunds.id',
  'purchase_refunds.refund_no',
  'purchase_refunds.supplier_id',
  'su.code as supplier_code',
  'su.name as supplier_name',
  'purchase_refunds.warehouse_id',
  'w.name as warehouse_name',
  'purchase_refunds.purchase_order_id',
  'po.order_no',
  'purchase_refunds.status',
  'purchase_refunds.reason',
  'purchase_refunds.remark',
  'purchase_refunds.line_count',
  'purchase_refunds.total_quantity',
  'purchase_refunds.total_amount_fen',
  'purchase_refunds.returned_quantity',
  'purchase_refunds.outbound_id',
  'ob.doc_no as outbound_no',
  'cu.name as created_by_name',
  'purchase_refunds.created_at',
  'au.name as audited_by_name',
  'purchase_refunds.audited_at',
  'purchase_refunds.done_at',
  'purchase_refunds.voided_at',
] as const;

export async function pageRefunds(
  db: Db,
  scope: PurchaseScope,
  filter: RefundFilter,
  page: { limit: number; offset: number; sortColumn: RefundSortColumn; order: 'asc' | 'desc' },
) {
  let base = headers(db).where((eb) => refundsInScope(eb, scope));
  if (filter.status) base = base.where('purchase_refunds.status', '=', filter.status);
  if (filter.supplierId !== undefined) base = base.where('purchase_refunds.supplier_id', '=', filter.supplierId);
  if (filter.warehouseId !== undefined) base = base.where('purchase_refunds.warehouse_id', '=', filter.warehouseId);
  if (filter.purchaseOrderId !== undefined) base = base.where('purchase_refunds.purchase_order_id', '=', filter.purchaseOrderId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) =>
      eb.or([eb('purchase_refunds.refund_no', 'ilike', pattern), eb('po.order_no', 'ilike', pattern), eb('su.code', 'ilike', pattern), eb('su.name', 'ilike', pattern)]),
    );
  }
  if (filter.from) base = base.where('purchase_refunds.created_at', '>=', new Date(`${filter.from}T00:00:00+08:00`));
  if (filter.to) base = base.where('purchase_refunds.created_at', '<', new Date(new Date(`${filter.to}T00:00:00+08:00`).getTime() + 86_400_000));
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const column = sql.ref(page.sortColumn);
  return fetchPage(base, (q) => q.select(HEADER_COLUMNS).orderBy(sql`${column} ${direction}, purchase_refunds.id desc`), page);
}

export type RefundHeaderRow = Awaited<ReturnType<typeof pageRefunds>>['records'][number];

export function findRefund(db: Db, scope: PurchaseScope, id: number) {
  return headers(db)
    .select(HEADER_COLUMNS)
    .where('purchase_refunds.id', '=', id)
    .where((eb) => refundsInScope(eb, scope))
    .executeTakeFirst();
}

/** The refund with this number, in the scope (exact match). */
export function findRefundByNo(db: Db, scope: PurchaseScope, refundNo: string) {
  return db
    .selectFrom('purchase_refunds')
    .select(['purchase_refunds.id', 'purchase_refunds.refund_no', 'purchase_refunds.status'])
    .where('purchase_refunds.refund_no', '=', refundNo)
    .where((eb) => refundsInScope(eb, scope))
    .executeTakeFirst();
}

export function findRefundLines(db: Db, refundId: number) {
  return db
    .selectFrom('purchase_refund_lines as l')
    .$call((q) => joinSkuLabel(q, 'l.sku_id', 'inner'))
    .select([
      'l.id',
      'l.line_no',
      'l.order_line_id',
      'l.sku_id',
      'p.id as product_id',
      'p.style_no',
      'p.name as product_name',
      'c.name as colour_name',
      'z.name as size_name',
      'k.barcode',
      'l.quantity',
      'l.unit_price_fen',
      'l.returned_quantity',
      'l.remark',
    ])
    .where('l.refund_id', '=', refundId)
    .orderBy('l.line_no')
    .execute();
}

export type RefundLineRow = Awaited<ReturnType<typeof findRefundLines>>[number];

/** The lines as stored (for auditing and posting), with each SKU's barcode for messages. */
export function refundLinesForUpdate(trx: Db, refundId: number) {
  return trx
    .selectFrom('purchase_refund_lines as l')
    .innerJoin('skus as k', 'k.id', 'l.sku_id')
    .select(['l.id', 'l.order_line_id', 'l.sku_id', 'l.quantity', 'l.unit_price_fen', 'l.returned_quantity', 'k.barcode'])
    .where('l.refund_id', '=', refundId)
    .orderBy('l.line_no')
    .execute();
}

export interface RefundLineValues {
  order_line_id: number | null;
  sku_id: number;
  quantity: number;
  unit_price_fen: number;
  remark: string;
}

export interface RefundHeaderValues {
  supplier_id: number;
  warehouse_id: number;
  purchase_order_id: number | null;
  reason: string;
  remark: string;
}

const totalsOf = (lines: readonly RefundLineValues[]) => ({
  line_count: lines.length,
  total_quantity: lines.reduce((s, l) => s + l.quantity, 0),
  total_amount_fen: lines.reduce((s, l) => s + l.quantity * l.unit_price_fen, 0),
});

export async function insertRefund(trx: Db, values: RefundHeaderValues & { refund_no: string; created_by: number }, lines: readonly RefundLineValues[]): Promise<number> {
  const row = await trx
    .insertInto('purchase_refunds')
    .values({ ...values, status: 'draft', ...totalsOf(lines) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(trx, row.id, lines);
  return row.id;
}

export async function replaceRefund(trx: Db, id: number, values: RefundHeaderValues, lines: readonly RefundLineValues[]): Promise<void> {
  await trx.deleteFrom('purchase_refund_lines').where('refund_id', '=', id).execute();
  await insertLines(trx, id, lines);
  await trx
    .updateTable('purchase_refunds')
    .set({ ...values, ...totalsOf(lines), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

async function insertLines(trx: Db, refundId: number, lines: readonly RefundLineValues[]) {
  for (let i = 0; i < lines.length; i += 1000) {
    const chunk = lines.slice(i, i + 1000).map((l, j) => ({ ...l, refund_id: refundId, line_no: i + j + 1 }));
    if (chunk.length) await trx.insertInto('purchase_refund_lines').values(chunk).execute();
  }
}

/** The header update, built but not run (the document kernel runs it with the transition's event). */
export function updateRefundQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx
    .updateTable('purchase_refunds')
    .set({ ...(values as object), updated_at: sql`now()` } as never)
    .where('id', '=', id);
}

export function updateRefund(trx: Db, id: number, values: Record<string, unknown>) {
  return updateRefundQuery(trx, id, values).execute();
}

export async function deleteRefund(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('purchase_refunds').where('id', '=', id).execute();
}

export function supplierById(trx: Db, id: number) {
  return trx.selectFrom('suppliers').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
}

export function skusByIds(trx: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('skus')
    .select(['id', 'barcode'])
    .where('id', 'in', [...ids])
    .execute();
}

/** The order a refund is made from (no lock: the audit re-checks under the order's lock). */
export function orderById(trx: Db, id: number) {
  return trx.selectFrom('purchase_orders').select(['id', 'order_no', 'supplier_id', 'status', 'received_quantity']).where('id', '=', id).executeTakeFirst();
}

/** Locks the order row: every counter on its lines changes under it. */
export function lockOrder(trx: Db, id: number) {
  return trx.selectFrom('purchase_orders').select(['id', 'order_no', 'supplier_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function orderLines(trx: Db, orderId: number) {
  return trx
    .selectFrom('purchase_order_lines as l')
    .innerJoin('skus as k', 'k.id', 'l.sku_id')
    .select(['l.id', 'l.sku_id', 'l.unit_price_fen', 'l.received_quantity', 'l.refund_quantity', 'l.returned_quantity', 'k.barcode'])
    .where('l.order_id', '=', orderId)
    .execute();
}

/** Moves an order line's refund and returned counters by the given deltas (one statement keeps the CHECKs happy). */
export function shiftOrderLine(trx: Db, lineId: number, delta: { refund: number; returned: number }) {
  return trx
    .updateTable('purchase_order_lines')
    .set((eb) => ({
      refund_quantity: eb('refund_quantity', '+', delta.refund),
      returned_quantity: eb('returned_quantity', '+', delta.returned),
    }))
    .where('id', '=', lineId)
    .execute();
}

export function shiftOrderReturned(trx: Db, orderId: number, delta: number) {
  return trx
    .updateTable('purchase_orders')
    .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', delta), updated_at: sql`now()` }))
    .where('id', '=', orderId)
    .execute();
}

export function setLineReturned(trx: Db, lineId: number, returned: number) {
  return trx.updateTable('purchase_refund_lines').set({ returned_quantity: returned }).where('id', '=', lineId).execute();
}
