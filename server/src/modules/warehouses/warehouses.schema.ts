import { WAREHOUSE_TYPES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

// The body is loose on purpose: the shared checker (shared/src/warehouses.ts) gives each bad field
// the message the form shows, in form order, instead of zod's generic wording.
const text = z.string().max(1000).nullish();
const looseId = z.number().nullish();

export const idParams = z.object({
  id: z.coerce.number({ error: '编号必须是正整数' }).int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确'),
});

export const warehouseBody = z.object({
  code: text.describe('仓库编码，2-32位字母、数字、下划线或短横线，唯一（不区分大小写）'),
  name: text.describe('仓库名称，最多64个字符'),
  type: text.describe('类型：hq 总仓 | shop 门店仓 | overseas 海外仓 | transit 在途仓(虚拟) | defective 次品仓'),
  parentId: looseId.describe('上级仓库编号，空为顶级'),
  shopId: looseId.describe('所属门店编号：门店仓必填，其他类型为空；一个门店只有一个门店仓'),
  allowNegative: z.unknown().optional().describe('是否允许负库存（默认否）'),
  contactName: text.describe('联系人，最多32个字符'),
  phone: text.describe('联系电话：手机号或座机号，可空'),
  region: text.describe('区域：字典 region 的值（east 华东 …），可空'),
  address: text.describe('地址，最多200个字符'),
  country: text.describe('国家/地区：海外仓必填，其他类型为空'),
  remark: text.describe('备注，最多200个字符'),
  enabled: z.boolean().nullish().describe('是否启用（新增时默认启用；修改时省略则不变）'),
});
export type WarehouseBody = z.infer<typeof warehouseBody>;

const typeFilter = z.enum(WAREHOUSE_TYPES, { error: '仓库类型不正确' });
const enabledFilter = z.enum(['true', 'false'], { error: '状态只能是 true 或 false' });

export const warehousesQuery = z.object({
  ...listQueryShape,
  keyword: z.string().trim().max(60, '关键字不能超过60个字符').optional().describe('匹配编码、名称、联系人、电话或地址'),
  type: typeFilter.optional(),
  enabled: enabledFilter.optional().describe('true 启用 | false 停用'),
  shopId: queryId('门店编号不正确').optional(),
  parentId: queryId('上级仓库编号不正确').optional(),
});

export const WAREHOUSE_SORTS = {
  code: 'warehouses.code',
  name: 'warehouses.name',
  type: 'warehouses.type',
  createdAt: 'warehouses.created_at',
} as const;
export type WarehouseSortColumn = (typeof WAREHOUSE_SORTS)[keyof typeof WAREHOUSE_SORTS];

export const treeQuery = z.object({ enabled: enabledFilter.optional().describe('只要启用或停用的仓库') });
export const optionsQuery = z.object({ type: typeFilter.optional(), shopId: queryId('门店编号不正确').optional() });

const warehouseType = z.enum(WAREHOUSE_TYPES);

export const warehouseRecord = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string(),
  code: z.string(),
  name: z.string(),
  type: warehouseType,
  shopId: z.number().int().nullable(),
  shopName: z.string(),
  allowNegative: z.boolean(),
  contactName: z.string(),
  phone: z.string(),
  region: z.string(),
  address: z.string(),
  country: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  childCount: z.number().int(),
  shelfCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const warehouseDetail = warehouseRecord.extend({
  stockRows: z.number().int().describe('数量非零的库存记录数'),
  stockQuantity: z.number().int().describe('库存合计（件）'),
});

interface TreeNode {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  type: (typeof WAREHOUSE_TYPES)[number];
  shopId: number | null;
  enabled: boolean;
  children: TreeNode[];
}
export const warehouseTreeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    code: z.string(),
    name: z.string(),
    type: warehouseType,
    shopId: z.number().int().nullable(),
    enabled: z.boolean(),
    children: z.array(warehouseTreeNode),
  }),
);

export const warehouseOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: warehouseType,
  shopId: z.number().int().nullable(),
  allowNegative: z.boolean(),
});
