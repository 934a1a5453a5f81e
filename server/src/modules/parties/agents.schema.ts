import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import { keywordFilter, looseText, partyRecordShape, statusFilter } from './parties.schema.ts';

export const agentBody = z.object({
  code: looseText.describe('代理商编码：2-32位字母、数字、下划线或短横线，唯一'),
  name: looseText.describe('代理商名称，1-64个字符'),
  contactName: looseText.describe('联系人，最多32个字符'),
  phone: looseText.describe('联系电话：手机号或座机号（如 0571-87001234）'),
  province: looseText.describe('省份'),
  city: looseText.describe('城市'),
  address: looseText.describe('地址，最多200个字符'),
  remark: looseText.describe('备注，最多200个字符'),
  level: looseText.describe('代理级别：字典 agent_level 的启用项的值（如 level1 一级代理），空为未定级；修改时省略则不变'),
});
export type AgentBody = z.infer<typeof agentBody>;

export const agentsQuery = z.object({
  ...listQueryShape,
  keyword: keywordFilter.describe('匹配编码、名称、联系人或电话'),
  status: statusFilter,
});

export const AGENT_SORTS = { code: 'agents.code', name: 'agents.name', createdAt: 'agents.created_at' } as const;
export type AgentSortColumn = (typeof AGENT_SORTS)[keyof typeof AGENT_SORTS];

export const agentRecord = z.object({
  ...partyRecordShape,
  province: z.string(),
  city: z.string(),
  level: z.string().describe('代理级别（字典 agent_level 的值），空为未定级'),
  levelName: z.string().describe('代理级别名称'),
  shopCount: z.number().int(),
});

export const agentOption = z.object({ id: z.number().int(), code: z.string(), name: z.string(), status: z.enum(['enabled', 'disabled']) });
