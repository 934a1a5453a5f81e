import type { ReactNode } from 'react';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import { displayOrEmpty, STOCK_DOC_KIND_LABELS, type StockDocRecord } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import { DocStatusTag } from '../docs/DocStatusTag.tsx';

export interface KindHeaderCardProps {
  doc: StockDocRecord;
  /** what the document's warehouse is called here (换货: 总部仓库) */
  warehouseLabel?: string;
  bizTypes?: Readonly<Record<string, string>>;
  /** what the total quantity is called (海外仓快照: 过账账面) */
  quantityLabel?: string;
  /** items after 仓库 (换货: 门店, 门店仓库) */
  items?: DescriptionsProps['items'];
  extra?: ReactNode;
}

/**
 * The header of an exchange / overseas / opening document. The kit's DocHeaderCard speaks of
 * 调出/调入 and scanning, which these kinds do not have.
 */
export function KindHeaderCard({ doc, warehouseLabel = '仓库', quantityLabel = '数量', bizTypes, items = [], extra }: KindHeaderCardProps) {
  const all: NonNullable<DescriptionsProps['items']> = [
    { key: 'docNo', label: '单号', children: <b data-testid="doc-no">{doc.docNo}</b> },
    { key: 'status', label: '状态', children: <DocStatusTag kind={doc.kind} status={doc.status} /> },
    ...(doc.bizType ? [{ key: 'bizType', label: '类型', children: bizTypes?.[doc.bizType] ?? doc.bizType }] : []),
    { key: 'warehouse', label: warehouseLabel, children: doc.warehouseName },
    ...items,
    { key: 'quantity', label: quantityLabel, children: <span data-testid="doc-total-quantity">{doc.totalQuantity}</span> },
    { key: 'lines', label: '行数', children: doc.lineCount },
    { key: 'createdBy', label: '创建人', children: displayOrEmpty(doc.createdByName) },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(doc.createdAt) },
    ...(doc.postedAt ? [{ key: 'postedBy', label: '审核人', children: displayOrEmpty(doc.postedByName) }] : []),
    ...(doc.postedAt ? [{ key: 'postedAt', label: '审核时间', children: formatDateTime(doc.postedAt) }] : []),
    ...(doc.voidedAt ? [{ key: 'voidedAt', label: '作废时间', children: formatDateTime(doc.voidedAt) }] : []),
    ...(doc.voidReason ? [{ key: 'voidReason', label: '作废原因', children: doc.voidReason }] : []),
    { key: 'remark', label: '备注', children: displayOrEmpty(doc.remark), span: 'filled' as const },
  ];
  return (
    <Card title={`${STOCK_DOC_KIND_LABELS[doc.kind]} ${doc.docNo}`} extra={extra} data-testid="doc-header">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={all} />
    </Card>
  );
}
