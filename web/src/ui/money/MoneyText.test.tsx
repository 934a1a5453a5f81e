import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { formatSignedYuan, moneyColumn, MoneyText } from './index.ts';

describe('MoneyText', () => {
  it.each([
    [1573536, '¥15,735.36'],
    [-481482, '−¥4,814.82'],
    [0, '¥0.00'],
    [7, '¥0.07'],
    [123456789012, '¥1,234,567,890.12'],
    [null, '--'],
    [undefined, '--'],
  ])('shows %j fen as %j', (fen, text) => {
    render(<MoneyText fen={fen} data-testid="m" />);
    expect(screen.getByTestId('m').textContent).toBe(text);
  });

  it('shows a movement with its sign: +¥ up, −¥ down', () => {
    expect([formatSignedYuan(120000), formatSignedYuan(-1200), formatSignedYuan(0), formatSignedYuan(null)]).toEqual(['+¥1,200.00', '−¥12.00', '¥0.00', '--']);
    render(<MoneyText fen={5} signed data-testid="m" />);
    expect(screen.getByTestId('m').textContent).toBe('+¥0.05');
  });

  it('colours a negative amount only when the caller asks, and bolds a total when asked', () => {
    render(
      <>
        <MoneyText fen={-100} data-testid="plain" />
        <MoneyText fen={-100} signColour data-testid="coloured" />
        <MoneyText fen={100} signColour data-testid="positive" />
        <MoneyText fen={100} strong data-testid="total" />
      </>,
    );
    expect(screen.getByTestId('plain').className).not.toContain('money-text--negative');
    expect(screen.getByTestId('coloured').className).toContain('money-text--negative');
    expect(screen.getByTestId('positive').className).not.toContain('money-text--negative');
    expect(screen.getByTestId('total').querySelector('strong')?.textContent).toBe('¥1.00');
  });
});

interface Row {
  id: number;
  amountFen: number | null;
  lines: { fen: number }[];
}

const ROWS: Row[] = [
  { id: 1, amountFen: 1234550, lines: [{ fen: 100 }, { fen: 250 }] },
  { id: 2, amountFen: -8000, lines: [] },
  { id: 3, amountFen: null, lines: [{ fen: 5 }] },
];

const cells = (index: number) => [...document.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.children[index] as HTMLElement);

describe('moneyColumn', () => {
  it('shows a field in formatYuan, right-aligned, -- for null, and marks the column money for Excel', () => {
    const column = moneyColumn<Row>({ title: '金额', dataIndex: 'amountFen', width: 120 });
    expect(column).toMatchObject({ key: 'amountFen', title: '金额', dataIndex: 'amountFen', width: 120, align: 'right', kind: 'money' });
    render(<Table<Row> rowKey="id" pagination={false} dataSource={ROWS} columns={[column]} />);
    expect(cells(0).map((c) => c.textContent)).toEqual(['¥12,345.50', '−¥80.00', '--']);
    expect(cells(0)[0]!.style.textAlign).toBe('right');
  });

  it('reads fen from the row when it is no single field, and exports that figure', () => {
    const sum = (r: Row) => r.lines.reduce((s, l) => s + l.fen, 0);
    const column = moneyColumn<Row>({ title: '明细合计', key: 'sum', fen: sum, signColour: true });
    expect(column.exportValue?.(ROWS[0]!)).toBe(350);
    render(<Table<Row> rowKey="id" pagination={false} dataSource={ROWS} columns={[column]} />);
    expect(cells(0).map((c) => c.textContent)).toEqual(['¥3.50', '¥0.00', '¥0.05']);
  });

  it('shows movements signed when asked', () => {
    render(<Table<Row> rowKey="id" pagination={false} dataSource={ROWS} columns={[moneyColumn<Row>({ title: '变动', dataIndex: 'amountFen', signed: true })]} />);
    expect(cells(0).map((c) => c.textContent)).toEqual(['+¥12,345.50', '−¥80.00', '--']);
  });

  it('sorts by the amount when sorter is true, and passes a server sort on', () => {
    const column = moneyColumn<Row>({ title: '金额', dataIndex: 'amountFen', sorter: true });
    const sorter = column.sorter as (a: Row, b: Row) => number;
    expect([...ROWS].sort(sorter).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(moneyColumn<Row>({ title: '金额', dataIndex: 'amountFen', sortable: true }).sortable).toBe(true);
  });
});
