import { SALES_ORDER_KINDS, SALES_ORDER_LINES_MAX, SALES_ORDER_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { queryId } from '../../http/list-params.ts';
import { entryStyle } from './sales-orders.schema.ts';

// Routes of 购物车. Bodies are strict: a field the API does not take — a price, a discount, an
// amount — is refused outright (422), never dropped silently: the server alone prices the cart.
// Limits that name a cell (quantity, duplicates, runs) are checked by the service, as the order's are.

const refuseUnknown = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `不能提交字段：${(issue.keys ?? []).join('、')}（价格由服务器计算）` : undefined;
const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: refuseUnknown });

const buyerType = z.enum(['agent', 'shop'], { error: '购货方类型只能是 agent 或 shop' });
const partyShape = {
  seasonId: z.number({ error: '请选择订货季' }),
  buyerType: buyerType.nullable().optional().describe('agent 代理商 | shop 门店；代理商、门店省略即为自己，总部必填'),
  buyerId: z.number({ error: '购货方编号不正确' }).nullable().optional(),
  shopId: z.number({ error: '请选择收货门店' }).nullable().optional().describe('收货门店；门店为自己，代理商须选择下属门店'),
};

export const styleParams = z.object({ productId: queryId('款式编号不正确') });
export const lineParams = z.object({ id: queryId('购物车明细编号不正确') });

export const cartStyleBody = strict({
  ...partyShape,
  colours: z
    .array(
      strict({
        colourId: z.number({ error: '请选择颜色' }),
        cells: z
          .array(strict({ skuId: z.number({ error: '请选择商品SKU' }), quantity: z.number({ error: '订货数量须为整数' }) }))
          .max(SALES_ORDER_LINES_MAX)
          .optional()
          .describe('各尺码数量；0 表示从购物车移除该格'),
        run: strict({ sizeRunId: z.number({ error: '请选择配码' }), runCount: z.number({ error: '手数须为整数' }) })
          .optional()
          .describe('按配码录入：配码 × 手数'),
      }),
    )
    .max(100, '一次最多100个颜色')
    .describe('该款式的这些颜色整体替换购物车中原有的数量'),
});

export const checkoutBody = strict({
  ...partyShape,
  remark: z.string().max(2000).nullable().optional(),
  submit: z.boolean({ error: '提交标志不正确' }).optional().describe('true：生成后立即提交（占用订货额度）'),
});

const partyQueryShape = {
  seasonId: queryId('请选择订货季'),
  buyerType: buyerType.optional(),
  buyerId: queryId('购货方编号不正确').optional(),
  shopId: queryId('收货门店编号不正确').optional(),
};
export const groupQuery = z.object({ ...partyQueryShape, productId: queryId('款式编号不正确'), colourId: queryId('颜色编号不正确').optional().describe('省略即整个款式') });
export const clearQuery = z.object({ ...partyQueryShape, shopId: queryId('收货门店编号不正确').optional().describe('省略即该订货季、该购货方的全部收货门店') });

const text = z.string();

const cartGroup = z.object({
  colourId: z.number().int(),
  colourName: text,
  sizeRunId: z.number().int().nullable(),
  sizeRunName: text.nullable(),
  runCount: z.number().int().nullable(),
  pieces: z.number().int(),
  amountFen: z.number().int(),
  problem: text.nullable(),
  lines: z.array(z.object({ id: z.number().int(), skuId: z.number().int(), sizeName: text, quantity: z.number().int(), amountFen: z.number().int() })),
});

// a cart's style is order entry's style (SalesOrderEntryStyle) with its picture, totals and groups
const cartStyle = entryStyle.extend({
  mainImage: text,
  pieces: z.number().int(),
  amountFen: z.number().int(),
  groups: z.array(cartGroup),
});

const cartQuota = z.object({
  limitFen: z.number().int().nullable(),
  limitPieces: z.number().int().nullable(),
  leftFen: z.number().int().nullable(),
  leftPieces: z.number().int().nullable(),
  afterFen: z.number().int().nullable(),
  afterPieces: z.number().int().nullable(),
  problem: text.nullable(),
});

export const cartAnswer = z.object({
  day: text,
  groupCount: z.number().int(),
  pieces: z.number().int(),
  amountFen: z.number().int(),
  orders: z.array(
    z.object({
      seasonId: z.number().int(),
      seasonName: text,
      seasonKind: z.enum(SALES_ORDER_KINDS),
      buyerType: z.enum(['agent', 'shop']),
      buyerId: z.number().int(),
      buyerName: text,
      shopId: z.number().int(),
      shopName: text,
      pieces: z.number().int(),
      amountFen: z.number().int(),
      lineCount: z.number().int(),
      problem: text.nullable(),
      quota: cartQuota.nullable(),
      styles: z.array(cartStyle),
    }),
  ),
});

export const checkoutAnswer = z.object({
  orderId: z.number().int(),
  orderNo: text,
  status: z.enum(SALES_ORDER_STATUSES),
  totalQuantity: z.number().int(),
  totalAmountFen: z.number().int(),
});
