import { OVERSEAS_TYPES, STOCK_IMPORT_ROWS_MAX } from '@erp/shared';
import { z } from 'zod';

// Bodies and answers of the 海外仓 / 期初 import checks and the overseas comparison.

const cell = z.union([z.string().max(64), z.number()]);
const rowBase = {
  row: z.number().int().positive().max(1_000_000).optional().describe('表格中的行号（表头为第1行）'),
  barcode: z.string().max(64, '条码最多64个字符'),
  quantity: cell,
};
const rows = <T extends z.ZodRawShape>(shape: T) => z.array(z.object(shape)).max(STOCK_IMPORT_ROWS_MAX, `一次最多导入${STOCK_IMPORT_ROWS_MAX}行`);

export const overseasCheckBody = z.object({
  bizType: z.enum(OVERSEAS_TYPES, { error: '单据业务类型不正确' }).optional().describe('receipt 收货（数量≥1）或 snapshot 快照（数量≥0），默认 snapshot'),
  rows: rows(rowBase),
});

export const openingCheckBody = z.object({
  warehouseId: z.number({ error: '请选择仓库' }).int('请选择仓库').positive('请选择仓库').max(Number.MAX_SAFE_INTEGER),
  rows: rows({ ...rowBase, unitCost: cell.optional().describe('单位成本（元）'), shelfCode: z.string().max(64).optional() }),
});

const text = z.string();
export const importCheckAnswer = z.object({
  lines: z.array(
    z.object({
      row: z.number().int(),
      skuId: z.number().int(),
      barcode: text,
      styleNo: text,
      productName: text,
      colourName: text,
      sizeName: text,
      quantity: z.number().int(),
      unitCostFen: z.number().int().nullable(),
      shelfId: z.number().int().nullable(),
      shelfCode: text,
    }),
  ),
  errors: z.array(z.object({ row: z.number().int(), barcode: text, reason: text })),
});

export const overseasComparisonLine = z.object({
  lineId: z.number().int(),
  skuId: z.number().int().nullable(),
  barcode: text,
  styleNo: text,
  productName: text,
  colourName: text,
  sizeName: text,
  counted: z.number().int(),
  bookNow: z.number().int(),
  receivedTotal: z.number().int(),
  difference: z.number().int().nullable(),
});
