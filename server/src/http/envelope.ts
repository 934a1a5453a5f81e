import { Messages, SUCCESS_CODE } from '@erp/shared';
import { z } from 'zod';

/** Every answer is `{ code, msg, data }`; success is the string "201". */
export function ok<T>(data: T, msg = '操作成功') {
  return { code: SUCCESS_CODE, msg, data };
}

export function fail(code: string, msg: string = Messages.systemError) {
  return { code, msg, data: null };
}

/** Response schema of a successful answer carrying `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), data });
}

/** Response schema of a failure answer. */
export const failureEnvelope = z.object({ code: z.string(), msg: z.string(), data: z.null() });

/** `{ records, total }` list answer schema (`totalCapped` only on lists that cap their count, see PageResult). */
export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number().int(), totalCapped: z.boolean().optional().describe('true：记录多于 total 条，未再计数（大列表只计数到上限）') });
}
