import { FINANCE_PARTY_TYPES } from '@erp/shared';
import { z } from 'zod';
import { isoDay, listQueryShape, queryId } from '../../http/list-params.ts';

const partyType = z.enum(FINANCE_PARTY_TYPES, { error: '往来单位类型只能是代理商、门店或供应商' });

export const accountsQuery = z.object({
  ...listQueryShape,
  partyType: partyType.optional().describe('agent 代理商 | shop 门店（总部直属加盟店） | supplier 供应商'),
  keyword: z.string().max(64).optional().describe('编码或名称'),
  owing: z.enum(['true', 'false']).optional().describe('true：只看有欠款（应收 > 0）或应付 > 0 的账户'),
});

export const partyParams = z.object({
  partyType: partyType,
  partyId: queryId('往来单位编号必须是正整数'),
});

export const entriesQuery = z.object({
  ...listQueryShape,
  from: isoDay.optional().describe('业务日期起（含）'),
  to: isoDay.optional().describe('业务日期止（含）'),
  entryType: z
    .string()
    .regex(/^[a-z_]{1,32}$/, '分录类型无效')
    .optional(),
});

export const creditBody = z.object({
  creditLimitFen: z.unknown().optional().describe('授信额度（分）；null：不做额度控制'),
  memo: z.unknown().optional().describe('备注，最多200个字'),
});

const figures = {
  balanceFen: z.number(),
  receivableFen: z.number(),
  prepaymentFen: z.number(),
  creditLimitFen: z.number().nullable(),
  unshippedFen: z.number(),
  availableFen: z.number().nullable(),
};

export const accountRecord = z.object({
  partyType,
  partyId: z.number().int(),
  partyCode: z.string(),
  partyName: z.string(),
  ...figures,
  payableFen: z.number(),
  lastEntryAt: z.string().nullable(),
  creditMemo: z.string(),
});

export const entryRecord = z.object({
  id: z.number().int(),
  businessDay: z.string(),
  createdAt: z.string(),
  entryType: z.string(),
  entryLabel: z.string(),
  reversal: z.boolean(),
  documentType: z.string(),
  documentId: z.number().int(),
  documentNo: z.string(),
  documentKind: z.string(),
  originType: z.string(),
  originId: z.number().int().nullable(),
  originNo: z.string(),
  amountFen: z.number(),
  quantity: z.number().int(),
  runningFen: z.number(),
  memo: z.string(),
  createdByName: z.string(),
});

export const ACCOUNT_SORTS = {
  partyName: 't.name',
  partyCode: 't.code',
  balanceFen: '(-t.net_fen)',
  receivableFen: 'greatest(t.net_fen, 0)',
  prepaymentFen: 'greatest(-t.net_fen, 0)',
  payableFen: 't.payable_fen',
  creditLimitFen: 't.credit_limit_fen',
  unshippedFen: 't.unshipped_fen',
  availableFen: '(t.credit_limit_fen - t.net_fen - t.unshipped_fen)',
  lastEntryAt: 't.last_entry_at',
} as const;
export type AccountSortColumn = (typeof ACCOUNT_SORTS)[keyof typeof ACCOUNT_SORTS];

export const ENTRY_SORTS = { id: 'e.id' } as const;
export type EntrySortColumn = (typeof ENTRY_SORTS)[keyof typeof ENTRY_SORTS];
