import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { partyNameOf } from './finance-parties.ts';
import { containsPattern, countRows, fetchPage } from '../../db/paging.ts';
import type { FinancePaymentsTable } from '../../db/schema-finance.ts';
import type { Insertable } from 'kysely';
import type { PaymentSortColumn } from './payments.schema.ts';

/** All SQL of 收款单 and 付款单 (finance_payments, finance_payment_orders). */

type Page<S> = { limit: number; offset: number; sortColumn: S; order: 'asc' | 'desc' };

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

export async function insertPayment(trx: Db, values: Insertable<FinancePaymentsTable>): Promise<number> {
  const row = await trx.insertInto('finance_payments').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertShares(trx: Db, paymentId: number, shares: readonly { purchaseOrderId: number; amountFen: number }[]): Promise<void> {
  if (shares.length === 0) return;
  await trx
    .insertInto('finance_payment_orders')
    .values(shares.map((s) => ({ payment_id: paymentId, purchase_order_id: s.purchaseOrderId, amount_fen: s.amountFen })))
    .execute();
}

export function lockPayment(trx: Db, id: number) {
  return trx.selectFrom('finance_payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updatePaymentQuery(trx: Db, id: number, values: Record<string, unknown>) {
  return trx.updateTable('finance_payments').set(values).where('id', '=', id).returningAll();
}

export async function sharesOf(db: Db, paymentIds: readonly number[]) {
  if (paymentIds.length === 0) return [];
  return db
    .selectFrom('finance_payment_orders as s')
    .innerJoin('purchase_orders as po', 'po.id', 's.purchase_order_id')
    .select(['s.payment_id', 's.purchase_order_id', 'po.order_no', 's.amount_fen'])
    .where('s.payment_id', 'in', paymentIds)
    .orderBy('po.order_no')
    .execute();
}

const partyName = partyNameOf('p.party_type', 'p.party_id');

function withNames(db: Db) {
  return db.selectFrom('finance_payments as p').leftJoin('users as cu', 'cu.id', 'p.created_by').leftJoin('users as au', 'au.id', 'p.audited_by');
}

const columns = [
  'p.id',
  'p.doc_no',
  'p.direction',
  'p.party_type',
  'p.party_id',
  'p.amount_fen',
  'p.method',
  'p.paid_on',
  'p.bank_ref',
  'p.voucher_image',
  'p.memo',
  'p.status',
  'p.reason',
  'p.created_by',
  'p.created_at',
  'p.audited_at',
  'p.sales_order_id',
] as const;

export interface PaymentFilter {
  direction: 'in' | 'out';
  status?: string;
  partyType?: string;
  partyId?: number;
  keyword?: string;
  from?: string;
  to?: string;
}

function filteredPayments(db: Db, inScope: Expression<SqlBool>, filter: PaymentFilter) {
  let base = withNames(db).where('p.direction', '=', filter.direction).where(inScope);
  if (filter.status) base = base.where('p.status', '=', filter.status as FinancePaymentsTable['status']);
  if (filter.partyType) base = base.where('p.party_type', '=', filter.partyType as FinancePaymentsTable['party_type']);
  if (filter.partyId) base = base.where('p.party_id', '=', filter.partyId);
  if (filter.from) base = base.where('p.paid_on', '>=', filter.from);
  if (filter.to) base = base.where('p.paid_on', '<=', filter.to);
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('p.doc_no', 'ilike', pattern), eb('p.bank_ref', 'ilike', pattern), eb(partyName, 'ilike', pattern)]));
  }
  return base;
}

/** 合计 of the whole search (issue 26): every listed payment's amount, and of those standing (waiting or posted). */
export function paymentTotals(db: Db, inScope: Expression<SqlBool>, filter: PaymentFilter) {
  return filteredPayments(db, inScope, filter)
    .select([
      sql<string>`coalesce(sum(p.amount_fen), 0)`.as('amount_fen'),
      sql<string>`coalesce(sum(p.amount_fen) FILTER (WHERE p.status = 'posted'), 0)`.as('posted_fen'),
      sql<string>`coalesce(sum(p.amount_fen) FILTER (WHERE p.status = 'submitted'), 0)`.as('waiting_fen'),
    ])
    .executeTakeFirstOrThrow();
}

export async function pagePayments(db: Db, inScope: Expression<SqlBool>, filter: PaymentFilter, page: Page<PaymentSortColumn>) {
  const base = filteredPayments(db, inScope, filter);
  const direction = page.order === 'desc' ? sql`desc` : sql`asc`;
  return fetchPage(
    base,
    (q) =>
      q
        .select([
          ...columns,
          partyName.as('party_name'),
          sql<string>`coalesce(cu.name, cu.account, '')`.as('created_by_name'),
          sql<string>`coalesce(au.name, au.account, '')`.as('audited_by_name'),
        ])
        .orderBy(sql`${sql.raw(page.sortColumn)} ${direction}, p.id ${direction}`),
    page,
  );
}

/** How many 收款单 wait for HQ's audit (up to `cap`). */
/** 收款单 of one status among the rows `inScope` lets through (the list's own filter), up to `cap`. */
export const countInScope = (db: Db, inScope: Expression<SqlBool>, status: FinancePaymentsTable['status'], cap: number) =>
  countRows(db.selectFrom('finance_payments as p').where('p.direction', '=', 'in').where('p.status', '=', status).where(inScope), cap);

export const countWaiting = (db: Db, cap: number) => countRows(db.selectFrom('finance_payments as p').where('p.direction', '=', 'in').where('p.status', '=', 'submitted'), cap);

export async function paymentById(db: Db, id: number) {
  return withNames(db)
    .select([
      ...columns,
      partyName.as('party_name'),
      sql<string>`coalesce(cu.name, cu.account, '')`.as('created_by_name'),
      sql<string>`coalesce(au.name, au.account, '')`.as('audited_by_name'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/**
 * What is still owed on each purchase order of a supplier: its receipts less its refunds and the
 * payments made against it (the supplier's 应付 entries by the order they belong to).
 */
export async function orderPayables(db: Db, supplierId: number, orderIds: readonly number[] | null) {
  let query = db
    .selectFrom('account_entries as e')
    .leftJoin('purchase_refunds as r', (j) => j.on('e.origin_type', '=', 'purchase_refund').onRef('r.id', '=', 'e.origin_id'))
    .innerJoin('purchase_orders as po', (j) => j.on(sql<SqlBool>`po.id = CASE WHEN e.origin_type = 'purchase_order' THEN e.origin_id ELSE r.purchase_order_id END`))
    .where('e.party_type', '=', 'supplier')
    .where('e.party_id', '=', supplierId)
    .where('e.account_kind', '=', 'payable')
    .select(['po.id as purchase_order_id', 'po.order_no', 'po.supplier_id', sql<string>`sum(e.amount_fen)`.as('payable_fen')])
    .groupBy(['po.id', 'po.order_no', 'po.supplier_id'])
    .orderBy('po.order_no', 'desc');
  if (orderIds) query = query.where('po.id', 'in', orderIds.length ? orderIds : [0]);
  return query.execute();
}

export async function purchaseOrdersOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('purchase_orders').select(['id', 'order_no', 'supplier_id']).where('id', 'in', ids).execute();
}

/** A 收款单 or 付款单 by its exact number and direction, whoever's. */
export function findPaymentIdByNo(db: Db, docNo: string, direction: 'in' | 'out') {
  return db.selectFrom('finance_payments').select('id').where('doc_no', '=', docNo).where('direction', '=', direction).executeTakeFirst();
}
