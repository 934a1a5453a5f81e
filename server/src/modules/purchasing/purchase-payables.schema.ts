import { PAYABLE_ENTRY_TYPES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

export const payablesQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional().describe('供应商编码或名称（包含）'),
  supplierId: queryId('供应商编号不正确').optional(),
});

export const orderPayablesQuery = z.object({
  ...listQueryShape,
  supplierId: queryId('请选择供应商'),
});

export const payableEntriesQuery = z.object({
  ...listQueryShape,
  supplierId: queryId('供应商编号不正确').optional(),
  purchaseOrderId: queryId('采购订单编号不正确').optional(),
  from: isoDay.optional().describe('记账日期起（含）'),
  to: isoDay.optional().describe('记账日期止（含）'),
});

// sort keys → output columns of the grouped queries (never user input in SQL)
export const SUPPLIER_PAYABLE_SORTS = {
  supplierCode: 'supplier_code',
  payableFen: 'payable_fen',
  receivedAmountFen: 'received_amount_fen',
  refundedAmountFen: 'refunded_amount_fen',
  paidAmountFen: 'paid_amount_fen',
  orderCount: 'order_count',
  lastEntryAt: 'last_entry_at',
} as const;
export type SupplierPayableSort = (typeof SUPPLIER_PAYABLE_SORTS)[keyof typeof SUPPLIER_PAYABLE_SORTS];

export const ORDER_PAYABLE_SORTS = {
  orderNo: 'order_no',
  orderDate: 'order_date',
  payableFen: 'payable_fen',
  receivedAmountFen: 'received_amount_fen',
  refundedAmountFen: 'refunded_amount_fen',
  paidAmountFen: 'paid_amount_fen',
} as const;
export type OrderPayableSort = (typeof ORDER_PAYABLE_SORTS)[keyof typeof ORDER_PAYABLE_SORTS];

export const PAYABLE_ENTRY_SORTS = { id: 'sp.id', businessDay: 'sp.business_day', amountFen: 'sp.amount_fen' } as const;
export type PayableEntrySort = (typeof PAYABLE_ENTRY_SORTS)[keyof typeof PAYABLE_ENTRY_SORTS];

const int = z.number().int();
const text = z.string();

export const supplierPayableRecord = z.object({
  supplierId: int,
  supplierCode: text,
  supplierName: text,
  receivedAmountFen: int,
  refundedAmountFen: int,
  paidAmountFen: int,
  adjustedFen: int,
  payableFen: int,
  orderCount: int,
  lastEntryAt: text.nullable(),
});

export const orderPayableRecord = z.object({
  purchaseOrderId: int.nullable(),
  orderNo: text,
  orderDate: text.nullable(),
  receivedAmountFen: int,
  refundedAmountFen: int,
  paidAmountFen: int,
  payableFen: int,
});

export const payableEntryRecord = z.object({
  id: int,
  entryType: z.enum(PAYABLE_ENTRY_TYPES),
  entryLabel: text,
  reversal: z.boolean(),
  memo: text,
  supplierId: int,
  supplierName: text,
  purchaseOrderId: int.nullable(),
  orderNo: text,
  refundId: int.nullable(),
  refundNo: text,
  stockDocId: int,
  docNo: text,
  quantity: int,
  amountFen: int,
  businessDay: text,
  createdByName: text,
  createdAt: text,
});
