import type { ReactNode } from 'react';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import { useNavigate } from 'react-router';
import { displayOrEmpty, purchaseSourcePath, salesSourcePath, STOCK_DOC_KIND_LABELS, type StockDocRecord } from '@erp/shared';
import { useCanOpen } from '../../../api/queries.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { DocStatusTag } from './DocStatusTag.tsx';
import { ActionLink } from '../../../ui/ActionLink.tsx';

export interface DocHeaderCardProps {
  doc: StockDocRecord;
  /** biz type → label */
  bizTypes?: Readonly<Record<string, string>>;
  /** the card's title before the number (default: the kind's name) */
  title?: string;
  /** buttons at the card's top right (e.g. a DocActionBar) */
  extra?: ReactNode;
  /** more items after the standard ones */
  items?: DescriptionsProps['items'];
}

/** The header of a stock document as a Descriptions card (fields empty for the kind are left out). */
export function DocHeaderCard({ doc, bizTypes, extra, items = [], title }: DocHeaderCardProps) {
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const transfer = !!doc.toWarehouseId;
  const received = transfer && !!doc.shippedAt;
  // a receipt of a purchase order / the outbound of a purchase refund / a 配货出库 opens its source
  const sourcePath = purchaseSourcePath(doc.sourceType, doc.sourceId) ?? salesSourcePath(doc.sourceType, doc.sourceId);
  const source =
    sourcePath && canOpen(sourcePath) ? (
      <ActionLink onClick={() => navigate(sourcePath)} data-testid="doc-source-link">
        {doc.sourceNo}
      </ActionLink>
    ) : (
      doc.sourceNo
    );
  const all: NonNullable<DescriptionsProps['items']> = [
    { key: 'docNo', label: '单号', children: <b data-testid="doc-no">{doc.docNo}</b> },
    { key: 'status', label: '状态', children: <DocStatusTag kind={doc.kind} status={doc.status} /> },
    ...(doc.bizType ? [{ key: 'bizType', label: '类型', children: bizTypes?.[doc.bizType] ?? doc.bizType }] : []),
    { key: 'warehouse', label: transfer ? '调出仓库' : '仓库', children: doc.warehouseName },
    ...(transfer ? [{ key: 'toWarehouse', label: '调入仓库', children: doc.toWarehouseName }] : []),
    ...(doc.shopName ? [{ key: 'shop', label: '门店', children: doc.shopName }] : []),
    ...(doc.supplierName ? [{ key: 'supplier', label: '供应商', children: doc.supplierName }] : []),
    ...(doc.sourceNo ? [{ key: 'source', label: '来源单号', children: source }] : []),
    { key: 'quantity', label: '数量', children: <span data-testid="doc-total-quantity">{doc.totalQuantity}</span> },
    { key: 'actual', label: '实际数量', children: <span data-testid="doc-total-actual">{doc.scanStarted ? doc.totalActual : '未扫描'}</span> },
    { key: 'lines', label: '行数', children: doc.lineCount },
    ...(doc.expectedDate ? [{ key: 'expected', label: '预计日期', children: doc.expectedDate }] : []),
    { key: 'createdBy', label: '创建人', children: displayOrEmpty(doc.createdByName) },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(doc.createdAt) },
    ...(doc.submittedAt ? [{ key: 'submittedAt', label: '提交时间', children: formatDateTime(doc.submittedAt) }] : []),
    ...(doc.shippedAt ? [{ key: 'shippedAt', label: '发货时间', children: formatDateTime(doc.shippedAt) }] : []),
    // a transfer sent through 在途 is posted by its receipt: who received it, and when
    ...(doc.postedAt ? [{ key: 'postedBy', label: received ? '收货人' : '审核人', children: displayOrEmpty(doc.postedByName) }] : []),
    ...(doc.postedAt ? [{ key: 'postedAt', label: received ? '收货时间' : '审核时间', children: formatDateTime(doc.postedAt) }] : []),
    ...(doc.voidedAt ? [{ key: 'voidedAt', label: '作废时间', children: formatDateTime(doc.voidedAt) }] : []),
    ...(doc.voidReason ? [{ key: 'voidReason', label: '作废原因', children: doc.voidReason }] : []),
    ...(doc.differenceReason ? [{ key: 'diffReason', label: '差异原因', children: <span data-testid="doc-difference-reason">{doc.differenceReason}</span> }] : []),
    { key: 'remark', label: '备注', children: displayOrEmpty(doc.remark), span: 'filled' as const },
    ...items,
  ];
  return (
    <Card title={`${title ?? STOCK_DOC_KIND_LABELS[doc.kind]} ${doc.docNo}`} extra={extra} data-testid="doc-header">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={all} />
    </Card>
  );
}
