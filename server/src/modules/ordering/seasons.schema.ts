import { SEASON_KINDS, SEASON_STATUSES, SEASON_STYLES_BATCH_MAX } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

// Bodies are loose on purpose: the shared checker (shared/src/ordering-seasons.ts) gives each bad
// field the message the form shows, in form order, instead of zod's generic wording.
const text = z.string().max(1000).nullish();

export const seasonBody = z.object({
  code: text.describe('订货季编码：字母、数字、-、_，最多32个字符，不区分大小写唯一'),
  name: text.describe('订货季名称，1-40个字符'),
  kind: text.describe('订货类型：spot 现货（按库存订货）| preorder 期货（货品未到先订）；已有款式后不能修改'),
  opensOn: text.describe('开始日期 yyyy-mm-dd（含当日，北京时间）'),
  closesOn: text.describe('结束日期 yyyy-mm-dd（含当日，北京时间）'),
  remark: text.describe('备注，最多200个字符'),
  enabled: z.boolean().nullish().describe('是否启用（新增默认启用；修改时省略则不变）'),
});
export type SeasonBody = z.infer<typeof seasonBody>;

export const seasonsQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').optional().describe('匹配编码或名称'),
  kind: z.enum(SEASON_KINDS, { error: '订货类型只能是现货或期货' }).optional().describe('spot 现货 | preorder 期货'),
  status: z.enum(SEASON_STATUSES, { error: '状态不正确' }).optional().describe('今天（北京时间）的状态：upcoming 未开始 | open 进行中 | ended 已结束 | disabled 已停用'),
});

export const SEASON_SORTS = {
  opensOn: 'ordering_seasons.opens_on',
  closesOn: 'ordering_seasons.closes_on',
  code: 'ordering_seasons.code',
  createdAt: 'ordering_seasons.created_at',
} as const;
export type SeasonSortColumn = (typeof SEASON_SORTS)[keyof typeof SEASON_SORTS];

export const seasonStylesQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').optional().describe('匹配款号或名称'),
});

export const SEASON_STYLE_SORTS = {
  addedAt: 's.created_at',
  styleNo: 'p.style_no',
  wholesalePrice: 'p.wholesale_price_fen',
} as const;
export type SeasonStyleSortColumn = (typeof SEASON_STYLE_SORTS)[keyof typeof SEASON_STYLE_SORTS];

const productIds = z
  .array(z.number({ error: '款式编号不正确' }).int('款式编号不正确').positive('款式编号不正确').max(Number.MAX_SAFE_INTEGER, '款式编号不正确'), { error: '请选择款式' })
  .min(1, '请选择款式')
  .max(SEASON_STYLES_BATCH_MAX, `一次最多选择${SEASON_STYLES_BATCH_MAX}个款式`);

export const styleIdsBody = z.object({ productIds: productIds.describe('款式（商品）编号') });

const optionalId = (message: string) => z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message).nullish();
export const styleFilterBody = z.object({
  brandId: optionalId('品牌编号不正确').describe('品牌编号'),
  categoryId: optionalId('商品分类编号不正确').describe('商品分类编号（含其下级分类）'),
  season: z.string().max(64).nullish().describe('商品季节（字典 season 的值）'),
  tagId: optionalId('标签编号不正确').describe('商品标签编号'),
});

export const idParams = z.object({ id: queryId('编号必须是正整数') });

export const optionsQuery = z.object({
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').optional().describe('匹配款号或名称'),
});

export const seasonRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(SEASON_KINDS),
  opensOn: z.string(),
  closesOn: z.string(),
  status: z.enum(SEASON_STATUSES).describe('今天（北京时间）的状态'),
  styleCount: z.number().int(),
  remark: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const seasonStyleRecord = z.object({
  productId: z.number().int(),
  styleNo: z.string(),
  name: z.string(),
  brandName: z.string(),
  categoryName: z.string(),
  year: z.number().int(),
  season: z.string(),
  seasonName: z.string(),
  mainImage: z.string(),
  wholesalePriceFen: z.number().int(),
  status: z.string(),
  addedAt: z.string(),
});

export const stylesAdded = z.object({ added: z.number().int(), already: z.number().int(), offSale: z.number().int() });
export const stylesRemoved = z.object({ removed: z.number().int() });
export const styleOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** Where the ordering screens' calls live (seasons, catalogue, cart, quotas, buyer brands). */
export const ORDERING_BASE = '/admin/api/v1/ordering';
