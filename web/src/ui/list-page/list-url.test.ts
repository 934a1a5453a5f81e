import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '@erp/shared';
import type { ListState } from './list-query.ts';
import { readListUrl, urlBool, urlDateRange, urlId, urlInt, urlOneOf, urlText, writeListUrl, type DayRange, type ListUrlSpec } from './list-url.ts';

type Filters = { keyword?: string; status?: 'draft' | 'done'; supplierId?: number; range?: DayRange | null; enabled?: 'true' | 'false'; year?: number };

const spec = (initialFilters: Filters = {}): ListUrlSpec<Filters> => ({
  filters: { keyword: urlText, status: urlOneOf(['draft', 'done'] as const), supplierId: urlId, range: urlDateRange(), enabled: urlBool, year: urlInt(2000, 2099) },
  initialFilters,
  defaultSort: { field: 'id', order: 'desc' },
  sortFields: ['id', 'orderDate', 'amount'],
  pageSizes: PAGE_SIZES,
});

const day = (text: string) => dayjs(text);
const plain = (state: ListState<Filters>) => ({
  ...state,
  filters: { ...state.filters, ...(state.filters.range ? { range: state.filters.range.map((d) => d?.format('YYYY-MM-DD') ?? null) } : {}) },
});

describe('readListUrl', () => {
  it.each([
    ['', {}, 1, 10, { field: 'id', order: 'desc' }],
    ['?keyword=%20%E8%A1%AC%E8%A1%AB%20&status=done&supplierId=12', { keyword: '衬衫', status: 'done', supplierId: 12 }, 1, 10, { field: 'id', order: 'desc' }],
    ['?page=3&limit=50&sort=orderDate&order=asc', {}, 3, 50, { field: 'orderDate', order: 'asc' }],
    ['?sort=amount', {}, 1, 10, { field: 'amount', order: 'asc' }],
    // invalid: ignored, the defaults stay
    ['?status=gone&supplierId=0&year=1999&enabled=yes', {}, 1, 10, { field: 'id', order: 'desc' }],
    ['?supplierId=1.5&page=-2&limit=30&sort=password&order=desc', {}, 1, 10, { field: 'id', order: 'desc' }],
    ['?supplierId=99999999999999999&page=x&limit=&sort=orderDate&order=sideways', {}, 1, 10, { field: 'id', order: 'desc' }],
    ['?page=999999999', {}, 100_000, 10, { field: 'id', order: 'desc' }],
    ['?keyword=&status=', {}, 1, 10, { field: 'id', order: 'desc' }],
  ] as const)('%s', (search, filters, page, limit, sort) => {
    expect(readListUrl(search, spec())).toEqual({ filters, page, limit, sort });
  });

  it('reads a date range from from/to, either side open; a reversed or impossible date is ignored', () => {
    expect(plain(readListUrl('from=2025-03-01&to=2025-03-31', spec())).filters).toEqual({ range: ['2025-03-01', '2025-03-31'] });
    expect(plain(readListUrl('to=2025-03-31', spec())).filters).toEqual({ range: [null, '2025-03-31'] });
    expect(readListUrl('from=2025-03-31&to=2025-03-01', spec()).filters).toEqual({});
    expect(readListUrl('from=2025-02-30', spec()).filters).toEqual({});
    expect(readListUrl('from=yesterday', spec()).filters).toEqual({});
  });

  it('keeps the initial filters unless the URL names them; an empty parameter clears one', () => {
    const initial: Filters = { status: 'draft' };
    expect(readListUrl('keyword=a', spec(initial)).filters).toEqual({ status: 'draft', keyword: 'a' });
    expect(readListUrl('status=done', spec(initial)).filters).toEqual({ status: 'done' });
    expect(readListUrl('status=', spec(initial)).filters).toEqual({});
    expect(readListUrl('status=bogus', spec(initial)).filters).toEqual({ status: 'draft' });
  });

  it('offers 500 a page only to a list with the old sizes', () => {
    expect(readListUrl('limit=500', spec()).limit).toBe(10);
    expect(readListUrl('limit=500', { ...spec(), pageSizes: [10, 20, 50, 100, 500] }).limit).toBe(500);
  });
});

describe('writeListUrl', () => {
  const state = (over: Partial<ListState<Filters>> = {}): ListState<Filters> => ({ filters: {}, sort: { field: 'id', order: 'desc' }, page: 1, limit: 10, ...over });

  it('writes nothing for the defaults', () => {
    expect(writeListUrl(state(), spec())).toBe('');
  });

  it('writes the filters by their API names, then page, limit, sort and order', () => {
    const written = writeListUrl(
      state({ filters: { keyword: '衬衫', supplierId: 3, range: [day('2025-01-01'), null] }, page: 2, limit: 20, sort: { field: 'amount', order: 'asc' } }),
      spec(),
    );
    expect(written).toBe('keyword=%E8%A1%AC%E8%A1%AB&supplierId=3&from=2025-01-01&page=2&limit=20&sort=amount&order=asc');
  });

  it('writes a cleared initial filter as empty, and leaves parameters it does not own alone', () => {
    expect(writeListUrl(state(), spec({ status: 'draft' }))).toBe('status=');
    expect(writeListUrl(state({ filters: { status: 'draft' } }), spec({ status: 'draft' }))).toBe('');
    expect(writeListUrl(state({ page: 4 }), spec(), '?tab=grid&page=2&keyword=old')).toBe('tab=grid&page=4');
  });
});

/** A small seeded generator: the same cases on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('lists sharing one address', () => {
  it('a prefixed list owns only its prefixed parameters, so each keeps its own filters and page', () => {
    const detail = spec();
    const grid = { ...spec(), prefix: 'grid.' };
    let search = writeListUrl({ filters: { keyword: '衬衫' }, sort: null, page: 2, limit: 10 }, detail, '?tab=grid');
    search = writeListUrl({ filters: { keyword: 'YS26', supplierId: 3 }, sort: { field: 'amount', order: 'asc' }, page: 4, limit: 20 }, grid, search);
    const params = new URLSearchParams(search);
    expect([params.get('tab'), params.get('keyword'), params.get('page'), params.get('grid.keyword'), params.get('grid.page'), params.get('grid.sort')]).toEqual([
      'grid',
      '衬衫',
      '2',
      'YS26',
      '4',
      'amount',
    ]);
    expect(plain(readListUrl(search, detail))).toMatchObject({ filters: { keyword: '衬衫' }, page: 2, limit: 10 });
    expect(plain(readListUrl(search, grid))).toMatchObject({ filters: { keyword: 'YS26', supplierId: 3 }, page: 4, limit: 20, sort: { field: 'amount', order: 'asc' } });
  });
});

describe('round trip', () => {
  it('reads back every state it writes (500 generated states)', () => {
    const next = random(20_250_101);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const maybe = <T>(value: T): T | undefined => (next() < 0.5 ? value : undefined);
    const texts = ['衬衫', 'a&b=c', ' 前后 ', '100%', 'x+y', '#1', '?q', 'long'.repeat(40)];
    const days = [null, '2024-02-29', '2025-01-01', '2025-12-31'];
    for (let i = 0; i < 500; i++) {
      const initial: Filters = next() < 0.3 ? { status: 'draft' } : {};
      const [a, b] = [pick(days), pick(days)].sort((x, y) => (x ?? '').localeCompare(y ?? ''));
      const raw: Filters = {
        keyword: maybe(pick(texts).trim()),
        status: maybe(pick(['draft', 'done'] as const)),
        supplierId: maybe(1 + Math.floor(next() * 1e9)),
        range: a || b ? maybe([a ? day(a) : null, b ? day(b) : null] as DayRange) : undefined,
        enabled: maybe(pick(['true', 'false'] as const)),
        year: maybe(2000 + Math.floor(next() * 100)),
      };
      const filters = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as Filters;
      const written: ListState<Filters> = {
        filters,
        page: 1 + Math.floor(next() * 500),
        limit: pick(PAGE_SIZES),
        sort: { field: pick(['id', 'orderDate', 'amount']), order: pick(['asc', 'desc'] as const) },
      };
      const read = readListUrl(writeListUrl(written, spec(initial)), spec(initial));
      expect(plain(read)).toEqual(plain(written));
    }
  });
});
