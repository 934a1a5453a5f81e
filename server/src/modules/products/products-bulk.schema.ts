import { PRODUCT_IMPORT_COLUMNS, ProductImportLimits, ProductImportMessages, ProductMessages, TAG_IDS_MAX, TagMessages, type ProductImportKey } from '@erp/shared';
import { z } from 'zod';

// Bodies and answers of the calls on many products: details, batch tags, the SKU export rows
// and the import.

export const DETAILS_MAX = 200;
export const BATCH_TAGS_MAX = 500;

const productId = z.number().int('商品编号必须是正整数').positive('商品编号必须是正整数');

export const detailsBody = z.object({
  ids: z.array(productId).min(1, ProductMessages.idsRequired).max(DETAILS_MAX, `一次最多${DETAILS_MAX}个商品`).describe('商品编号，按此顺序返回'),
});

export const batchTagsBody = z.object({
  ids: z.array(productId).min(1, ProductMessages.idsRequired).max(BATCH_TAGS_MAX, `一次最多${BATCH_TAGS_MAX}个商品`),
  tagIds: z.array(z.number()).min(1, '请选择标签').max(TAG_IDS_MAX, TagMessages.tagIdsTooMany),
  mode: z.enum(['add', 'remove'], { error: '方式只能是 add（添加）或 remove（移除）' }).describe('add 添加（单选分组的新标签替换原标签），remove 移除'),
});

const cellKeys = PRODUCT_IMPORT_COLUMNS.map((c) => c.key);

/** Cells as text; a cell over the limit is that row's error (not the whole request's). */
const importRow = z.object({
  row: z.number().int().positive().describe('表格中的行号（表头为第1行）'),
  ...(Object.fromEntries(
    PRODUCT_IMPORT_COLUMNS.map((c) => [
      c.key,
      z
        .string()
        .optional()
        .describe(`${c.title}${c.note ? `：${c.note}` : ''}`),
    ]),
  ) as Record<ProductImportKey, z.ZodOptional<z.ZodString>>),
});

export const importBody = z.object({
  rows: z.array(importRow).min(1, ProductImportMessages.empty).max(ProductImportLimits.rowsMax, ProductImportMessages.tooManyRows),
});

/** 5000 rows of every column filled stay well below this. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const importError = z.object({ row: z.number().int(), styleNo: z.string(), reason: z.string() });
export const importCheckResult = z.object({ products: z.number().int(), skus: z.number().int(), errors: z.array(importError) });
export const importResult = z.object({ products: z.number().int(), skus: z.number().int() });

/** the cells a role may not see (product-view.ts) are absent from its rows */
const VIEW_KEYS = ['wholesalePrice', 'costPrice', 'supplier'] as const satisfies readonly ProductImportKey[];
type ViewKey = (typeof VIEW_KEYS)[number];
const isViewKey = (key: ProductImportKey): key is ViewKey => (VIEW_KEYS as readonly string[]).includes(key);
export const skuExportRow = z.object({
  row: z.number().int(),
  ...(Object.fromEntries(cellKeys.map((key) => [key, isViewKey(key) ? z.string().optional() : z.string()])) as Record<Exclude<ProductImportKey, ViewKey>, z.ZodString> &
    Record<ViewKey, z.ZodOptional<z.ZodString>>),
});
export type SkuExportRow = z.infer<typeof skuExportRow>;
