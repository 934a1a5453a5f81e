import { ORDER_REPORT_STATUSES, SALES_ORDER_KINDS, SALES_ORDER_STATUSES, STYLE_SUMMARY_MEASURES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

// Routes of 订货报表 (发货明细, 订货汇总, 订货对账单). Drafts are never reported, so a status filter
// names one of the other statuses; the service checks what spans fields (a buyer's type with its id,
// a range's ends).

const buyerType = z.enum(['agent', 'shop'], { error: '购货方类型只能是 agent 或 shop' });

/** The filters every report of orders shares. */
const orderFilterShape = {
  seasonId: queryId('订货季编号不正确').optional(),
  buyerType: buyerType.optional(),
  buyerId: queryId('购货方编号不正确').optional(),
  shopId: queryId('收货门店编号不正确').optional(),
  keyword: z.string().trim().max(64, '款号或品名不能超过64个字符').optional().describe('款号或品名（包含）'),
  orderNo: z.string().trim().max(32, '订单号不能超过32个字符').optional().describe('订单号（包含）'),
  status: z.enum(ORDER_REPORT_STATUSES, { error: '订单状态不正确（草稿不在报表中）' }).optional(),
  from: isoDay.optional().describe('下单日期起（含）'),
  to: isoDay.optional().describe('下单日期止（含）'),
};

export const shippingQuery = z.object({
  ...listQueryShape,
  ...orderFilterShape,
  outstanding: z.enum(['true', 'false'], { error: '只看未发完只能是 true 或 false' }).optional().describe('true：只看未发数量大于0的行'),
});
export type ShippingQuery = z.infer<typeof shippingQuery>;

export const summaryQuery = z.object({ ...listQueryShape, ...orderFilterShape });
export type SummaryQuery = z.infer<typeof summaryQuery>;

export const styleSummaryQuery = z.object({
  ...listQueryShape,
  ...orderFilterShape,
  measure: z.enum(STYLE_SUMMARY_MEASURES, { error: '尺码横排项目只能是 ordered、approved、shipped、received 或 outstanding' }).default('ordered'),
});
export type StyleSummaryQuery = z.infer<typeof styleSummaryQuery>;

export const billQuery = z.object({
  ...listQueryShape,
  buyerType: buyerType.optional(),
  buyerId: queryId('购货方编号不正确').optional(),
  from: isoDay.optional().describe('下单日期起（含）'),
  to: isoDay.optional().describe('下单日期止（含）'),
});
export type BillQuery = z.infer<typeof billQuery>;

// sort keys → the report queries' own output columns (never the raw input)
export const SHIPPING_SORTS = {
  orderDate: 'order_date',
  orderNo: 'order_no',
  styleNo: 'style_no',
  ordered: 'ordered',
  approved: 'approved',
  shipped: 'shipped',
  received: 'received',
  outstanding: 'outstanding',
  returned: 'returned',
} as const;
export type ShippingSort = (typeof SHIPPING_SORTS)[keyof typeof SHIPPING_SORTS];

const FIGURE_SORTS = {
  orderCount: 'order_count',
  ordered: 'ordered',
  approved: 'approved',
  shipped: 'shipped',
  received: 'received',
  outstanding: 'outstanding',
  returned: 'returned',
  netShipped: 'net_shipped',
  orderedAmountFen: 'ordered_amount_fen',
  approvedAmountFen: 'approved_amount_fen',
  shippedAmountFen: 'shipped_amount_fen',
  receivedAmountFen: 'received_amount_fen',
  outstandingAmountFen: 'outstanding_amount_fen',
  returnedAmountFen: 'returned_amount_fen',
  netShippedAmountFen: 'net_shipped_amount_fen',
} as const;
export const SUMMARY_SORTS = { key: 'sort_key', ...FIGURE_SORTS } as const;
export type SummarySort = (typeof SUMMARY_SORTS)[keyof typeof SUMMARY_SORTS];
export const STYLE_SUMMARY_SORTS = { styleNo: 'sort_key', ...FIGURE_SORTS } as const;

export const BILL_SORTS = { orderDate: 'order_date', orderNo: 'order_no' } as const;
export type BillSort = (typeof BILL_SORTS)[keyof typeof BILL_SORTS];

// ---- answers ----

const int = z.number().int();
const text = z.string();

const figures = {
  ordered: int,
  approved: int,
  allocated: int,
  shipped: int,
  received: int,
  outstanding: int.describe('未发 = 审核数（未审核为订货数）− 已发，仅计已提交、已审核、部分发货的订单'),
  returned: int.describe('已退：已完成退货单退回的件数'),
  netShipped: int.describe('净发 = 已发 − 已退'),
  orderedAmountFen: int,
  approvedAmountFen: int,
  shippedAmountFen: int,
  receivedAmountFen: int,
  outstandingAmountFen: int,
  returnedAmountFen: int,
  netShippedAmountFen: int,
};
const figuresObject = z.object(figures);

export const shippingPage = z.object({
  records: z.array(
    z.object({
      lineId: int,
      orderId: int,
      orderNo: text,
      orderDate: text,
      status: z.enum(SALES_ORDER_STATUSES),
      statusLabel: text,
      seasonName: text,
      buyerType: buyerType,
      buyerName: text,
      shopName: text,
      styleNo: text,
      styleName: text,
      colourName: text,
      sizeName: text,
      ordered: int,
      approved: int.nullable(),
      allocated: int,
      shipped: int,
      received: int,
      outstanding: int,
      returned: int,
      netShipped: int,
      unitPriceFen: int,
      orderedAmountFen: int,
      approvedAmountFen: int.nullable(),
      shippedAmountFen: int,
    }),
  ),
  total: int,
  totals: figuresObject.describe('整个筛选（不只本页）的合计'),
});

export const summaryPage = z.object({
  records: z.array(
    z.object({
      key: text,
      orderCount: int,
      buyerType: buyerType.optional(),
      buyerCode: text.optional(),
      buyerName: text.optional(),
      seasonCode: text.optional(),
      seasonName: text.optional(),
      seasonKind: z.enum(SALES_ORDER_KINDS).optional(),
      ...figures,
    }),
  ),
  total: int,
  totals: figuresObject.extend({ orderCount: int }),
});

export const styleSummaryPage = z.object({
  records: z.array(
    z.object({
      productId: int,
      styleNo: text,
      productName: text,
      measure: z.enum(STYLE_SUMMARY_MEASURES),
      sizes: z.array(z.object({ id: int, name: text })),
      rows: z.array(z.object({ colourId: int, colourName: text, quantities: z.array(int), skuIds: z.array(int.nullable()), total: int })),
      sizeTotals: z.array(int),
      total: int,
      colours: z.array(figuresObject.extend({ colourId: int, colourName: text })),
      ...figures,
    }),
  ),
  total: int,
  totals: figuresObject.extend({ styleCount: int }),
});

const billTotals = z.object({ orderCount: int, approvedQuantity: int, approvedAmountFen: int, shippedQuantity: int, shippedAmountFen: int });

export const billPage = z.object({
  buyer: z.object({ type: buyerType, id: int, code: text, name: text }),
  from: text,
  to: text,
  records: z.array(
    z.object({
      id: int,
      orderNo: text,
      orderDate: text,
      status: z.enum(SALES_ORDER_STATUSES),
      statusLabel: text,
      seasonName: text,
      shopName: text,
      approvedQuantity: int.nullable(),
      approvedAmountFen: int.nullable(),
      shippedQuantity: int,
      shippedAmountFen: int,
    }),
  ),
  total: int,
  totals: billTotals,
});

const option = z.object({ id: int, code: text, name: text });
export const optionsAnswer = z.object({ seasons: z.array(option), buyers: z.array(option.extend({ type: buyerType })), shops: z.array(option) });
