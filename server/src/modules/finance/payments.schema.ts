import { PAYMENT_ACTIONS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

// Bodies are loose on purpose: the service checks each field with the Chinese message the form shows.
const loose = z.unknown().optional();

export const paymentBody = z.object({
  partyType: loose.describe('收款单：agent 代理商 | shop 门店（总部登记时填写；往来单位登记自己的，可省略）'),
  partyId: loose.describe('往来单位编号'),
  amountFen: loose.describe('金额（分），大于0'),
  method: loose.describe('bank 银行转账 | cash 现金 | wechat 微信 | alipay 支付宝 | other 其他'),
  paidOn: loose.describe('付款日期 yyyy-mm-dd，不晚于今天'),
  bankRef: loose.describe('银行流水号，最多64个字符'),
  voucherImage: loose.describe('付款凭证图片（上传到 cashier/voucherImage 的地址）'),
  memo: loose.describe('备注，最多200个字'),
  salesOrderNo: loose.describe('收款单：所付的订货单号（可省略），须为该往来单位结算、已提交的订货单'),
});

export const supplierPaymentBody = paymentBody.extend({
  orders: z
    .array(z.object({ purchaseOrderId: loose, amountFen: loose }))
    .max(200)
    .optional()
    .describe('付给哪些采购订单（可省略）：各单金额合计不超过付款金额，且不超过该单应付余额'),
});

export const actionBody = z
  .object({ reason: z.string().max(2000).nullable().optional() })
  .nullable()
  .optional();

export const paymentsQuery = z.object({
  ...listQueryShape,
  status: z.enum(PAYMENT_STATUSES, { error: '状态无效' }).optional(),
  partyType: z.enum(['agent', 'shop', 'supplier'], { error: '往来单位类型无效' }).optional(),
  partyId: queryId('往来单位编号必须是正整数').optional(),
  keyword: z.string().max(64).optional().describe('单号、银行流水号或往来单位名称'),
  from: isoDay.optional().describe('付款日期起'),
  to: isoDay.optional().describe('付款日期止'),
});

export const idParams = z.object({ id: queryId('单据编号必须是正整数') });
export const actionParams = idParams.extend({ action: z.enum(PAYMENT_ACTIONS, { error: '操作无效' }) });
export const supplierParams = z.object({ supplierId: queryId('供应商编号必须是正整数') });

export const paymentRecord = z.object({
  id: z.number().int(),
  docNo: z.string(),
  direction: z.enum(['in', 'out']),
  partyType: z.enum(['agent', 'shop', 'supplier']),
  partyId: z.number().int(),
  partyName: z.string(),
  amountFen: z.number(),
  method: z.enum(PAYMENT_METHODS),
  paidOn: z.string(),
  bankRef: z.string(),
  voucherImage: z.string(),
  memo: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  auditedByName: z.string(),
  auditedAt: z.string().nullable(),
  orders: z.array(z.object({ purchaseOrderId: z.number().int(), orderNo: z.string(), amountFen: z.number() })),
  salesOrderId: z.number().int().nullable(),
  salesOrderNo: z.string(),
  actions: z.array(z.enum(PAYMENT_ACTIONS)),
});

export const payableOrderRecord = z.object({ purchaseOrderId: z.number().int(), orderNo: z.string(), payableFen: z.number() });

export const PAYMENT_SORTS = { createdAt: 'p.created_at', paidOn: 'p.paid_on', amountFen: 'p.amount_fen', docNo: 'p.doc_no' } as const;
export type PaymentSortColumn = (typeof PAYMENT_SORTS)[keyof typeof PAYMENT_SORTS];
