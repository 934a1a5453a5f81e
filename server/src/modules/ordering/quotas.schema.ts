import { QUOTA_MOVES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape, queryId } from '../../http/list-params.ts';

// Bodies are loose on purpose: the service checks each field with the Chinese message the form shows.
const id = z.unknown().optional();
const limit = z.unknown().optional();

export const quotaCreateBody = z.object({
  seasonId: id.describe('订货季编号'),
  buyerType: z.unknown().optional().describe('订货方类型：agent 代理商 | shop 门店（即订货单的订货方）'),
  buyerId: id.describe('订货方（代理商或门店）编号'),
  limitFen: limit.describe('金额额度（分），null 或省略：不限金额'),
  limitPieces: limit.describe('件数额度，null 或省略：不限件数'),
  remark: z.unknown().optional().describe('备注，最多200个字符'),
});
export type QuotaCreateBody = z.infer<typeof quotaCreateBody>;

export const quotaUpdateBody = z.object({
  limitFen: limit.describe('金额额度（分），null：不限金额；不能低于已占用和已扣减的金额'),
  limitPieces: limit.describe('件数额度，null：不限件数；不能低于已占用和已扣减的件数'),
  remark: z.unknown().optional().describe('备注，最多200个字符（省略则不变）'),
});
export type QuotaUpdateBody = z.infer<typeof quotaUpdateBody>;

const buyerTypeQuery = z.enum(['agent', 'shop'], { error: '订货方类型只能是代理商或门店' });

export const quotasQuery = z.object({
  ...listQueryShape,
  seasonId: queryId('订货季编号必须是正整数').optional(),
  buyerType: buyerTypeQuery.optional().describe('agent 代理商 | shop 门店'),
  buyerId: queryId('订货方编号必须是正整数').optional(),
});

export const quotaLeftQuery = z.object({
  seasonId: queryId('订货季编号必须是正整数').describe('订货季编号'),
  buyerType: buyerTypeQuery.describe('agent 代理商 | shop 门店'),
  buyerId: queryId('订货方编号必须是正整数').describe('订货方编号'),
});

export const QUOTA_SORTS = {
  updatedAt: 'q.updated_at',
  seasonCode: 'se.code',
  id: 'q.id',
} as const;
export type QuotaSortColumn = (typeof QUOTA_SORTS)[keyof typeof QUOTA_SORTS];

export const QUOTA_ENTRY_SORTS = { createdAt: 'e.created_at', id: 'e.id' } as const;
export type QuotaEntrySortColumn = (typeof QUOTA_ENTRY_SORTS)[keyof typeof QUOTA_ENTRY_SORTS];
export const entriesQuery = z.object({ ...listQueryShape });

export const idParams = z.object({ id: queryId('编号必须是正整数') });

const nullableInt = z.number().int().nullable();
export const quotaRecord = z.object({
  id: z.number().int(),
  seasonId: z.number().int(),
  seasonCode: z.string(),
  seasonName: z.string(),
  buyerType: z.enum(['agent', 'shop']),
  buyerId: z.number().int(),
  buyerCode: z.string(),
  buyerName: z.string(),
  limitFen: nullableInt.describe('金额额度（分），null：不限'),
  limitPieces: nullableInt.describe('件数额度，null：不限'),
  reservedFen: z.number().int().describe('已提交未审核占用的金额（分）'),
  reservedPieces: z.number().int(),
  consumedFen: z.number().int().describe('审核后扣减的金额（分）'),
  consumedPieces: z.number().int(),
  leftFen: nullableInt.describe('剩余金额（分），null：不限'),
  leftPieces: nullableInt.describe('剩余件数，null：不限'),
  remark: z.string(),
  updatedAt: z.string(),
});

export const quotaEntryRecord = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  move: z.enum(QUOTA_MOVES).describe('reserve 提交占用 | consume 审核扣减 | release 释放'),
  reservedFen: z.number().int().describe('对占用金额的增减（分）'),
  reservedPieces: z.number().int(),
  consumedFen: z.number().int().describe('对扣减金额的增减（分）'),
  consumedPieces: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
});

export const quotaLeft = z.object({
  limited: z.boolean().describe('false：该订货方在此订货季没有额度，不受限制'),
  quota: quotaRecord.nullable(),
});
