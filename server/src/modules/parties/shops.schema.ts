import { SHOP_KINDS } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import { keywordFilter, looseText, partyRecordShape, statusFilter } from './parties.schema.ts';

export const shopBody = z.object({
  code: looseText.describe('门店编码：2-32位字母、数字、下划线或短横线，唯一；修改时省略则不变（仅总部可改）'),
  name: looseText.describe('门店名称，1-64个字符'),
  kind: looseText.describe('direct 直营店 | franchise 加盟店；修改时省略则不变（仅总部可改）'),
  agentId: z.number().nullish().describe('所属代理商：加盟店必填，直营店为 null；修改时省略则不变（仅总部可改）'),
  region: looseText.describe('区域：region 字典的项值，如 east（华东）；可为空'),
  contactName: looseText.describe('联系人，最多32个字符'),
  phone: looseText.describe('联系电话：手机号或座机号（如 0571-87001234）'),
  managerName: looseText.describe('店长，最多32个字符'),
  province: looseText.describe('省份'),
  city: looseText.describe('城市'),
  address: looseText.describe('地址，最多200个字符'),
  areaSqm: z.number().nullish().describe('营业面积（平方米），正整数，可为空'),
  openedOn: looseText.describe('开业日期 YYYY-MM-DD，不晚于今天（上海时间），可为空'),
  remark: looseText.describe('备注，最多200个字符'),
});
export type ShopBody = z.infer<typeof shopBody>;

export const shopsQuery = z.object({
  ...listQueryShape,
  keyword: keywordFilter.describe('匹配编码、名称、联系人、电话或店长'),
  status: statusFilter,
  kind: z.enum(SHOP_KINDS).optional().describe('direct 直营店 | franchise 加盟店'),
  agentId: z.coerce.number().int('代理商编号不正确').positive('代理商编号不正确').max(Number.MAX_SAFE_INTEGER, '代理商编号不正确').optional(),
  region: z.string().trim().max(32, '区域不正确').optional(),
});

export const SHOP_SORTS = {
  code: 'shops.code',
  name: 'shops.name',
  openedOn: 'shops.opened_on',
  areaSqm: 'shops.area_sqm',
  createdAt: 'shops.created_at',
} as const;
export type ShopSortColumn = (typeof SHOP_SORTS)[keyof typeof SHOP_SORTS];

export const shopRecord = z.object({
  ...partyRecordShape,
  kind: z.enum(SHOP_KINDS),
  agentId: z.number().int().nullable(),
  agentName: z.string(),
  region: z.string(),
  managerName: z.string(),
  province: z.string(),
  city: z.string(),
  areaSqm: z.number().int().nullable(),
  openedOn: z.string().nullable().describe('YYYY-MM-DD'),
});
