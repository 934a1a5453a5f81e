import { PURCHASE_LINES_MAX, PURCHASE_ORDER_ACTIONS, PURCHASE_ORDER_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

// Routes of 采购订单. Limits with line numbers (quantity, price, duplicates) are checked by the
// service so the messages name the line; the schemas keep the types.

export const idParams = z.object({ id: queryId('采购订单编号不正确') });

export const ordersQuery = z.object({
  ...listQueryShape,
  status: z.enum(PURCHASE_ORDER_STATUSES, { error: '订单状态不正确' }).optional(),
  supplierId: queryId('供应商编号不正确').optional(),
  warehouseId: queryId('仓库编号不正确').optional(),
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional().describe('订单号或供应商编码/名称（包含）'),
  from: isoDay.optional().describe('下单日期起（含）'),
  to: isoDay.optional().describe('下单日期止（含）'),
  confirmed: z.enum(['yes', 'no'], { error: 'confirmed 只能是 yes 或 no' }).optional().describe('供应商是否已确认交期'),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

export const ORDER_SORTS = {
  id: 'id',
  orderNo: 'order_no',
  orderDate: 'order_date',
  expectedDate: 'expected_date',
  totalAmountFen: 'total_amount_fen',
} as const;
export type OrderSort = (typeof ORDER_SORTS)[keyof typeof ORDER_SORTS];

export const orderBody = z.object({
  supplierId: z.number({ error: '请选择供应商' }),
  warehouseId: z.number({ error: '请选择收货仓库' }),
  expectedDate: z.string({ error: '请选择交货日期' }),
  tolerancePercent: z.number({ error: '超收比例须为整数' }).optional(),
  remark: z.string().max(2000).optional(),
  lines: z
    .array(
      z.object({
        skuId: z.number({ error: '请选择商品SKU' }),
        quantity: z.number({ error: '数量须为整数' }),
        unitPriceFen: z.number({ error: '单价须为整数（分）' }),
        remark: z.string().max(2000).optional(),
      }),
    )
    .max(PURCHASE_LINES_MAX * 2),
});

export const closeBody = z
  .object({ reason: z.string().max(2000).optional() })
  .nullable()
  .optional();
export const confirmBody = z.object({ promisedDate: z.string().max(32).nullable().optional() });

export const receiveBody = z.object({
  warehouseId: z.number().nullable().optional().describe('默认为订单的收货仓库'),
  lines: z
    .array(z.object({ lineId: z.number({ error: '明细编号不正确' }), quantity: z.number({ error: '数量须为整数' }), shelfId: z.number().nullable().optional() }))
    .max(PURCHASE_LINES_MAX),
  remark: z.string().max(2000).optional(),
  post: z.boolean({ error: 'post 须为 true 或 false' }),
});

const text = z.string();
const nullableText = z.string().nullable();

export const orderRecord = z.object({
  id: z.number().int(),
  orderNo: text,
  supplierId: z.number().int(),
  supplierCode: text,
  supplierName: text,
  warehouseId: z.number().int(),
  warehouseName: text,
  status: z.enum(PURCHASE_ORDER_STATUSES),
  statusLabel: text,
  orderDate: text,
  expectedDate: text,
  promisedDate: nullableText,
  confirmedAt: nullableText,
  confirmedByName: text,
  tolerancePercent: z.number().int(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  totalAmountFen: z.number().int(),
  receivedQuantity: z.number().int(),
  receivedAmountFen: z.number().int(),
  returnedQuantity: z.number().int(),
  remark: text,
  closeReason: text,
  createdByName: text,
  createdAt: text,
  submittedAt: nullableText,
  auditedByName: text,
  auditedAt: nullableText,
  closedAt: nullableText,
  actions: z.array(z.enum(PURCHASE_ORDER_ACTIONS)),
});

export const orderLineRecord = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  skuId: z.number().int(),
  productId: z.number().int(),
  styleNo: text,
  productName: text,
  colourName: text,
  sizeName: text,
  sizeSort: z.number().int().describe('尺码在尺码组内的顺序（按款横排的列序）'),
  barcode: text,
  imageUrl: text,
  quantity: z.number().int(),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
  receivedQuantity: z.number().int(),
  pendingQuantity: z.number().int(),
  refundQuantity: z.number().int(),
  returnedQuantity: z.number().int(),
  openQuantity: z.number().int(),
  receivableQuantity: z.number().int(),
  refundableQuantity: z.number().int(),
  remark: text,
});

export const orderDetail = orderRecord.extend({ lines: z.array(orderLineRecord) });

export const receiveResult = z.object({ order: orderDetail, inboundId: z.number().int(), inboundNo: text, posted: z.boolean() });

export const receiptRecord = z.object({
  id: z.number().int(),
  docNo: text,
  status: text,
  statusLabel: text,
  warehouseName: text,
  quantity: z.number().int(),
  amountFen: z.number().int(),
  createdAt: text,
  postedAt: nullableText,
  lines: z.array(z.object({ styleNo: text, productName: text, colourName: text, sizeName: text, barcode: text, quantity: z.number().int() })),
});
