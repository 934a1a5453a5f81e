import { BUYER_TYPES, SEASON_KINDS } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

const buyerShape = {
  buyerType: z.enum(BUYER_TYPES, { error: '购货方只能是代理商或门店' }).optional().describe('agent 代理商 | shop 门店；代理商、门店省略即为自己，总部必填'),
  buyerId: queryId('购货方编号不正确').optional().describe('代理商或门店编号'),
};

export const catalogueQuery = z.object({
  ...listQueryShape,
  ...buyerShape,
  seasonId: queryId('订货季编号不正确').optional().describe('只看一个开放中的订货季'),
  brandId: queryId('品牌编号不正确').optional(),
  categoryId: queryId('商品分类编号不正确').optional().describe('含其下级分类'),
  season: z.string().trim().max(64, '季节不正确').optional().describe('商品季节（字典 season 的值）'),
  year: z.coerce.number({ error: '年份不正确' }).int('年份不正确').min(2000, '年份不正确').max(2100, '年份不正确').optional().describe('商品年份（波段）'),
  tagId: queryId('标签编号不正确').optional(),
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').optional().describe('匹配款号或名称'),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

export const CATALOGUE_SORTS = {
  styleNo: 'p.style_no',
  wholesalePrice: 'p.wholesale_price_fen',
  newest: 'p.created_at',
} as const;
export type CatalogueSortColumn = (typeof CATALOGUE_SORTS)[keyof typeof CATALOGUE_SORTS];

export const buyerQuery = z.object(buyerShape);

export const styleParams = z.object({ productId: queryId('款式编号不正确') });
export const styleQuery = z.object({ ...buyerShape, seasonId: queryId('订货季编号不正确').optional() });

export const buyersQuery = z.object({
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').optional().describe('匹配编码或名称（总部选择购货方时）'),
});

const buyer = z.object({ type: z.enum(BUYER_TYPES), id: z.number().int(), code: z.string(), name: z.string(), description: z.string() });

const sku = z.object({
  skuId: z.number().int(),
  colourId: z.number().int(),
  colourCode: z.string(),
  colourName: z.string(),
  colourHex: z.string(),
  sizeId: z.number().int(),
  sizeName: z.string(),
  sizeSort: z.number().int(),
  barcode: z.string(),
  available: z.number().int().nullable().describe('总部仓可订库存（现货季，已扣除已配未发）；期货季为 null'),
  expected: z.number().int().nullable().describe('预计到货：总部已审核采购单未到数量（期货季）；现货季为 null'),
});

const styleShape = {
  seasonId: z.number().int(),
  seasonName: z.string(),
  seasonKind: z.enum(SEASON_KINDS),
  productId: z.number().int(),
  styleNo: z.string(),
  name: z.string(),
  brandName: z.string(),
  categoryName: z.string(),
  year: z.number().int(),
  season: z.string(),
  seasonLabel: z.string(),
  mainImage: z.string(),
  wholesalePriceFen: z.number().int(),
  unitPriceFen: z.number().int().describe('购货方的订货单价（分），服务器按当天的政策和特价计算'),
  totalAvailable: z.number().int().nullable(),
  skus: z.array(sku),
};

export const catalogueStyle = z.object(styleShape);

const priceStep = z.object({
  step: z.enum(['list', 'policy', 'special']),
  ruleId: z.number().int().nullable(),
  ruleName: z.string(),
  base: z.number().int(),
  amount: z.number().int(),
});

export const catalogueStyleDetail = z.object({ ...styleShape, gallery: z.array(z.string()), steps: z.array(priceStep), remark: z.string() });

export const cataloguePage = z.object({
  buyer,
  day: z.string(),
  records: z.array(catalogueStyle),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});

export const catalogueSeason = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(SEASON_KINDS),
  opensOn: z.string(),
  closesOn: z.string(),
});

export const buyersAnswer = z.object({ chooses: z.boolean().describe('是否可以（需要）选择购货方'), buyers: z.array(buyer) });

export const catalogueBrand = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
