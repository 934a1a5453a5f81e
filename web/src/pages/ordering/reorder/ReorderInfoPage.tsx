import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, InputNumber, Modal, Space, Spin, Table } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ALLOCATION_TARGET_RATE_DEFAULT, Permissions, type ReorderInfo, type SalesOrderDetail } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { toast } from '../../../api/feedback.ts';
import { DocumentUnavailable } from '../../../ui/document/DocumentUnavailable.tsx';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { HqWarehouseSelect } from '../allocation/HqWarehouseSelect.tsx';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { salesOrderInfoPath, salesOrdersApi } from '../../../api/sales-orders.ts';
import { ReorderCellsGrid } from './ReorderCellsGrid.tsx';
import { ReorderDialog } from './ReorderDialog.tsx';
import { REORDER_PATHS, reorderKeys, reordersApi, useReorderInfo, type ReorderKey } from './reorders-api.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

// 翻单明细 (see more, ?seasonId&productId&buyerType&buyerId): the buyer's style per colour × size
// (ordered, shipped, received, re-ordered), its re-orders with 修改数量 for a draft and, for HQ,
// 生成出库 of the audited ones (配货 and 配货出库 at once).

function keyOf(params: URLSearchParams): ReorderKey | null {
  const n = (name: string) => Number(params.get(name));
  const buyerType = params.get('buyerType');
  const key = { seasonId: n('seasonId'), productId: n('productId'), buyerType: buyerType as 'agent' | 'shop', buyerId: n('buyerId') };
  const ok = [key.seasonId, key.productId, key.buyerId].every((v) => Number.isSafeInteger(v) && v > 0) && (buyerType === 'agent' || buyerType === 'shop');
  return ok ? key : null;
}

export function ReorderInfoPage() {
  const [params] = useSearchParams();
  const key = keyOf(params);
  const info = useReorderInfo(key);
  const back = { noun: '翻单款式', listPath: REORDER_PATHS.summary, listName: '翻单汇总' };
  if (key === null) return <DocumentUnavailable {...back} missingId />;
  if (info.isError && !info.data) return <DocumentUnavailable {...back} error={info.error} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spin style={{ margin: 48 }} />;
  return <InfoView info={info.data} k={key} />;
}

function InfoView({ info, k }: { info: ReorderInfo; k: ReorderKey }) {
  const navigate = useNavigate();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ draft?: SalesOrderDetail } | null>(null);
  const [deliverIds, setDeliverIds] = useState<number[] | null>(null);
  const openable = info.reorders.filter((r) => r.status === 'audited' || r.status === 'partly_shipped').map((r) => r.orderId);
  const target = { ...k, styleNo: info.styleNo, shopId: info.shopId, shopName: info.shopName };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reorderKeys.all });

  const editDraft = async (orderId: number) => setDialog({ draft: await salesOrdersApi.detail(orderId) });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Alert type="info" showIcon title={info.salesNote} />
      <Card
        title={`翻单明细 · ${info.styleNo} ${info.styleName}`}
        extra={
          <Space>
            <Button onClick={() => navigate(REORDER_PATHS.summary)}>返回翻单汇总</Button>
            {can(Permissions.orderingReorderEdit) ? (
              <Button type="primary" disabled={!info.reorderable} onClick={() => setDialog({})} data-testid="reorder-info-new">
                翻单
              </Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label="购货方">{info.buyerName}</Descriptions.Item>
          <Descriptions.Item label="订货季">{`${info.seasonName}${info.seasonOpen ? '' : '（不在开放期）'}`}</Descriptions.Item>
          <Descriptions.Item label="品牌">{info.brandName}</Descriptions.Item>
          <Descriptions.Item label="收货门店">{info.shopName || '--'}</Descriptions.Item>
          <Descriptions.Item label="已发 / 已收">
            {info.cells.reduce((s, c) => s + c.shipped, 0)} / {info.cells.reduce((s, c) => s + c.received, 0)} 件
          </Descriptions.Item>
          <Descriptions.Item label="已翻单">{info.cells.reduce((s, c) => s + c.reordered, 0)} 件</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="颜色 × 尺码（订货 / 已发 / 已收 / 翻单）" size="small">
        <ReorderCellsGrid cells={info.cells} />
      </Card>
      <Card
        title="翻单记录"
        size="small"
        extra={
          can(Permissions.orderingAllocationDeliver) && openable.length ? (
            <Button onClick={() => setDeliverIds(openable)} data-testid="reorder-deliver">
              生成出库（{openable.length}张）
            </Button>
          ) : null
        }
      >
        <Table
          size="small"
          rowKey="orderId"
          pagination={false}
          dataSource={info.reorders}
          locale={{ emptyText: '该款还没有翻单' }}
          columns={[
            { key: 'no', title: '订单号', render: (_, r) => <ActionLink onClick={() => navigate(salesOrderInfoPath(r.orderId))}>{r.orderNo}</ActionLink> },
            { key: 'date', title: '下单日期', dataIndex: 'orderDate' },
            { key: 'shop', title: '收货门店', dataIndex: 'shopName' },
            { key: 'status', title: '状态', render: (_, r) => <SalesOrderStatusTag status={r.status} /> },
            { key: 'ordered', title: '订货', dataIndex: 'ordered', align: 'right' },
            { key: 'approved', title: '审核', align: 'right', render: (_, r) => r.approved ?? '--' },
            { key: 'shipped', title: '已发', dataIndex: 'shipped', align: 'right' },
            moneyColumn<ReorderInfo['reorders'][number]>({ key: 'amount', title: '金额', fen: (r) => r.amountFen }),
            {
              key: 'actions',
              title: '操作',
              render: (_, r) =>
                r.status === 'draft' && can(Permissions.orderingOrderEdit) ? (
                  <ActionLink onClick={() => void editDraft(r.orderId)} data-testid={`reorder-edit-${r.orderNo}`}>
                    修改数量
                  </ActionLink>
                ) : null,
            },
          ]}
        />
      </Card>
      {dialog ? (
        <ReorderDialog
          target={target}
          draft={dialog.draft}
          onClose={() => setDialog(null)}
          onSaved={(order) => {
            setDialog(null);
            refresh();
            toast().success(dialog.draft ? '数量已保存' : `翻单 ${order.orderNo} 已保存为草稿，请提交`);
            if (!dialog.draft) navigate(salesOrderInfoPath(order.id));
          }}
        />
      ) : null}
      {deliverIds ? <DeliverDialog orderIds={deliverIds} onClose={() => setDeliverIds(null)} onDone={refresh} /> : null}
    </Space>
  );
}

/** 生成出库 of re-orders (HQ): the HQ warehouse and 配码完整率; the answer shows the 配货出库 made. */
function DeliverDialog({ orderIds, onClose, onDone }: { orderIds: number[]; onClose: () => void; onDone: () => void }) {
  const warehouses = useWarehouseOptions();
  const [form] = Form.useForm<{ warehouseId: number; rate: number }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    setError('');
    try {
      const r = await reordersApi.deliver({ orderIds, warehouseId: v.warehouseId, targetRatePercent: v.rate }, INLINE_ERROR);
      setDone(`配货 ${r.allocation.pieces} 件；生成配货出库 ${r.deliveries.map((d) => `${d.docNo}（${d.pieces}件）`).join('、')}`);
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : '生成出库失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="翻单生成出库"
      okText={done ? '知道了' : '配货并生成出库'}
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onClose}
      onOk={done ? onClose : () => void submit()}
      cancelButtonProps={done ? { style: { display: 'none' } } : undefined}
    >
      {done ? (
        <Alert type="success" showIcon title={done} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ rate: ALLOCATION_TARGET_RATE_DEFAULT }}>
          <Form.Item name="warehouseId" label="发货仓库（总部仓）" rules={[{ required: true, message: '请选择发货仓库' }]}>
            <HqWarehouseSelect options={warehouses.options.filter((o) => o.type === 'hq')} loading={warehouses.isFetching} data-testid="reorder-deliver-warehouse" />
          </Form.Item>
          <Form.Item name="rate" label="配码完整率（%）">
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
        </Form>
      )}
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
