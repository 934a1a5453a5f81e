import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Input, Modal, Space, Switch, Table, type TableColumnType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { OUTBOUND_TYPE_LABELS, Permissions, STOCK_DOC_REASON_MAX, type StockDocDetail } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { toast } from '../../../api/feedback.ts';
import { docPath } from '../docs/doc-hooks.ts';
import { differenceRows, differenceTotals, hasDifference, type DifferenceRow } from '../docs/doc-rules.ts';
import { DocActionBar } from '../docs/DocActionBar.tsx';
import { DocHeaderCard } from '../docs/DocHeaderCard.tsx';
import { WithDoc } from '../docs/DocInfoView.tsx';
import { DifferenceText } from '../../../ui/document/DifferenceText.tsx';
import { keepDocAnswer, newIdempotencyKey, stockDocsApi } from '../../../api/stock-docs.ts';
import '../../../ui/document/stock-docs.css';

const api = stockDocsApi('outbound');

const columns: TableColumnType<DifferenceRow>[] = [
  { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 120 },
  { key: 'name', title: '名称', dataIndex: 'productName', width: 160, ellipsis: true },
  { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 90 },
  { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 80 },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150 },
  { key: 'shelf', title: '货架', dataIndex: 'shelfCodes', width: 110, render: (v: string) => v || '--' },
  { key: 'expected', title: '应出', dataIndex: 'expected', width: 80, align: 'right' },
  { key: 'scanned', title: '已扫', dataIndex: 'scanned', width: 80, align: 'right' },
  { key: 'difference', title: '差异', dataIndex: 'difference', width: 80, align: 'right', render: (v: number) => <DifferenceText value={v} /> },
];

function DifferenceBody({ doc }: { doc: StockDocDetail }) {
  const can = usePermission();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [onlyDiff, setOnlyDiff] = useState(true);
  const [reason, setReason] = useState(doc.differenceReason);
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const rows = useMemo(() => differenceRows(doc, onlyDiff), [doc, onlyDiff]);
  const totals = useMemo(() => differenceTotals(differenceRows(doc)), [doc]);
  const differs = hasDifference(doc);
  const mayDiffer = can(Permissions.outboundDifference);
  const mayAudit = can(Permissions.outboundAudit);
  const open = doc.actions.includes('post');

  const post = () => {
    const text = reason.trim();
    if (!text) {
      setError('请填写差异原因');
      return;
    }
    setError(null);
    void modal.confirm({
      title: `差异出库 ${doc.docNo}`,
      content: `按已扫描数量出库 ${totals.scanned} 件（应出 ${totals.expected} 件，短少 ${totals.short}，多出 ${totals.over}）。确定过账？`,
      okText: '差异出库',
      cancelText: '取消',
      onOk: async () => {
        setPosting(true);
        try {
          const detail = await api.action(doc.id, 'post', { reason: text }, newIdempotencyKey(), INLINE_ERROR);
          keepDocAnswer(client, detail);
          toast().success('差异出库成功');
        } catch (e) {
          // the reason stays as typed
          setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
        } finally {
          setPosting(false);
        }
      },
    });
  };

  let panel: ReactNode;
  if (doc.status === 'posted') {
    panel = <Alert type="success" showIcon title={`已出库${doc.differenceReason ? `，差异原因：${doc.differenceReason}` : ''}`} data-testid="difference-posted" />;
  } else if (doc.status === 'void') {
    panel = <Alert type="warning" showIcon title="单据已作废" />;
  } else if (!differs) {
    panel = (
      <Alert type="success" showIcon title={doc.scanStarted ? '已扫描数量与应出数量一致，可以直接审核出库' : '尚未扫描：审核出库将按应出数量过账'} data-testid="difference-none" />
    );
  } else if (!mayDiffer) {
    panel = (
      <Alert
        type="error"
        showIcon
        title="你没有「差异出库」权限，不能按差异过账"
        description="请补扫至与应出数量一致，或请有「差异出库」权限的人员处理。"
        data-testid="difference-forbidden"
      />
    );
  } else {
    panel = (
      <Space orientation="vertical" style={{ width: '100%' }} size={20}>
        {!open ? <Alert type="info" showIcon title={`单据当前为「${doc.statusLabel}」，提交后才能过账`} /> : null}
        {!mayAudit ? <Alert type="warning" showIcon title="你没有「审核出库」权限，不能过账" /> : null}
        <Input.TextArea
          rows={3}
          maxLength={STOCK_DOC_REASON_MAX}
          showCount
          placeholder="差异原因（必填），如：缺货、破损、客户取消"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          status={error && !reason.trim() ? 'error' : undefined}
          data-testid="difference-reason"
        />
        {error ? <Alert type="error" showIcon title={error} data-testid="difference-error" /> : null}
        <Button type="primary" danger disabled={!open || !mayAudit} loading={posting} onClick={post} data-testid="difference-post">
          差异出库
        </Button>
      </Space>
    );
  }

  return (
    <div className="doc-page" data-testid="difference-page">
      {holder}
      <DocHeaderCard
        doc={doc}
        bizTypes={OUTBOUND_TYPE_LABELS}
        extra={
          <Space wrap>
            {!differs ? <DocActionBar doc={doc} only={['post']} labels={{ post: '审核出库' }} /> : null}
            <Button onClick={() => navigate(docPath('outbound', 'scan', doc.id))} data-testid="doc-scan-link">
              扫描
            </Button>
            <Button onClick={() => navigate(docPath('outbound', 'info', doc.id))} data-testid="doc-info-link">
              单据详情
            </Button>
          </Space>
        }
      />
      <Card
        title={`差异明细：应出 ${totals.expected}，已扫 ${totals.scanned}，短少 ${totals.short}，多出 ${totals.over}`}
        extra={
          <Space>
            只看差异行
            <Switch checked={onlyDiff} onChange={setOnlyDiff} data-testid="difference-only" />
          </Space>
        }
      >
        <Table<DifferenceRow>
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => (r.difference ? 'doc-row--differs' : '')}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          locale={{ emptyText: onlyDiff ? '没有差异行' : '暂无明细' }}
          data-testid="difference-rows"
        />
      </Card>
      <Card title="差异出库">{panel}</Card>
    </div>
  );
}

/** 出库差异 (?id=): expected vs scanned per SKU, the reason, and 差异出库 (needs warehouse:outbound:difference). */
export function OutboundDifferencePage() {
  return <WithDoc kind="outbound">{(doc) => <DifferenceBody doc={doc} />}</WithDoc>;
}
