import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Result, Select, Space, Spin, Table, type ButtonProps, type TableColumnType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PURCHASE_REMARK_MAX, type PurchaseOrderLineRecord, type PurchaseReceiveResult } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { useShelfOptions } from '../../../api/use-warehouse-options.ts';
import { stockDocKeys } from '../../../api/stock-docs.ts';
import { purchaseOrderKeys, purchaseOrdersApi, useReceivingOrder } from '../../../api/purchase-orders.ts';
import { useGrantedAnywhere, useWarehouseChoices } from './purchase-access.ts';
import { QuantityInput, SaveBlockedHint } from '../../../ui/quantity/QuantityInput.tsx';
import {
  clearedReceive,
  initialReceive,
  receiveBody,
  receiveProblem,
  receiveQuantitiesProblem,
  receiveRule,
  receiveTotal,
  type ReceiveQuantities,
} from './purchase-order-rules.ts';

/** Mount it per opening (`{open ? <PurchaseReceiveModal … /> : null}`). */
export interface PurchaseReceiveModalProps {
  orderId: number;
  open: boolean;
  onClose: () => void;
  /** after a receipt was made (the order as it is now) */
  onReceived?: (result: PurchaseReceiveResult) => void;
}

/**
 * 收货: a purchase inbound from an audited order. Per line 本次收货 (starts at what is still open,
 * at most what the line may still take), an optional shelf; the receiving warehouse (the order's
 * by default), a remark, and 直接审核入库 for users who may post inbounds (else the inbound stays
 * for the warehouse to scan). A refusal keeps everything typed and shows the server's message.
 */
export function PurchaseReceiveModal({ orderId, open, onClose, onReceived }: PurchaseReceiveModalProps) {
  const client = useQueryClient();
  const granted = useGrantedAnywhere();
  const mayPost = granted('warehouse:inbound:audit');
  const order = useReceivingOrder(open ? orderId : null);
  const warehouses = useWarehouseChoices();
  const [quantities, setQuantities] = useState<ReceiveQuantities>({});
  const [shelves, setShelves] = useState<Record<number, number | null>>({});
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [post, setPost] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // mounted per opening: the form starts from the order as fetched now, not from a cached copy
  const detail = order.isFetchedAfterMount && order.data && order.data.id === orderId ? order.data : null;
  const shelfOptions = useShelfOptions(warehouseId);

  // filled once per opening; a later refetch must not overwrite what is typed
  const loadedId = detail?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the loaded order's id on purpose; depending on `detail` would refill the form on every refetch and drop what was typed
  useEffect(() => {
    if (!detail) return;
    setQuantities(initialReceive(detail.lines));
    setShelves({});
    setWarehouseId(detail.warehouseId);
    setRemark('');
    setPost(false);
    setError(null);
  }, [loadedId]);

  const lines = useMemo(() => detail?.lines ?? [], [detail]);
  const total = receiveTotal(quantities, lines);
  // a bad 本次收货 stays as typed, red, and blocks 确认收货 until it is mended
  const blocked = receiveQuantitiesProblem(lines, quantities);
  // without the warehouse list the order's own warehouse is the only choice
  const warehouseOptions = useMemo(
    () => (warehouses.allowed ? warehouses.options.filter((o) => o.type !== 'transit') : detail ? [{ value: detail.warehouseId, label: detail.warehouseName }] : []),
    [warehouses.allowed, warehouses.options, detail],
  );

  const submit = async () => {
    if (!detail) return;
    const problem = receiveProblem(detail, quantities);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const result = await purchaseOrdersApi.receive(detail.id, receiveBody(detail, quantities, shelves, { warehouseId, remark, post: mayPost && post }), undefined, INLINE_ERROR);
      client.setQueryData(purchaseOrderKeys.detail(detail.id), result.order);
      void client.invalidateQueries({ queryKey: purchaseOrderKeys.all });
      void client.invalidateQueries({ queryKey: stockDocKeys.kind('inbound') });
      toast().success(`收货成功：入库单 ${result.inboundNo}${result.posted ? ' 已审核入库' : ' 已生成，待仓库入库'}`);
      onReceived?.(result);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnType<PurchaseOrderLineRecord>[] = [
    { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 44 },
    { key: 'item', title: '商品', width: 200, render: (_, l) => `${l.styleNo} ${l.colourName} ${l.sizeName}` },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 140 },
    { key: 'quantity', title: '订购', dataIndex: 'quantity', width: 60, align: 'right' },
    { key: 'received', title: '已收', dataIndex: 'receivedQuantity', width: 60, align: 'right' },
    { key: 'pending', title: '待入库', dataIndex: 'pendingQuantity', width: 66, align: 'right' },
    { key: 'receivable', title: '可收', dataIndex: 'receivableQuantity', width: 60, align: 'right' },
    {
      key: 'now',
      title: '本次收货',
      width: 150,
      render: (_, l) => (
        <QuantityInput
          disabled={l.receivableQuantity === 0}
          rule={receiveRule(l)}
          value={quantities[l.id]}
          onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: v }))}
          aria-label={`${l.styleNo} ${l.colourName} ${l.sizeName} 本次收货`}
          testId={`po-receive-qty-${l.barcode}`}
        />
      ),
    },
    {
      key: 'shelf',
      title: '货架',
      width: 150,
      render: (_, l) => (
        <Select<number>
          size="small"
          allowClear
          placeholder="不指定"
          style={{ width: 136 }}
          disabled={!warehouseId || l.receivableQuantity === 0}
          value={shelves[l.id] ?? undefined}
          options={shelfOptions.options}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(id) => setShelves((s) => ({ ...s, [l.id]: id ?? null }))}
        />
      ),
    },
  ];

  return (
    <Modal
      title={detail ? `收货 ${detail.orderNo}：${detail.supplierName}` : '收货'}
      open={open}
      width={1000}
      onCancel={() => (busy ? undefined : onClose())}
      onOk={() => void submit()}
      okText={`确认收货（${total} 件）`}
      cancelText="取消"
      okButtonProps={{ loading: busy, disabled: !detail || !!blocked, 'data-testid': 'po-receive-confirm' } as ButtonProps}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="po-receive-modal"
    >
      {order.isError && !detail ? (
        <Result status="error" title="订单加载失败" subTitle={order.error.message} />
      ) : !detail ? (
        <Spin style={{ margin: 32 }} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <span>收货仓库</span>
            <Select<number>
              style={{ width: 240 }}
              value={warehouseId ?? undefined}
              options={warehouseOptions}
              loading={warehouses.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(id) => {
                setWarehouseId(id);
                // shelves belong to a warehouse
                setShelves({});
              }}
              data-testid="po-receive-warehouse"
            />
            <Button size="small" onClick={() => setQuantities(initialReceive(lines))} data-testid="po-receive-all">
              全部收货
            </Button>
            <Button size="small" onClick={() => setQuantities(clearedReceive(lines))} data-testid="po-receive-clear">
              清空
            </Button>
            {detail.tolerancePercent > 0 ? <span style={{ color: 'rgba(0,0,0,0.45)' }}>允许超收 {detail.tolerancePercent}%</span> : null}
          </Space>
          <Table<PurchaseOrderLineRecord>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={lines as PurchaseOrderLineRecord[]}
            pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: 'max-content', y: 380 }}
            data-testid="po-receive-lines"
          />
          <Input.TextArea
            rows={2}
            maxLength={PURCHASE_REMARK_MAX}
            showCount
            placeholder="备注（选填）"
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            style={{ marginTop: 12 }}
            data-testid="po-receive-remark"
          />
          <div style={{ marginTop: 24, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            {mayPost ? (
              <Checkbox checked={post} onChange={(e) => setPost(e.target.checked)} data-testid="po-receive-post">
                直接审核入库（不勾选则生成待入库的入库单，由仓库扫描后审核）
              </Checkbox>
            ) : (
              <span>将生成待入库的入库单，由仓库扫描后审核入库</span>
            )}
            <span>
              <SaveBlockedHint problem={blocked} />
              <b data-testid="po-receive-total">本次收货 {total} 件</b>
            </span>
          </div>
          {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="po-receive-error" /> : null}
        </>
      )}
    </Modal>
  );
}
