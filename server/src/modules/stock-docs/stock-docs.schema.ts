import { STOCK_DOC_ACTIONS, STOCK_DOC_KINDS, STOCK_DOC_LINES_MAX, STOCK_DOC_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

const id = (message: string) => z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const idParams = z.object({ id: queryId('单据编号不正确') });

export const docsQuery = z.object({
  ...listQueryShape,
  status: z.enum(STOCK_DOC_STATUSES, { error: '单据状态不正确' }).optional(),
  bizType: z.string().max(32).optional(),
  warehouseId: queryId('仓库编号不正确').optional().describe('本单仓库或目标仓库'),
  docNo: z.string().trim().max(64, '单号不能超过64个字符').optional().describe('单号或来源单号（包含）'),
  from: isoDay.optional().describe('创建日期起（含）'),
  to: isoDay.optional().describe('创建日期止（含）'),
  sourceType: z.string().max(32).optional(),
  sourceId: queryId('来源单据编号不正确').optional(),
  incoming: z.enum(['true', 'false'], { error: '调入筛选不正确' }).optional().describe('true：只看发往本方仓库的单据（目标仓库在数据范围内，如待收货的调拨）'),
});

export const DOC_SORTS = { id: 'id', docNo: 'doc_no', createdAt: 'created_at', postedAt: 'posted_at', totalQuantity: 'total_quantity' } as const;

// Quantities are checked by the service with line-numbered messages; the schema only keeps types.
const lineInput = z.object({
  leg: z.enum(['', 'in', 'out']).optional(),
  skuId: z.number().nullable().optional(),
  materialId: z.number().nullable().optional(),
  shelfId: z.number().nullable().optional(),
  quantity: z.number({ error: '数量须为整数' }),
  actualQuantity: z.number().nullable().optional(),
  unitCostFen: z.number().nullable().optional(),
  boxNo: z.string().max(64).optional(),
  remark: z.string().max(400).optional(),
});

export const docBody = z.object({
  header: z.object({
    bizType: z.string().max(32).optional(),
    warehouseId: id('请选择仓库').optional(),
    toWarehouseId: id('目标仓库不正确').nullable().optional(),
    shopId: id('门店不正确').nullable().optional(),
    supplierId: id('供应商不正确').nullable().optional(),
    shelfIds: z.array(id('货架不正确')).max(500, '最多选择500个货架').optional(),
    expectedDate: isoDay.nullable().optional(),
    remark: z.string().max(400).optional(),
    // the source (e.g. a purchase order) is set by the module that makes the document, never by the client
  }),
  lines: z.array(lineInput).max(STOCK_DOC_LINES_MAX, `一张单据最多${STOCK_DOC_LINES_MAX}行明细`),
});

export const actionBody = z
  .object({
    reason: z.string().max(400).optional(),
    actuals: z
      .array(z.object({ lineId: id('明细编号不正确'), actualQuantity: z.number({ error: '实际数量须为整数' }) }))
      .max(STOCK_DOC_LINES_MAX)
      .optional(),
  })
  .nullable()
  .optional();

export const scanBody = z.object({
  barcode: z.string({ error: '请扫描或输入条码' }).max(200),
  boxNo: z.string().max(64).optional(),
  shelfId: id('货架不正确').nullable().optional(),
  undo: z.boolean().optional(),
});

const text = z.string();
const nullableText = z.string().nullable();
const intOrNull = z.number().int().nullable();

export const stockDocRecord = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_DOC_KINDS),
  docNo: text,
  bizType: text,
  status: z.enum(STOCK_DOC_STATUSES),
  statusLabel: text,
  warehouseId: z.number().int(),
  warehouseName: text,
  toWarehouseId: intOrNull,
  toWarehouseName: text,
  transitWarehouseId: intOrNull,
  shopId: intOrNull,
  shopName: text,
  supplierId: intOrNull,
  supplierName: text,
  sourceType: text,
  sourceId: intOrNull,
  sourceNo: text,
  shelfIds: z.array(z.number().int()),
  scanStarted: z.boolean(),
  differenceReason: text,
  remark: text,
  totalQuantity: z.number().int(),
  totalActual: z.number().int(),
  lineCount: z.number().int(),
  expectedDate: nullableText,
  createdByName: text,
  createdAt: text,
  submittedAt: nullableText,
  shippedAt: nullableText,
  postedByName: text,
  postedAt: nullableText,
  voidedAt: nullableText,
  voidReason: text,
  actions: z.array(z.enum(STOCK_DOC_ACTIONS)),
});

export const stockDocLineRecord = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  leg: z.enum(['', 'in', 'out']),
  skuId: intOrNull,
  productId: intOrNull,
  styleNo: text,
  productName: text,
  colourName: text,
  sizeName: text,
  barcode: text,
  imageUrl: text,
  materialId: intOrNull,
  materialCode: text,
  materialName: text,
  shelfId: intOrNull,
  shelfCode: text,
  quantity: z.number().int(),
  actualQuantity: intOrNull,
  difference: intOrNull,
  unitCostFen: intOrNull,
  unitPriceFen: intOrNull,
  boxNo: text,
  remark: text,
});

export const stockDocDetail = stockDocRecord.extend({ lines: z.array(stockDocLineRecord) });

const scanResult = z.enum(['ok', 'unknown', 'unexpected', 'over', 'disabled']);

export const stockScanAnswer = z.object({
  result: scanResult,
  message: text,
  line: stockDocLineRecord.nullable(),
  totalActual: z.number().int(),
});

export const stockScanRecord = z.object({
  id: z.number().int(),
  barcode: text,
  skuId: intOrNull,
  styleNo: text,
  colourName: text,
  sizeName: text,
  delta: z.number().int(),
  boxNo: text,
  shelfCode: text,
  result: scanResult,
  createdByName: text,
  createdAt: text,
});
