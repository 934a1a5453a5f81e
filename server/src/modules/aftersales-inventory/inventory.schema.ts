import { SHOP_INVENTORY_ACTIONS, SHOP_INVENTORY_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

// Bodies are loose (z.unknown): the service checks every field and answers one Chinese message.
const loose = z.unknown().optional();

export const reportBody = z.object({
  warehouseId: loose.describe('上报仓库（门店仓库）编号'),
  countDate: loose.describe('盘点日期 yyyy-mm-dd，不晚于今天'),
  remark: loose.describe('备注，最多200个字'),
  lines: loose.describe('盘点明细 [{ skuId, quantity }]：每个 SKU 一行，数量为0到1000000的整数'),
});

export const reasonBody = z
  .object({ reason: z.string().max(2000).nullable().optional() })
  .nullable()
  .optional();

export const reportsQuery = z.object({
  ...listQueryShape,
  keyword: z.string().max(64).optional().describe('单号、仓库或门店名称'),
  warehouseId: queryId('仓库编号必须是正整数').optional(),
  status: z.enum(SHOP_INVENTORY_STATUSES, { error: '状态无效' }).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});

export const idParams = z.object({ id: queryId('单据编号必须是正整数') });
export const barcodeParams = z.object({ barcode: z.string().min(1).max(64) });

export const REPORT_SORTS = { createdAt: 'r.created_at', countDate: 'r.count_date', docNo: 'r.doc_no', totalQuantity: 'r.total_quantity' } as const;

export const reportRecord = z.object({
  id: z.number().int(),
  docNo: z.string(),
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  reporterType: z.enum(['hq', 'agent', 'shop']),
  reporterName: z.string(),
  countDate: z.string(),
  status: z.enum(SHOP_INVENTORY_STATUSES),
  statusLabel: z.string(),
  rejectReason: z.string(),
  remark: z.string(),
  totalQuantity: z.number().int(),
  lineCount: z.number().int(),
  stocktakeId: z.number().int().nullable(),
  stocktakeNo: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  auditedByName: z.string(),
  auditedAt: z.string().nullable(),
  postedAt: z.string().nullable(),
  actions: z.array(z.enum(SHOP_INVENTORY_ACTIONS)),
});

export const reportDetail = reportRecord.extend({
  showsBook: z.boolean(),
  lines: z.array(
    z.object({
      skuId: z.number().int(),
      styleNo: z.string(),
      productName: z.string(),
      colourName: z.string(),
      sizeName: z.string(),
      barcode: z.string(),
      counted: z.boolean(),
      countedQuantity: z.number().int(),
      bookQuantity: z.number().int().nullable(),
      difference: z.number().int().nullable(),
    }),
  ),
  totals: z.object({ countedQuantity: z.number(), bookQuantity: z.number(), gainQuantity: z.number(), lossQuantity: z.number(), differingLines: z.number() }).nullable(),
});

export const warehouseOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), shopName: z.string() });

export const barcodeHit = z.object({
  skuId: z.number().int(),
  styleNo: z.string(),
  productName: z.string(),
  colourName: z.string(),
  sizeName: z.string(),
  barcode: z.string(),
});
