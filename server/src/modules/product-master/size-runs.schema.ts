import { z } from 'zod';
import { queryId, listQueryShape } from '../../http/list-params.ts';
import { enabledField, flag, sortField, text } from './common.ts';

// Bodies are loose in type: the shared rules (size-runs.ts) give each bad count the Chinese
// message the form shows; answers are exact, so the OpenAPI document describes them.

const counts = z
  .record(z.string().max(100), z.unknown())
  .describe('每个尺码的件数，按尺码名称：{"S":1,"M":2,"L":2,"XL":1}；0-999 的整数，至少一件，只能是该尺码组的尺码（整体替换）');

export const sizeRunCreateBody = z.object({
  groupId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('尺码组'),
  name: text.describe('配码名称，1-32个字符，在尺码组内唯一（如 标准配码）'),
  sort: sortField,
  enabled: enabledField.describe('是否启用（默认启用；默认配码不能停用）'),
  counts,
});
export type SizeRunCreateBody = z.infer<typeof sizeRunCreateBody>;

export const sizeRunUpdateBody = sizeRunCreateBody.omit({ groupId: true }).extend({ counts: counts.nullish() });
export type SizeRunUpdateBody = z.infer<typeof sizeRunUpdateBody>;

export const sizeRunsPageQuery = z.object({
  ...listQueryShape,
  groupId: queryId('尺码组编号必须是正整数').optional().describe('尺码组'),
  keyword: z.string().trim().max(32, '关键字不能超过32个字符').optional().describe('匹配名称'),
  enabled: flag.optional().describe('true 启用 | false 停用'),
});

export const sizeRunOptionsQuery = z.object({ groupId: queryId('尺码组编号必须是正整数').describe('尺码组') });

export const SIZE_RUN_SORTS = {
  sort: 'size_runs.sort',
  name: 'size_runs.name',
  createdAt: 'size_runs.created_at',
  updatedAt: 'size_runs.updated_at',
} as const;
export type SizeRunSortColumn = (typeof SIZE_RUN_SORTS)[keyof typeof SIZE_RUN_SORTS];

const sizeCount = z.object({ sizeId: z.number().int(), sizeName: z.string(), count: z.number().int() });

export const sizeRunOption = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  counts: z.array(sizeCount).describe('有件数的尺码，按尺码组内顺序'),
  text: z.string().describe('如 S1 M2 L2 XL1'),
  pieces: z.number().int().describe('一手的件数'),
});
export type SizeRunOption = z.infer<typeof sizeRunOption>;

export const sizeRunRecord = sizeRunOption.extend({
  sort: z.number().int(),
  enabled: z.boolean(),
  styleCount: z.number().int().describe('以此为默认配码的款数'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SizeRunRecord = z.infer<typeof sizeRunRecord>;
