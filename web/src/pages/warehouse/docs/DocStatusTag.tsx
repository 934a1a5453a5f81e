import { Tag } from 'antd';
import { stockDocStatusLabel, type StockDocKind, type StockDocStatus } from '@erp/shared';

const COLOURS: Record<StockDocStatus, string> = {
  draft: 'default',
  submitted: 'processing',
  shipped: 'purple',
  counting: 'orange',
  posted: 'success',
  void: 'error',
};

/** The status of a document as a coloured tag (kind-specific wording of 已过账). */
export function DocStatusTag({ kind, status }: { kind: StockDocKind; status: StockDocStatus }) {
  return (
    <Tag color={COLOURS[status]} data-testid="doc-status">
      {stockDocStatusLabel(kind, status)}
    </Tag>
  );
}
