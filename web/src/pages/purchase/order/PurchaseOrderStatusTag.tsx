import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@erp/shared';
import { DocumentStatusTag } from '../../../ui/document/DocumentStatusTag.tsx';

const TONES = { draft: 'draft', submitted: 'waiting', audited: 'cyan', partly_received: 'attention', received: 'done', closed: 'stopped' } as const;

/** The status of a purchase order as a coloured tag. */
export function PurchaseOrderStatusTag({ status }: { status: PurchaseOrderStatus }) {
  return <DocumentStatusTag status={status} label={PURCHASE_ORDER_STATUS_LABELS[status]} tones={TONES} testId="po-status" />;
}
