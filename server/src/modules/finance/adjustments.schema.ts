import { ADJUSTMENT_STATUSES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

const loose = z.unknown().optional();

export const adjustmentBody = z.object({
  partyType: loose.describe('agent 代理商 | shop 门店 | supplier 供应商'),
  partyId: loose.describe('往来单位编号'),
  amountFen: loose.describe('调整金额（分，带符号）：正数增加应收（供应商：增加应付），负数减少'),
  reason: loose.describe('原因（必填），最多200个字'),
});

export const voidBody = z
  .object({ reason: z.string().max(2000).nullable().optional() })
  .nullable()
  .optional();

export const adjustmentsQuery = z.object({
  ...listQueryShape,
  status: z.enum(ADJUSTMENT_STATUSES, { error: '状态无效' }).optional(),
  partyType: z.enum(['agent', 'shop', 'supplier'], { error: '往来单位类型无效' }).optional(),
  partyId: queryId('往来单位编号必须是正整数').optional(),
  keyword: z.string().max(64).optional().describe('单号、原因或往来单位名称'),
});

export const idParams = z.object({ id: queryId('单据编号必须是正整数') });

export const adjustmentRecord = z.object({
  id: z.number().int(),
  docNo: z.string(),
  partyType: z.enum(['agent', 'shop', 'supplier']),
  partyId: z.number().int(),
  partyName: z.string(),
  amountFen: z.number(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  voidReason: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  voidedByName: z.string(),
  voidedAt: z.string().nullable(),
});

export const ADJUSTMENT_SORTS = { createdAt: 'a.created_at', amountFen: 'a.amount_fen', docNo: 'a.doc_no' } as const;
export type AdjustmentSortColumn = (typeof ADJUSTMENT_SORTS)[keyof typeof ADJUSTMENT_SORTS];
