import { PURCHASE_LINES_MAX, PURCHASE_REFUND_ACTIONS, PURCHASE_REFUND_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

export const refundIdParams = z.object({ id: queryId('退货单编号不正确') });

export const refundsQuery = z.object({
  ...listQueryShape,
  status: z.enum(PURCHASE_REFUND_STATUSES, { error: '退货单状态不正确' }).optional(),
  supplierId: queryId('供应商编号不正确').optional(),
  warehouseId: queryId('仓库编号不正确').optional(),
  purchaseOrderId: queryId('采购订单编号不正确').optional(),
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional().describe('退货单号、采购订单号或供应商编码/名称（包含）'),
  from: isoDay.optional().describe('创建日期起（含）'),
  to: isoDay.optional().describe('创建日期止（含）'),
});

export const REFUND_SORTS = {
  id: 'purchase_refunds.id',
  refundNo: 'purchase_refunds.refund_no',
  createdAt: 'purchase_refunds.created_at',
  totalQuantity: 'purchase_refunds.total_quantity',
  totalAmountFen: 'purchase_refunds.total_amount_fen',
} as const;
export type RefundSortColumn = (typeof REFUND_SORTS)[keyof typeof REFUND_SORTS];

// Numbers are checked by the service with line-numbered Chinese messages; the schema keeps types.
const refundLineInput = z.object({
  orderLineId: z.number().nullable().optional(),
  skuId: z.number({ error: '请选择商品SKU' }),
  quantity: z.number({ error: '数量须为整数' }),
  unitPriceFen: z.number().nullable().optional(),
  remark: z.string().max(1000).optional(),
});

export const refundBody = z.object({
  supplierId: z.number({ error: '请选择供应商' }),
  warehouseId: z.number({ error: '请选择仓库' }),
  purchaseOrderId: z.number().nullable().optional(),
  reason: z.string({ error: '请填写退货原因' }).max(1000),
  remark: z.string().max(1000).optional(),
  lines: z.array(refundLineInput).max(PURCHASE_LINES_MAX, `一张单据最多${PURCHASE_LINES_MAX}行明细`),
});

export const refundActionBody = z
  .object({ reason: z.string().max(1000).optional() })
  .nullable()
  .optional();

const text = z.string();
const nullableText = z.string().nullable();
const int = z.number().int();
const intOrNull = z.number().int().nullable();

export const refundRecord = z.object({
  id: int,
  refundNo: text,
  supplierId: int,
  supplierCode: text,
  supplierName: text,
  warehouseId: int,
  warehouseName: text,
  purchaseOrderId: intOrNull,
  orderNo: text,
  status: z.enum(PURCHASE_REFUND_STATUSES),
  statusLabel: text,
  reason: text,
  remark: text,
  lineCount: int,
  totalQuantity: int,
  totalAmountFen: int,
  returnedQuantity: int,
  outboundId: intOrNull,
  outboundNo: text,
  createdByName: text,
  createdAt: text,
  auditedByName: text,
  auditedAt: nullableText,
  doneAt: nullableText,
  voidedAt: nullableText,
  actions: z.array(z.enum(PURCHASE_REFUND_ACTIONS)),
});

export const refundLineRecord = z.object({
  id: int,
  lineNo: int,
  orderLineId: intOrNull,
  skuId: int,
  productId: int,
  styleNo: text,
  productName: text,
  colourName: text,
  sizeName: text,
  barcode: text,
  quantity: int,
  unitPriceFen: int,
  amountFen: int,
  returnedQuantity: int,
  remark: text,
});

export const refundDetail = refundRecord.extend({ lines: z.array(refundLineRecord) });
