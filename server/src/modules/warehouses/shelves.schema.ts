import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

const text = z.string().max(1000).nullish();

export const shelfBody = z.object({
  code: text.describe('货架编码，1-32位字母、数字、下划线或短横线，同一仓库内唯一（不区分大小写）'),
  name: text.describe('货架名称，最多32个字符'),
  sort: z.number().nullish().describe('排序，0-9999，越小越靠前'),
  enabled: z.boolean().nullish().describe('是否启用（新增时默认启用；修改时忽略）'),
});
export type ShelfBody = z.infer<typeof shelfBody>;

export const shelfBatchBody = z.object({
  prefix: text.describe('编码前缀，如 A'),
  rowFrom: z.number().nullish().describe('起始排号（1-999）'),
  rowTo: z.number().nullish().describe('结束排号'),
  levelFrom: z.number().nullish().describe('起始层号（1-999），不分层时留空'),
  levelTo: z.number().nullish().describe('结束层号'),
});
export type ShelfBatchBody = z.infer<typeof shelfBatchBody>;

export const shelvesQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional().describe('匹配货架编码或名称'),
  enabled: z.enum(['true', 'false'], { error: '状态只能是 true 或 false' }).optional(),
});

export const SHELF_SORTS = {
  sort: 'shelves.sort',
  code: 'shelves.code',
  createdAt: 'shelves.created_at',
} as const;
export type ShelfSortColumn = (typeof SHELF_SORTS)[keyof typeof SHELF_SORTS];

export const shelfStockQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional().describe('匹配款号、条码、物料编码或名称'),
});

export const shelfRecord = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  quantity: z.number().int().describe('货架库存合计'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
