import type { ReactNode } from 'react';
import { Table } from 'antd';
import type { ListColumn } from '../../ui/list-page/ListPage.tsx';
import './finance.css';

/**
 * A list's 合计 row (issue 26): the server's totals of the whole search, not only the page, under
 * the columns shown (列设置 may hide some): the first shown column says 合计, a column with a total
 * shows it, the rest stay empty.
 */
export function totalsRow<Row>(shown: readonly ListColumn<Row>[], values: Partial<Record<string, ReactNode>> | null, testId: string): ReactNode {
  if (!values) return null;
  return (
    <Table.Summary.Row className="finance-total-row" data-testid={testId}>
      {shown.map((column, index) => (
        <Table.Summary.Cell key={column.key} index={index} align={column.key in values ? 'right' : undefined}>
          {index === 0 ? '合计' : (values[column.key] ?? null)}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
}
