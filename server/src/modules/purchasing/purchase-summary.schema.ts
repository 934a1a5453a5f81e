import { PURCHASE_SUMMARY_GROUPS } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

export const summaryQuery = z.object({
  ...listQueryShape,
  groupBy: z.enum(PURCHASE_SUMMARY_GROUPS, { error: '汇总方式只能是 supplier、style 或 month' }).default('supplier'),
  from: isoDay.optional().describe('下单日期起（含）'),
  to: isoDay.optional().describe('下单日期止（含）'),
  supplierId: queryId('供应商编号不正确').optional(),
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional().describe('供应商编码/名称或款号/品名（包含）'),
});

// sort keys → output columns of the grouped query
export const SUMMARY_SORTS = {
  key: 'key',
  orderCount: 'order_count',
  orderedQuantity: 'ordered_quantity',
  orderedAmountFen: 'ordered_amount_fen',
  receivedQuantity: 'received_quantity',
  receivedAmountFen: 'received_amount_fen',
  returnedQuantity: 'returned_quantity',
  returnedAmountFen: 'returned_amount_fen',
} as const;
export type SummarySort = (typeof SUMMARY_SORTS)[keyof typeof SUMMARY_SORTS];

const int = z.number().int();
const text = z.string();

export const summaryRecord = z.object({
  key: text,
  supplierCode: text,
  supplierName: text,
  styleNo: text,
  productName: text,
  month: text,
  orderCount: int,
  orderedQuantity: int,
  orderedAmountFen: int,
  receivedQuantity: int,
  receivedAmountFen: int,
  returnedQuantity: int,
  returnedAmountFen: int,
});
