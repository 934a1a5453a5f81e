import { RETURN_ACTIONS, RETURN_KINDS, RETURN_LINES_MAX, RETURN_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

export const returnIdParams = z.object({ id: queryId('单据编号不正确') });

export const returnsQuery = z.object({
  ...listQueryShape,
  status: z.enum(RETURN_STATUSES, { error: '单据状态不正确' }).optional(),
  shopId: queryId('门店编号不正确').optional(),
  seasonId: queryId('订货季编号不正确').optional(),
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional().describe('单号或门店编码/名称（包含）'),
  from: isoDay.optional().describe('创建日期起（含）'),
  to: isoDay.optional().describe('创建日期止（含）'),
});

export const RETURN_SORTS = {
  id: 'sales_returns.id',
  returnNo: 'sales_returns.return_no',
  createdAt: 'sales_returns.created_at',
  totalQuantity: 'sales_returns.total_quantity',
  totalAmountFen: 'sales_returns.total_amount_fen',
} as const;

export const returnableQuery = z.object({
  shopId: queryId('门店编号不正确').optional(),
  seasonId: queryId('订货季编号不正确').optional(),
  exceptId: queryId('单据编号不正确').optional().describe('编辑中的单据（它自己占用的数量不计）'),
  buyerKey: z.string().trim().max(64, '购货方不正确').optional().describe('购货方（buyers 中的 key）；不给时为门店自己订的货'),
});

export const seasonsQuery = z.object({ shopId: queryId('门店编号不正确').optional().describe('只列该门店收到过货品的订货季') });

export const shopsQuery = z.object({ keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional() });

// Numbers are checked by the service with line-numbered Chinese messages; the schema keeps types.
// No price and no order line: the server finds them.
const lineInput = z.object({ skuId: z.number({ error: '请选择商品' }), quantity: z.number({ error: '数量须为整数' }) });

export const returnBody = z.object({
  shopId: z.number({ error: '请选择门店' }),
  seasonId: z.number({ error: '请选择订货季' }),
  buyerKey: z.string().max(64, '购货方不正确').nullable().optional().describe('退哪个购货方订的货（可退接口 buyers 中的 key）'),
  reason: z.string({ error: '请填写退换货原因' }).max(1000),
  remark: z.string().max(1000).nullable().optional(),
  lines: z.array(lineInput).max(RETURN_LINES_MAX, `一张单据最多${RETURN_LINES_MAX}行`),
  outLines: z.array(lineInput).max(RETURN_LINES_MAX, `一张单据最多${RETURN_LINES_MAX}行`).optional(),
});

export const auditBody = z.object({
  hqWarehouseId: z.number({ error: '请选择收货仓库' }),
  lines: z
    .array(z.object({ lineId: z.number(), approvedQuantity: z.number({ error: '审核数量须为整数' }), cutReason: z.string().max(1000).nullable().optional() }))
    .max(RETURN_LINES_MAX)
    .optional(),
});

export const receiveBody = z
  .object({
    defectiveWarehouseId: z.number().nullable().optional(),
    lines: z
      .array(z.object({ lineId: z.number(), goodQuantity: z.number({ error: '收货数量须为整数' }), defectiveQuantity: z.number().nullable().optional() }))
      .max(RETURN_LINES_MAX)
      .optional(),
    reason: z.string().max(1000).nullable().optional(),
  })
  .nullable()
  .optional();

export const receiveOutBody = z
  .object({
    lines: z
      .array(z.object({ lineId: z.number(), quantity: z.number({ error: '收货数量须为整数' }) }))
      .max(RETURN_LINES_MAX)
      .optional(),
    reason: z.string().max(1000).nullable().optional(),
  })
  .nullable()
  .optional();

export const reasonBody = z
  .object({ reason: z.string().max(1000).optional() })
  .nullable()
  .optional();

const text = z.string();
const nullableText = z.string().nullable();
const int = z.number().int();
const intOrNull = z.number().int().nullable();
const party = z.enum(['agent', 'shop']);

export const returnRecord = z.object({
  id: int,
  returnNo: text,
  kind: z.enum(RETURN_KINDS),
  seasonId: int,
  seasonName: text,
  shopId: int,
  shopName: text,
  warehouseId: int,
  warehouseName: text,
  buyerType: party,
  buyerName: text,
  billedType: party.nullable(),
  billedName: text,
  buyerKey: text,
  status: z.enum(RETURN_STATUSES),
  statusLabel: text,
  reason: text,
  remark: text,
  rejectReason: text,
  hqWarehouseId: intOrNull,
  hqWarehouseName: text,
  stockDocId: intOrNull,
  stockDocNo: text,
  stockDocKind: z.enum(['transfer', 'exchange']).nullable(),
  stockDocStatusLabel: text,
  outDocId: intOrNull,
  outDocNo: text,
  outDocStatusLabel: text,
  totalQuantity: int,
  totalAmountFen: int,
  approvedQuantity: intOrNull,
  approvedAmountFen: intOrNull,
  outQuantity: int,
  outAmountFen: int,
  receivedQuantity: int,
  settledFen: int,
  createdByName: text,
  createdAt: text,
  submittedAt: nullableText,
  auditedAt: nullableText,
  doneAt: nullableText,
  actions: z.array(z.enum(RETURN_ACTIONS)),
});

export const returnDetail = returnRecord.extend({
  differenceReason: text,
  lines: z.array(
    z.object({
      id: int,
      lineNo: int,
      leg: z.enum(['back', 'out']),
      orderLineId: intOrNull,
      orderId: intOrNull,
      orderNo: text,
      skuId: int,
      productId: int,
      styleNo: text,
      productName: text,
      colourName: text,
      sizeName: text,
      barcode: text,
      quantity: int,
      approvedQuantity: intOrNull,
      cutReason: text,
      receivedQuantity: int,
      defectiveQuantity: int,
      unitPriceFen: int,
      amountFen: int,
    }),
  ),
});

export const returnableAnswer = z.object({
  buyerKey: text,
  buyers: z.array(z.object({ key: text, buyerType: party, buyerId: int, buyerName: text, billedType: party.nullable(), billedName: text })),
  buyerType: party,
  buyerId: int,
  buyerName: text,
  allowance: z.object({
    policyName: text,
    rateBp: int,
    windowDays: int,
    shippedFen: int,
    allowanceFen: int,
    usedFen: int,
    leftFen: int,
  }),
  skus: z.array(
    z.object({
      skuId: int,
      productId: int,
      styleNo: text,
      productName: text,
      colourName: text,
      sizeName: text,
      barcode: text,
      received: int,
      returned: int,
      returnable: int,
      unitPriceFen: int,
      lastReceivedDay: text,
      blocked: text,
    }),
  ),
});

export const optionList = z.array(z.object({ id: int, code: text, name: text }));
