import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, fetchPage } from '../../db/paging.ts';
import type { OrderPayableSort, PayableEntrySort, SupplierPayableSort } from './purchase-payables.schema.ts';
import type { PurchaseScope } from './purchase-scope.ts';

/** All SQL of 应付账款: sums over the suppliers' payable accounts of the money ledger. */

type Page<S> = { limit: number; offset: number; sortColumn: S; order: 'asc' | 'desc' };

/**
 * The suppliers' payable entries in the shape the screens read: the order an entry belongs to (a
 * receipt's own order, a refund's order), the refund, and the stock document that posted it.
 */
function payables(db: Db) {
  return db
    .selectFrom('account_entries as e')
    .leftJoin('purchase_refunds as r', (join) => join.on('e.origin_type', '=', 'purchase_refund').onRef('r.id', '=', 'e.origin_id'))
    .select([
      'e.id',
      'e.party_id as supplier_id',
      'e.entry_type',
      sql<number | null>`CASE WHEN e.origin_type = 'purchase_order' THEN e.origin_id ELSE r.purchase_order_id END`.as('purchase_order_id'),
      sql<number | null>`CASE WHEN e.origin_type = 'purchase_refund' THEN e.origin_id END`.as('refund_id'),
      sql<number | null>`CASE WHEN e.document_type = 'stock_doc' THEN e.doc_id END`.as('stock_doc_id'),
      'e.quantity',
      'e.amount_fen',
      'e.business_day',
      'e.created_by',
      'e.created_at',
      'e.memo',
      sql<boolean>`e.reverses_entry_id IS NOT NULL`.as('reversal'),
    ])
    .where('e.party_type', '=', 'supplier')
    .where('e.account_kind', '=', 'payable');
}

/** Ledger rows the scope may read: HQ all, a supplier its own, anyone else none. */
function entriesInScope(scope: PurchaseScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  if (scope.kind === 'supplier') return sql<SqlBool>`sp.supplier_id = ${scope.supplierId}`;
  return sql<SqlBool>`false`;
}

const received = sql<number>`coalesce(sum(sp.amount_fen) filter (where sp.entry_type in ('receipt', 'receipt_void')), 0)::bigint`;
// refunds are negative in the ledger; shown as a positive amount
const refunded = sql<number>`(-coalesce(sum(sp.amount_fen) filter (where sp.entry_type in ('refund', 'refund_void')), 0))::bigint`;
// payments lower the payable: shown as a positive amount paid
const paid = sql<number>`(-coalesce(sum(sp.amount_fen) filter (where sp.entry_type = 'supplier_payment'), 0))::bigint`;
const adjusted = sql<number>`coalesce(sum(sp.amount_fen) filter (where sp.entry_type = 'adjustment'), 0)::bigint`;
const payable = sql<number>`coalesce(sum(sp.amount_fen), 0)::bigint`;

const ordered = (column: string, order: 'asc' | 'desc', tie: string) => sql`${sql.ref(column)} ${order === 'desc' ? sql`desc` : sql`asc`} nulls last, ${sql.ref(tie)}`;

export async function pageSupplierPayables(db: Db, scope: PurchaseScope, filter: { keyword?: string; supplierId?: number }, page: Page<SupplierPayableSort>) {
  let grouped = db.selectFrom(payables(db).as('sp')).innerJoin('suppliers as su', 'su.id', 'sp.supplier_id').where(entriesInScope(scope));
  if (filter.supplierId !== undefined) grouped = grouped.where('sp.supplier_id', '=', filter.supplierId);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    grouped = grouped.where((eb) => eb.or([eb('su.code', 'ilike', pattern), eb('su.name', 'ilike', pattern)]));
  }
  const sums = grouped
    .select([
      'sp.supplier_id',
      'su.code as supplier_code',
      'su.name as supplier_name',
      received.as('received_amount_fen'),
      refunded.as('refunded_amount_fen'),
      paid.as('paid_amount_fen'),
      adjusted.as('adjusted_fen'),
      payable.as('payable_fen'),
      sql<number>`count(distinct sp.purchase_order_id)::int`.as('order_count'),
      sql<Date | null>`max(sp.created_at)`.as('last_entry_at'),
    ])
    .groupBy(['sp.supplier_id', 'su.code', 'su.name']);
  const base = db.selectFrom(sums.as('t'));
  return fetchPage(base, (q) => q.selectAll().orderBy(ordered(`t.${page.sortColumn}`, page.order, 't.supplier_id')), page);
}

export async function pageOrderPayables(db: Db, scope: PurchaseScope, supplierId: number, page: Page<OrderPayableSort>) {
  const sums = db
    .selectFrom(payables(db).as('sp'))
    .leftJoin('purchase_orders as po', 'po.id', 'sp.purchase_order_id')
    .where(entriesInScope(scope))
    .where('sp.supplier_id', '=', supplierId)
    .select([
      'sp.purchase_order_id',
      sql<string>`coalesce(po.order_no, '')`.as('order_no'),
      'po.order_date',
      received.as('received_amount_fen'),
      refunded.as('refunded_amount_fen'),
      paid.as('paid_amount_fen'),
      payable.as('payable_fen'),
    ])
    .groupBy(['sp.purchase_order_id', 'po.order_no', 'po.order_date']);
  const base = db.selectFrom(sums.as('t'));
  return fetchPage(base, (q) => q.selectAll().orderBy(ordered(`t.${page.sortColumn}`, page.order, 't.purchase_order_id')), page);
}

export interface EntryFilter {
  supplierId?: number;
  purchaseOrderId?: number;
  from?: string;
  to?: string;
}

export async function pageEntries(db: Db, scope: PurchaseScope, filter: EntryFilter, page: Page<PayableEntrySort>) {
  let base = db
    .selectFrom(payables(db).as('sp'))
    .innerJoin('suppliers as su', 'su.id', 'sp.supplier_id')
    .leftJoin('stock_docs as d', 'd.id', 'sp.stock_doc_id')
    .leftJoin('purchase_orders as po', 'po.id', 'sp.purchase_order_id')
    .leftJoin('purchase_refunds as pr', 'pr.id', 'sp.refund_id')
    .leftJoin('users as u', 'u.id', 'sp.created_by')
    .where(entriesInScope(scope));
  if (filter.supplierId !== undefined) base = base.where('sp.supplier_id', '=', filter.supplierId);
  if (filter.purchaseOrderId !== undefined) base = base.where('sp.purchase_order_id', '=', filter.purchaseOrderId);
  if (filter.from) base = base.where('sp.business_day', '>=', filter.from);
  if (filter.to) base = base.where('sp.business_day', '<=', filter.to);
  return fetchPage(
    base,
    (q) =>
      q
        .select([
          'sp.id',
          'sp.entry_type',
          'sp.supplier_id',
          'su.name as supplier_name',
          'sp.purchase_order_id',
          'po.order_no',
          'sp.refund_id',
          'pr.refund_no',
          'sp.stock_doc_id',
          'd.doc_no',
          'sp.quantity',
          'sp.amount_fen',
          'sp.memo',
          'sp.reversal',
          'sp.business_day',
          'u.name as created_by_name',
          'sp.created_at',
        ])
        .orderBy(ordered(page.sortColumn, page.order, 'sp.id')),
    page,
  );
}
