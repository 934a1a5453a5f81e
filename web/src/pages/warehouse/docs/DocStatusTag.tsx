import { stockDocStatusLabel, type StockDocKind, type StockDocStatus } from '@erp/shared';
import { DocumentStatusTag } from '../../../ui/document/DocumentStatusTag.tsx';

const TONES = { draft: 'draft', submitted: 'waiting', shipped: 'moving', counting: 'attention', posted: 'done', void: 'stopped' } as const;

/** The status of a document as a coloured tag (kind-specific wording of 已过账). */
export function DocStatusTag({ kind, status }: { kind: StockDocKind; status: StockDocStatus }) {
  return <DocumentStatusTag status={status} label={stockDocStatusLabel(kind, status)} tones={TONES} testId="doc-status" />;
}
