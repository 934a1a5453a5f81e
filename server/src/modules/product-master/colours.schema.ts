import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import { enabledField, flag, sortField, text } from './common.ts';

export const colourBody = z.object({
  code: text.describe('颜色编码，1-20 个字母、数字、-、_，唯一（如 BK）'),
  name: text.describe('颜色名称，1-32个字符，唯一'),
  hex: text.describe('色值 #RRGGBB（存为大写），可空'),
  sort: sortField,
  enabled: enabledField,
});
export type ColourBody = z.infer<typeof colourBody>;

export const coloursPageQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(32, '关键字不能超过32个字符').optional().describe('匹配编码或名称'),
  enabled: flag.optional().describe('true 启用 | false 停用'),
});

export const COLOUR_SORTS = {
  sort: 'colours.sort',
  code: 'colours.code',
  name: 'colours.name',
  createdAt: 'colours.created_at',
  updatedAt: 'colours.updated_at',
} as const;
export type ColourSortColumn = (typeof COLOUR_SORTS)[keyof typeof COLOUR_SORTS];

export const colourRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  hex: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ColourRecord = z.infer<typeof colourRecord>;

export const colourOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), hex: z.string() });
