import { UNSHIPPED_AGE_BUCKETS, SALES_ORDER_KINDS, SALES_ORDER_LINES_MAX, SALES_ORDER_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

// Routes of 翻单 and 未发货. Lines, quantities and ids are checked by the services so the message
// names the line; the schemas keep the types. No price travels in: the order service prices.

const buyerType = z.enum(['agent', 'shop'], { error: '购货方类型只能是 agent 或 shop' });
const keyword = z.string().trim().max(64, '款号或品名不能超过64个字符').optional().describe('款号或品名（包含）');

export const summaryQuery = z.object({
  ...listQueryShape,
  seasonId: queryId('订货季编号不正确').optional(),
  buyerType: buyerType.optional(),
  buyerId: queryId('购货方编号不正确').optional(),
  brandId: queryId('品牌编号不正确').optional(),
  keyword,
});
export type SummaryQuery = z.infer<typeof summaryQuery>;

// sort keys → the query's own output columns (never the raw input)
export const SUMMARY_SORTS = {
  styleNo: 'style_no',
  buyerName: 'buyer_name',
  shipped: 'shipped',
  shippedAmountFen: 'shipped_amount_fen',
  received: 'received',
  ordered: 'ordered',
  reorderCount: 'reorder_count',
} as const;

export const infoQuery = z.object({
  seasonId: queryId('请选择订货季'),
  productId: queryId('款式编号不正确'),
  buyerType: buyerType.optional(),
  buyerId: queryId('购货方编号不正确').optional(),
});
export type InfoQuery = z.infer<typeof infoQuery>;

export const unshippedQuery = z.object({
  ...listQueryShape,
  seasonId: queryId('订货季编号不正确').optional(),
  buyerType: buyerType.optional(),
  buyerId: queryId('购货方编号不正确').optional(),
  keyword,
  kind: z.enum(SALES_ORDER_KINDS, { error: '订单类型只能是现货、期货或翻单' }).optional(),
  bucket: z.enum(UNSHIPPED_AGE_BUCKETS, { error: '账龄只能是 d0_7、d8_15、d16_30、d31_60 或 over60' }).optional(),
});
export type UnshippedQuery = z.infer<typeof unshippedQuery>;

export const UNSHIPPED_SORTS = {
  orderDate: 'order_date',
  orderNo: 'order_no',
  styleNo: 'style_no',
  unshipped: 'unshipped',
  unshippedAmountFen: 'unshipped_amount_fen',
} as const;

export const reorderBody = z.object({
  seasonId: z.number({ error: '请选择订货季' }).nullable(),
  productId: z.number({ error: '请选择翻单款式' }).nullable(),
  buyerType: buyerType.nullable().optional(),
  buyerId: z.number({ error: '购货方编号不正确' }).nullable().optional(),
  shopId: z.number({ error: '请选择收货门店' }).nullable().optional(),
  remark: z.string().max(2000).nullable().optional(),
  lines: z.array(z.object({ skuId: z.number({ error: '请选择商品SKU' }), quantity: z.number({ error: '订货数量须为整数' }) })).max(SALES_ORDER_LINES_MAX * 2),
});

export const deliverBody = z.object({
  orderIds: z.array(z.number({ error: '订货单选择不正确' })).max(1000),
  warehouseId: z.number({ error: '请选择发货仓库' }).nullable(),
  targetRatePercent: z.number({ error: '配码完整率须为0-100的整数' }).nullable().optional(),
});

// ---- answers ----

const int = z.number().int();
const text = z.string();
const party = buyerType;

export const summaryPage = z.object({
  records: z.array(
    z.object({
      key: text,
      buyerType: party,
      buyerId: int,
      buyerName: text,
      seasonId: int,
      seasonName: text,
      seasonOpen: z.boolean(),
      productId: int,
      styleNo: text,
      styleName: text,
      brandName: text,
      ordered: int,
      shipped: int,
      shippedAmountFen: int,
      received: int,
      receivedAmountFen: int,
      returned: int.describe('已退：已完成退货单退回的件数'),
      returnedAmountFen: int,
      netShipped: int.describe('净发 = 已发 − 已退'),
      netShippedAmountFen: int,
      reorderCount: int,
      reorderedPieces: int,
      lastShippedDay: text.nullable(),
      shopId: int,
      shopName: text,
      reorderable: z.boolean(),
    }),
  ),
  total: int,
  totalCapped: z.boolean().optional(),
  totals: z.object({
    shipped: int,
    shippedAmountFen: int,
    received: int,
    receivedAmountFen: int,
    returned: int,
    returnedAmountFen: int,
    netShipped: int,
    netShippedAmountFen: int,
    reorderedPieces: int,
  }),
  salesNote: text,
});

export const infoAnswer = z.object({
  buyerType: party,
  buyerId: int,
  buyerName: text,
  seasonId: int,
  seasonName: text,
  seasonOpen: z.boolean(),
  productId: int,
  styleNo: text,
  styleName: text,
  brandName: text,
  shopId: int.nullable(),
  shopName: text,
  reorderable: z.boolean(),
  cells: z.array(z.object({ skuId: int, colourId: int, colourName: text, sizeName: text, ordered: int, shipped: int, received: int, reordered: int })),
  reorders: z.array(
    z.object({
      orderId: int,
      orderNo: text,
      orderDate: text,
      status: z.enum(SALES_ORDER_STATUSES),
      statusLabel: text,
      shopName: text,
      ordered: int,
      approved: int.nullable(),
      shipped: int,
      amountFen: int,
    }),
  ),
  salesNote: text,
});

const bucketFigures = z.object({ unshipped: int, unshippedAmountFen: int });

export const unshippedAnswer = z.object({
  records: z.array(
    z.object({
      key: text,
      orderId: int,
      orderNo: text,
      orderDate: text,
      kind: z.enum(SALES_ORDER_KINDS),
      status: z.enum(SALES_ORDER_STATUSES),
      statusLabel: text,
      buyerType: party,
      buyerId: int,
      buyerName: text,
      shopName: text,
      seasonName: text,
      productId: int,
      styleNo: text,
      styleName: text,
      ordered: int,
      approved: int.nullable(),
      shipped: int,
      unshipped: int,
      unshippedAmountFen: int,
      ageDays: int,
      bucket: z.enum(UNSHIPPED_AGE_BUCKETS),
    }),
  ),
  total: int,
  totalCapped: z.boolean().optional(),
  totals: z.object({ orderCount: int, unshipped: int, unshippedAmountFen: int, buckets: z.record(z.enum(UNSHIPPED_AGE_BUCKETS), bucketFigures) }),
  today: text,
});

export const deliverAnswer = z.object({
  allocation: z.object({
    orderCount: int,
    lineCount: int,
    pieces: int,
    skipped: z.array(z.object({ orderNo: text, styleNo: text, colourName: text, ratePercent: int })),
  }),
  deliveries: z.array(z.object({ docId: int, docNo: text, toWarehouseName: text, orderNos: z.array(text), pieces: int, amountFen: int })),
});
