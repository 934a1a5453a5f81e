import { BUYER_TYPES, POLICY_TARGET_TYPES, SPECIAL_MODES, SPECIAL_STATES, SPECIAL_TARGET_TYPES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

// Bodies are loose on purpose: the shared checkers (shared/src/planning.ts) give each bad field the
// message the forms show, in form order, instead of zod's generic wording.
const text = z.string().max(1000).nullish();
const anyNumber = z.number().nullish();
const enabled = z.boolean().nullish().describe('是否启用（新增默认启用；修改时省略则不变）');
const bp = (what: string) => anyNumber.describe(`${what}：万分比整数（0-10000，10000 即 100%）`);

export const policyBody = z.object({
  targetType: text.describe('政策对象：agent_level 代理级别 | shop_kind 门店类型（创建后不能修改）'),
  targetValue: text.describe('代理级别（字典 agent_level 的值，如 level1）或门店类型（direct 直营 | franchise 加盟）'),
  rateBp: bp('折扣率，即按批发价结算的比例（9000 为九折）'),
  returnRateBp: bp('退货率（售后使用），默认 0'),
  swapRateBp: bp('换货率（售后使用），默认 0'),
  returnWindowDays: anyNumber.describe('退换期限：收货后多少天内可申请退换货（0-3650），默认 90'),
  remark: text.describe('备注，最多200个字符'),
  enabled,
});
export type PolicyBody = z.infer<typeof policyBody>;

export const specialBody = z.object({
  name: text.describe('特价名称，1-40个字符'),
  targetType: text.describe('特价对象：agent 代理商（含其下属门店）| shop 门店 | condition 条件（创建后不能修改）'),
  agentId: anyNumber.describe('代理商编号（代理商特价必填）'),
  shopId: anyNumber.describe('门店编号（门店特价必填）'),
  brandId: anyNumber.describe('条件：品牌编号'),
  categoryId: anyNumber.describe('条件：商品分类编号（含其下级分类）'),
  season: text.describe('条件：季节（字典 season 的值）'),
  tagId: anyNumber.describe('条件：商品标签编号'),
  productId: anyNumber.describe('条件：款式（商品）编号'),
  mode: text.describe('特价方式：rate 折扣 | fixed 一口价'),
  rateBp: bp('折扣率（方式为 rate 时），作用于政策折扣之后的价格'),
  fixedPriceFen: anyNumber.describe('一口价（分，0-100000000；方式为 fixed 时），不会高于政策后的价格'),
  validFrom: text.describe('开始日期 yyyy-mm-dd（含当日，北京时间）'),
  validTo: text.describe('结束日期 yyyy-mm-dd（含当日，北京时间）'),
  remark: text.describe('备注，最多200个字符'),
  enabled,
});
export type SpecialBody = z.infer<typeof specialBody>;

const flag = z.enum(['true', 'false']);

export const policiesQuery = z.object({
  ...listQueryShape,
  targetType: z.enum(POLICY_TARGET_TYPES).optional().describe('agent_level 代理级别 | shop_kind 门店类型'),
  enabled: flag.optional().describe('true 启用 | false 停用'),
});

export const POLICY_SORTS = {
  id: 'discount_policies.id',
  rate: 'discount_policies.rate_bp',
  updatedAt: 'discount_policies.updated_at',
} as const;
export type PolicySortColumn = (typeof POLICY_SORTS)[keyof typeof POLICY_SORTS];

export const specialsQuery = z.object({
  ...listQueryShape,
  targetType: z.enum(SPECIAL_TARGET_TYPES).optional().describe('agent 代理商 | shop 门店 | condition 条件'),
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').optional().describe('匹配特价名称、代理商或门店名称'),
  state: z.enum(SPECIAL_STATES).optional().describe('今天（北京时间）的状态：active 生效中 | upcoming 未开始 | expired 已过期 | disabled 已停用'),
  agentId: queryId('代理商编号不正确').optional(),
  shopId: queryId('门店编号不正确').optional(),
});

export const SPECIAL_SORTS = {
  createdAt: 'special_discounts.created_at',
  name: 'special_discounts.name',
  validFrom: 'special_discounts.valid_from',
  validTo: 'special_discounts.valid_to',
} as const;
export type SpecialSortColumn = (typeof SPECIAL_SORTS)[keyof typeof SPECIAL_SORTS];

export const idParams = z.object({ id: queryId('编号必须是正整数') });

export const priceQuery = z.object({
  productId: queryId('款式编号不正确').describe('款式（商品）编号'),
  buyerType: z.enum(BUYER_TYPES, { error: '购货方只能是代理商或门店' }).describe('agent 代理商 | shop 门店'),
  buyerId: queryId('购货方编号不正确').describe('代理商或门店编号'),
  day: isoDay.optional().describe('按哪一天的特价计算（yyyy-mm-dd，北京时间），默认今天'),
});

export const optionsQuery = z.object({
  keyword: z.string().trim().max(40, '关键字不能超过40个字符').optional().describe('匹配编码（款号）或名称'),
});

export const policyRecord = z.object({
  id: z.number().int(),
  targetType: z.enum(POLICY_TARGET_TYPES),
  targetValue: z.string(),
  targetName: z.string().describe('代理级别名称或门店类型名称'),
  rateBp: z.number().int(),
  returnRateBp: z.number().int(),
  swapRateBp: z.number().int(),
  returnWindowDays: z.number().int(),
  remark: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const specialRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  targetType: z.enum(SPECIAL_TARGET_TYPES),
  agentId: z.number().int().nullable(),
  agentName: z.string(),
  shopId: z.number().int().nullable(),
  shopName: z.string(),
  brandId: z.number().int().nullable(),
  brandName: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  season: z.string().nullable(),
  seasonName: z.string(),
  tagId: z.number().int().nullable(),
  tagName: z.string(),
  productId: z.number().int().nullable(),
  productStyleNo: z.string(),
  productName: z.string(),
  mode: z.enum(SPECIAL_MODES),
  rateBp: z.number().int().nullable(),
  fixedPriceFen: z.number().int().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  state: z.enum(SPECIAL_STATES).describe('今天（北京时间）的状态'),
  remark: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const searchOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

const priceStep = z.object({
  step: z.enum(['list', 'policy', 'special']),
  ruleId: z.number().int().nullable(),
  ruleName: z.string(),
  base: z.number().int().describe('本步之前的价格（分）'),
  amount: z.number().int().describe('本步的变化（分）；批发价一步即价格本身'),
});

export const priceSimulation = z.object({
  day: z.string(),
  buyer: z.object({ type: z.enum(BUYER_TYPES), id: z.number().int(), code: z.string(), name: z.string(), description: z.string() }),
  product: z.object({ id: z.number().int(), styleNo: z.string(), name: z.string(), wholesalePriceFen: z.number().int() }),
  steps: z.array(priceStep),
  unitPriceFen: z.number().int().describe('单价（分）= 各步变化之和'),
});
