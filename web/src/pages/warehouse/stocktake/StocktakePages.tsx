import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Segmented, Space, Table, type DescriptionsProps, type TableColumnType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { displayOrEmpty, Permissions, type StockDocDetail, type StockDocRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { docPath } from '../docs/doc-hooks.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { useShelfOptions } from '../../../api/use-warehouse-options.ts';
import { actionPermission } from '../docs/doc-rules.ts';
import { DocActionBar } from '../docs/DocActionBar.tsx';
import { WithDoc } from '../docs/DocInfoView.tsx';
import { DocListPage } from '../docs/DocListPage.tsx';
import { DocStatusTag } from '../docs/DocStatusTag.tsx';
import { ScanLogTable } from '../docs/ScanLogTable.tsx';
import '../../../ui/document/stock-docs.css';
import { BlindScanPanel } from './BlindScanPanel.tsx';
import { ScanKeyBuffer } from '../../../ui/document/ScanKeyBuffer.tsx';
import { StocktakeForm } from './StocktakeForm.tsx';
import { StocktakeReview } from './StocktakeReview.tsx';
import { blindLines, scopeText, startCountConfirm, type BlindLine } from './stocktake-rules.ts';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

// 盘点单 (warehouse/stocktake/*): list, 新增 (warehouse + shelves), 详情: 开始盘点 → blind scan
// counting (no book quantities) → 差异审核 (auditors) → 审核过账; 作废 lifts the freeze.

const EXTRA_COLUMNS: ListColumn<StockDocRecord>[] = [
  {
    key: 'scope',
    title: '盘点范围',
    width: 110,
    render: (_, r) => (r.shelfIds.length ? `${r.shelfIds.length}个货架` : '整仓'),
    exportValue: (r) => (r.shelfIds.length ? `${r.shelfIds.length}个货架` : '整仓'),
  },
];

export function StocktakeListPage() {
  return <DocListPage kind="stocktake" extraColumns={EXTRA_COLUMNS} />;
}

/** 新增 (no id) and editing a draft (?id=). */
export function StocktakeAddPage() {
  const id = useDocIdParam();
  const afterSave = useAfterSave(id !== null);
  return <StocktakeForm key={id ?? 'new'} docId={id} onSaved={(doc) => afterSave(docPath('stocktake', 'info', doc.id))} />;
}

/** The header; the book total only when `showBook` (never on the counting view). */
function StocktakeHeader({ doc, extra, showBook }: { doc: StockDocDetail; extra: ReactNode; showBook: boolean }) {
  const shelves = useShelfOptions(doc.shelfIds.length ? doc.warehouseId : null);
  const codeOf = (id: number) => shelves.options.find((o) => o.value === id)?.label;
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'docNo', label: '单号', children: <b data-testid="doc-no">{doc.docNo}</b> },
    { key: 'status', label: '状态', children: <DocStatusTag kind="stocktake" status={doc.status} /> },
    { key: 'warehouse', label: '盘点仓库', children: doc.warehouseName },
    { key: 'scope', label: '盘点范围', children: <span data-testid="stocktake-scope">{scopeText(doc.shelfIds, codeOf)}</span> },
    ...(doc.status !== 'draft' ? [{ key: 'counted', label: '已盘数量', children: <span data-testid="doc-total-actual">{doc.totalActual}</span> }] : []),
    ...(showBook && doc.status !== 'draft' ? [{ key: 'book', label: '账面数量', children: <span data-testid="doc-total-quantity">{doc.totalQuantity}</span> }] : []),
    { key: 'createdBy', label: '创建人', children: displayOrEmpty(doc.createdByName) },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(doc.createdAt) },
    ...(doc.postedAt
      ? [
          { key: 'postedBy', label: '审核人', children: displayOrEmpty(doc.postedByName) },
          { key: 'postedAt', label: '审核时间', children: formatDateTime(doc.postedAt) },
        ]
      : []),
    ...(doc.voidedAt ? [{ key: 'voidedAt', label: '作废时间', children: formatDateTime(doc.voidedAt) }] : []),
    ...(doc.voidReason ? [{ key: 'voidReason', label: '作废原因', children: doc.voidReason }] : []),
    { key: 'remark', label: '备注', children: displayOrEmpty(doc.remark), span: 'filled' as const },
  ];
  return (
    <Card title={`盘点单 ${doc.docNo}`} extra={extra} data-testid="doc-header">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={items} />
    </Card>
  );
}

const blindColumns: TableColumnType<BlindLine>[] = [
  { key: 'styleNo', title: '款号', width: 120, render: (_, l) => l.styleNo || l.materialCode },
  { key: 'name', title: '名称', width: 160, ellipsis: true, render: (_, l) => l.productName || l.materialName },
  { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 90, render: displayOrEmpty },
  { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70, render: displayOrEmpty },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150, render: displayOrEmpty },
  { key: 'shelf', title: '货架', dataIndex: 'shelfCode', width: 90, render: displayOrEmpty },
  { key: 'counted', title: '已盘', dataIndex: 'actualQuantity', width: 80, align: 'right' },
];

function CountedTable({ doc }: { doc: StockDocDetail }) {
  const rows = blindLines(doc.lines);
  return (
    <Table<BlindLine>
      size="small"
      rowKey="id"
      columns={blindColumns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false, showTotal: (n) => `共 ${n} 行` } : false}
      locale={{ emptyText: '尚未盘点到货品' }}
      data-testid="blind-lines"
    />
  );
}

function StocktakeInfo({ doc }: { doc: StockDocDetail }) {
  const navigate = useNavigate();
  const can = usePermission();
  const [view, setView] = useState<'count' | 'review'>('count');
  const canAudit = can(Permissions.stocktakeAudit);
  const canEdit = doc.actions.includes('edit') && can(actionPermission('stocktake', 'edit'));
  const counting = doc.status === 'counting';
  const reviewing = counting && canAudit && view === 'review';
  const shelves = useShelfOptions(doc.status === 'draft' && doc.shelfIds.length ? doc.warehouseId : null);
  const startQuestion = startCountConfirm(doc.warehouseName, doc.shelfIds, (id) => shelves.options.find((o) => o.value === id)?.label);

  const buttons = (
    <Space wrap>
      <DocActionBar doc={doc} only={['startCount', 'void']} confirms={{ startCount: startQuestion }} />
      {canEdit ? (
        <Button icon={<EditOutlined />} onClick={() => navigate(docPath('stocktake', 'add', doc.id))} data-testid="doc-edit">
          编辑
        </Button>
      ) : null}
    </Space>
  );

  return (
    <div className="doc-page" data-testid="doc-info">
      <StocktakeHeader doc={doc} extra={buttons} showBook={!counting || reviewing} />
      {doc.status === 'draft' ? (
        <Alert type="info" showIcon title="点击「开始盘点」后按账面生成盘点明细并冻结盘点范围（期间不能出入库），然后扫描盘点。" data-testid="stocktake-draft-tip" />
      ) : null}
      {doc.status === 'void' ? <Alert type="warning" showIcon title={`单据已作废${doc.voidReason ? `：${doc.voidReason}` : ''}`} /> : null}
      {counting ? (
        <>
          <Alert
            type="warning"
            showIcon
            title={`盘点中：「${doc.warehouseName}」${doc.shelfIds.length ? '所选货架' : '整仓'}已冻结，审核过账或作废后解冻`}
            data-testid="stocktake-frozen"
          />
          {canAudit ? (
            <Segmented<'count' | 'review'>
              value={view}
              onChange={setView}
              options={[
                { value: 'count', label: '盘点扫描' },
                { value: 'review', label: '差异审核' },
              ]}
              data-testid="stocktake-view"
            />
          ) : null}
          {reviewing ? (
            <StocktakeReview doc={doc} canPost={doc.actions.includes('post')} />
          ) : (
            <>
              {doc.actions.includes('scan') && can(actionPermission('stocktake', 'scan')) ? <BlindScanPanel doc={doc} /> : null}
              <Card title="已盘明细">
                <CountedTable doc={doc} />
              </Card>
            </>
          )}
        </>
      ) : null}
      {doc.status === 'posted' || (doc.status === 'void' && doc.postedAt) ? <StocktakeReview doc={doc} readOnly /> : null}
      {doc.status !== 'draft' ? (
        <Card title="扫描记录">
          <ScanLogTable kind="stocktake" docId={doc.id} />
        </Card>
      ) : null}
    </div>
  );
}

/** 详情 (?id=). */
export function StocktakeInfoPage() {
  // blind counting may start while the document loads: its keys wait for the scan box
  return (
    <ScanKeyBuffer>
      <WithDoc kind="stocktake">{(doc) => <StocktakeInfo doc={doc} />}</WithDoc>
    </ScanKeyBuffer>
  );
}
