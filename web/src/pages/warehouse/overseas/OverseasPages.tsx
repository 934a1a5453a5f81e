import { useNavigate } from 'react-router';
import { Alert, Button, Card, Space, Table, Typography, type TableColumnType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { displayOrEmpty, OVERSEAS_TYPE_LABELS, type OverseasComparisonLine, type StockDocDetail } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { docPath } from '../docs/doc-hooks.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { actionPermission } from '../docs/doc-rules.ts';
import { DocActionBar } from '../docs/DocActionBar.tsx';
import { WithDoc } from '../docs/DocInfoView.tsx';
import { DifferenceText } from '../../../ui/document/DifferenceText.tsx';
import { DocListPage } from '../docs/DocListPage.tsx';
import '../../../ui/document/stock-docs.css';
import { KindHeaderCard } from '../exchange/KindHeaderCard.tsx';
import { comparisonTotals } from './overseas-rules.ts';
import { OverseasEditForm } from './OverseasEditForm.tsx';
import { stockImportApi, stockImportKeys } from './stock-import-api.ts';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

// 海外仓 (warehouse/overseas/*): list, 新增 (收货 lines or 快照 import), 详情 with the comparison.

const LABELS = { post: '审核过账' } as const;
const CONFIRMS = {
  post: '审核后库存立即变动：收货按数量入库；快照按审核时的账面计算差异（快照数量 − 账面）并调整。确定审核？',
};

export function OverseasListPage() {
  return <DocListPage kind="overseas" title="海外仓单据" bizTypes={OVERSEAS_TYPE_LABELS} />;
}

export function OverseasAddPage() {
  const id = useDocIdParam();
  const afterSave = useAfterSave(id !== null);
  return <OverseasEditForm key={id ?? 'new'} docId={id} onSaved={(doc) => afterSave(docPath('overseas', 'info', doc.id))} />;
}

function comparisonColumns(snapshot: boolean, posted: boolean): TableColumnType<OverseasComparisonLine>[] {
  return [
    { key: 'no', title: '#', width: 56, render: (_, __, i) => i + 1 },
    { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 120 },
    { key: 'name', title: '名称', dataIndex: 'productName', width: 160, ellipsis: true },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 90, render: displayOrEmpty },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 80, render: displayOrEmpty },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 160, render: (v: string) => <Typography.Text copyable={!!v}>{displayOrEmpty(v)}</Typography.Text> },
    { key: 'counted', title: snapshot ? '快照数量' : '收货数量', dataIndex: 'counted', width: 100, align: 'right' },
    { key: 'bookNow', title: '当前账面', dataIndex: 'bookNow', width: 100, align: 'right' },
    { key: 'received', title: '累计收货', dataIndex: 'receivedTotal', width: 100, align: 'right' },
    ...(snapshot
      ? [
          {
            key: 'difference',
            title: posted ? '差异（已过账）' : '差异（按当前账面）',
            dataIndex: 'difference',
            width: 130,
            align: 'right' as const,
            render: (v: number | null) => <DifferenceText value={v} />,
          },
        ]
      : []),
  ];
}

function Comparison({ doc }: { doc: StockDocDetail }) {
  const query = useQuery({ queryKey: [...stockImportKeys.comparison(doc.id), doc.status], queryFn: ({ signal }) => stockImportApi.comparison(doc.id, signal) });
  const snapshot = doc.bizType === 'snapshot';
  const rows = query.data ?? [];
  const totals = comparisonTotals(rows);
  return (
    <Card title={snapshot ? '快照对照（快照数量 / 当前账面 / 累计收货 / 差异）' : '收货对照'}>
      {query.isError ? <Alert type="error" showIcon title={`对照加载失败：${query.error.message}`} style={{ marginBottom: 12 }} /> : null}
      {snapshot && doc.status !== 'posted' && doc.status !== 'void' ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="审核过账时按当时的账面重新计算差异，并把账面调整为快照数量" />
      ) : null}
      <Table<OverseasComparisonLine>
        size="small"
        rowKey="lineId"
        loading={query.isFetching}
        columns={comparisonColumns(snapshot, doc.status === 'posted')}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.difference ? 'doc-row--differs' : '')}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        data-testid="overseas-comparison"
        summary={() =>
          rows.length ? (
            <Table.Summary.Row className="doc-lines__total">
              <Table.Summary.Cell index={0} colSpan={6}>
                合计（{rows.length} 行）
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {totals.counted}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {totals.bookNow}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                {totals.received}
              </Table.Summary.Cell>
              {snapshot ? (
                <Table.Summary.Cell index={9} align="right">
                  <span data-testid="overseas-difference-total">
                    <DifferenceText value={totals.difference} />
                  </span>
                </Table.Summary.Cell>
              ) : null}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

function OverseasInfo({ doc }: { doc: StockDocDetail }) {
  const navigate = useNavigate();
  const can = usePermission();
  const canEdit = doc.actions.includes('edit') && can(actionPermission('overseas', 'edit'));
  return (
    <div className="doc-page" data-testid="doc-info">
      <KindHeaderCard
        doc={doc}
        warehouseLabel="海外仓"
        quantityLabel={doc.bizType === 'snapshot' ? (doc.status === 'posted' ? '过账时账面' : '保存时账面') : '收货数量'}
        bizTypes={OVERSEAS_TYPE_LABELS}
        items={doc.bizType === 'snapshot' ? [{ key: 'counted', label: '快照合计', children: <span data-testid="doc-total-actual">{doc.totalActual}</span> }] : []}
        extra={
          <Space wrap>
            <DocActionBar doc={doc} labels={LABELS} confirms={CONFIRMS} />
            {canEdit ? (
              <Button icon={<EditOutlined />} onClick={() => navigate(docPath('overseas', 'add', doc.id))} data-testid="doc-edit">
                编辑
              </Button>
            ) : null}
          </Space>
        }
      />
      {doc.status === 'void' ? <Alert type="warning" showIcon title={`单据已作废${doc.voidReason ? `：${doc.voidReason}` : ''}`} /> : null}
      <Comparison doc={doc} />
    </div>
  );
}

export function OverseasInfoPage() {
  return <WithDoc kind="overseas">{(doc) => <OverseasInfo doc={doc} />}</WithDoc>;
}
