import { PAYABLE_ENTRY_LABELS, type PayableEntryType, type OrderPayableRecord, type PayableEntryRecord, type SupplierPayableRecord } from '@erp/shared';
import type { Db } from '../../db/database.ts';
import type { ListParams } from '../../http/list-params.ts';
import * as repo from './purchase-payables.repo.ts';
import type { OrderPayableSort, PayableEntrySort, SupplierPayableSort } from './purchase-payables.schema.ts';
import type { PurchaseScope } from './purchase-scope.ts';

// 应付账款: what is owed to each supplier from received goods less refunds, per supplier, per
// order and entry by entry, with what was paid through 付款单 and adjusted through 调整单.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function supplierPayables(db: Db, scope: PurchaseScope, filter: { keyword?: string; supplierId?: number }, params: ListParams<SupplierPayableSort>) {
  const page = await repo.pageSupplierPayables(db, scope, filter, params);
  const records: SupplierPayableRecord[] = page.records.map((r) => ({
    supplierId: r.supplier_id,
    supplierCode: r.supplier_code,
    supplierName: r.supplier_name,
    receivedAmountFen: Number(r.received_amount_fen),
    refundedAmountFen: Number(r.refunded_amount_fen),
    paidAmountFen: Number(r.paid_amount_fen),
    adjustedFen: Number(r.adjusted_fen),
    payableFen: Number(r.payable_fen),
    orderCount: Number(r.order_count),
    lastEntryAt: iso(r.last_entry_at),
  }));
  return { records, total: page.total };
}

export async function orderPayables(db: Db, scope: PurchaseScope, supplierId: number, params: ListParams<OrderPayableSort>) {
  const page = await repo.pageOrderPayables(db, scope, supplierId, params);
  const records: OrderPayableRecord[] = page.records.map((r) => ({
    purchaseOrderId: r.purchase_order_id,
    orderNo: r.order_no,
    orderDate: r.order_date ?? null,
    receivedAmountFen: Number(r.received_amount_fen),
    refundedAmountFen: Number(r.refunded_amount_fen),
    paidAmountFen: Number(r.paid_amount_fen),
    payableFen: Number(r.payable_fen),
  }));
  return { records, total: page.total };
}

export async function payableEntries(db: Db, scope: PurchaseScope, filter: repo.EntryFilter, params: ListParams<PayableEntrySort>) {
  const page = await repo.pageEntries(db, scope, filter, params);
  const records: PayableEntryRecord[] = page.records.map((r) => ({
    id: r.id,
    entryType: r.entry_type as PayableEntryType,
    entryLabel: `${PAYABLE_ENTRY_LABELS[r.entry_type as PayableEntryType] ?? r.entry_type}${r.reversal ? '冲销' : ''}`,
    reversal: r.reversal,
    memo: r.memo,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    purchaseOrderId: r.purchase_order_id,
    orderNo: r.order_no ?? '',
    refundId: r.refund_id,
    refundNo: r.refund_no ?? '',
    stockDocId: r.stock_doc_id ?? 0,
    docNo: r.doc_no ?? '',
    quantity: r.quantity,
    amountFen: Number(r.amount_fen),
    businessDay: r.business_day,
    createdByName: r.created_by_name ?? '',
    createdAt: iso(r.created_at)!,
  }));
  return { records, total: page.total };
}
