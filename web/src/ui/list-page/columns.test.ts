import { describe, expect, it } from 'vitest';
import { actionColumn, dateTimeColumn } from './columns.tsx';

interface Row {
  id: number;
  createdAt: string | null;
}

describe('list columns', () => {
  it('操作 is fixed right, always shown, never exported, and renders from the row', () => {
    const column = actionColumn<Row>(120, (row, index) => `${row.id}@${index}`);
    expect(column).toMatchObject({ key: 'actions', title: '操作', fixed: 'right', width: 120, hideable: false, exportable: false });
    expect(column.render?.(undefined, { id: 7, createdAt: null }, 2)).toBe('7@2');
  });

  it('a time column shows and exports the field as a local time, sortable unless told', () => {
    const column = dateTimeColumn<Row>('createdAt', '创建时间');
    expect(column).toMatchObject({ key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sortable: true, width: 160 });
    expect(column.exportValue?.({ id: 1, createdAt: null })).toBe('--');
    expect(column.exportValue?.({ id: 1, createdAt: '2026-03-05T01:30:00Z' })).toMatch(/^2026-03-05 \d\d:30:00$/);
    const quiet = dateTimeColumn<Row>('createdAt', '记账时间', { sortable: false, width: 170, defaultHidden: true, sortField: 'id' });
    expect(quiet).toMatchObject({ width: 170, defaultHidden: true, sortField: 'id' });
    expect('sortable' in quiet).toBe(false);
  });
});
