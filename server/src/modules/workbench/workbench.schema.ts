import {
  ADJUSTMENT_STATUSES,
  PAYMENT_STATUSES,
  REBATE_STATUSES,
  RETURN_KINDS,
  RETURN_STATUSES,
  SHOP_INVENTORY_STATUSES,
  SALES_ORDER_STATUSES,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_REFUND_STATUSES,
  STOCK_DOC_KINDS,
  STOCK_DOC_STATUSES,
  WORKBENCH_SEARCH_MAX,
  WORKBENCH_TODO_KEYS,
  WorkbenchMessages,
} from '@erp/shared';
import { z } from 'zod';
import { queryId } from '../../http/list-params.ts';

export const todosAnswer = z.array(z.object({ key: z.enum(WORKBENCH_TODO_KEYS), count: z.number().int(), capped: z.boolean() }));

const fenOrUnlimited = z.number().int().nullable();

export const figuresAnswer = z.object({
  account: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('own'),
        partyName: z.string(),
        availableFen: fenOrUnlimited.describe('可用授信（分），null：不限'),
        owedFen: z.number().int().describe('欠款（应收，分）'),
      }),
      z.object({ kind: z.literal('byAgent') }).describe('由代理商结算'),
      z.object({ kind: z.literal('unbilled') }).describe('总部直营门店，不结算'),
    ])
    .nullable(),
  quota: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('season'),
        seasonId: z.number().int(),
        seasonName: z.string(),
        limited: z.boolean(),
        leftFen: fenOrUnlimited.describe('本季额度剩余（分），null：不限'),
        leftPieces: z.number().int().nullable(),
      }),
      z.object({ kind: z.literal('noSeason') }).describe('今天没有开放的现货订货季'),
    ])
    .nullable(),
});

export const searchQuery = z.object({
  q: z
    .string({ error: WorkbenchMessages.searchRequired })
    .trim()
    .min(1, WorkbenchMessages.searchRequired)
    .max(WORKBENCH_SEARCH_MAX, WorkbenchMessages.searchTooLong)
    .describe('单号（采购、订货、库存、售后、财务各类单据）或 SKU 条码，精确匹配'),
});

const documentHit = { id: z.number().int(), no: z.string(), statusLabel: z.string() };

export const searchAnswer = z.object({
  q: z.string(),
  hits: z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('purchase_order'), status: z.enum(PURCHASE_ORDER_STATUSES), ...documentHit }),
      z.object({ type: z.literal('purchase_refund'), status: z.enum(PURCHASE_REFUND_STATUSES), ...documentHit }),
      z.object({ type: z.literal('sales_order'), status: z.enum(SALES_ORDER_STATUSES), ...documentHit }),
      z.object({ type: z.literal('stock_doc'), kind: z.enum(STOCK_DOC_KINDS), status: z.enum(STOCK_DOC_STATUSES), ...documentHit }),
      z.object({ type: z.literal('payment'), direction: z.enum(['in', 'out']), status: z.enum(PAYMENT_STATUSES), ...documentHit }),
      z.object({ type: z.literal('adjustment'), status: z.enum(ADJUSTMENT_STATUSES), ...documentHit }),
      z.object({ type: z.literal('rebate'), status: z.enum(REBATE_STATUSES), ...documentHit }),
      z.object({ type: z.literal('sales_return'), kind: z.enum(RETURN_KINDS), status: z.enum(RETURN_STATUSES), ...documentHit }),
      z.object({ type: z.literal('shop_inventory'), status: z.enum(SHOP_INVENTORY_STATUSES), ...documentHit }),
      z.object({
        type: z.literal('sku'),
        id: z.number().int(),
        productId: z.number().int(),
        no: z.string(),
        styleNo: z.string(),
        name: z.string(),
        colourName: z.string(),
        sizeName: z.string(),
      }),
    ]),
  ),
});

export const deliveryIdParams = z.object({ id: queryId('配货出库单编号不正确') });

export const deliverySheetAnswer = z.object({
  orderNo: z.string(),
  shopName: z.string(),
  billedName: z.string().describe("结算方，'' 为总部直营门店（不结算）"),
  billedType: z.enum(['agent', 'shop']).nullable(),
  contactName: z.string(),
  phone: z.string(),
  address: z.string(),
});
