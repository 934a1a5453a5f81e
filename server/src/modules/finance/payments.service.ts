import {
  BANK_REF_MAX,
  FINANCE_TEXT_MAX,
  FinanceMessages,
  PAYMENT_MACHINE,
  PAYMENT_METHODS,
  PAYMENT_PREFIX,
  PAYMENT_REASON_ACTIONS,
  paidOnProblem,
  paymentActionRefused,
  paymentActions,
  paymentAmountProblem,
  Permissions,
  shanghaiToday,
  SUPPLIER_PAYMENT_PREFIX,
  type PaymentAction,
  type PaymentMethod,
  type PaymentRecord,
  type PaymentStatus,
} from '@erp/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error.ts';
import type { ListParams } from '../../http/list-params.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { transition, type DocumentDefinition } from '../../kernel/documents/transition.ts';
import { lockAccounts, postEntries, reverseEntries, type EntryInput } from '../../kernel/ledgers/money.ts';
import { checkedParty, mayReach, ownParty, partyInScope, type FinanceContext, type FinanceParty, partyRow } from './finance-parties.ts';
import { checkEvidence, evidenceConflictMessage } from './payments-vouchers.ts';
import * as repo from './payments.repo.ts';
import type { PaymentSortColumn } from './payments.schema.ts';
import { checkedShares, type Share } from './supplier-shares.ts';
import { optionalText } from '../../http/text-input.ts';
import { orderNosOf } from '../sales-orders/sales-orders-read.service.ts';
import { orderOfPayment } from './payments-order.ts';

// 收款单 (issue 18, "Payments"): an agent or a shop records what it paid (amount, method, date,
// bank reference, voucher) → HQ finance audits it, which posts it to the party's 应收 (lowering
// it), or rejects it with a reason; the recorder may cancel it while it waits. HQ may record one
// directly: posted at once when the recorder may also audit. 付款单 is HQ paying a supplier,
// posted at once against the supplier's 应付 (optionally per purchase order). A posted one is
// voided by reversing its entries, with a reason — never deleted.

const KIND = { in: '收款单', out: '付款单' } as const;

export const PAYMENT_DOCUMENT: DocumentDefinition<repo.PaymentRow, PaymentStatus, PaymentAction, FinanceContext> = {
  type: 'finance_payment',
  machine: PAYMENT_MACHINE,
  lock: (trx, id) => repo.lockPayment(trx, id),
  visible: (_trx, ctx, row) => mayReach(ctx.scope, { partyType: row.party_type, partyId: Number(row.party_id) }),
  statusOf: (row) => row.status,
  notFound: FinanceMessages.paymentNotFound,
  refused: (row, action) => paymentActionRefused(KIND[row.direction], row.doc_no, row.status, action),
  save: (trx, id, values) => repo.updatePaymentQuery(trx, id, values),
  stamps: {
    audit: (u) => ({ audited_by: u, audited_at: new Date() }),
    reject: (u, reason) => ({ rejected_by: u, rejected_at: new Date(), reason }),
    cancel: (u, reason) => ({ cancelled_by: u, cancelled_at: new Date(), reason }),
    void: (u, reason) => ({ voided_by: u, voided_at: new Date(), reason }),
  },
};

interface CheckedFields {
  amount_fen: number;
  method: PaymentMethod;
  paid_on: string;
  bank_ref: string;
  voucher_image: string;
  memo: string;
}

/** The typed fields, checked; the voucher and bank reference are checked against the party later (checkEvidence). */
function checkedFields(input: Record<string, unknown>, voucherRequired: boolean): CheckedFields {
  const amountProblem = paymentAmountProblem(input.amountFen);
  if (amountProblem) throw badRequest(amountProblem);
  if (typeof input.method !== 'string' || !(PAYMENT_METHODS as readonly string[]).includes(input.method)) throw badRequest(FinanceMessages.methodInvalid);
  const dayProblem = paidOnProblem(input.paidOn, shanghaiToday());
  if (dayProblem) throw badRequest(dayProblem);
  const bankRef = optionalText(input.bankRef, '银行流水号', BANK_REF_MAX, FinanceMessages.bankRefTooLong);
  const memo = optionalText(input.memo, '备注', FINANCE_TEXT_MAX, FinanceMessages.memoTooLong);
  const voucher = optionalText(input.voucherImage, '凭证', 1000);
  if (!voucher && voucherRequired) throw badRequest(FinanceMessages.voucherRequired);
  return { amount_fen: input.amountFen as number, method: input.method as PaymentMethod, paid_on: input.paidOn as string, bank_ref: bankRef, voucher_image: voucher, memo };
}

/** The ledger entries a payment posts: 收款 lowers the party's 应收; 付款 lowers the supplier's 应付, per chosen order and the rest on account. */
function entriesOf(row: repo.PaymentRow, shares: readonly Share[]): EntryInput[] {
  const party = { partyType: row.party_type, partyId: Number(row.party_id) };
  const amount = Number(row.amount_fen);
  if (row.direction === 'in') return [{ ...party, accountKind: 'receivable', amountFen: -amount, entryType: 'payment', memo: `收款单${row.doc_no}` }];
  const entries: EntryInput[] = shares.map((s) => ({
    ...party,
    accountKind: 'payable',
    amountFen: -s.amountFen,
    entryType: 'supplier_payment',
    origin: { type: 'purchase_order', id: s.purchaseOrderId },
    memo: `付款单${row.doc_no}`,
  }));
  const rest = amount - shares.reduce((sum, s) => sum + s.amountFen, 0);
  if (rest > 0) entries.push({ ...party, accountKind: 'payable', amountFen: -rest, entryType: 'supplier_payment', memo: `付款单${row.doc_no}` });
  return entries;
}

/** 登记收款 (the party for itself, HQ for any billed party). */
export async function recordPayment(db: Db, ctx: FinanceContext, input: Record<string, unknown>): Promise<PaymentRecord> {
  const own = ownParty(ctx.scope);
  const hq = own === 'all';
  const wanted: FinanceParty | null = hq ? null : own;
  if (!hq && (wanted === null || wanted.partyType === 'supplier')) throw forbidden();
  const fields = checkedFields(input, !hq);
  return evidenceSaved(() =>
    withTransaction(db, async (trx) => {
      const party = await checkedParty(trx, ctx.scope, hq ? input.partyType : wanted!.partyType, hq ? input.partyId : wanted!.partyId, ['agent', 'shop']);
      await checkEvidence(trx, { direction: 'in', party, recordedByHq: hq, voucher: fields.voucher_image, bankRef: fields.bank_ref });
      const order = await orderOfPayment(trx, party, input.salesOrderNo);
      const docNo = await nextDocNo(trx, PAYMENT_PREFIX);
      const id = await repo.insertPayment(trx, {
        ...fields,
        sales_order_id: order?.id ?? null,
        doc_no: docNo,
        direction: 'in',
        party_type: party.partyType,
        party_id: party.partyId,
        status: 'submitted',
        created_by: ctx.userId,
      });
      // HQ finance recording a payment it may audit posts it at once
      if (hq && ctx.permissions.has(Permissions.financePaymentAudit)) await move(trx, ctx, id, 'audit', '');
      return readPayment(trx, ctx, id);
    }),
  );
}

/** A duplicate that slipped past the checks in a parallel request meets the unique index: the same 422. */
async function evidenceSaved<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = evidenceConflictMessage(error);
    if (message) throw badRequest(message);
    throw error;
  }
}

/** 登记付款 (HQ): posted at once against the supplier's 应付, optionally shared over its purchase orders. */
export async function recordSupplierPayment(db: Db, ctx: FinanceContext, input: Record<string, unknown>): Promise<PaymentRecord> {
  if (ctx.scope.kind !== 'all') throw forbidden(FinanceMessages.hqOnly);
  const fields = checkedFields(input, false);
  return evidenceSaved(() =>
    withTransaction(db, async (trx) => {
      const party = await checkedParty(trx, ctx.scope, input.partyType ?? 'supplier', input.partyId, ['supplier']);
      await checkEvidence(trx, { direction: 'out', party, recordedByHq: true, voucher: fields.voucher_image, bankRef: fields.bank_ref });
      // what is owed per order is read under the supplier's account lock: two payments queue here
      await lockAccounts(trx, [{ partyType: 'supplier', partyId: party.partyId, accountKind: 'payable' }]);
      const shares = await checkedShares(trx, party.partyId, fields.amount_fen, input.orders);
      const docNo = await nextDocNo(trx, SUPPLIER_PAYMENT_PREFIX);
      const id = await repo.insertPayment(trx, {
        ...fields,
        doc_no: docNo,
        direction: 'out',
        party_type: 'supplier',
        party_id: party.partyId,
        status: 'submitted',
        created_by: ctx.userId,
      });
      await repo.insertShares(trx, id, shares);
      await move(trx, ctx, id, 'audit', '');
      return readPayment(trx, ctx, id);
    }),
  );
}

/** Who may do what: HQ finance audits, rejects and voids 收款; HQ voids 付款; the recorder's side cancels a waiting 收款. */
function allowed(ctx: FinanceContext, row: { direction: 'in' | 'out' }, action: PaymentAction): boolean {
  const hq = ctx.scope.kind === 'all';
  // a supplier payment is audited as it is recorded, then may only be voided
  if (row.direction === 'out') return hq && (action === 'void' || action === 'audit') && ctx.permissions.has(Permissions.financeSupplierPaymentEdit);
  if (action === 'cancel') return ctx.permissions.has(Permissions.financePaymentEdit);
  return hq && ctx.permissions.has(Permissions.financePaymentAudit);
}

async function move(trx: Db, ctx: FinanceContext, id: number, action: PaymentAction, reason: string): Promise<void> {
  await transition(trx, PAYMENT_DOCUMENT, ctx, id, action, {
    userId: ctx.userId,
    reason,
    effects: async (row) => {
      if (!allowed(ctx, row, action)) throw forbidden(action === 'audit' ? FinanceMessages.auditOwnForbidden : undefined);
      if (PAYMENT_REASON_ACTIONS.has(action) && !reason) throw badRequest(FinanceMessages.reasonRequired);
      const document = { type: 'finance_payment' as const, id };
      if (action === 'audit') {
        const shares = (await repo.sharesOf(trx, [id])).map((s) => ({ purchaseOrderId: Number(s.purchase_order_id), amountFen: Number(s.amount_fen) }));
        await postEntries(trx, { document, userId: ctx.userId, entries: entriesOf(row, shares) });
      }
      if (action === 'void') await reverseEntries(trx, document, ctx.userId);
    },
  });
}

/** 审核/驳回/撤销/冲销 in one transaction (the kernel locks the row: a second audit of one payment answers 409). */
export async function actOnPayment(
  db: Db,
  ctx: FinanceContext,
  direction: 'in' | 'out',
  id: number,
  action: PaymentAction,
  input: { reason?: string | null } = {},
): Promise<PaymentRecord> {
  const reason = (input.reason ?? '').trim();
  if (reason.length > FINANCE_TEXT_MAX) throw badRequest(FinanceMessages.reasonTooLong);
  return withTransaction(db, async (trx) => {
    const row = await repo.paymentById(trx, id);
    if (!row || row.direction !== direction) throw notFound(direction === 'in' ? FinanceMessages.paymentNotFound : FinanceMessages.supplierPaymentNotFound);
    await move(trx, ctx, id, action, reason);
    return readPayment(trx, ctx, id);
  });
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(
  ctx: FinanceContext,
  row: NonNullable<Awaited<ReturnType<typeof repo.paymentById>>>,
  shares: Awaited<ReturnType<typeof repo.sharesOf>>,
  orderNos: ReadonlyMap<number, string>,
): PaymentRecord {
  return {
    id: Number(row.id),
    docNo: row.doc_no,
    direction: row.direction,
    partyType: row.party_type,
    partyId: Number(row.party_id),
    partyName: row.party_name,
    amountFen: Number(row.amount_fen),
    method: row.method,
    paidOn: row.paid_on,
    bankRef: row.bank_ref,
    voucherImage: row.voucher_image,
    memo: row.memo,
    status: row.status,
    reason: row.reason,
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at)!,
    auditedByName: row.audited_by_name,
    auditedAt: iso(row.audited_at),
    orders: shares
      .filter((s) => Number(s.payment_id) === Number(row.id))
      .map((s) => ({ purchaseOrderId: Number(s.purchase_order_id), orderNo: s.order_no, amountFen: Number(s.amount_fen) })),
    salesOrderId: row.sales_order_id === null ? null : Number(row.sales_order_id),
    salesOrderNo: row.sales_order_id === null ? '' : (orderNos.get(Number(row.sales_order_id)) ?? ''),
    actions: paymentActions(row.status).filter((a) => allowed(ctx, row, a)),
  };
}

export async function readPayment(db: Db, ctx: FinanceContext, id: number, direction?: 'in' | 'out'): Promise<PaymentRecord> {
  const row = await repo.paymentById(db, id);
  if (!row || (direction && row.direction !== direction) || !mayReach(ctx.scope, { partyType: row.party_type, partyId: Number(row.party_id) })) {
    throw notFound(direction === 'out' ? FinanceMessages.supplierPaymentNotFound : FinanceMessages.paymentNotFound);
  }
  const orderNos = await orderNosOf(db, row.sales_order_id === null ? [] : [Number(row.sales_order_id)]);
  return toRecord(ctx, row, await repo.sharesOf(db, [Number(row.id)]), orderNos);
}

export async function pagePayments(db: Db, ctx: FinanceContext, filter: repo.PaymentFilter, params: ListParams<PaymentSortColumn>) {
  const inScope = partyInScope(ctx.scope, 'p.party_type', 'p.party_id');
  const page = await repo.pagePayments(db, inScope, filter, params);
  const sums = await repo.paymentTotals(db, inScope, filter);
  const totals = { amountFen: Number(sums.amount_fen), postedFen: Number(sums.posted_fen), waitingFen: Number(sums.waiting_fen) };
  const shares =
    filter.direction === 'out'
      ? await repo.sharesOf(
          db,
          page.records.map((r) => Number(r.id)),
        )
      : [];
  const orderIds = page.records.map((r) => r.sales_order_id).filter((id): id is number => id !== null);
  const orderNos = await orderNosOf(db, [...new Set(orderIds.map(Number))]);
  return { records: page.records.map((r) => toRecord(ctx, r, shares, orderNos)), total: page.total, totals };
}

/** 收款单 waiting for HQ's audit, for the workbench (HQ sees every party's). */
export const countPaymentsToAudit = (db: Db, cap: number) => repo.countWaiting(db, cap);

/**
 * 工作台: the caller's own 收款单 of a status, as its list counts them (a party's 驳回 ones); null
 * for HQ and for a party without an account of its own (a shop billed through its agent).
 */
export async function countOwnPayments(db: Db, scope: FinanceContext['scope'], status: PaymentStatus, cap: number) {
  const own = ownParty(scope);
  if (own === null || own === 'all' || !(await partyRow(db, own))?.billed) return null;
  return repo.countInScope(db, partyInScope(scope, 'p.party_type', 'p.party_id'), status, cap);
}

/** A supplier's purchase orders with what is still owed on each (HQ picks from them when paying). */
export async function payableOrders(db: Db, ctx: FinanceContext, supplierId: number) {
  if (ctx.scope.kind !== 'all') throw forbidden(FinanceMessages.hqOnly);
  const rows = await repo.orderPayables(db, supplierId, null);
  return rows.filter((r) => Number(r.payable_fen) > 0).map((r) => ({ purchaseOrderId: Number(r.purchase_order_id), orderNo: r.order_no, payableFen: Number(r.payable_fen) }));
}

/** 工作台 单据查找: a 收款单 (SK) or 付款单 (FK) by its exact number, null when missing or out of the caller's scope. */
export async function findPaymentByNo(db: Db, ctx: FinanceContext, docNo: string, direction: 'in' | 'out'): Promise<PaymentRecord | null> {
  const row = await repo.findPaymentIdByNo(db, docNo, direction);
  if (!row) return null;
  return readPayment(db, ctx, Number(row.id), direction).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
}
