import type { Dayjs } from 'dayjs';

/** A RangePicker value as the reports' `dateFrom`/`dateTo` (YYYY-MM-DD; an open end is left out). */
export function dayRangeParams(range: readonly (Dayjs | null | undefined)[] | null | undefined): { dateFrom?: string; dateTo?: string } {
  const [from, to] = range ?? [];
  return { ...(from ? { dateFrom: from.format('YYYY-MM-DD') } : {}), ...(to ? { dateTo: to.format('YYYY-MM-DD') } : {}) };
}
