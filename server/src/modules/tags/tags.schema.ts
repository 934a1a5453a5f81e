import { TAG_COLORS, TAG_TARGET_TYPES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

// Bodies are loose on purpose: the shared checkers (shared/src/tags.ts) give each bad field the
// message the forms show, in form order, instead of zod's generic wording.
const text = z.string().max(1000).nullish();
const sort = z.number().nullish().describe('排序，0-9999 的整数，越小越靠前');
const enabled = z.boolean().nullish().describe('是否启用（默认启用）');

export const tagGroupBody = z.object({
  name: text.describe('分组名称，1-32个字符，唯一'),
  appliesTo: z.array(z.string().max(16)).max(10).nullish().describe('适用对象，一个或多个：product 商品 | member 会员 | shop 门店'),
  multiple: z.boolean().nullish().describe('true 多选（一个对象可有该分组的多个标签），false 单选；默认多选'),
  sort,
  enabled,
  remark: text.describe('备注，最多200个字符'),
});
export type TagGroupBody = z.infer<typeof tagGroupBody>;

export const tagBody = z.object({
  groupId: z.number().nullish().describe('所属分组编号（创建后不能修改）'),
  name: text.describe('标签名称，1-20个字符，分组内唯一'),
  color: z
    .string()
    .max(16)
    .nullish()
    .describe(`颜色（antd 预设色名）：${TAG_COLORS.join(' | ')}；默认 blue`),
  sort,
  enabled,
  noReturn: z.boolean().nullish().describe('不可退换：打上该标签的款式不能退货或换货（默认否）'),
});
export type TagBody = z.infer<typeof tagBody>;

const targetType = z.enum(TAG_TARGET_TYPES);
const flag = z.enum(['true', 'false']);

export const tagGroupsQuery = z.object({
  targetType: targetType.optional().describe('只要适用于该对象的分组'),
});

export const tagGroupsPageQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(32, '关键字不能超过32个字符').optional().describe('匹配分组名称或其标签名称'),
  appliesTo: targetType.optional(),
  enabled: flag.optional().describe('true 启用 | false 停用'),
});

export const TAG_GROUP_SORTS = {
  sort: 'tag_groups.sort',
  name: 'tag_groups.name',
  createdAt: 'tag_groups.created_at',
  updatedAt: 'tag_groups.updated_at',
} as const;
export type TagGroupSortColumn = (typeof TAG_GROUP_SORTS)[keyof typeof TAG_GROUP_SORTS];

const positiveId = z.coerce.number({ error: '编号必须是正整数' }).int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确');

export const idParams = z.object({ id: positiveId });

export const deleteTagQuery = z.object({
  confirm: flag.optional().describe('true：标签已被使用时同时解除其全部关联（否则拒绝并给出数量）'),
});

export const targetParams = z.object({
  targetType: z.string().max(16).describe('product 商品 | member 会员 | shop 门店（目前只开放门店）'),
  targetId: positiveId,
});

export const setTagsBody = z.object({
  tagIds: z.array(z.number()).max(1000).describe('该对象的全部标签编号（整体替换；空数组即清空）'),
});

const usage = z.object({ product: z.number().int().optional(), member: z.number().int().optional(), shop: z.number().int().optional() });

export const tagRecord = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  color: z.enum(TAG_COLORS),
  sort: z.number().int(),
  enabled: z.boolean(),
  noReturn: z.boolean(),
  usage: usage.describe('使用该标签的对象数，按对象类型'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const tagGroupRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  appliesTo: z.array(targetType),
  multiple: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
  remark: z.string(),
  usage: usage.describe('使用该分组标签的对象数，按对象类型'),
  tags: z.array(tagRecord),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const objectTag = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.enum(TAG_COLORS),
  groupId: z.number().int(),
  groupName: z.string(),
  enabled: z.boolean().describe('false：标签或其分组已停用（仍保留在对象上）'),
});
