import { Table, Tag, type TableColumnType } from 'antd';
import { displayOrEmpty, type StockDocKind, type StockScanRecord, type StockScanResult } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import { useDocScans } from './doc-hooks.ts';

export const SCAN_RESULT_LABELS: Record<StockScanResult, string> = {
  ok: '成功',
  unknown: '条码不存在',
  unexpected: '不在本单',
  over: '超出数量',
  disabled: 'SKU已停用',
};

const columns: TableColumnType<StockScanRecord>[] = [
  { key: 'time', title: '时间', dataIndex: 'createdAt', width: 170, render: formatDateTime },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150 },
  { key: 'item', title: '商品', width: 200, render: (_, r) => (r.styleNo ? `${r.styleNo} ${r.colourName} ${r.sizeName}` : '--') },
  { key: 'delta', title: '数量', dataIndex: 'delta', width: 70, align: 'right', render: (d: number, r) => (r.result !== 'ok' ? 0 : d > 0 ? `+${d}` : `${d}（撤销）`) },
  {
    key: 'result',
    title: '结果',
    dataIndex: 'result',
    width: 100,
    render: (v: StockScanResult) => <Tag color={v === 'ok' ? 'success' : 'error'}>{SCAN_RESULT_LABELS[v]}</Tag>,
  },
  { key: 'box', title: '箱号', dataIndex: 'boxNo', width: 90, render: displayOrEmpty },
  { key: 'shelf', title: '货架', dataIndex: 'shelfCode', width: 90, render: displayOrEmpty },
  { key: 'by', title: '扫描人', dataIndex: 'createdByName', width: 100, render: displayOrEmpty },
];

/** The scan log of a document, newest first; refused scans in red. */
export function ScanLogTable({ kind, docId }: { kind: StockDocKind; docId: number }) {
  const scans = useDocScans(kind, docId);
  return (
    <Table<StockScanRecord>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={scans.data}
      loading={scans.isFetching && !scans.data}
      scroll={{ x: 'max-content' }}
      rowClassName={(r) => (r.result === 'ok' ? '' : 'doc-scan__log-bad')}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 次` }}
      locale={{ emptyText: scans.isError ? '扫描记录加载失败' : '暂无扫描记录' }}
      data-testid="scan-log"
    />
  );
}
