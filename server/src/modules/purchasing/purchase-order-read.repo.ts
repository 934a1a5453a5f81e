import { sql } from 'kysely';
import { PURCHASE_SOURCES, type PurchaseOrderStatus } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { joinSkuLabel } from '../../db/sku-label.ts';
import { containsPattern, countRows, fetchPage } from '../../db/paging.ts';
import type { OrderSort } from './purchase-orders.schema.ts';
import { ordersInScope, type PurchaseScope } from './purchase-scope.ts';

// Reading purchase orders: list, header, lines with their pending quantities, and the receipts.

export interface OrderFilter {
  status?: PurchaseOrderStatus;
  statuses?: readonly PurchaseOrderStatus[];
  supplierId?: number;
  warehouseId?: number;
  keyword?: string;
  from?: string;
  to?: string;
  confirmed?: 'yes' | 'no';
}

function headers(db: Db) {
  return db
    .selectFrom('purchase_orders')
    .innerJoin('suppliers as su', 'su.id', 'purchase_orders.supplier_id')
    .innerJoin('warehouses as w', 'w.id', 'purchase_orders.warehouse_id')
    .leftJoin('users as cu', 'cu.id', 'purchase_orders.created_by')
    .leftJoin('users as au', 'au.id', 'purchase_orders.audited_by')
    .leftJoin('users as fu', 'fu.id', 'purchase_orders.confirmed_by');
}

const HEADER_COLUMNS = [
  'purchase_orders.id',
  'purchase_orders.order_no',
  'purchase_orders.supplier_id',
  'su.code as supplier_code',
  'su.name as supplier_name',
  'purchase_orders.warehouse_id',
  'w.name as warehouse_name',
  'purchase_orders.status',
  'purchase_orders.order_date',
  'purchase_orders.expected_date',
  'purchase_orders.promised_date',
  'purchase_orders.confirmed_at',
  'fu.name as confirmed_by_name',
  'purchase_orders.tolerance_percent',
  'purchase_orders.line_count',
  'purchase_orders.total_quantity',
  'purchase_orders.total_amount_fen',
  'purchase_orders.received_quantity',
  'purchase_orders.received_amount_fen',
  'purchase_orders.returned_quantity',
  'purchase_orders.remark',
  'purchase_orders.close_reason',
  'cu.name as created_by_name',
  'purchase_orders.created_at',
  'purchase_orders.submitted_at',
  'au.name as audited_by_name',
  'purchase_orders.audited_at',
  'purchase_orders.closed_at',
] as const;

/** The orders of the scope under the list's filter: the list and its counts read the same rows. */
function filteredOrders(db: Db, scope: PurchaseScope, filter: OrderFilter) {
  let base = headers(db).where((eb) => ordersInScope(eb, scope));
  if (filter.status) base = base.where('purchase_orders.status', '=', filter.status);
  if (filter.statuses) base = base.where('purchase_orders.status', 'in', [...filter.statuses]);
  if (filter.supplierId !== undefined) base = base.where('purchase_orders.supplier_id', '=', filter.supplierId);
  if (filter.warehouseId !== undefined) base = base.where('purchase_orders.warehouse_id', '=', filter.warehouseId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('purchase_orders.order_no', 'ilike', pattern), eb('su.code', 'ilike', pattern), eb('su.name', 'ilike', pattern)]));
  }
  if (filter.from) base = base.where('purchase_orders.order_date', '>=', filter.from);
  if (filter.to) base = base.where('purchase_orders.order_date', '<=', filter.to);
  if (filter.confirmed === 'yes') base = base.where('purchase_orders.promised_date', 'is not', null);
  if (filter.confirmed === 'no') base = base.where('purchase_orders.promised_date', 'is', null);
  return base;
}

export async function pageOrders(db: Db, scope: PurchaseScope, filter: OrderFilter, page: { limit: number; offset: number; sortColumn: OrderSort; order: 'asc' | 'desc' }) {
  const base = filteredOrders(db, scope, filter);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  const column = sql.ref(`purchase_orders.${page.sortColumn}`);
  return fetchPage(base, (q) => q.select(HEADER_COLUMNS).orderBy(sql`${column} ${direction} nulls last, purchase_orders.id desc`), page);
}

export type OrderHeaderRow = Awaited<ReturnType<typeof pageOrders>>['records'][number];

/** How many orders the list shows under `filter`, counting at most `cap` (then `capped`). */
export function countOrders(db: Db, scope: PurchaseScope, filter: OrderFilter, cap: number) {
  return countRows(filteredOrders(db, scope, filter), cap);
}

/** The order with this number, in the scope (exact match). */
export function findOrderByNo(db: Db, orderNo: string, scope: PurchaseScope) {
  return db
    .selectFrom('purchase_orders')
    .select(['purchase_orders.id', 'purchase_orders.order_no', 'purchase_orders.status'])
    .where('purchase_orders.order_no', '=', orderNo)
    .where((eb) => ordersInScope(eb, scope))
    .executeTakeFirst();
}

export function findOrder(db: Db, id: number, scope: PurchaseScope) {
  return headers(db)
    .select(HEADER_COLUMNS)
    .where('purchase_orders.id', '=', id)
    .where((eb) => ordersInScope(eb, scope))
    .executeTakeFirst();
}

/** Per SKU, what unposted receipts (draft/submitted inbounds made from the order) expect. */
export async function pendingBySku(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('stock_doc_lines as l')
    .innerJoin('stock_docs as d', 'd.id', 'l.doc_id')
    .select(['l.sku_id', (eb) => eb.fn.sum<string>('l.quantity').as('quantity')])
    .where('d.kind', '=', 'inbound')
    .where('d.source_type', '=', PURCHASE_SOURCES.order)
    .where('d.source_id', '=', orderId)
    .where('d.status', 'in', ['draft', 'submitted'])
    .where('l.sku_id', 'is not', null)
    .groupBy('l.sku_id')
    .execute();
  return new Map(rows.map((r) => [r.sku_id!, Number(r.quantity)]));
}

export function findOrderLines(db: Db, orderId: number) {
  return db
    .selectFrom('purchase_order_lines as l')
    .$call((q) => joinSkuLabel(q, 'l.sku_id', 'inner'))
    .select([
      'l.id',
      'l.line_no',
      'l.sku_id',
      'p.id as product_id',
      'p.style_no',
      'p.name as product_name',
      'p.main_image as image_url',
      'c.name as colour_name',
      'z.name as size_name',
      'z.sort as size_sort',
      'k.barcode',
      'l.quantity',
      'l.unit_price_fen',
      'l.received_quantity',
      'l.refund_quantity',
      'l.returned_quantity',
      'l.remark',
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.line_no')
    .execute();
}

export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

/** The inbound documents made from an order (only posted ones when `postedOnly`), newest first. */
export async function findReceipts(db: Db, orderId: number, postedOnly: boolean) {
  let docs = db
    .selectFrom('stock_docs as d')
    .innerJoin('warehouses as w', 'w.id', 'd.warehouse_id')
    .select(['d.id', 'd.doc_no', 'd.status', 'd.scan_started', 'w.name as warehouse_name', 'd.created_at', 'd.posted_at'])
    .where('d.kind', '=', 'inbound')
    .where('d.source_type', '=', PURCHASE_SOURCES.order)
    .where('d.source_id', '=', orderId);
  if (postedOnly) docs = docs.where('d.status', '=', 'posted');
  const headerRows = await docs.orderBy('d.id', 'desc').execute();
  if (headerRows.length === 0) return [];
  const lines = await db
    .selectFrom('stock_doc_lines as l')
    .$call((q) => joinSkuLabel(q, 'l.sku_id', 'inner'))
    .select(['l.doc_id', 'l.sku_id', 'l.quantity', 'l.actual_quantity', 'p.style_no', 'p.name as product_name', 'c.name as colour_name', 'z.name as size_name', 'k.barcode'])
    .where(
      'l.doc_id',
      'in',
      headerRows.map((d) => d.id),
    )
    .orderBy('l.doc_id')
    .orderBy('l.line_no')
    .execute();
  return headerRows.map((doc) => ({ ...doc, lines: lines.filter((l) => l.doc_id === doc.id) }));
}

export type ReceiptRow = Awaited<ReturnType<typeof findReceipts>>[number];

/** Per SKU of the styles: what audited purchase orders still expect (ordered less received), the 期货 catalogue's 预计到货. */
export async function openQuantitiesOfStyles(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('purchase_orders as o', 'o.id', 'l.order_id')
    .innerJoin('skus as k', 'k.id', 'l.sku_id')
    .select(['l.sku_id', sql<number>`sum(greatest(l.quantity - l.received_quantity, 0))::int`.as('open')])
    .where('o.status', 'in', ['audited', 'partly_received'])
    .where('k.product_id', 'in', productIds)
    .groupBy('l.sku_id')
    .execute();
  return new Map(rows.filter((r) => r.open > 0).map((r) => [r.sku_id, r.open]));
}

/** A purchase order's line per SKU (the first when a SKU has several): what a receipt's goods came on. */
export async function lineIdsBySku(db: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('purchase_order_lines').select(['id', 'sku_id']).where('order_id', '=', orderId).orderBy('line_no').execute();
  const bySku = new Map<number, number>();
  for (const row of rows) if (!bySku.has(row.sku_id)) bySku.set(row.sku_id, row.id);
  return bySku;
}
