import { z } from 'zod';
import { enabledField, sortField, text } from './common.ts';

export const categoryBody = z.object({
  parentId: z.number().nullish().describe('上级分类编号；省略或 null 为一级分类（修改时 null 表示移到顶级，省略则不变）'),
  code: text.describe('分类编码，1-20 个字母、数字、-、_，唯一'),
  name: text.describe('分类名称，1-32个字符，同一上级下唯一'),
  sort: sortField,
  enabled: enabledField,
});
export type CategoryBody = z.infer<typeof categoryBody>;

const nodeShape = {
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  level: z.number().int().describe('1-3'),
  sort: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
// three levels at most, so the tree schema is spelled out instead of recursive
const level3 = z.object(nodeShape);
const level2 = z.object({ ...nodeShape, children: z.array(level3) });
export const categoryNode = z.object({ ...nodeShape, children: z.array(level2) });

export interface CategoryRecord {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  level: number;
  sort: number;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}
export type CategoryTreeNode = CategoryRecord & { children: CategoryTreeNode[] };
export const categoryRecord = z.object(nodeShape);
