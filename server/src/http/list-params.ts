import { DAY_INVALID_MESSAGE, DEFAULT_PAGE_SIZE, isCalendarDay, MAX_PAGE, OLD_PAGE_SIZES, type SortOrder } from '@erp/shared';
import { z } from 'zod';
import { badRequest } from './app-error.ts';

/**
 * List query parameters (SPEC §7): `page`/`limit` (new table) or `currentpage`/`pagesize`
 * (old table), plus `sort`, `order` and `loadType`. Every list route spreads this into its
 * querystring schema and calls parseListParams with its own sort allow-list.
 */
/** A positive id from the query string or path (coerced), with the caller's message. */
export const queryId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** A yyyy-mm-dd day (filter or field) that exists on the calendar (2026-02-30 and 0000-00-00 do not). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 yyyy-mm-dd')
  .refine(isCalendarDay, DAY_INVALID_MESSAGE);

export const listQueryShape = {
  page: z.coerce.number().optional(),
  limit: z.coerce.number().optional(),
  currentpage: z.coerce.number().optional(),
  pagesize: z.coerce.number().optional(),
  sort: z.string().max(64).optional(),
  order: z.string().max(8).optional(),
  loadType: z.string().max(32).optional(),
};

export interface ListParams<C extends string> {
  page: number;
  limit: number;
  offset: number;
  /** A column from the allow-list, never the raw input. */
  sortColumn: C;
  order: SortOrder;
  loadType: string | undefined;
}

export interface ListQuery {
  page?: number;
  limit?: number;
  currentpage?: number;
  pagesize?: number;
  sort?: string;
  order?: string;
  loadType?: string;
}

export function parseListParams<C extends string>(query: ListQuery, sortable: Record<string, C>, defaults: { sort: string; order: SortOrder }): ListParams<C> {
  const page = query.page ?? query.currentpage ?? 1;
  const limit = query.limit ?? query.pagesize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1) throw badRequest('页码必须是正整数');
  if (page > MAX_PAGE) throw badRequest(`页码不能大于 ${MAX_PAGE}`);
  if (!(OLD_PAGE_SIZES as readonly number[]).includes(limit)) {
    throw badRequest(`每页条数只能是 ${OLD_PAGE_SIZES.join('、')} 之一`);
  }
  const sortKey = query.sort || defaults.sort;
  if (!Object.hasOwn(sortable, sortKey)) {
    throw badRequest(`不支持按“${sortKey}”排序，可用：${Object.keys(sortable).join('、')}`);
  }
  const rawOrder = (query.order || defaults.order).toLowerCase();
  if (rawOrder !== 'asc' && rawOrder !== 'desc') throw badRequest('排序方向只能是 asc 或 desc');
  return {
    page,
    limit,
    offset: (page - 1) * limit,
    sortColumn: sortable[sortKey] as C,
    order: rawOrder,
    loadType: query.loadType,
  };
}
