import { PARTY_STATUSES } from '@erp/shared';
import { z } from 'zod';

// Pieces the three party screens share. Bodies are loose on purpose: the shared checkers
// (shared/src/parties.ts) give each bad field the message the form shows, in form order.
export const looseText = z.string().max(1000).nullish();

export const idParams = z.object({
  id: z.coerce.number().int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确'),
});

export const keywordFilter = z.string().trim().max(64, '关键字不能超过64个字符').optional();
export const statusFilter = z.enum(PARTY_STATUSES).optional().describe('enabled 启用 | disabled 停用');

export const partyRecordShape = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contactName: z.string(),
  phone: z.string(),
  address: z.string(),
  remark: z.string(),
  status: z.enum(PARTY_STATUSES),
  accountCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const statusChanged = z.object({ disabledAccounts: z.number().int().describe('随单位一起停用的账号数') });
