import { BUYER_TYPES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

// The body is loose on purpose: the service checks each field with the Chinese message the form shows.
export const buyerBrandsBody = z.object({
  buyerType: z.unknown().optional().describe('订货方类型：agent 代理商 | shop 门店（即订货单的订货方）'),
  buyerId: z.unknown().optional().describe('订货方（代理商或门店）编号'),
  brandIds: z.unknown().optional().describe('品牌编号，一个或多个（已有的忽略）'),
});
export type BuyerBrandsBody = z.infer<typeof buyerBrandsBody>;

export const buyerBrandsQuery = z.object({
  ...listQueryShape,
  buyerType: z.enum(BUYER_TYPES, { error: '订货方类型只能是代理商或门店' }).optional().describe('agent 代理商 | shop 门店'),
  buyerId: queryId('订货方编号必须是正整数').optional(),
  brandId: queryId('品牌编号必须是正整数').optional(),
});

export const BUYER_BRAND_SORTS = {
  createdAt: 'bb.created_at',
  brandCode: 'b.code',
  id: 'bb.id',
} as const;
export type BuyerBrandSortColumn = (typeof BUYER_BRAND_SORTS)[keyof typeof BUYER_BRAND_SORTS];

export const idParams = z.object({ id: queryId('编号必须是正整数') });

export const buyerBrandRecord = z.object({
  id: z.number().int(),
  buyerType: z.enum(BUYER_TYPES),
  buyerId: z.number().int(),
  buyerCode: z.string(),
  buyerName: z.string(),
  brandId: z.number().int(),
  brandCode: z.string(),
  brandName: z.string(),
  brandEnabled: z.boolean().describe('品牌已停用时仍列出，仍限制该订货方'),
  createdByName: z.string(),
  createdAt: z.string(),
});

export const buyerBrandsAdded = z.object({
  added: z.number().int().describe('新增的条数'),
  already: z.number().int().describe('该订货方已有（或重复选择）而忽略的品牌数'),
});
