import { useState } from 'react';
import { Alert, Input, Modal, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { auditCutProblem, FINANCE_TEXT_MAX, SALES_ORDER_REASON_MAX, type SalesOrderDetail, type SalesOrderLineRecord } from '@erp/shared';
import { INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import { OrderFundsNote } from './OrderFundsNote.tsx';
import { overAvailable } from './OrderStyleEntry.tsx';
import { salesOrderKeys, salesOrdersApi } from '../../../api/sales-orders.ts';
import './order-entry.css';

/** What to keep of each line: the ordered quantities to start with; null while a cell is empty or bad. */
export type ApprovedValues = Record<number, number | null | undefined>;

/** The audit's problem as typed (the shared rule the server applies), or null. */
export function auditProblem(lines: readonly SalesOrderLineRecord[], approved: ApprovedValues, reason: string): string | null {
  const kept = lines.map((l) => ({ ordered: l.ordered, approved: approved[l.id] ?? Number.NaN }));
  return auditCutProblem(kept, reason);
}

/** 审核: HQ keeps or cuts each line (never above what was ordered); a cut needs a reason; checked as typed. */
export function SalesOrderAuditModal({ order, open, onClose }: { order: SalesOrderDetail; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [approved, setApproved] = useState<ApprovedValues>(() => Object.fromEntries(order.lines.map((l) => [l.id, l.ordered])));
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // 授信额度不足 refused the audit: a user with 超额度放行 may send it again with a reason (the server decides)
  const [overrun, setOverrun] = useState(false);
  const [overrideReason, setOverrideReason] = useState('');
  const [saving, setSaving] = useState(false);
  // HQ's 可订 per SKU: a kept quantity beyond it is flagged amber (allowed: goods may still arrive)
  const stock = useQuery({ queryKey: salesOrderKeys.stock(order.id), queryFn: ({ signal }) => salesOrdersApi.stock(order.id, signal), enabled: open, retry: false });
  const availableOf = new Map((stock.data ?? []).map((s) => [s.skuId, s.available]));
  const billed = order.billedType && order.billedId ? { billedType: order.billedType, billedId: order.billedId, billedName: order.billedName } : null;
  const problem = auditProblem(order.lines, approved, reason);
  const kept = order.lines.reduce((s, l) => s + (approved[l.id] ?? 0), 0);
  const submit = async () => {
    if (problem) return;
    setSaving(true);
    setFailure(null);
    try {
      const lines = order.lines.map((l) => ({ lineId: l.id, approved: approved[l.id]! }));
      const detail = await salesOrdersApi.audit(
        order.id,
        { lines, reason, ...(overrun && overrideReason.trim() ? { creditOverrideReason: overrideReason.trim() } : {}) },
        INLINE_ERROR,
      );
      client.setQueryData(salesOrderKeys.detail(order.id), detail);
      void client.invalidateQueries({ queryKey: salesOrderKeys.all });
      toast().success('审核成功');
      onClose();
    } catch (error) {
      // the dialog stays with what was typed and says why
      const message = error instanceof Error ? error.message : '审核失败，请稍后重试';
      setFailure(message);
      if (message.startsWith('授信额度不足')) setOverrun(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={`审核订货单 ${order.orderNo}`}
      width={860}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认审核"
      cancelText="返回"
      okButtonProps={{ disabled: !!problem, loading: saving, 'data-testid': 'so-audit-confirm' } as never}
      destroyOnHidden
    >
      <Table<SalesOrderLineRecord>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={order.lines}
        className="so-audit"
        data-testid="so-audit-lines"
        columns={[
          { key: 'style', title: '款号', width: 110, render: (_, l) => l.styleNo },
          { key: 'colour', title: '颜色', width: 80, dataIndex: 'colourName' },
          { key: 'size', title: '尺码', width: 60, dataIndex: 'sizeName' },
          { key: 'ordered', title: '订货', width: 70, align: 'right', dataIndex: 'ordered' },
          {
            key: 'available',
            title: '总部可订',
            width: 90,
            align: 'right',
            render: (_, l) => {
              const available = availableOf.get(l.skuId);
              if (available === undefined) return stock.isLoading ? '…' : '--';
              return overAvailable(available, approved[l.id]) ? (
                <span className="so-cell-over" title="审核数量超出总部可订库存：可以审核，配货时按实际库存分配" data-testid={`so-audit-over-${l.barcode}`}>
                  {available} · 超出
                </span>
              ) : (
                <span data-testid={`so-audit-available-${l.barcode}`}>{available}</span>
              );
            },
          },
          {
            key: 'approved',
            title: '审核数量',
            width: 130,
            render: (_, l) => (
              <QuantityInput
                value={approved[l.id]}
                onChange={(q) => setApproved((prev) => ({ ...prev, [l.id]: q }))}
                rule={{ min: 0, max: l.ordered, label: '审核数量', required: true }}
                width={88}
                aria-label={`${l.styleNo} ${l.colourName} ${l.sizeName} 审核数量`}
                testId={`so-audit-qty-${l.barcode}`}
              />
            ),
          },
          {
            key: 'cut',
            title: '削减',
            width: 60,
            align: 'right',
            render: (_, l) => (typeof approved[l.id] === 'number' && approved[l.id]! < l.ordered ? l.ordered - approved[l.id]! : ''),
          },
        ]}
      />
      <div style={{ margin: '12px 0 4px', display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <span>
          订货 {order.totalQuantity} 件，审核保留 {kept} 件
        </span>
        <OrderFundsNote seasonId={order.seasonId} buyer={{ buyerType: order.buyerType, buyerId: order.buyerId }} shopId={order.shopId} billed={billed} />
      </div>
      <Input.TextArea
        rows={2}
        maxLength={SALES_ORDER_REASON_MAX}
        placeholder="削减原因（有削减时必填），如：该码库存不足"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        data-testid="so-audit-reason"
      />
      {problem ? <Alert style={{ marginTop: 8 }} type="warning" showIcon title={problem} data-testid="so-audit-problem" /> : null}
      {failure ? <Alert style={{ marginTop: 8 }} type="error" showIcon title={failure} data-testid="so-audit-error" /> : null}
      {overrun ? (
        <Input.TextArea
          style={{ marginTop: 8 }}
          rows={2}
          maxLength={FINANCE_TEXT_MAX}
          placeholder="超额度放行理由（需有超额度放行权限，将记入订单日志），填写后再次确认审核"
          value={overrideReason}
          onChange={(e) => setOverrideReason(e.target.value)}
          data-testid="so-audit-override"
        />
      ) : null}
    </Modal>
  );
}
