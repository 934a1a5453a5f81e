import { describe, expect, it } from 'vitest';
import { afterTableChange, cleanFilters, initialListState, pageAfterShrink, pageSizesFor, sortFromTable, sortOrderOf, toListParams, withFilters } from './list-query.ts';

const byCreated = { field: 'createdAt', order: 'desc' } as const;

describe('list query state', () => {
  it('starts on page 1 with the default size and sort', () => {
    expect(initialListState({ status: 'pending' }, byCreated)).toEqual({ filters: { status: 'pending' }, sort: byCreated, page: 1, limit: 10 });
  });

  it('offers 10/20/50/100, and 500 too on a legacy list', () => {
    expect(pageSizesFor()).toEqual([10, 20, 50, 100]);
    expect(pageSizesFor(true)).toEqual([10, 20, 50, 100, 500]);
  });

  it('builds the fetcher parameters: filters, page, limit, sort and order', () => {
    const state = { ...initialListState({ status: 'pending', keyword: '苏州' }, byCreated), page: 3, limit: 20 };
    expect(toListParams(state)).toEqual({ status: 'pending', keyword: '苏州', sort: 'createdAt', order: 'desc', page: 3, limit: 20 });
    expect(toListParams(state, { page: 2, limit: 500 })).toMatchObject({ page: 2, limit: 500, sort: 'createdAt' });
    expect(toListParams(initialListState({}))).toEqual({ page: 1, limit: 10 });
  });

  it('maps antd sort orders to asc/desc and back', () => {
    expect(sortFromTable({ columnKey: 'reviewedAt', order: 'ascend' }, byCreated)).toEqual({ field: 'reviewedAt', order: 'asc' });
    expect(sortFromTable([{ columnKey: 'createdAt', order: 'descend' }], null)).toEqual(byCreated);
    expect(sortFromTable({ columnKey: 'amount', order: 'ascend' }, null, (key) => `${key}Fen`)).toEqual({ field: 'amountFen', order: 'asc' });
    // a cleared sort falls back to the default
    expect(sortFromTable({ columnKey: 'reviewedAt', order: null }, byCreated)).toBe(byCreated);
    expect(sortFromTable({}, null)).toBeNull();
    expect(sortOrderOf(byCreated, 'createdAt')).toBe('descend');
    expect(sortOrderOf({ field: 'createdAt', order: 'asc' }, 'createdAt')).toBe('ascend');
    expect(sortOrderOf(byCreated, 'reviewedAt')).toBeNull();
    expect(sortOrderOf(null, 'createdAt')).toBeNull();
  });

  it('goes back to page 1 when the size or the sort changes, not when paging', () => {
    const state = { ...initialListState({}, byCreated), page: 4 };
    expect(afterTableChange(state, { current: 5, pageSize: 10 }, byCreated).page).toBe(5);
    expect(afterTableChange(state, { current: 4, pageSize: 50 }, byCreated)).toMatchObject({ page: 1, limit: 50 });
    expect(afterTableChange(state, { current: 4, pageSize: 10 }, { field: 'createdAt', order: 'asc' })).toMatchObject({
      page: 1,
      sort: { field: 'createdAt', order: 'asc' },
    });
    expect(withFilters(state, { keyword: 'x' })).toMatchObject({ page: 1, filters: { keyword: 'x' }, sort: byCreated });
  });

  it('moves back when the page is past the end', () => {
    expect(pageAfterShrink(3, 10, 20)).toBe(2);
    expect(pageAfterShrink(3, 10, 0)).toBe(1);
    expect(pageAfterShrink(2, 10, 11)).toBeNull();
    expect(pageAfterShrink(1, 10, 0)).toBeNull();
  });

  it('trims the form values and drops empty ones', () => {
    expect(cleanFilters({ keyword: '  苏州 ', status: undefined, type: '', n: 0, on: false, none: null })).toEqual({ keyword: '苏州', n: 0, on: false });
  });
});
