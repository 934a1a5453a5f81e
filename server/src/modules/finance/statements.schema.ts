import { FINANCE_PARTY_TYPES } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import { entryRecord } from './accounts.schema.ts';

const partyType = z.enum(FINANCE_PARTY_TYPES);

// the period is checked by the service with the shared rule (statementPeriodProblem), so the web and the server say the same
const day = z.string().max(32).optional();

export const periodQuery = z.object({
  from: day.describe('对账期间起（yyyy-mm-dd，含）'),
  to: day.describe('对账期间止（yyyy-mm-dd，含）；期间最长366天'),
});

export const statementEntriesQuery = z.object({ ...listQueryShape, ...periodQuery.shape });

export const confirmBody = z.object({
  from: z.unknown().optional().describe('对账期间起（yyyy-mm-dd）'),
  to: z.unknown().optional().describe('对账期间止（yyyy-mm-dd）'),
});

export const disputeBody = confirmBody.extend({ note: z.unknown().optional().describe('异议内容，必填，最多200个字') });

export const statementRecord = z.object({
  partyType,
  partyId: z.number().int(),
  partyCode: z.string(),
  partyName: z.string(),
  accountKind: z.enum(['receivable', 'payable']),
  from: z.string(),
  to: z.string(),
  openingFen: z.number(),
  increaseFen: z.number(),
  decreaseFen: z.number(),
  closingFen: z.number(),
  entryCount: z.number().int(),
  confirmation: z
    .object({
      outcome: z.enum(['confirmed', 'disputed']).describe('confirmed 已确认 | disputed 有异议'),
      note: z.string().describe('有异议时往来单位填写的内容'),
      confirmedByName: z.string(),
      confirmedAt: z.string(),
      openingFen: z.number(),
      closingFen: z.number(),
      entryCount: z.number().int(),
      matches: z.boolean(),
    })
    .nullable(),
  canConfirm: z.boolean(),
});

export const statementEntryRecord = entryRecord;

export const ageingQuery = z.object({
  ...listQueryShape,
  keyword: z.string().max(64).optional().describe('编码或名称'),
});

export const ageingRecord = z.object({
  partyType,
  partyId: z.number().int(),
  partyCode: z.string(),
  partyName: z.string(),
  d0to30: z.number(),
  d31to60: z.number(),
  d61to90: z.number(),
  over90: z.number(),
  totalFen: z.number(),
  oldestDay: z.string().nullable(),
});

export const STATEMENT_ENTRY_SORTS = { id: 'id' } as const;
export type StatementEntrySort = (typeof STATEMENT_ENTRY_SORTS)[keyof typeof STATEMENT_ENTRY_SORTS];

/** 应收账龄 sorts: any bucket, the total, the oldest day, the party. */
export const AGEING_SORTS = {
  partyCode: 'partyCode',
  partyName: 'partyName',
  d0to30: 'd0to30',
  d31to60: 'd31to60',
  d61to90: 'd61to90',
  over90: 'over90',
  totalFen: 'totalFen',
  oldestDay: 'oldestDay',
} as const;
export type AgeingSort = (typeof AGEING_SORTS)[keyof typeof AGEING_SORTS];
