import type { ShopInventoryStatus } from '@erp/shared';
import { DocumentStatusTag, type StatusTone } from '../../../ui/document/DocumentStatusTag.tsx';

const TONES: Record<ShopInventoryStatus, StatusTone> = { draft: 'draft', submitted: 'waiting', audited: 'done', rejected: 'stopped' };

export function InventoryStatusTag({ status, label }: { status: ShopInventoryStatus; label: string }) {
  return <DocumentStatusTag status={status} label={label} tones={TONES} testId="inventory-status" />;
}
