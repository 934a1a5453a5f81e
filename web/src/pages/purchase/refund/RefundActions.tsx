import { INLINE_ERROR } from '../../../api/request.ts';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PURCHASE_REASON_MAX, PURCHASE_REFUND_ACTION_LABELS, type PurchaseRefundAction, type PurchaseRefundRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { DocumentActionBar } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
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
  const label = (a: PurchaseRefundAction) => PURCHASE_REFUND_ACTION_LABELS[a];

  return (
    <DocumentActionBar<PurchaseRefundAction>
      docNo={refund.refundNo}
      open={allowedRefundActions(refund.actions, can).filter((a) => !hide.includes(a))}
      order={ORDER}
      label={label}
      variant={compact ? 'row' : 'bar'}
      primary={(a) => a === 'audit'}
      danger={(a) => a === 'void' || a === 'delete'}
      before={(a) => {
        if (a !== 'edit') return false;
        navigate(refundPath('add', { id: refund.id }));
        return true;
      }}
      dialog={(action) => ({
        confirm: CONFIRMS[action as Exclude<PurchaseRefundAction, 'edit'>],
        reason: action === 'void' ? { title: '作废原因', required: true, max: PURCHASE_REASON_MAX } : undefined,
      })}
      run={async (action, { reason }) => {
        if (action === 'delete') {
          await purchaseRefundsApi.remove(refund.id, INLINE_ERROR);
          client.removeQueries({ queryKey: purchaseRefundKeys.detail(refund.id) });
        } else {
          // the bar shows a failure in its dialog: no toast besides
          const detail = action === 'audit' ? await purchaseRefundsApi.audit(refund.id, INLINE_ERROR) : await purchaseRefundsApi.void(refund.id, reason, INLINE_ERROR);
          client.setQueryData(purchaseRefundKeys.detail(refund.id), detail);
        }
        void client.invalidateQueries({ queryKey: purchaseRefundKeys.all });
        // order figures, payables and stock documents move with a refund
        void client.invalidateQueries({ queryKey: ['purchase-orders'] });
        void client.invalidateQueries({ queryKey: ['purchase-payables'] });
        void client.invalidateQueries({ queryKey: ['stock-docs'] });
        toast().success(`${label(action)}成功`);
        if (action === 'delete') onDeleted?.();
      }}
      testIds={{
        bar: 'refund-actions',
        button: (a) => `refund-action-${a}${compact ? `-${refund.refundNo}` : ''}`,
        confirm: 'refund-action-confirm',
        reason: 'refund-action-reason',
        error: 'refund-action-error',
      }}
    />
  );
}
