import { OPERATION_ACTIONS, OPERATION_LOG_KEYWORD_MAX, OPERATION_RESULTS, OperationLogMessages } from '@erp/shared';
import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';

export const operationLogsQuery = z.object({
  ...listQueryShape,
  /** ISO 8601 date (the whole day, Asia/Shanghai) or date-time with offset; both ends inclusive */
  from: z.string().trim().max(40, OperationLogMessages.badFrom).optional(),
  to: z.string().trim().max(40, OperationLogMessages.badTo).optional(),
  keyword: z.string().trim().max(OPERATION_LOG_KEYWORD_MAX, OperationLogMessages.keywordTooLong).optional().describe('account or name'),
  module: z.string().trim().max(64).optional().describe('route tag, e.g. registrations'),
  action: z.enum(OPERATION_ACTIONS, { error: '操作类型不正确' }).optional(),
  result: z.enum(OPERATION_RESULTS, { error: '结果只能是 success 或 failure' }).optional(),
  ip: z.string().trim().max(64, OperationLogMessages.ipTooLong).optional(),
});

export const OPERATION_LOG_SORTS = { createdAt: 'created_at', duration: 'duration_ms' } as const;

export const operationLogRecord = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  account: z.string(),
  userName: z.string(),
  roleType: z.string(),
  action: z.enum(OPERATION_ACTIONS),
  module: z.string(),
  summary: z.string(),
  method: z.string(),
  path: z.string(),
  targetId: z.string(),
  result: z.enum(OPERATION_RESULTS),
  code: z.string(),
  message: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});

export const operationLogModule = z.object({ value: z.string(), label: z.string() });

export const idParams = z.object({ id: z.coerce.number().int().positive() });
