import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

// The body is loose on purpose: the shared checker (shared/src/materials.ts) gives each bad field
// the message the form shows, in form order, instead of zod's generic wording.
const text = z.string().max(1000).nullish();

export const materialBody = z.object({
  code: text.describe('物料编码，2-32位字母、数字、下划线或短横线，唯一（不区分大小写）'),
  name: text.describe('物料名称，最多60个字符'),
  unit: text.describe('单位：字典 unit 的启用项的值（如 ge 个、tao 套）'),
  specification: text.describe('规格，最多200个字符'),
  category: text.describe('物料类别：字典 material_category 的启用项的值（packaging | display | pop | fabric）'),
  imageUrl: text.describe('物料图片：本系统上传的图片地址（/files/…），空为无图'),
  supplierId: z.number().nullish().describe('供应商编号，空为不指定'),
  costPriceFen: z.number().nullish().describe('成本价（分，0-100000000 的整数），空为未定'),
  remark: text.describe('备注，最多200个字符'),
  enabled: z.boolean().nullish().describe('是否启用（新增时默认启用；修改时省略则不变）'),
});
export type MaterialBody = z.infer<typeof materialBody>;

export const materialsQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional().describe('匹配编码、名称或规格'),
  category: z.string().trim().max(64).optional().describe('物料类别（字典值）'),
  enabled: z.enum(['true', 'false']).optional().describe('true 启用 | false 停用'),
  supplierId: z.coerce.number({ error: '供应商编号不正确' }).int('供应商编号不正确').positive('供应商编号不正确').optional(),
});

export const MATERIAL_SORTS = {
  code: 'materials.code',
  name: 'materials.name',
  createdAt: 'materials.created_at',
} as const;
export type MaterialSortColumn = (typeof MATERIAL_SORTS)[keyof typeof MATERIAL_SORTS];

export const idParams = z.object({
  id: z.coerce.number({ error: '编号必须是正整数' }).int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确'),
});

export const materialRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  unitName: z.string().describe('单位名称（字典项已删除时为空）'),
  specification: z.string(),
  category: z.string(),
  categoryName: z.string().describe('类别名称（字典项已删除时为空）'),
  imageUrl: z.string(),
  supplierId: z.number().int().nullable(),
  supplierName: z.string(),
  costPriceFen: z.number().int().nullable().describe('成本价（分）'),
  remark: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
