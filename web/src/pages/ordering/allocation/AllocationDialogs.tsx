import { useState } from 'react';
import { Alert, Form, InputNumber, Modal, Radio, Space, Table, Typography } from 'antd';
import { ALLOCATION_TARGET_RATE_DEFAULT, type AllocateResult, type DeliverResult } from '@erp/shared';
import { INLINE_ERROR, type CallOptions } from '../../../api/request.ts';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { HqWarehouseSelect } from './HqWarehouseSelect.tsx';
import { deliveryInfoPath } from '../../../api/sales-orders.ts';
import { newIdempotencyKey } from '../../../api/stock-docs.ts';
import { allocationApi } from './allocation-api.ts';
import { moneyColumn } from '../../../ui/money/index.ts';

// The two dialogs of 配货发货: 配货 (warehouse, 配码完整率, which orders) and 生成出库 (warehouse,
// which orders), each showing its answer before it closes.

type Scope = 'selected' | 'all';

interface DialogProps {
  open: boolean;
  selected: number[];
  onClose: () => void;
  /** after a success: the list refetches */
  onDone: () => void;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : '操作失败，请重试');

/**
 * A dialog that sends once and then shows the server's answer: the call (its form checked first),
 * busy while it runs, the refusal shown inside, the answer kept until the dialog closes. Each send
 * carries a new Idempotency-Key, so a double click acts once.
 */
function useAnsweringDialog<R>(send: (options: CallOptions) => Promise<R>, onDone: () => void, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<R | null>(null);
  const close = () => {
    setResult(null);
    setError('');
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      setResult(await send({ ...INLINE_ERROR, headers: { 'Idempotency-Key': newIdempotencyKey() } }));
      onDone();
    } catch (e) {
      // the form's own rules already show under their fields
      if (!(e && typeof e === 'object' && 'errorFields' in e)) setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const modal = (title: string, resultTitle: string, okText: string) => ({
    title: result ? resultTitle : title,
    open: true,
    onCancel: close,
    onOk: result ? close : () => void submit(),
    okText: result ? '知道了' : okText,
    cancelButtonProps: result ? { style: { display: 'none' } } : undefined,
    confirmLoading: busy,
    destroyOnHidden: true,
  });
  return { error, result, close, modal };
}

/** HQ warehouses only: goods are allocated from HQ's stock. */
function useHqWarehouses() {
  const warehouses = useWarehouseOptions();
  return { ...warehouses, options: warehouses.options.filter((o) => o.type === 'hq') };
}

function ScopeField({ selected }: { selected: number[] }) {
  return (
    <Form.Item name="scope" label="订货单">
      <Radio.Group
        data-testid="alloc-scope"
        options={[
          { value: 'selected', label: `所选订货单（${selected.length}张）`, disabled: selected.length === 0 },
          { value: 'all', label: '全部待配货订货单' },
        ]}
      />
    </Form.Item>
  );
}

export function AllocateDialog({ open, selected, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<{ warehouseId?: number; targetRatePercent: number; scope: Scope }>();
  const warehouses = useHqWarehouses();
  const { error, result, modal } = useAnsweringDialog<AllocateResult>(
    async (options) => {
      const values = await form.validateFields();
      return allocationApi.allocate(
        { warehouseId: values.warehouseId, targetRatePercent: values.targetRatePercent, orderIds: values.scope === 'selected' ? selected : null },
        options,
      );
    },
    onDone,
    onClose,
  );
  return (
    <Modal {...modal('配货', '配货结果', '开始配货')} open={open} width={560} data-testid="alloc-dialog">
      {result ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type={result.pieces > 0 ? 'success' : 'info'}
            data-testid="alloc-result"
            title={result.pieces > 0 ? `已为 ${result.orderCount} 张订货单配货 ${result.pieces} 件（${result.lineCount} 行）` : '没有可配的库存：仓库可用库存不足或订单已配齐'}
          />
          {result.skipped.length ? (
            <>
              <Typography.Text type="secondary">以下款色达不到配码完整率，本次未配（货留给后面的订单）：</Typography.Text>
              <Table
                size="small"
                rowKey={(r) => `${r.orderNo}-${r.styleNo}-${r.colourName}`}
                pagination={false}
                dataSource={result.skipped}
                columns={[
                  { key: 'order', title: '订货单', dataIndex: 'orderNo' },
                  { key: 'style', title: '款号', dataIndex: 'styleNo' },
                  { key: 'colour', title: '颜色', dataIndex: 'colourName' },
                  { key: 'rate', title: '可配比例', dataIndex: 'ratePercent', align: 'right', render: (v: number) => `${v}%` },
                ]}
              />
            </>
          ) : null}
        </Space>
      ) : (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ flex: '96px' }}
          initialValues={{ targetRatePercent: ALLOCATION_TARGET_RATE_DEFAULT, scope: selected.length ? 'selected' : 'all' }}
        >
          <Form.Item name="warehouseId" label="发货仓库" rules={[{ required: true, message: '请选择发货仓库' }]}>
            <HqWarehouseSelect
              options={warehouses.options}
              loading={warehouses.isLoading}
              placeholder="总部仓库"
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="alloc-warehouse"
            />
          </Form.Item>
          <Form.Item
            name="targetRatePercent"
            label="配码完整率"
            extra="一个款色能配到的件数达到其待配件数的这个比例才配货（各尺码按比例），否则整款色不配"
            rules={[{ required: true, type: 'integer', min: 0, max: 100, message: '配码完整率须为0-100的整数' }]}
          >
            <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 140 }} data-testid="alloc-rate" />
          </Form.Item>
          <ScopeField selected={selected} />
          {error ? <Alert type="error" title={error} data-testid="alloc-error" /> : null}
        </Form>
      )}
    </Modal>
  );
}

export function DeliverDialog({ open, selected, onClose, onDone, openDoc }: DialogProps & { openDoc: (path: string) => void }) {
  const [form] = Form.useForm<{ warehouseId?: number; scope: Scope }>();
  const warehouses = useHqWarehouses();
  const { error, result, close, modal } = useAnsweringDialog<DeliverResult>(
    async (options) => {
      const values = await form.validateFields();
      return allocationApi.deliver({ warehouseId: values.warehouseId, orderIds: values.scope === 'selected' ? selected : null }, options);
    },
    onDone,
    onClose,
  );
  return (
    <Modal {...modal('生成出库', '已生成配货出库单', '生成出库单')} open={open} width={640} data-testid="deliver-dialog">
      {result ? (
        <Table
          size="small"
          rowKey="docId"
          pagination={false}
          dataSource={result.deliveries}
          data-testid="deliver-result"
          columns={[
            {
              key: 'doc',
              title: '配货出库单',
              render: (_, d) => (
                <ActionLink
                  onClick={() => {
                    close();
                    openDoc(deliveryInfoPath(d.docId));
                  }}
                  data-testid={`deliver-doc-${d.docNo}`}
                >
                  {d.docNo}
                </ActionLink>
              ),
            },
            { key: 'to', title: '收货仓库', dataIndex: 'toWarehouseName' },
            { key: 'orders', title: '订货单', render: (_, d) => d.orderNos.join('、') },
            { key: 'pieces', title: '件数', dataIndex: 'pieces', align: 'right' },
            moneyColumn({ key: 'amount', title: '金额', dataIndex: 'amountFen' }),
          ]}
        />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ flex: '96px' }} initialValues={{ scope: selected.length ? 'selected' : 'all' }}>
          <Alert type="info" style={{ marginBottom: 16 }} title="每张订货单各生成一张配货出库单（带订货价格），已提交待仓库发货；发货后货物在途，门店收货后入库。" />
          <Form.Item name="warehouseId" label="发货仓库" rules={[{ required: true, message: '请选择发货仓库' }]}>
            <HqWarehouseSelect
              options={warehouses.options}
              loading={warehouses.isLoading}
              placeholder="总部仓库"
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="deliver-warehouse"
            />
          </Form.Item>
          <ScopeField selected={selected} />
          {error ? <Alert type="error" title={error} data-testid="deliver-error" /> : null}
        </Form>
      )}
    </Modal>
  );
}
