import { Table, Typography, type TableColumnType } from 'antd';
import { displayOrEmpty, type StockDocLineRecord } from '@erp/shared';
import '../../../ui/document/stock-docs.css';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';
import { DifferenceText } from '../../../ui/document/DifferenceText.tsx';

export interface DocLinesTableProps {
  lines: readonly StockDocLineRecord[];
  /** show 实际 and 差异 columns (default true) */
  showActual?: boolean;
  /** header names of the two quantity columns (default 数量 / 实际) */
  quantityTitle?: string;
  actualTitle?: string;
  loading?: boolean;
  /** rows a page at most before paging (default 50) */
  pageSize?: number;
  /** show 单价 and 金额 (a 配货出库 carries the order's prices) */
  showPrice?: boolean;
}

/** The lines of a document, read-only: item, shelf, quantity, actual, difference (highlighted), box no. */
export function DocLinesTable({ lines, showActual = true, quantityTitle = '数量', actualTitle = '实际', loading, pageSize = 50, showPrice = false }: DocLinesTableProps) {
  const columns: TableColumnType<StockDocLineRecord>[] = [
    { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 56 },
    { key: 'styleNo', title: '款号', width: 120, render: (_, l) => l.styleNo || l.materialCode },
    { key: 'name', title: '名称', width: 160, ellipsis: true, render: (_, l) => l.productName || l.materialName },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 90, render: displayOrEmpty },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 80, render: displayOrEmpty },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150, render: (v: string) => <Typography.Text copyable={!!v}>{displayOrEmpty(v)}</Typography.Text> },
    { key: 'shelf', title: '货架', dataIndex: 'shelfCode', width: 90, render: displayOrEmpty },
    { key: 'quantity', title: quantityTitle, dataIndex: 'quantity', width: 80, align: 'right' },
    ...(showActual
      ? [
          { key: 'actual', title: actualTitle, dataIndex: 'actualQuantity', width: 80, align: 'right' as const, render: (v: number | null) => (v === null ? '--' : v) },
          { key: 'difference', title: '差异', dataIndex: 'difference', width: 80, align: 'right' as const, render: (v: number | null) => <DifferenceText value={v} /> },
        ]
      : []),
    ...(showPrice
      ? [
          moneyColumn<StockDocLineRecord>({ key: 'price', title: '单价', dataIndex: 'unitPriceFen', width: 100 }),
          moneyColumn<StockDocLineRecord>({ key: 'amount', title: '金额', fen: (l) => (l.unitPriceFen === null ? null : l.unitPriceFen * l.quantity), width: 110 }),
        ]
      : []),
    { key: 'boxNo', title: '箱号', dataIndex: 'boxNo', width: 90, render: displayOrEmpty },
  ];
  const amount = lines.reduce((s, l) => s + (l.unitPriceFen ?? 0) * l.quantity, 0);
  const total = lines.reduce((s, l) => s + l.quantity, 0);
  const measured = lines.some((l) => l.actualQuantity !== null);
  const actual = lines.reduce((s, l) => s + (l.actualQuantity ?? 0), 0);
  return (
    <Table<StockDocLineRecord>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={lines as StockDocLineRecord[]}
      loading={loading}
      scroll={{ x: 'max-content' }}
      rowClassName={(l) => (l.difference ? 'doc-row--differs' : '')}
      pagination={lines.length > pageSize ? { pageSize, showSizeChanger: false, showTotal: (n) => `共 ${n} 行` } : false}
      data-testid="doc-lines"
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row className="doc-lines__total">
            <Table.Summary.Cell index={0} colSpan={7}>
              合计（{lines.length} 行）
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              {total}
            </Table.Summary.Cell>
            {showActual ? (
              <>
                <Table.Summary.Cell index={8} align="right">
                  {measured ? actual : '--'}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={9} align="right">
                  <DifferenceText value={measured ? actual - total : null} />
                </Table.Summary.Cell>
              </>
            ) : null}
            {showPrice ? (
              <>
                <Table.Summary.Cell index={showActual ? 10 : 8} />
                <Table.Summary.Cell index={showActual ? 11 : 9} align="right">
                  <MoneyText fen={amount} data-testid="doc-lines-amount" />
                </Table.Summary.Cell>
              </>
            ) : null}
            <Table.Summary.Cell index={(showActual ? 10 : 8) + (showPrice ? 2 : 0)} />
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
