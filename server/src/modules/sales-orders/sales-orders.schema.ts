import { DELIVERY_DIFFERENCE_STATUSES, SALES_ORDER_ACTIONS, SALES_ORDER_KINDS, SALES_ORDER_LINES_MAX, SALES_ORDER_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

// Routes of 订货单. Limits that name a line (quantity, duplicates, runs) are checked by the service
// so the message says which; the schemas keep the types. No price field exists in any body: a
// price the client sends is dropped here and never read.

export const idParams = z.object({ id: queryId('订货单编号不正确') });
export const productParams = z.object({ productId: queryId('款式编号不正确') });

export const ordersQuery = z.object({
  ...listQueryShape,
  status: z.enum(SALES_ORDER_STATUSES, { error: '订单状态不正确' }).optional(),
  seasonId: queryId('订货季编号不正确').optional(),
  buyerType: z.enum(['agent', 'shop'], { error: '购货方类型只能是 agent 或 shop' }).optional(),
  buyerId: queryId('购货方编号不正确').optional(),
  shopId: queryId('门店编号不正确').optional(),
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional().describe('订单号或收货门店编码/名称（包含）'),
  from: isoDay.optional().describe('下单日期起（含）'),
  to: isoDay.optional().describe('下单日期止（含）'),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

/** The list filter the query names (订货单 and 配货发货 read the same query). */
export function orderFilterOf(q: OrdersQuery) {
  return { status: q.status, seasonId: q.seasonId, buyerType: q.buyerType, buyerId: q.buyerId, shopId: q.shopId, keyword: q.keyword || undefined, from: q.from, to: q.to };
}

export const ORDER_SORTS = {
  id: 'id',
  orderNo: 'order_no',
  orderDate: 'order_date',
  totalQuantity: 'total_quantity',
  totalAmountFen: 'total_amount_fen',
} as const;
export type SalesOrderSort = (typeof ORDER_SORTS)[keyof typeof ORDER_SORTS];

export const entryQuery = z.object({
  seasonId: queryId('请选择订货季'),
  buyerType: z.enum(['agent', 'shop'], { error: '购货方类型只能是 agent 或 shop' }).optional(),
  buyerId: queryId('购货方编号不正确').optional(),
});

export const orderBody = z.object({
  seasonId: z.number({ error: '请选择订货季' }),
  buyerType: z.enum(['agent', 'shop'], { error: '购货方类型只能是 agent 或 shop' }).nullable().optional(),
  buyerId: z.number({ error: '购货方编号不正确' }).nullable().optional(),
  shopId: z.number({ error: '请选择收货门店' }).nullable().optional(),
  remark: z.string().max(2000).nullable().optional(),
  lines: z
    .array(z.object({ skuId: z.number({ error: '请选择商品SKU' }), quantity: z.number({ error: '订货数量须为整数' }) }))
    .max(SALES_ORDER_LINES_MAX * 2)
    .optional(),
  runs: z
    .array(
      z.object({
        productId: z.number({ error: '请选择款式' }),
        colourId: z.number({ error: '请选择颜色' }),
        sizeRunId: z.number({ error: '请选择配码' }),
        runCount: z.number({ error: '手数须为整数' }),
      }),
    )
    .max(SALES_ORDER_LINES_MAX)
    .optional(),
  submit: z.boolean({ error: '提交标志不正确' }).nullable().optional(),
});

export const reasonBody = z
  .object({ reason: z.string().max(2000).nullable().optional(), creditOverrideReason: z.string().max(2000).nullable().optional() })
  .nullable()
  .optional();

export const auditBody = z.object({
  lines: z.array(z.object({ lineId: z.number({ error: '明细编号不正确' }), approved: z.number({ error: '审核数量须为整数' }) })).max(SALES_ORDER_LINES_MAX * 2),
  reason: z.string().max(2000).nullable().optional(),
  creditOverrideReason: z.string().max(2000).nullable().optional(),
});

const text = z.string();
const nullableText = z.string().nullable();
const int = z.number().int();

/** 收货差异 of a 配货出库 (on the order detail). */
const deliveryDifference = z.object({
  id: int,
  docId: int,
  docNo: text,
  skuId: int,
  styleNo: text,
  colourName: text,
  sizeName: text,
  shipped: int,
  received: int,
  short: int,
  unitPriceFen: int,
  amountFen: int,
  status: z.enum(DELIVERY_DIFFERENCE_STATUSES),
  statusLabel: text,
  carrier: text,
  note: text,
  creditedFen: int,
  resolvedByName: text,
  resolvedAt: nullableText,
});
const party = z.enum(['agent', 'shop']);

const priceStep = z.object({ step: z.enum(['list', 'policy', 'special']), ruleId: z.number().nullable(), ruleName: text, base: z.number(), amount: z.number() });

export const orderRecord = z.object({
  id: z.number().int(),
  orderNo: text,
  seasonId: z.number().int(),
  seasonName: text,
  kind: z.enum(SALES_ORDER_KINDS),
  buyerType: party,
  buyerId: z.number().int(),
  buyerName: text,
  ordererType: z.enum(['hq', 'agent', 'shop']),
  shopId: z.number().int(),
  shopName: text,
  billedType: party.nullable(),
  billedId: z.number().int().nullable(),
  billedName: text,
  status: z.enum(SALES_ORDER_STATUSES),
  statusLabel: text,
  orderDate: text,
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  totalAmountFen: z.number().int(),
  approvedQuantity: z.number().int().nullable(),
  approvedAmountFen: z.number().int().nullable(),
  remark: text,
  reason: text,
  createdByName: text,
  createdAt: text,
  submittedAt: nullableText,
  auditedAt: nullableText,
  actions: z.array(z.enum(SALES_ORDER_ACTIONS)).describe('调用者现在可做的操作（状态机与权限）'),
  deletable: z.boolean().describe('调用者一方做的草稿，可删除'),
});

export const orderDetail = orderRecord.extend({
  warehouseName: text,
  lines: z.array(
    z.object({
      id: z.number().int(),
      lineNo: z.number().int(),
      productId: z.number().int(),
      styleNo: text,
      styleName: text,
      skuId: z.number().int(),
      barcode: text,
      colourId: z.number().int(),
      colourName: text,
      sizeName: text,
      sizeSort: z.number(),
      sizeRunId: z.number().int().nullable(),
      sizeRunName: nullableText,
      runCount: z.number().int().nullable(),
      ordered: z.number().int(),
      approved: z.number().int().nullable(),
      allocated: z.number().int(),
      shipped: z.number().int(),
      received: z.number().int(),
      returned: z.number().int().describe('已退：已完成退货单退回的件数'),
      unitPriceFen: z.number().int(),
      amountFen: z.number().int(),
      priceSteps: z.array(priceStep),
    }),
  ),
  deliveries: z.array(
    z.object({
      docId: z.number().int(),
      docNo: text,
      status: text,
      statusLabel: text,
      fromWarehouseName: text,
      toWarehouseName: text,
      quantity: z.number().int(),
      received: z.number().int(),
      amountFen: z.number().int(),
      shippedAt: nullableText,
      receivedAt: nullableText,
    }),
  ),
  differences: z.array(deliveryDifference),
  canSettleDifferences: z.boolean(),
  chargedFen: z.number().int(),
  events: z.array(z.object({ action: text, fromStatus: text, toStatus: text, reason: text, userName: text, at: text })),
});

export const billedQuery = z.object({
  buyerType: z.enum(['agent', 'shop'], { error: '购货方类型只能是 agent 或 shop' }).optional(),
  buyerId: queryId('购货方编号不正确').optional(),
  shopId: queryId('请选择收货门店'),
});
export const billedParty = z
  .object({ billedType: party, billedId: z.number().int(), billedName: text })
  .nullable()
  .describe('结算方（代理商为其门店结算，加盟店自己结算；总部直营店为 null，不记应收）');
export const orderStock = z.array(z.object({ skuId: z.number().int(), available: z.number().int() }));

export const entryStyle = z.object({
  productId: z.number().int(),
  styleNo: text,
  name: text,
  seasonKind: z.enum(SALES_ORDER_KINDS),
  unitPriceFen: z.number().int().describe('今天的订货单价（分），服务器按政策和特价计算'),
  wholesalePriceFen: z.number().int(),
  steps: z.array(priceStep),
  sizeRunId: z.number().int().nullable(),
  wholeRuns: z.boolean(),
  minRuns: z.number().int(),
  runs: z.array(z.object({ id: z.number().int(), name: text, counts: z.record(z.string(), z.number()) })),
  skus: z.array(
    z.object({
      skuId: z.number().int(),
      barcode: text,
      colourId: z.number().int(),
      colourName: text,
      sizeName: text,
      sizeSort: z.number(),
      available: z.number().int().nullable().describe('总部仓可订库存（现货季，已扣除已配未发）；期货季为 null'),
      expected: z.number().int().nullable().describe('预计到货（期货季）；现货季为 null'),
    }),
  ),
});
