import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PURCHASE_REASON_MAX, PURCHASE_REMARK_MAX, PurchaseMessages, type PurchaseRefundDetail, type PurchaseRefundInput } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { usePermission } from '../../../access/route-meta.ts';
import { SupplierSelect } from '../../../ui/SupplierSelect.tsx';
import { useWarehouseOptions } from '../../../api/use-warehouse-options.ts';
import { purchaseRefundKeys, purchaseRefundsApi, useRefundableOrders, useRefundDetail, useRefundOrder } from '../purchase-refunds-api.ts';
import { RefundFreeLines } from './RefundFreeLines.tsx';
import { RefundOrderLines } from './RefundOrderLines.tsx';
import { SaveBlockedHint } from '../../../ui/quantity/QuantityInput.tsx';
import { editorQuantitiesProblem } from '../../../ui/document/lines-rules.ts';
import {
  FREE_QUANTITY_RULE,
  freeLineInputs,
  freeLinesProblem,
  fromRefundDetail,
  orderLineInputs,
  orderLinesProblem,
  orderQuantitiesProblem,
  type FreeLine,
} from './refund-rules.ts';
import './refund.css';

interface HeaderValues {
  supplierId?: number | null;
  warehouseId?: number | null;
  purchaseOrderId?: number | null;
  reason?: string;
  remark?: string;
}

export interface RefundFormProps {
  /** a draft to edit (?id=); null: a new refund */
  refundId: number | null;
  /** a new refund starting from this order (?orderId=) */
  orderId: number | null;
  /** after a save: the refund as stored, and whether it was audited too */
  onSaved: (refund: PurchaseRefundDetail, audited: boolean) => void;
}

/**
 * 新增/编辑 采购退货: supplier, warehouse, optionally one of the supplier's received orders (its lines
 * with 可退 and a 退货数量 each) or SKUs with quantity and price; reason, remark; 保存草稿 / 保存并审核.
 * A refusal keeps everything typed and shows the server's message; a draft saved before a failed
 * audit is updated by the next click.
 */
export function RefundForm({ refundId, orderId, onSaved }: RefundFormProps) {
  const [form] = Form.useForm<HeaderValues>();
  const client = useQueryClient();
  const can = usePermission();
  const warehouses = useWarehouseOptions();
  const existing = useRefundDetail(refundId);
  const current = existing.data && existing.data.id === refundId ? existing.data : null;
  const supplierId = Form.useWatch('supplierId', form) ?? null;
  const chosenOrderId = Form.useWatch('purchaseOrderId', form) ?? null;
  const warehouseId = Form.useWatch('warehouseId', form) ?? null;
  const orders = useRefundableOrders(supplierId);
  const order = useRefundOrder(chosenOrderId);
  const startOrder = useRefundOrder(orderId);
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const [free, setFree] = useState<FreeLine[]>([]);
  const [savedId, setSavedId] = useState<number | null>(refundId);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'draft' | 'audit' | null>(null);
  const filled = useRef(false);

  // a draft fills the form once; a start order presets supplier, warehouse and order once
  useEffect(() => {
    if (filled.current) return;
    if (current) {
      filled.current = true;
      form.setFieldsValue({
        supplierId: current.supplierId,
        warehouseId: current.warehouseId,
        purchaseOrderId: current.purchaseOrderId,
        reason: current.reason,
        remark: current.remark,
      });
      const lines = fromRefundDetail(current);
      setQuantities(lines.quantities);
      setFree(lines.free);
    } else if (refundId === null && startOrder.data) {
      filled.current = true;
      form.setFieldsValue({ supplierId: startOrder.data.supplierId, warehouseId: startOrder.data.warehouseId, purchaseOrderId: startOrder.data.id });
    }
  }, [current, refundId, startOrder.data, form]);

  const known = current ?? startOrder.data ?? null;
  const supplierCurrent = known ? { id: known.supplierId, name: known.supplierName } : null;
  const orderOptions = useMemo(() => {
    const list = (orders.data ?? []).map((o) => ({ value: o.id, label: `${o.orderNo}（${o.orderDate}，${o.statusLabel}，已收${o.receivedQuantity}件）` }));
    const extra = current?.purchaseOrderId
      ? { id: current.purchaseOrderId, no: current.orderNo }
      : startOrder.data
        ? { id: startOrder.data.id, no: startOrder.data.orderNo }
        : null;
    if (extra && !list.some((o) => o.value === extra.id)) list.unshift({ value: extra.id, label: extra.no });
    return list;
  }, [orders.data, current, startOrder.data]);
  const warehouseOptions = useMemo(() => warehouses.options.filter((o) => o.type !== 'transit'), [warehouses.options]);

  const onValuesChange = (changed: Partial<HeaderValues>) => {
    if ('supplierId' in changed) form.setFieldValue('purchaseOrderId', null);
    if ('supplierId' in changed || 'purchaseOrderId' in changed) setQuantities({});
  };
  // the order's warehouse is the usual place its goods leave from
  useEffect(() => {
    if (order.data && !form.getFieldValue('warehouseId')) form.setFieldValue('warehouseId', order.data.warehouseId);
  }, [order.data, form]);

  // a bad 退货数量 stays as typed, red, and blocks both saves until it is mended
  const blocked = chosenOrderId
    ? order.data?.id === chosenOrderId
      ? orderQuantitiesProblem(order.data.lines, quantities)
      : null
    : editorQuantitiesProblem(free, FREE_QUANTITY_RULE);

  const save = async (audit: boolean) => {
    setError(null);
    let values: HeaderValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const fromOrder = !!values.purchaseOrderId;
    if (fromOrder && !order.data) {
      setError('采购订单明细还在加载，请稍候');
      return;
    }
    const problem = fromOrder ? orderLinesProblem(order.data!.lines, quantities) : freeLinesProblem(free);
    if (problem) {
      setError(problem);
      return;
    }
    const input: PurchaseRefundInput = {
      supplierId: values.supplierId!,
      warehouseId: values.warehouseId!,
      purchaseOrderId: values.purchaseOrderId ?? null,
      reason: (values.reason ?? '').trim(),
      remark: (values.remark ?? '').trim(),
      lines: fromOrder ? orderLineInputs(order.data!.lines, quantities) : freeLineInputs(free),
    };
    setSaving(audit ? 'audit' : 'draft');
    let id = savedId;
    const creating = savedId === null;
    try {
      let detail = id ? await purchaseRefundsApi.update(id, input, INLINE_ERROR) : await purchaseRefundsApi.create(input, INLINE_ERROR);
      id = detail.id;
      setSavedId(id);
      if (audit) detail = await purchaseRefundsApi.audit(id, INLINE_ERROR);
      client.setQueryData(purchaseRefundKeys.detail(id), detail);
      void client.invalidateQueries({ queryKey: purchaseRefundKeys.all });
      if (audit) void client.invalidateQueries({ queryKey: ['stock-docs'] });
      if (refundId === null) {
        // a kept-alive 新增 page starts over for the next refund
        form.resetFields();
        setQuantities({});
        setFree([]);
        setSavedId(null);
      }
      onSaved(detail, audit);
    } catch (e) {
      const msg = e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e);
      setError(creating && id ? `草稿已保存，但审核失败：${msg}` : msg);
    } finally {
      setSaving(null);
    }
  };

  if (refundId !== null && !current) {
    return existing.isError ? <Alert type="error" showIcon title={`退货单加载失败：${existing.error.message}`} /> : <Spin style={{ margin: 48 }} />;
  }
  if (current && current.status !== 'draft') {
    return <Alert type="warning" showIcon title={`采购退货单${current.refundNo}当前为「${current.statusLabel}」，只有草稿可以编辑`} data-testid="refund-not-editable" />;
  }
  if (orderId !== null && refundId === null && startOrder.isError) {
    return <Alert type="error" showIcon title={`采购订单加载失败：${startOrder.error.message}`} />;
  }

  return (
    <div className="doc-page" data-testid="refund-form">
      <Card title={current ? `编辑采购退货 ${current.refundNo}` : '新增采购退货'}>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} closable={{ onClose: () => setError(null) }} data-testid="refund-form-error" /> : null}
        <Form<HeaderValues> form={form} layout="vertical" autoComplete="off" onValuesChange={onValuesChange}>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="supplierId" label="供应商" rules={[{ required: true, message: PurchaseMessages.supplierRequired }]}>
                <SupplierSelect current={supplierCurrent} placeholder="输入编码或名称搜索" data-testid="refund-form-supplier" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="warehouseId" label="出库仓库" rules={[{ required: true, message: '请选择出库仓库' }]}>
                <Select<number>
                  placeholder="请选择出库仓库"
                  options={warehouseOptions}
                  loading={warehouses.isFetching}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="refund-form-warehouse"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={24} xl={12}>
              <Form.Item name="purchaseOrderId" label="采购订单" extra="可选：从供应商已收货的订单退货；不选则按SKU添加">
                <Select<number>
                  allowClear
                  placeholder={supplierId ? '不从订单退货' : '先选择供应商'}
                  disabled={!supplierId}
                  options={orderOptions}
                  loading={orders.isFetching}
                  showSearch={{ optionFilterProp: 'label' }}
                  notFoundContent="该供应商没有已收货的订单"
                  data-testid="refund-form-order"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="reason"
                label="退货原因"
                rules={[
                  { required: true, whitespace: true, message: PurchaseMessages.reasonRequired },
                  { max: PURCHASE_REASON_MAX, message: PurchaseMessages.reasonTooLong },
                ]}
              >
                <Input.TextArea rows={2} maxLength={PURCHASE_REASON_MAX} showCount data-testid="refund-form-reason" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="remark" label="备注" rules={[{ max: PURCHASE_REMARK_MAX, message: PurchaseMessages.remarkTooLong }]}>
                <Input.TextArea rows={2} maxLength={PURCHASE_REMARK_MAX} showCount data-testid="refund-form-remark" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card title={chosenOrderId ? `退货明细（来自采购订单 ${order.data?.orderNo ?? ''}）` : '退货明细'}>
        {chosenOrderId ? (
          order.isError ? (
            <Alert type="error" showIcon title={`采购订单加载失败：${order.error.message}`} />
          ) : (
            <RefundOrderLines
              lines={order.data?.id === chosenOrderId ? order.data.lines : []}
              loading={!order.data || order.isFetching}
              value={quantities}
              onChange={setQuantities}
            />
          )
        ) : (
          <RefundFreeLines value={free} onChange={setFree} warehouseId={warehouseId} />
        )}
      </Card>
      <div className="doc-form__actions">
        <SaveBlockedHint problem={blocked} />
        <Button onClick={() => void save(false)} loading={saving === 'draft'} disabled={saving !== null || !!blocked} data-testid="refund-save-draft">
          保存草稿
        </Button>
        {can('purchase:refund:audit') ? (
          <Button type="primary" onClick={() => void save(true)} loading={saving === 'audit'} disabled={saving !== null || !!blocked} data-testid="refund-save-audit">
            保存并审核
          </Button>
        ) : null}
      </div>
    </div>
  );
}
