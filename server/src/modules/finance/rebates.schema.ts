import { REBATE_BASES, REBATE_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

// Bodies are loose (z.unknown) so the service answers every bad value with its own Chinese message.
const loose = z.unknown().optional();

export const ruleBody = z.object({
  seasonId: loose.describe('订货季编号'),
  agentLevel: loose.describe('代理级别（字典 agent_level 的值）；空为所有级别'),
  basis: loose.describe('返利口径：ordered 订货发货额（本季已审核订单的已发货金额）| paid 回款额（本季期间内已入账的收款）'),
  enabled: loose.describe('是否启用（默认启用）'),
  remark: loose.describe('备注，最多200个字'),
  tiers: loose.describe('档位：[{ thresholdFen 门槛金额（分，≥0，不重复）, rateBp 返利比例（万分比，0–10000）}]，门槛越高比例不能越低'),
});

export const postBody = z
  .object({ agentIds: loose.describe('要入账的代理商编号；省略则为该规则下所有达到门槛且未入账的代理商') })
  .nullable()
  .optional();

export const voidBody = z
  .object({ reason: z.string().max(2000).nullable().optional() })
  .nullable()
  .optional();

export const idParams = z.object({ id: queryId('编号必须是正整数') });

export const rulesQuery = z.object({
  ...listQueryShape,
  seasonId: queryId('订货季编号必须是正整数').optional(),
  basis: z.enum(REBATE_BASES, { error: '返利口径无效' }).optional(),
  keyword: z.string().max(64).optional().describe('订货季名称、编码或备注'),
});

export const rebatesQuery = z.object({
  ...listQueryShape,
  status: z.enum(REBATE_STATUSES, { error: '状态无效' }).optional(),
  seasonId: queryId('订货季编号必须是正整数').optional(),
  ruleId: queryId('规则编号必须是正整数').optional(),
  agentId: queryId('代理商编号必须是正整数').optional(),
  keyword: z.string().max(64).optional().describe('单号、代理商或订货季'),
});

const tier = z.object({ thresholdFen: z.number(), rateBp: z.number() });

export const ruleRecord = z.object({
  id: z.number().int(),
  seasonId: z.number().int(),
  seasonName: z.string(),
  seasonOpensOn: z.string(),
  seasonClosesOn: z.string(),
  agentLevel: z.string(),
  agentLevelName: z.string(),
  basis: z.enum(REBATE_BASES),
  enabled: z.boolean(),
  remark: z.string(),
  tiers: z.array(tier),
  postedCount: z.number().int(),
  postedFen: z.number(),
  updatedAt: z.string(),
});

export const previewRecord = z.object({
  ruleId: z.number().int(),
  basis: z.enum(REBATE_BASES),
  lines: z.array(
    z.object({
      agentId: z.number().int(),
      agentCode: z.string(),
      agentName: z.string(),
      agentLevel: z.string(),
      agentLevelName: z.string(),
      shippedFen: z.number().nullable().describe('订货发货额口径：本季发货额（分）；回款额口径为 null'),
      returnedFen: z.number().nullable().describe('订货发货额口径：本季已入账退货额（分）'),
      basisFen: z.number().describe('返利基数：净发货额（发货额 − 退货额）或回款额'),
      thresholdFen: z.number().nullable(),
      rateBp: z.number(),
      amountFen: z.number(),
      postedRebateId: z.number().int().nullable(),
      postedDocNo: z.string(),
      postedFen: z.number(),
    }),
  ),
  postableCount: z.number().int(),
  postableFen: z.number(),
});

export const rebateRecord = z.object({
  id: z.number().int(),
  docNo: z.string(),
  seasonId: z.number().int(),
  seasonName: z.string(),
  ruleId: z.number().int(),
  agentId: z.number().int(),
  agentCode: z.string(),
  agentName: z.string(),
  basis: z.enum(REBATE_BASES),
  basisFen: z.number(),
  thresholdFen: z.number(),
  rateBp: z.number(),
  amountFen: z.number(),
  status: z.enum(REBATE_STATUSES),
  voidReason: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  voidedByName: z.string(),
  voidedAt: z.string().nullable(),
});

export const postResult = z.object({ records: z.array(rebateRecord), totalFen: z.number(), skipped: z.number().int() });

export const RULE_SORTS = { updatedAt: 'r.updated_at', seasonName: 's.name', basis: 'r.basis' } as const;
export type RebateRuleSortColumn = (typeof RULE_SORTS)[keyof typeof RULE_SORTS];
export const REBATE_SORTS = { createdAt: 'f.created_at', amountFen: 'f.amount_fen', docNo: 'f.doc_no', agentName: 'ag.name' } as const;
export type RebateSortColumn = (typeof REBATE_SORTS)[keyof typeof REBATE_SORTS];
