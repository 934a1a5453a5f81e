import { SALES_ORDER_STATUS_LABELS, type SalesOrderStatus } from '@erp/shared';
import { DocumentStatusTag, type StatusTone } from './DocumentStatusTag.tsx';

const TONES: Record<SalesOrderStatus, StatusTone | 'cyan'> = {
  draft: 'draft',
  submitted: 'waiting',
  audited: 'done',
  partly_shipped: 'moving',
  shipped: 'cyan',
  closed: 'stopped',
  rejected: 'stopped',
  cancelled: 'attention',
};

export function SalesOrderStatusTag({ status }: { status: SalesOrderStatus }) {
  return <DocumentStatusTag status={status} label={SALES_ORDER_STATUS_LABELS[status]} tones={TONES} testId="so-status" />;
}
