import { Tag } from 'antd';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@erp/shared';

const COLOURS: Record<PurchaseOrderStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  audited: 'cyan',
  partly_received: 'orange',
  received: 'success',
  closed: 'error',
};

/** The status of a purchase order as a coloured tag. */
export function PurchaseOrderStatusTag({ status }: { status: PurchaseOrderStatus }) {
  return (
    <Tag color={COLOURS[status]} data-testid="po-status">
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Tag>
  );
}
