import { RETURN_STATUS_LABELS, type ReturnStatus } from '@erp/shared';
import { DocumentStatusTag } from '../../../ui/document/DocumentStatusTag.tsx';

const TONES = { draft: 'draft', submitted: 'waiting', audited: 'waiting', shipped: 'moving', done: 'done', rejected: 'stopped', voided: 'stopped' } as const;

/** A 退货单/换货单's status as a coloured tag. */
export function ReturnStatusTag({ status, label }: { status: ReturnStatus; label?: string }) {
  return <DocumentStatusTag status={status} label={label ?? RETURN_STATUS_LABELS[status]} tones={TONES} testId="return-status" />;
}
