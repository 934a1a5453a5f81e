import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { formatYuan } from '@erp/shared';
import { formatSignedYuan, MoneyText } from './MoneyText.tsx';
import './money.css';

export interface MoneyColumnOptions<Row> {
  title: string;
  /** the column's key; default: dataIndex */
  key?: string;
  /** the row's field holding fen */
  dataIndex?: string;
  /** fen read from the row, when it is not one field (a sum, a nested figure); also what Excel exports */
  fen?: (row: Row) => number | null | undefined;
  width?: number;
  /** client-side sort (a plain antd Table); true sorts by the amount */
  sorter?: TableColumnType<Row>['sorter'] | true;
  /** server-side sort on a ListPage column (ListColumn.sortable) */
  sortable?: boolean;
  /** negative amounts in the error colour */
  signColour?: boolean;
  /** a movement: + before positive amounts */
  signed?: boolean;
  strong?: boolean;
}

/**
 * A money column for an antd Table and for ListPage (a ListColumn too): right-aligned, fen shown
 * through formatYuan (`¥1,234.50`, `−¥80.00`, `--` for none), `kind: 'money'` so Excel writes
 * yuan numbers. Spread it to add what a page needs: `{ ...moneyColumn({ ... }), fixed: 'right' }`.
 */
export function moneyColumn<Row>(options: MoneyColumnOptions<Row>) {
  const { title, dataIndex, fen, width, sortable, signColour, signed, strong } = options;
  const key = options.key ?? dataIndex;
  if (!key) throw new Error('moneyColumn needs a key or a dataIndex');
  const amountOf = (row: Row): number | null | undefined => {
    if (fen) return fen(row);
    const value = dataIndex === undefined ? undefined : (row as Record<string, unknown>)[dataIndex];
    return typeof value === 'number' ? value : null;
  };
  const sorter = options.sorter === true ? (a: Row, b: Row) => (amountOf(a) ?? 0) - (amountOf(b) ?? 0) : options.sorter;
  return {
    key,
    title,
    ...(dataIndex === undefined ? {} : { dataIndex }),
    ...(width === undefined ? {} : { width }),
    ...(sorter === undefined ? {} : { sorter }),
    ...(sortable === undefined ? {} : { sortable }),
    ...(fen ? { exportValue: (row: Row) => fen(row) ?? null } : {}),
    align: 'right' as const,
    className: 'money-cell',
    kind: 'money' as const,
    render: (_: unknown, row: Row): ReactNode => {
      const amount = amountOf(row);
      if (signColour || strong) return <MoneyText fen={amount} signColour={signColour} strong={strong} signed={signed} />;
      return signed ? formatSignedYuan(amount) : formatYuan(amount);
    },
  };
}
