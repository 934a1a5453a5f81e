import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Input, Modal, Space, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PURCHASE_REASON_MAX, PURCHASE_REFUND_ACTION_LABELS, type PurchaseRefundAction, type PurchaseRefundRecord } from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { usePermission } from '../../../router/route-meta.ts';
import { toast } from '../../../ui/feedback.ts';
import { purchaseRefundKeys, purchaseRefundsApi } from '../purchase-refunds-api.ts';
import { allowedRefundActions, refundPath } from './refund-rules.ts';

const ORDER: PurchaseRefundAction[] = ['edit', 'audit', 'void', 'delete'];

const CONFIRMS: Record<Exclude<PurchaseRefundAction, 'edit'>, string> = {
  audit: '审核后将生成采购退货出库单，由仓库出库后退货完成；退货数量计入订单的已退数量。确定审核？',
  void: '作废后不能恢复；未出库的采购退货出库单一并作废。确定作废？',
  delete: '删除后不能恢复。确定删除这张草稿？',
};

export interface RefundActionsProps {
  refund: PurchaseRefundRecord;
  /** link buttons in a table row (default: normal buttons) */
  compact?: boolean;
  /** leave out 编辑 (e.g. on the edit page itself) */
  hide?: readonly PurchaseRefundAction[];
  /** after a delete (the refund is gone) */
  onDeleted?: () => void;
}

/**
 * The buttons a refund's status opens and the user's codes allow: 编辑 goes to the form; 审核,
 * 作废 (with a reason) and 删除 ask first and keep the dialog open with the server's refusal.
 */
export function RefundActions({ refund, compact, hide = [], onDeleted }: RefundActionsProps) {
  const can = usePermission();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [pending, setPending] = useState<Exclude<PurchaseRefundAction, 'edit'> | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const shown = ORDER.filter((a) => allowedRefundActions(refund.actions, can).includes(a) && !hide.includes(a));

  const start = (action: PurchaseRefundAction) => {
    if (action === 'edit') {
      navigate(refundPath('add', { id: refund.id }));
      return;
    }
    setReason('');
    setError(null);
    setPending(action);
  };

  const run = async () => {
    if (!pending) return;
    const text = reason.trim();
    if (pending === 'void' && !text) {
      setError('请填写作废原因');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (pending === 'delete') {
        await purchaseRefundsApi.remove(refund.id);
        client.removeQueries({ queryKey: purchaseRefundKeys.detail(refund.id) });
      } else {
        const detail = pending === 'audit' ? await purchaseRefundsApi.audit(refund.id) : await purchaseRefundsApi.void(refund.id, text);
        client.setQueryData(purchaseRefundKeys.detail(refund.id), detail);
      }
      void client.invalidateQueries({ queryKey: purchaseRefundKeys.all });
      // order figures, payables and stock documents move with a refund
      void client.invalidateQueries({ queryKey: ['purchase-orders'] });
      void client.invalidateQueries({ queryKey: ['purchase-payables'] });
      void client.invalidateQueries({ queryKey: ['stock-docs'] });
      toast().success(`${PURCHASE_REFUND_ACTION_LABELS[pending]}成功`);
      const done = pending;
      setPending(null);
      if (done === 'delete') onDeleted?.();
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (shown.length === 0) return null;
  const type = (a: PurchaseRefundAction): ButtonProps['type'] => (compact ? 'link' : a === 'audit' ? 'primary' : 'default');
  return (
    <>
      <Space size={compact ? 0 : 8} wrap data-testid="refund-actions">
        {shown.map((action) => (
          <Button
            key={action}
            type={type(action)}
            size={compact ? 'small' : undefined}
            danger={action === 'void' || action === 'delete'}
            onClick={() => start(action)}
            data-testid={`refund-action-${action}${compact ? `-${refund.refundNo}` : ''}`}
          >
            {PURCHASE_REFUND_ACTION_LABELS[action]}
          </Button>
        ))}
      </Space>
      <Modal
        title={pending ? `${PURCHASE_REFUND_ACTION_LABELS[pending]} ${refund.refundNo}` : ''}
        open={pending !== null}
        onCancel={() => (busy ? undefined : setPending(null))}
        onOk={() => void run()}
        okText={pending ? PURCHASE_REFUND_ACTION_LABELS[pending] : '确定'}
        cancelText="取消"
        okButtonProps={{ danger: pending === 'void' || pending === 'delete', loading: busy, 'data-testid': 'refund-action-confirm' } as ButtonProps}
        destroyOnHidden
        maskClosable={!busy}
      >
        <p>{pending ? CONFIRMS[pending] : null}</p>
        {pending === 'void' ? (
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={PURCHASE_REASON_MAX}
            showCount
            placeholder="作废原因（必填）"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="refund-action-reason"
          />
        ) : null}
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="refund-action-error" /> : null}
      </Modal>
    </>
  );
}
