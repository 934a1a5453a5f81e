import { z } from 'zod';
import { conflict } from '../../http/app-error.ts';
import { envelope } from '../../http/envelope.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';

// Bits every product-master entity shares: loose body fields (the shared checkers give each bad
// field the message the forms show), id params, and the unique-index guard.

export const BASE = '/admin/api/v1';
export const created = envelope(z.object({ id: z.number().int() }));
export const nothing = envelope(z.null());

export const text = z.string().max(1000).nullish();
export const sortField = z.number().nullish().describe('排序，0-9999 的整数，越小越靠前');
export const enabledField = z.boolean().nullish().describe('是否启用（默认启用）');
export const flag = z.enum(['true', 'false']);

const positiveId = z.coerce.number({ error: '编号必须是正整数' }).int('编号必须是正整数').positive('编号必须是正整数').max(Number.MAX_SAFE_INTEGER, '编号不正确');
export const idParams = z.object({ id: positiveId });

export const trimmed = (value: string | null | undefined) => value?.trim() ?? '';

/** Body fields that were sent; null counts as not sent (PUT keeps what is left out). */
export function sent<T extends object>(body: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null && value !== undefined)) as never;
}

export { isUniqueViolation };

/** Runs a change; a unique index that trips on a concurrent save becomes the same 409 as the check. */
export async function guarded<T>(work: () => Promise<T>, clash: () => string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(clash());
    throw error;
  }
}
