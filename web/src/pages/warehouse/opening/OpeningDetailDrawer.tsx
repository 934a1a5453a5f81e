import { Alert, Drawer, Spin, Table, Typography, type TableColumnType } from 'antd';
import { displayOrEmpty, type StockDocLineRecord } from '@erp/shared';
import { useDocDetail } from '../docs/doc-hooks.ts';
import { DocActionBar } from '../docs/DocActionBar.tsx';
import { KindHeaderCard } from '../exchange/KindHeaderCard.tsx';
import { OPENING_ACTION_CONFIRMS, OPENING_ACTION_LABELS } from './opening-labels.ts';
import { openingTotals } from './opening-rules.ts';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';

const COLUMNS: TableColumnType<StockDocLineRecord>[] = [
  { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 56 },
  { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
  { key: 'name', title: '名称', dataIndex: 'productName', width: 150, ellipsis: true },
  { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80 },
  { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70 },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150, render: (v: string) => <Typography.Text copyable={!!v}>{displayOrEmpty(v)}</Typography.Text> },
  { key: 'shelf', title: '货架', dataIndex: 'shelfCode', width: 90, render: displayOrEmpty },
  { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
  moneyColumn<StockDocLineRecord>({ key: 'cost', title: '单位成本', dataIndex: 'unitCostFen', width: 120 }),
  moneyColumn<StockDocLineRecord>({ key: 'amount', title: '金额', fen: (l) => l.quantity * (l.unitCostFen ?? 0), width: 120 }),
];

/** 期初单详情 in a drawer: header, lines with unit cost and amount, and 提交/撤回/审核锁定/作废. */
export function OpeningDetailDrawer({ docId, onClose }: { docId: number | null; onClose: () => void }) {
  const detail = useDocDetail('opening', docId);
  const doc = detail.data && detail.data.id === docId ? detail.data : null;
  const totals = doc ? openingTotals(doc.lines) : null;
  return (
    <Drawer open={docId !== null} onClose={onClose} size={1000} title={doc ? `期初单 ${doc.docNo}` : '期初单'} destroyOnHidden data-testid="opening-drawer">
      {detail.isError && !doc ? <Alert type="error" showIcon title={`单据加载失败：${detail.error.message}`} /> : null}
      {!doc && !detail.isError ? <Spin style={{ margin: 48 }} /> : null}
      {doc ? (
        <div className="doc-page">
          <KindHeaderCard
            doc={doc}
            items={[{ key: 'amount', label: '成本合计', children: <MoneyText fen={totals!.amountFen} data-testid="opening-amount" /> }]}
            extra={<DocActionBar doc={doc} labels={OPENING_ACTION_LABELS} confirms={OPENING_ACTION_CONFIRMS} />}
          />
          {doc.status === 'posted' ? <Alert type="success" showIcon title="期初已审核锁定：不能修改或作废" data-testid="opening-locked" /> : null}
          <Table<StockDocLineRecord>
            size="small"
            rowKey="id"
            columns={COLUMNS}
            dataSource={doc.lines}
            scroll={{ x: 'max-content' }}
            pagination={doc.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            data-testid="opening-lines"
          />
        </div>
      ) : null}
    </Drawer>
  );
}
