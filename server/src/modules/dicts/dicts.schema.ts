import { DICT_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

// Bodies are loose on purpose: the shared checkers (shared/src/dicts.ts) give each bad field the
// message the forms show, in form order, instead of zod's generic wording.
const text = z.string().nullish();
const status = z.string().nullish().describe('enabled 启用 | disabled 停用');
const sort = z.number().nullish().describe('排序，0-9999 的整数，越小越靠前');

export const dictBody = z.object({
  dictCode: text.describe('字典编码：2-64位字母、数字或下划线，以字母开头；有字典项后不能修改'),
  name: text.describe('字典名称，1-64个字符'),
  remark: text.describe('备注，最多200个字符'),
  status,
  sort,
});
export type DictBody = z.infer<typeof dictBody>;

export const dictItemBody = z.object({
  dictCode: text.describe('所属字典编码（修改时可省略，不能改到其他字典）'),
  name: text.describe('字典项名称（显示文字），1-64个字符，字典内唯一'),
  value: text.describe('字典项值：1-64位字母、数字、下划线、点或短横线，字典内唯一，创建后不能修改；新增时可省略，省略则取字典项编号（SPEC §3：字典项即编号、字典编码与名称）'),
  remark: text.describe('备注，最多200个字符'),
  status,
  sort,
});
export type DictItemBody = z.infer<typeof dictItemBody>;

const keyword = z.string().trim().max(64, '关键字不能超过64个字符').optional();
const codeFilter = z.string().trim().max(64, '字典编码不能超过64个字符').optional();
const nameFilter = z.string().trim().max(64, '名称不能超过64个字符').optional();

export const dictsQuery = z.object({
  ...listQueryShape,
  keyword: keyword.describe('匹配字典编码或名称'),
  status: z.enum(DICT_STATUSES).optional(),
});

export const dictItemsQuery = z.object({
  dictCode: codeFilter.describe('字典编码（精确）'),
  name: nameFilter.describe('字典项名称（包含）'),
});

export const dictItemsPageQuery = z.object({
  ...listQueryShape,
  dictCode: codeFilter.describe('字典编码（精确）'),
  name: nameFilter.describe('字典项名称（包含）'),
  status: z.enum(DICT_STATUSES).optional(),
});

export const DICT_SORTS = { sort: 'dicts.sort', dictCode: 'dicts.dict_code', name: 'dicts.name', createdAt: 'dicts.created_at', updatedAt: 'dicts.updated_at' } as const;
export const DICT_ITEM_SORTS = {
  sort: 'dict_items.sort',
  value: 'dict_items.value',
  name: 'dict_items.name',
  createdAt: 'dict_items.created_at',
  updatedAt: 'dict_items.updated_at',
} as const;
export type DictSortColumn = (typeof DICT_SORTS)[keyof typeof DICT_SORTS];
export type DictItemSortColumn = (typeof DICT_ITEM_SORTS)[keyof typeof DICT_ITEM_SORTS];

export const idParams = z.object({ id: z.coerce.number().int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确') });
export const codeParams = z.object({ code: z.string().trim().min(1).max(64, '字典编码不能超过64个字符') });

const statusField = z.enum(DICT_STATUSES);

export const dictRecord = z.object({
  id: z.number().int(),
  dictCode: z.string(),
  name: z.string(),
  remark: z.string(),
  status: statusField,
  sort: z.number().int(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const dictItemRecord = z.object({
  id: z.number().int(),
  dictCode: z.string(),
  name: z.string(),
  value: z.string(),
  remark: z.string(),
  status: statusField,
  sort: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const dictSelectItem = z.object({ id: z.number().int(), name: z.string(), value: z.string() });
