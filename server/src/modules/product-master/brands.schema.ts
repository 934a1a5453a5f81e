import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import { enabledField, flag, sortField, text } from './common.ts';

export const brandBody = z.object({
  code: text.describe('品牌编码，1-20 个字母、数字、-、_，唯一'),
  name: text.describe('品牌名称，1-32个字符，唯一'),
  logoUrl: text.describe('品牌标志图片地址（上传分类 product/baseimage），可空'),
  sort: sortField,
  enabled: enabledField,
  remark: text.describe('备注，最多200个字符'),
});
export type BrandBody = z.infer<typeof brandBody>;

export const brandsPageQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(32, '关键字不能超过32个字符').optional().describe('匹配编码或名称'),
  enabled: flag.optional().describe('true 启用 | false 停用'),
});

export const BRAND_SORTS = {
  sort: 'brands.sort',
  code: 'brands.code',
  name: 'brands.name',
  createdAt: 'brands.created_at',
  updatedAt: 'brands.updated_at',
} as const;
export type BrandSortColumn = (typeof BRAND_SORTS)[keyof typeof BRAND_SORTS];

export const brandRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BrandRecord = z.infer<typeof brandRecord>;

export const brandOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), logoUrl: z.string() });
