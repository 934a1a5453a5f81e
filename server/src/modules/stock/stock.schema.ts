import { STOCK_ITEM_TYPES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

export const balancesQuery = z.object({
  ...listQueryShape,
  warehouseId: queryId('仓库编号不正确').optional(),
  shelfId: queryId('货架编号不正确').optional(),
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional().describe('匹配款号、品名、条码、物料编码或名称'),
  itemType: z.enum(STOCK_ITEM_TYPES, { error: '物品类型只能是 sku 或 material' }).optional().describe('sku 商品 | material 物料'),
  includeZero: z.enum(['true', 'false'], { error: 'includeZero 只能是 true 或 false' }).optional().describe('true：也列出数量为0的记录'),
});

/** Sort keys of the balance list; the repo maps each to its ORDER BY. */
export const BALANCE_SORTS = {
  styleNo: 'style_no',
  warehouse: 'warehouse',
  quantity: 'quantity',
  updatedAt: 'updated_at',
} as const;
export type BalanceSort = (typeof BALANCE_SORTS)[keyof typeof BALANCE_SORTS];

export const movesQuery = z.object({
  ...listQueryShape,
  skuId: queryId('商品SKU编号不正确').optional(),
  materialId: queryId('物料编号不正确').optional(),
  warehouseId: queryId('仓库编号不正确').optional(),
});

export const MOVE_SORTS = { id: 'id' } as const;

export const stockBalanceRecord = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  shelfId: z.number().int().nullable(),
  shelfCode: z.string(),
  itemType: z.enum(STOCK_ITEM_TYPES),
  skuId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  styleNo: z.string(),
  productName: z.string(),
  colourName: z.string(),
  sizeName: z.string(),
  barcode: z.string(),
  materialId: z.number().int().nullable(),
  materialCode: z.string(),
  materialName: z.string(),
  quantity: z.number().int(),
  updatedAt: z.string(),
});

export const stockMoveRecord = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  shelfId: z.number().int().nullable(),
  shelfCode: z.string(),
  quantity: z.number().int(),
  balanceAfter: z.number().int().describe('本仓库（全部货架）该物品在这条流水之后的结存'),
  unitCostFen: z.number().int().nullable(),
  docType: z.string(),
  docTypeName: z.string(),
  docId: z.number().int(),
  docLineId: z.number().int().nullable(),
  reversesMoveId: z.number().int().nullable(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
});

export const styleStockQuery = z.object({
  warehouseId: queryId('仓库编号不正确'),
  productId: queryId('商品编号不正确'),
});

export const styleStockAnswer = z.object({
  warehouseId: z.number().int(),
  productId: z.number().int(),
  items: z.array(z.object({ skuId: z.number().int(), quantity: z.number().int() })).describe('数量非零的SKU；未列出的SKU为0'),
});
