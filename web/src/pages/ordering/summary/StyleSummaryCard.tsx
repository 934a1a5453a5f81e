import { Table, type TableColumnType } from 'antd';
import { formatYuan, MEASURE_AMOUNT, STYLE_SUMMARY_MEASURE_LABELS, type OrderFigures, type StyleSummaryRecord } from '@erp/shared';
import { gridTableRows, type GridTableRow } from '../../../ui/report/report-grid.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

/** The five figures of a style, pieces with their amount, as its card's head lists them. */
const HEAD_FIGURES: { label: string; pieces: keyof OrderFigures; amount: keyof OrderFigures }[] = [
  { label: '订货', pieces: 'ordered', amount: 'orderedAmountFen' },
  { label: '审核', pieces: 'approved', amount: 'approvedAmountFen' },
  { label: '已发', pieces: 'shipped', amount: 'shippedAmountFen' },
  { label: '已收', pieces: 'received', amount: 'receivedAmountFen' },
  { label: '未发', pieces: 'outstanding', amount: 'outstandingAmountFen' },
];

/**
 * One style of 订货汇总 按款: its figures (pieces and amounts) in the head, and the measure's
 * 尺码横排 below — a row per colour ordered, sizes in size order, 合计 per colour and size, and the
 * measure's amount per colour.
 */
export function StyleSummaryCard({ record }: { record: StyleSummaryRecord }) {
  const testId = `sum-style-${record.styleNo}`;
  const amountKey = MEASURE_AMOUNT[record.measure];
  const amountOf = (row: GridTableRow) => (row.isTotal ? record[amountKey] : (record.colours.find((c) => String(c.colourId) === row.key)?.[amountKey] ?? 0));
  const cell = (q: number) => (q === 0 ? <span className="order-report__zero">0</span> : q);
  const columns: TableColumnType<GridTableRow>[] = [
    { key: 'colour', title: '颜色 \\ 尺码', dataIndex: 'colourName', width: 110, fixed: 'left' },
    ...record.sizes.map((size, i) => ({
      key: `size-${size.id}`,
      title: size.name,
      width: 64,
      align: 'right' as const,
      render: (_: unknown, row: GridTableRow) => cell(row.cells[i]!),
    })),
    { key: 'total', title: `合计(${STYLE_SUMMARY_MEASURE_LABELS[record.measure]})`, dataIndex: 'total', width: 110, align: 'right', className: 'order-style-grid__total-col' },
    moneyColumn({ key: 'amount', title: '金额', fen: (row) => amountOf(row), width: 130 }),
  ];
  return (
    <div className="order-style-grid__style" data-testid={testId}>
      <div className="order-style-grid__head">
        <span>
          <b>{record.styleNo}</b> {record.productName}
        </span>
        <span className="order-style-grid__figures" data-testid={`${testId}-figures`}>
          {HEAD_FIGURES.map((f) => (
            <span key={f.pieces}>
              {f.label} <b>{record[f.pieces]}</b> 件 {formatYuan(record[f.amount])}
            </span>
          ))}
        </span>
      </div>
      <Table<GridTableRow>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        columns={columns}
        dataSource={gridTableRows(record)}
        rowClassName={(row) => (row.isTotal ? 'order-report-total-row' : '')}
        scroll={{ x: 'max-content' }}
        tableLayout="fixed"
        style={{ maxWidth: 110 + record.sizes.length * 64 + 240 }}
      />
    </div>
  );
}
