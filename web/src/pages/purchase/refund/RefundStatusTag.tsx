import { Tag } from 'antd';
import { PURCHASE_REFUND_STATUS_LABELS, type PurchaseRefundStatus } from '@erp/shared';

const COLOURS: Record<PurchaseRefundStatus, string> = { draft: 'default', audited: 'processing', done: 'success', void: 'error' };

/** A refund's status as a coloured tag. */
export function RefundStatusTag({ status }: { status: PurchaseRefundStatus }) {
  return (
    <Tag color={COLOURS[status]} data-testid="refund-status">
      {PURCHASE_REFUND_STATUS_LABELS[status]}
    </Tag>
  );
}
