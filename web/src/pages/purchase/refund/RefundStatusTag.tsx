import { PURCHASE_REFUND_STATUS_LABELS, type PurchaseRefundStatus } from '@erp/shared';
import { DocumentStatusTag } from '../../../ui/document/DocumentStatusTag.tsx';

const TONES = { draft: 'draft', audited: 'waiting', done: 'done', void: 'stopped' } as const;

/** A refund's status as a coloured tag. */
export function RefundStatusTag({ status }: { status: PurchaseRefundStatus }) {
  return <DocumentStatusTag status={status} label={PURCHASE_REFUND_STATUS_LABELS[status]} tones={TONES} testId="refund-status" />;
}
