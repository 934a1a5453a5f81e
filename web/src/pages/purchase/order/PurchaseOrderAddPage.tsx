import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { PURCHASE_REMARK_MAX, PURCHASE_TOLERANCE_MAX, PurchaseMessages, type PurchaseOrderDetail, type PurchaseOrderInput } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { purchaseOrderKeys, purchaseOrdersApi, usePurchaseOrder, purchaseOrderInfoPath } from '../../../api/purchase-orders.ts';
import { fromOrderLines, orderLinesProblem, orderQuantitiesProblem, toOrderLineInputs, type OrderEditorLine } from './purchase-order-rules.ts';
import { SaveBlockedHint } from '../../../ui/quantity/QuantityInput.tsx';
import { PurchaseOrderLinesEditor } from './PurchaseOrderLinesEditor.tsx';
import '../../../ui/document/stock-docs.css';
import './purchase-order.css';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

interface HeaderValues {
  supplierId?: number;
  warehouseId?: number;
  expectedDate?: Dayjs | null;
  tolerancePercent?: number | null;
  remark?: string;
}

const INITIAL: HeaderValues = { tolerancePercent: 0 };

/** 新增 (no id) and editing a draft (?id=); kept alive, so what is typed survives leaving the tab. */
export function PurchaseOrderAddPage() {
  const id = useDocIdParam();
  const afterSave = useAfterSave(id !== null);
  return <PurchaseOrderForm key={id ?? 'new'} orderId={id} onSaved={(order) => afterSave(purchaseOrderInfoPath(order.id))} />;
}

const inputOf = (values: HeaderValues, lines: readonly OrderEditorLine[]): PurchaseOrderInput => ({
  supplierId: values.supplierId!,
  warehouseId: values.warehouseId!,
  expectedDate: values.expectedDate!.format('YYYY-MM-DD'),
  tolerancePercent: values.tolerancePercent ?? 0,
  remark: (values.remark ?? '').trim(),
  lines: toOrderLineInputs(lines),
});

/**
 * The order form: supplier, receiving warehouse, 交货日期, 超收比例, 备注 and the lines by style.
 * 保存草稿 / 保存并提交; a failed request keeps every input and shows the server's message; a
 * draft created whose submit failed is updated (not created again) on the next click.
 */
function PurchaseOrderForm({ orderId, onSaved }: { orderId: number | null; onSaved: (order: PurchaseOrderDetail) => void }) {
  const [form] = Form.useForm<HeaderValues>();
  const client = useQueryClient();
  const warehouses = useWarehouseOptions();
  const existing = usePurchaseOrder(orderId);
  const current = existing.data && existing.data.id === orderId ? existing.data : null;
  const [lines, setLines] = useState<OrderEditorLine[]>([]);
  const [savedId, setSavedId] = useState<number | null>(orderId);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const loaded = useRef<number | null>(null);

  // an edited draft fills the form once (a later refetch must not overwrite what is typed)
  useEffect(() => {
    if (!current || loaded.current === current.id) return;
    loaded.current = current.id;
    form.setFieldsValue({
      supplierId: current.supplierId,
      warehouseId: current.warehouseId,
      expectedDate: dayjs(current.expectedDate),
      tolerancePercent: current.tolerancePercent,
      remark: current.remark,
    });
    setLines(fromOrderLines(current.lines));
  }, [current, form]);

  const warehouseOptions = useMemo(() => warehouses.options.filter((o) => o.type !== 'transit'), [warehouses.options]);
  // a bad quantity stays as typed, red, and blocks both saves until it is mended
  const blocked = orderQuantitiesProblem(lines);

  const save = async (submit: boolean) => {
    setError(null);
    let values: HeaderValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const problem = orderLinesProblem(lines);
    if (problem) return setError(problem);
    setSaving(submit ? 'submit' : 'draft');
    const creating = savedId === null;
    let id = savedId;
    try {
      let detail = id ? await purchaseOrdersApi.update(id, inputOf(values, lines), INLINE_ERROR) : await purchaseOrdersApi.create(inputOf(values, lines), INLINE_ERROR);
      id = detail.id;
      setSavedId(id);
      if (submit) detail = await purchaseOrdersApi.action(id, 'submit', {}, INLINE_ERROR);
      client.setQueryData(purchaseOrderKeys.detail(id), detail);
      void client.invalidateQueries({ queryKey: purchaseOrderKeys.page });
      if (orderId === null) {
        // the kept-alive 新增 page starts over for the next order
        form.resetFields();
        setLines([]);
        setSavedId(null);
      }
      onSaved(detail);
    } catch (e) {
      const msg = e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e);
      setError(creating && id ? `草稿已保存，但提交失败：${msg}` : msg);
    } finally {
      setSaving(null);
    }
  };

  if (orderId !== null && !current) {
    return existing.isError ? <Alert type="error" showIcon title={`采购订单加载失败：${existing.error.message}`} /> : <Spin style={{ margin: 48 }} />;
  }
  if (current && current.status !== 'draft') {
    return <Alert type="warning" showIcon title={`采购订单${current.orderNo}当前为「${current.statusLabel}」，只有草稿可以编辑`} data-testid="po-not-editable" />;
  }

  return (
    <div className="doc-page" data-testid="po-form">
      <Card title={current ? `编辑采购订单 ${current.orderNo}` : '新增采购订单'}>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} closable={{ onClose: () => setError(null) }} data-testid="po-form-error" /> : null}
        <Form<HeaderValues> form={form} layout="vertical" initialValues={INITIAL} autoComplete="off">
          <Row gutter={16}>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="supplierId" label="供应商" rules={[{ required: true, message: PurchaseMessages.supplierRequired }]}>
                <SupplierSelect current={current ? { id: current.supplierId, name: current.supplierName } : null} data-testid="po-form-supplier" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="warehouseId" label="收货仓库" rules={[{ required: true, message: PurchaseMessages.warehouseRequired }]}>
                <Select<number>
                  placeholder="请选择收货仓库"
                  options={warehouseOptions}
                  loading={warehouses.isFetching}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="po-form-warehouse"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="expectedDate" label="交货日期" rules={[{ required: true, message: PurchaseMessages.expectedDateRequired }]}>
                <DatePicker style={{ width: '100%' }} placeholder="请选择交货日期" data-testid="po-form-expected" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item
                name="tolerancePercent"
                label="超收比例(%)"
                tooltip="每行最多可收：订购数量 ×（1 + 超收比例），0 表示不允许超收"
                rules={[{ type: 'integer', min: 0, max: PURCHASE_TOLERANCE_MAX, message: PurchaseMessages.toleranceInvalid }]}
              >
                <InputNumber min={0} max={PURCHASE_TOLERANCE_MAX} precision={0} style={{ width: '100%' }} suffix="%" data-testid="po-form-tolerance" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="remark" label="备注" rules={[{ max: PURCHASE_REMARK_MAX, message: PurchaseMessages.remarkTooLong }]}>
                <Input.TextArea rows={2} maxLength={PURCHASE_REMARK_MAX} showCount data-testid="po-form-remark" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card title="明细">
        <PurchaseOrderLinesEditor value={lines} onChange={setLines} disabled={saving !== null} />
      </Card>
      <div className="doc-form__actions">
        <SaveBlockedHint problem={blocked} />
        <Button onClick={() => void save(false)} loading={saving === 'draft'} disabled={saving !== null || !!blocked} data-testid="po-save-draft">
          保存草稿
        </Button>
        <Button type="primary" onClick={() => void save(true)} loading={saving === 'submit'} disabled={saving !== null || !!blocked} data-testid="po-save-submit">
          保存并提交
        </Button>
      </div>
    </div>
  );
}
