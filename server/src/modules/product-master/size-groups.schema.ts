import { z } from 'zod';
import { enabledField, sortField, text } from './common.ts';

export const sizeGroupBody = z.object({
  code: text.describe('尺码组编码，1-20 个字母、数字、-、_，唯一'),
  name: text.describe('尺码组名称，1-32个字符，唯一'),
  sort: sortField,
  enabled: enabledField.describe('是否启用（默认启用；默认尺码组不能停用）'),
  sizes: z.array(z.string().max(100)).max(200).nullish().describe('全部尺码名称，按显示顺序（整体替换；同名尺码保留原编号；不能重复，不区分大小写）'),
});
export type SizeGroupBody = z.infer<typeof sizeGroupBody>;

export const sizeRecord = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int() });

export const sizeGroupRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  sizes: z.array(sizeRecord),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SizeGroupRecord = z.infer<typeof sizeGroupRecord>;
