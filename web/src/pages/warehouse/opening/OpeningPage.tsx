import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Space, Table, Tag, Typography, type TableColumnType } from 'antd';
import { ImportOutlined, LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Permissions, WAREHOUSE_TYPE_LABELS, displayOrEmpty } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { DocActionBar } from '../docs/DocActionBar.tsx';
import { stockDocKeys, stockDocsApi } from '../../../api/stock-docs.ts';
import '../../../ui/document/stock-docs.css';
import { ImportOpeningModal } from './ImportOpeningModal.tsx';
import { OpeningDetailDrawer } from './OpeningDetailDrawer.tsx';
import { OPENING_ACTION_CONFIRMS, OPENING_ACTION_LABELS } from './opening-labels.ts';
import { isLocked, openingRows, type OpeningRow } from './opening-rules.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';

const api = stockDocsApi('opening');

/**
 * 期初库存 (warehouse/opening/index): every warehouse with its opening document — 未导入, 待审核
 * or 已锁定 — and 导入期初 (template, file, row check, create), 审核锁定 per document. ?id= opens
 * that document's details on arrival.
 */
export function OpeningPage() {
  const can = usePermission();
  const [params] = useSearchParams();
  const warehouses = useWarehouseOptions();
  const docs = useQuery({ queryKey: [...stockDocKeys.page('opening'), 'all'], queryFn: ({ signal }) => api.page({ page: 1, limit: 500, sort: 'id', order: 'desc' }, signal) });
  const rows = useMemo(() => openingRows(warehouses.data ?? [], docs.data?.records ?? []), [warehouses.data, docs.data]);
  const [importing, setImporting] = useState<{ warehouseId: number | null } | null>(null);
  // ?id= (a link to a document) opens it once; the drawer is local state so the tab's URL stays put
  const [openId, setOpenId] = useState<number | null>(() => {
    const raw = params.get('id');
    return raw && /^\d+$/.test(raw) ? Number(raw) : null;
  });
  const show = setOpenId;
  const canImport = can(Permissions.openingAdd);

  const columns: TableColumnType<OpeningRow>[] = [
    { key: 'warehouse', title: '仓库', width: 220, render: (_, r) => `${r.warehouse.name}（${r.warehouse.code}）` },
    { key: 'type', title: '类型', width: 90, render: (_, r) => WAREHOUSE_TYPE_LABELS[r.warehouse.type] },
    {
      key: 'state',
      title: '期初状态',
      width: 120,
      render: (_, r) =>
        isLocked(r) ? (
          <Tag color="green" icon={<LockOutlined />} data-testid={`opening-state-${r.warehouse.code}`}>
            已锁定
          </Tag>
        ) : r.doc ? (
          <Tag color="gold" data-testid={`opening-state-${r.warehouse.code}`}>
            {r.doc.status === 'draft' ? '草稿' : '待审核'}
          </Tag>
        ) : (
          <Tag data-testid={`opening-state-${r.warehouse.code}`}>未导入</Tag>
        ),
    },
    {
      key: 'docNo',
      title: '期初单号',
      width: 170,
      render: (_, r) =>
        r.doc ? (
          <ActionLink onClick={() => show(r.doc!.id)} data-testid={`opening-doc-${r.warehouse.code}`}>
            {r.doc.docNo}
          </ActionLink>
        ) : (
          '--'
        ),
    },
    { key: 'lines', title: '行数', width: 70, align: 'right', render: (_, r) => r.doc?.lineCount ?? '--' },
    { key: 'quantity', title: '数量', width: 90, align: 'right', render: (_, r) => r.doc?.totalQuantity ?? '--' },
    { key: 'postedBy', title: '审核人', width: 100, render: (_, r) => displayOrEmpty(r.doc?.postedByName) },
    { key: 'postedAt', title: '审核时间', width: 170, render: (_, r) => formatDateTime(r.doc?.postedAt ?? null) },
    { key: 'voided', title: '已作废', width: 80, align: 'right', render: (_, r) => (r.voided ? r.voided : '--') },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 220,
      render: (_, r) => (
        <Space size={4} wrap>
          {!r.doc && canImport ? (
            <Button
              size="small"
              type="link"
              icon={<ImportOutlined />}
              onClick={() => setImporting({ warehouseId: r.warehouse.id })}
              data-testid={`opening-import-${r.warehouse.code}`}
            >
              导入期初
            </Button>
          ) : null}
          {r.doc ? (
            <Button size="small" type="link" onClick={() => show(r.doc!.id)}>
              查看
            </Button>
          ) : null}
          {r.doc && !isLocked(r) ? (
            <DocActionBar doc={r.doc} size="small" only={['submit', 'post', 'void']} labels={OPENING_ACTION_LABELS} confirms={OPENING_ACTION_CONFIRMS} />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="doc-page" data-testid="opening-page">
      <Card
        title="期初库存"
        extra={
          <Space>
            <Button icon={<ReloadOutlined />} onClick={() => void Promise.all([warehouses.refetch(), docs.refetch()])} aria-label="刷新" />
            {canImport ? (
              <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting({ warehouseId: null })} data-testid="opening-import">
                导入期初
              </Button>
            ) : null}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">
          每个仓库只能导入一次期初库存（含单位成本），且须在该仓库有任何库存流水之前。导入后审核锁定即入账，锁定后不能修改或作废。
        </Typography.Paragraph>
        {docs.isError ? <Alert type="error" showIcon title={`期初单加载失败：${docs.error.message}`} style={{ marginBottom: 12 }} /> : null}
        <Table<OpeningRow>
          size="small"
          rowKey={(r) => r.warehouse.id}
          columns={columns}
          dataSource={rows}
          loading={warehouses.isFetching || docs.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={false}
          data-testid="opening-table"
        />
      </Card>
      {importing ? (
        <ImportOpeningModal
          open
          rows={rows}
          warehouseId={importing.warehouseId}
          onClose={() => setImporting(null)}
          onCreated={(doc) => {
            setImporting(null);
            show(doc.id);
          }}
        />
      ) : null}
      <OpeningDetailDrawer docId={openId} onClose={() => show(null)} />
    </div>
  );
}
