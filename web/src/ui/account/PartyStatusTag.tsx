import { Tag } from 'antd';
import { PARTY_STATUS_LABELS, type PartyStatus } from '@erp/shared';

export function PartyStatusTag({ status }: { status: PartyStatus }) {
  return <Tag color={status === 'enabled' ? 'green' : 'default'}>{PARTY_STATUS_LABELS[status]}</Tag>;
}
