import { Table, Tag, Typography, type TableColumnType } from 'antd';
import { displayOrEmpty, type ShopInventoryLine } from '@erp/shared';
import { DifferenceText } from '../../../ui/document/DifferenceText.tsx';

/**
 * The report's SKUs: counted, and — for HQ's auditors — book (the warehouse's stock now) and
 * 差异 = counted − book, with the book's SKUs nobody counted marked 未盘 (they count 0 when posted).
 */
export function InventoryLinesTable({ lines, showsBook }: { lines: readonly ShopInventoryLine[]; showsBook: boolean }) {
  const columns: TableColumnType<ShopInventoryLine>[] = [
    { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
    { key: 'name', title: '名称', dataIndex: 'productName', width: 150, ellipsis: true },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80, render: displayOrEmpty },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70, render: displayOrEmpty },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150, render: (v: string) => <Typography.Text copyable={!!v}>{displayOrEmpty(v)}</Typography.Text> },
    {
      key: 'counted',
      title: '盘点数',
      dataIndex: 'countedQuantity',
      width: 90,
      align: 'right',
      render: (v: number, l) =>
        l.counted ? (
          v
        ) : (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            未盘 0
          </Tag>
        ),
    },
    ...(showsBook
      ? [
          { key: 'book', title: '账面数', dataIndex: 'bookQuantity', width: 80, align: 'right' as const },
          { key: 'difference', title: '差异', dataIndex: 'difference', width: 80, align: 'right' as const, render: (v: number | null) => <DifferenceText value={v} /> },
        ]
      : []),
  ];
  return (
    <Table<ShopInventoryLine>
      size="small"
      rowKey="skuId"
      columns={columns}
      dataSource={lines as ShopInventoryLine[]}
      pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      rowClassName={(l) => (l.difference ? 'inventory-line--differs' : '')}
      scroll={{ x: 'max-content' }}
      data-testid="inventory-lines"
    />
  );
}
