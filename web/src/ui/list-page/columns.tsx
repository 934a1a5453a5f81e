import type { ReactNode } from 'react';
import { formatDateTime } from '../format-time.ts';
import type { ListColumn } from './ListPage.tsx';

// Columns every list writes the same way: the row's 操作 and its times.

/** 操作: the row's buttons, fixed on the right, always shown (not in 列设置) and never exported. */
export function actionColumn<Row>(width: number, render: (row: Row, index: number) => ReactNode): ListColumn<Row> {
  return { key: 'actions', title: '操作', fixed: 'right', width, hideable: false, exportable: false, render: (_: unknown, row: Row, index: number) => render(row, index) };
}

export interface DateTimeColumnOptions {
  /** default 160 */
  width?: number;
  /** server-side sort on the field (default true) */
  sortable?: boolean;
  /** sort by another field (e.g. id, in the order the rows were written) */
  sortField?: string;
  defaultHidden?: boolean;
}

/** A time of the row (创建时间, 更新时间 …): its ISO time shown and exported as YYYY-MM-DD HH:mm:ss, -- when none. */
export function dateTimeColumn<Row>(field: keyof Row & string, title: string, options: DateTimeColumnOptions = {}): ListColumn<Row> {
  const { width = 160, sortable = true, sortField, defaultHidden } = options;
  return {
    key: field,
    title,
    dataIndex: field,
    ...(sortable ? { sortable } : {}),
    ...(sortField ? { sortField } : {}),
    width,
    ...(defaultHidden ? { defaultHidden } : {}),
    render: formatDateTime,
    exportValue: (row) => formatDateTime(row[field] as string | null | undefined),
  };
}
