import { PRODUCT_CARE_SYMBOLS, PRODUCT_STATUSES, SKU_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import type { ProductFilter } from './products.repo.ts';

// Request bodies are loose in type (the service gives each bad field the Chinese message the
// forms show); answers are exact, so the OpenAPI document describes them.

const id = z.number().int().positive();
const text = z.string().max(1000);

const fibre = z.object({ name: text.describe('纤维名称，如 羊毛'), percent: z.number().describe('百分比，0-100，可带一位小数') });
export const compositionPart = z.object({ part: text.optional().describe('部位，如 面料、里料；整件时省略'), fibres: z.array(fibre).max(50) });
export const careInstruction = z.object({ symbol: z.enum(PRODUCT_CARE_SYMBOLS).optional(), text: text.describe('洗涤说明文字，最多32个字符') });

export const productBody = z.object({
  styleNo: text.describe('款号：1-32位字母、数字、下划线或短横线，唯一（不区分大小写）'),
  name: text.describe('商品名称，1-64个字符'),
  brandId: id.describe('品牌（启用的）'),
  categoryId: id.describe('商品分类（启用的，任一级）'),
  year: z.number().int().describe('年份，2000-2100'),
  season: text.describe('季节：字典 season 的值'),
  gender: text.describe('性别：字典 gender 的值'),
  unit: text.describe('单位：字典 unit 的值'),
  retailPriceFen: z.number().int().describe('吊牌价（分）'),
  wholesalePriceFen: z.number().int().describe('批发价（分）'),
  costPriceFen: z.number().int().describe('成本价（分）'),
  supplierId: id.nullish().describe('默认供应商（启用的），可空'),
  status: z.enum(PRODUCT_STATUSES).optional().describe('默认 on_sale'),
  composition: z.array(compositionPart).max(50).optional().describe('成分（吊牌）：每个部位的纤维百分比之和为100'),
  care: z.array(careInstruction).max(50).optional().describe('洗涤说明（水洗标）'),
  grade: text.optional().describe('等级：字典 grade 的值，可空'),
  safetyCategory: text.optional().describe('安全类别：字典 safety_category 的值，可空'),
  standard: text.optional().describe('执行标准，如 FZ/T 73020-2019，最多64个字符'),
  mainImage: text.optional().describe('主图地址（上传接口返回的 url）；缩略图为 url + "-200.jpg"'),
  gallery: z.array(text).max(50).optional().describe('图片集地址，最多9张'),
  sizeGroupId: id.describe('尺码组'),
  colourIds: z.array(id).max(100).describe('颜色（生成 SKU：颜色 × 尺码）'),
  sizeIds: z.array(id).max(100).describe('尺码（须属于该尺码组）'),
  barcodes: z
    .array(z.object({ colourId: id, sizeId: id, barcode: text }))
    .max(3000)
    .optional()
    .describe('指定条码（新 SKU）：13位数字须为有效 EAN-13，否则 8-32 位字母、数字、短横线；未指定的按条码前缀自动生成'),
  remark: text.optional().describe('备注，最多500个字符'),
  tagIds: z.array(id).max(100).optional().describe('标签（仅新增时；修改用 PUT /products/{id}/tags）'),
  sizeRunId: id.nullish().describe('默认配码：该款尺码组的启用配码，只含该款有的尺码；null 为无；修改时省略则保持不变（换尺码组时清除）'),
  wholeRuns: z.boolean().nullish().describe('整手订货：订货数量须为配码的整数倍（需默认配码）；修改时省略则保持不变'),
  minRuns: z.number().nullish().describe('起订手数：每个颜色至少订几手，0-9999 的整数，0 为不限（需默认配码）；修改时省略则保持不变'),
});
export type ProductBody = z.infer<typeof productBody>;

export const productsQuery = z.object({
  ...listQueryShape,
  keyword: z.string().max(64).optional().describe('款号前缀或名称包含'),
  barcode: z.string().max(32).optional().describe('条码（精确）'),
  brandId: z.coerce.number().int().positive().optional(),
  categoryId: z.coerce.number().int().positive().optional().describe('含下级分类'),
  season: z.string().max(32).optional(),
  year: z.coerce.number().int().optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  supplierId: z.coerce.number().int().positive().optional(),
});

export type ProductsQuery = z.infer<typeof productsQuery>;

/** The list's filter from its query (blank text is no filter); the SKU export uses the same. */
export function productFilterOf(query: ProductsQuery): ProductFilter {
  const { keyword, barcode, brandId, categoryId, season, year, status, supplierId } = query;
  return { keyword: keyword?.trim() || undefined, barcode: barcode?.trim() || undefined, brandId, categoryId, season: season || undefined, year, status, supplierId };
}

export const PRODUCT_SORTS = {
  styleNo: 'products.style_no',
  createdAt: 'products.created_at',
  retailPrice: 'products.retail_price_fen',
} as const;
export type ProductSortColumn = (typeof PRODUCT_SORTS)[keyof typeof PRODUCT_SORTS];

export const productIdParams = z.object({
  id: z.coerce.number({ error: '编号必须是正整数' }).int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确'),
});
export const barcodeParams = z.object({ barcode: z.string().min(1).max(64) });
export const searchQuery = z.object({ q: z.string().max(64).describe('款号前缀或名称包含') });
export const statusBody = z.object({ ids: z.array(id).max(500), status: z.enum(PRODUCT_STATUSES) });
export const tagsBody = z.object({ tagIds: z.array(z.number()).max(100) });
export const skuBody = z.object({
  barcode: text.describe('条码：13位数字须为有效 EAN-13，否则 8-32 位字母、数字、短横线'),
  sellerSku: text.nullish().describe('平台商家编码（在平台分组内唯一），空为无'),
  marketplaceGroup: text.nullish().describe('平台分组，如 tmall、jd；填商家编码时必填'),
  status: z.enum(SKU_STATUSES),
});

const nullableInt = z.number().int().nullable();
const listRecordShape = {
  id: z.number().int(),
  styleNo: z.string(),
  name: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  year: z.number().int(),
  season: z.string(),
  gender: z.string(),
  unit: z.string(),
  retailPriceFen: z.number().int(),
  wholesalePriceFen: z.number().int().optional().describe('批发价：供应商的回答中没有此字段'),
  costPriceFen: z.number().int().optional().describe('成本价：仅总部的回答中有此字段'),
  supplierId: nullableInt.optional().describe('供应商（无供应商为 null）：代理商、门店的回答中没有此字段'),
  supplierName: z.string().nullable().optional().describe('供应商名称：代理商、门店的回答中没有此字段'),
  status: z.enum(PRODUCT_STATUSES),
  mainImage: z.string(),
  thumbnailUrl: z.string().describe('主图缩略图（url + "-200.jpg"），无主图为空串'),
  skuCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const productListRecord = z.object(listRecordShape);

export const skuRecord = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  colourId: z.number().int(),
  colourCode: z.string(),
  colourName: z.string(),
  colourHex: z.string(),
  sizeId: z.number().int(),
  sizeName: z.string(),
  barcode: z.string(),
  sellerSku: z.string().nullable(),
  marketplaceGroup: z.string().nullable(),
  status: z.enum(SKU_STATUSES),
});

const tag = z.object({ id: z.number().int(), name: z.string(), color: z.string(), groupId: z.number().int(), groupName: z.string(), enabled: z.boolean() });

export const productDetail = z.object({
  ...listRecordShape,
  composition: z.array(compositionPart),
  care: z.array(careInstruction),
  grade: z.string(),
  safetyCategory: z.string(),
  standard: z.string(),
  gallery: z.array(z.object({ url: z.string(), thumbnailUrl: z.string() })),
  sizeGroupId: z.number().int(),
  sizeGroupName: z.string(),
  sizeRunId: z.number().int().nullable().describe('默认配码，无为 null'),
  sizeRunName: z.string().nullable(),
  wholeRuns: z.boolean().describe('整手订货'),
  minRuns: z.number().int().describe('起订手数，0 为不限'),
  remark: z.string(),
  tags: z.array(tag),
  skus: z.array(skuRecord).describe('按颜色、再按尺码组内顺序'),
});

export const barcodeHit = skuRecord.extend({
  styleNo: z.string(),
  name: z.string(),
  brandName: z.string(),
  unit: z.string(),
  retailPriceFen: z.number().int(),
  wholesalePriceFen: z.number().int().optional().describe('批发价：供应商的回答中没有此字段'),
  productStatus: z.enum(PRODUCT_STATUSES),
  mainImage: z.string(),
  thumbnailUrl: z.string(),
});

export const searchHit = z.object({
  id: z.number().int(),
  styleNo: z.string(),
  name: z.string(),
  retailPriceFen: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  thumbnailUrl: z.string(),
});
