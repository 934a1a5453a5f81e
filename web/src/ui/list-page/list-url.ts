import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_PAGE_SIZE, type SortOrder } from '@erp/shared';
import type { ListSort, ListState } from './list-query.ts';

/**
 * A list's filters, sort and page in its URL, so a tab switch, a reload, Back and a shared link
 * keep them: `?status=submitted&supplierId=3&from=2025-01-01&page=2&limit=20&sort=orderDate&order=asc`.
 * Filter parameters are named like the filters (the names the list API takes); only what differs
 * from the list's defaults is written; a default filter the user cleared is written empty
 * (`status=`). Reading ignores unknown or invalid parameters and never throws.
 */

/** How one filter is written to and read from the URL. */
export interface UrlField<V> {
  /** the URL parameters it uses, in `decode`/`encode` order; default: the filter's own key */
  names?: readonly string[];
  /** the parameters' values ('' for a missing one) -> the filter; undefined: invalid, ignored */
  decode(raw: readonly string[]): V | undefined;
  /** the filter -> the parameters' values ('' leaves one out) */
  encode(value: V): readonly string[];
}

/** Per filter key, its URL field; keys without one stay out of the URL. */
export type ListUrlFilters<F> = { [K in keyof F]?: UrlField<Exclude<F[K], null | undefined>> };

/** What reading and writing a list's URL needs to know of the list. */
export interface ListUrlSpec<F> {
  filters: ListUrlFilters<F>;
  initialFilters: F;
  defaultSort: ListSort | null;
  /** the fields the server sorts by (a column's sortField ?? key); other `sort` values are ignored */
  sortFields: readonly string[];
  pageSizes: readonly number[];
  /** before every parameter name when several lists share one address (库存查询's tabs: `grid.page`) */
  prefix?: string;
}

/** The parameters of paging and sort (SPEC §7: page, limit, sort, order). */
export const PAGING_PARAMS = ['page', 'limit', 'sort', 'order'] as const;
/** The page number read from a URL stays within 1..MAX_URL_PAGE (past the end: the last page). */
export const MAX_URL_PAGE = 100_000;
const MAX_TEXT = 200;

const single = <V>(decode: (raw: string) => V | undefined, encode: (value: V) => string = String): UrlField<V> => ({
  decode: ([raw = '']) => decode(raw),
  encode: (value) => [encode(value)],
});

/** Free text (keyword, 单号): trimmed, at most 200 characters. */
export const urlText: UrlField<string> = single((raw) => raw.trim().slice(0, MAX_TEXT) || undefined);

/** A whole number within min..max (an id by default: 1..2^53-1). */
export function urlInt(min = 1, max = Number.MAX_SAFE_INTEGER): UrlField<number> {
  return single((raw) => {
    if (!/^-?\d{1,16}$/.test(raw.trim())) return undefined;
    const n = Number(raw.trim());
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  });
}

/** An id filter (supplierId, warehouseId …). */
export const urlId = urlInt();

/** One of a fixed set of strings (a status, a type, 'yes'/'no'). */
export function urlOneOf<T extends string>(values: readonly T[]): UrlField<T> {
  return single((raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined));
}

/** Any non-empty code of a set the page does not know up front (a dictionary code). */
export const urlCode: UrlField<string> = single((raw) => (/^[\w.:-]{1,64}$/.test(raw) ? raw : undefined));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` -> that day, or undefined when it is no real date (2025-02-30). */
export function parseDay(raw: string): Dayjs | undefined {
  if (!DAY.test(raw)) return undefined;
  const day = dayjs(raw);
  return day.isValid() && day.format('YYYY-MM-DD') === raw ? day : undefined;
}

/** A day as `YYYY-MM-DD` text (filters that keep the date as text). */
export const urlDayText: UrlField<string> = single((raw) => parseDay(raw)?.format('YYYY-MM-DD'));

/** A day (a Dayjs filter) as `YYYY-MM-DD`. */
export const urlDay: UrlField<Dayjs> = single(parseDay, (day) => day.format('YYYY-MM-DD'));

export type DayRange = [Dayjs | null, Dayjs | null];

/**
 * A date range picker's value as two parameters, by default the API's own `from` and `to`
 * (`YYYY-MM-DD`, either may be left out). A reversed range is invalid.
 */
export function urlDateRange(from = 'from', to = 'to'): UrlField<DayRange> {
  return {
    names: [from, to],
    decode: ([rawFrom = '', rawTo = '']) => {
      const start = rawFrom ? parseDay(rawFrom) : null;
      const end = rawTo ? parseDay(rawTo) : null;
      if (start === undefined || end === undefined || (!start && !end)) return undefined;
      if (start && end?.isBefore(start)) return undefined;
      return [start, end];
    },
    encode: ([start, end]) => [start?.format('YYYY-MM-DD') ?? '', end?.format('YYYY-MM-DD') ?? ''],
  };
}

function namesOf(key: string, field: UrlField<unknown>, prefix = ''): readonly string[] {
  return (field.names?.length ? field.names : [key]).map((name) => `${prefix}${name}`);
}

function fieldsOf<F>(filters: ListUrlFilters<F>): [string, UrlField<unknown>][] {
  return Object.entries(filters).filter((entry): entry is [string, UrlField<unknown>] => !!entry[1]);
}

function encodeValue(field: UrlField<unknown>, names: readonly string[], value: unknown): string[] {
  if (value === undefined || value === null) return names.map(() => '');
  try {
    return names.map((_, i) => field.encode(value)[i] ?? '');
  } catch {
    return names.map(() => '');
  }
}

/** Every parameter the list owns (its filters' and paging's); others in the URL are left alone. */
export function ownedParams<F>(spec: Pick<ListUrlSpec<F>, 'filters' | 'prefix'>): string[] {
  return [...fieldsOf(spec.filters).flatMap(([key, field]) => namesOf(key, field, spec.prefix)), ...PAGING_PARAMS.map((name) => `${spec.prefix ?? ''}${name}`)];
}

const defaultLimit = (sizes: readonly number[]) => (sizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : (sizes[0] ?? DEFAULT_PAGE_SIZE));

function readPage(raw: string | null): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) return 1;
  return Math.min(MAX_URL_PAGE, Math.max(1, Number(raw)));
}

function readSort(params: URLSearchParams, spec: ListUrlSpec<unknown>): ListSort | null {
  const field = params.get(`${spec.prefix ?? ''}sort`);
  const order = params.get(`${spec.prefix ?? ''}order`) || 'asc';
  if (!field || !spec.sortFields.includes(field) || (order !== 'asc' && order !== 'desc')) return spec.defaultSort;
  return { field, order: order as SortOrder };
}

/** The list's state from its URL's query: the defaults, overridden by every valid parameter. */
export function readListUrl<F>(search: string | URLSearchParams, spec: ListUrlSpec<F>): ListState<F> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, unknown> = { ...(spec.initialFilters as Record<string, unknown>) };
  const at = (name: string) => `${spec.prefix ?? ''}${name}`;
  for (const [key, field] of fieldsOf(spec.filters)) {
    const names = namesOf(key, field, spec.prefix);
    if (!names.some((name) => params.has(name))) continue;
    const raw = names.map((name) => params.get(name) ?? '');
    if (raw.every((value) => value.trim() === '')) {
      delete filters[key];
      continue;
    }
    try {
      const value = field.decode(raw);
      if (value !== undefined) filters[key] = value;
    } catch {
      // an invalid parameter is ignored
    }
  }
  const limitRaw = Number(params.get(at('limit')));
  const limit = spec.pageSizes.includes(limitRaw) ? limitRaw : defaultLimit(spec.pageSizes);
  return { filters: filters as F, sort: readSort(params, spec as ListUrlSpec<unknown>), page: readPage(params.get(at('page'))), limit };
}

const sameSort = (a: ListSort | null, b: ListSort | null) => a?.field === b?.field && a?.order === b?.order;

/**
 * The URL query (without '?') for a list state: `keep`'s parameters the list does not own, then
 * the filters that differ from the initial ones, then page, limit, sort and order when not the defaults.
 */
export function writeListUrl<F>(state: ListState<F>, spec: ListUrlSpec<F>, keep?: string | URLSearchParams): string {
  const out = new URLSearchParams(keep);
  for (const name of ownedParams(spec)) out.delete(name);
  const filters = state.filters as Record<string, unknown>;
  const initial = spec.initialFilters as Record<string, unknown>;
  const at = (name: string) => `${spec.prefix ?? ''}${name}`;
  for (const [key, field] of fieldsOf(spec.filters)) {
    const names = namesOf(key, field, spec.prefix);
    const current = encodeValue(field, names, filters[key]);
    const before = encodeValue(field, names, initial[key]);
    if (current.every((value, i) => value === before[i])) continue;
    const cleared = current.every((value) => value === '');
    names.forEach((name, i) => {
      if (cleared || current[i] !== '') out.append(name, current[i]);
    });
  }
  if (state.page !== 1) out.append(at('page'), String(state.page));
  if (state.limit !== defaultLimit(spec.pageSizes)) out.append(at('limit'), String(state.limit));
  if (state.sort && !sameSort(state.sort, spec.defaultSort)) {
    out.append(at('sort'), state.sort.field);
    out.append(at('order'), state.sort.order);
  }
  return out.toString();
}

/** A yes/no filter kept as 'true' / 'false' text (启用/停用). */
export const urlBool = urlOneOf(['true', 'false'] as const);
