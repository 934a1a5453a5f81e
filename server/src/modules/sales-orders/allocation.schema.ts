import { ALLOCATION_ORDERS_MAX, SALES_ORDER_KINDS } from '@erp/shared';
import { z } from 'zod';
import { ordersQuery } from './sales-orders.schema.ts';

// Routes of 配货发货. Ids and the rate are checked by the service with their own messages; the
// schemas keep the types. No quantity or price is ever sent: the rule and the orders decide them.

const orderIds = z.array(z.number({ error: '订货单选择不正确' })).max(ALLOCATION_ORDERS_MAX, `一次最多选择${ALLOCATION_ORDERS_MAX}张订货单`);

export const boardQuery = ordersQuery;

export const allocateBody = z.object({
  warehouseId: z.number({ error: '请选择发货仓库' }).nullable().optional(),
  orderIds: orderIds.nullable().optional(),
  seasonId: z.number({ error: '订货季编号不正确' }).nullable().optional(),
  targetRatePercent: z.number({ error: '配码完整率须为0-100的整数' }).nullable().optional(),
});

export const releaseBody = z.object({ orderIds: orderIds.nullable().optional() });

export const resolveDifferenceBody = z.object({
  docId: z.number({ error: '请选择配货出库单' }).int({ error: '请选择配货出库单' }).positive({ error: '请选择配货出库单' }),
  resolution: z.enum(['credit', 'reject'], { error: '请选择处理方式：确认短少退款或不予认可' }),
  carrier: z.string({ error: '承运商须为文字' }).nullable().optional(),
  note: z.string({ error: '说明须为文字' }).nullable().optional(),
});
export const resolveDifferenceResult = z.object({ settled: z.number().int(), creditedFen: z.number().int() });

export const deliverBody = z.object({
  warehouseId: z.number({ error: '请选择发货仓库' }).nullable().optional(),
  orderIds: orderIds.nullable().optional(),
});

export const allocateResult = z.object({
  orderCount: z.number().int(),
  lineCount: z.number().int(),
  pieces: z.number().int(),
  skipped: z.array(z.object({ orderNo: z.string(), styleNo: z.string(), colourName: z.string(), ratePercent: z.number().int() })),
});

export const releaseResult = z.object({ orderCount: z.number().int(), pieces: z.number().int() });

export const deliverResult = z.object({
  deliveries: z.array(
    z.object({ docId: z.number().int(), docNo: z.string(), toWarehouseName: z.string(), orderNos: z.array(z.string()), pieces: z.number().int(), amountFen: z.number().int() }),
  ),
});

export const boardRecord = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(SALES_ORDER_KINDS),
  status: z.string(),
  statusLabel: z.string(),
  seasonName: z.string(),
  buyerName: z.string(),
  shopName: z.string(),
  warehouseName: z.string(),
  submittedAt: z.string().nullable(),
  approved: z.number().int(),
  allocated: z.number().int(),
  onDelivery: z.number().int(),
  shipped: z.number().int(),
  received: z.number().int(),
  waiting: z.number().int(),
});

export const moveRecord = z.object({
  id: z.number().int(),
  move: z.string(),
  moveLabel: z.string(),
  sourceLabel: z.string(),
  allocated: z.number().int(),
  shipped: z.number().int(),
  lineNo: z.number().int(),
  colourName: z.string(),
  sizeName: z.string(),
  warehouseName: z.string(),
  docId: z.number().int().nullable(),
  docNo: z.string(),
  userName: z.string(),
  at: z.string(),
});
