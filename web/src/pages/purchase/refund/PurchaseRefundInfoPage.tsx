import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Space, Spin, Table, Tag, type DescriptionsProps, type TableColumnType } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { displayOrEmpty, formatYuan, stockDocStatusLabel, type PurchaseRefundDetail, type PurchaseRefundLineRecord } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import { stockDocKeys, stockDocsApi } from '../../../api/stock-docs.ts';
import '../../../ui/document/stock-docs.css';
import { ORDER_INFO_PATH, OUTBOUND_INFO_PATH, useHasPage, useRefundDetail } from '../purchase-refunds-api.ts';
import { previewPrint } from '../../../print/print-bus.ts';
import { RefundActions } from './RefundActions.tsx';
import { purchaseRefundSheet } from './refund-print.ts';
import { RefundStatusTag } from './RefundStatusTag.tsx';
import { refundPath } from './refund-rules.ts';
import { DocumentUnavailable } from '../../../ui/document/DocumentUnavailable.tsx';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';

const outboundApi = stockDocsApi('outbound');

/** The refund's outbound: number with a link and its status for users who may open it, else the number. */
function OutboundCell({ refund }: { refund: PurchaseRefundDetail }) {
  const canSee = useHasPage(OUTBOUND_INFO_PATH);
  const id = refund.outboundId;
  const doc = useQuery({
    queryKey: stockDocKeys.detail('outbound', id ?? 0),
    queryFn: ({ signal }) => outboundApi.detail(id!, signal),
    enabled: canSee && id !== null,
    refetchOnMount: 'always',
  });
  if (!id) return <span data-testid="refund-outbound">{refund.status === 'draft' ? '审核后生成' : '--'}</span>;
  return (
    <Space size={8} data-testid="refund-outbound">
      {canSee ? (
        <Link to={`${OUTBOUND_INFO_PATH}?id=${id}`} data-testid="refund-outbound-link">
          {refund.outboundNo}
        </Link>
      ) : (
        <span>{refund.outboundNo}</span>
      )}
      {doc.data ? (
        <Tag color={doc.data.status === 'posted' ? 'success' : doc.data.status === 'void' ? 'error' : 'processing'} data-testid="refund-outbound-status">
          {stockDocStatusLabel('outbound', doc.data.status)}
        </Tag>
      ) : !canSee ? (
        <Tag>{refund.status === 'done' ? '已出库' : refund.status === 'audited' ? '待出库' : '--'}</Tag>
      ) : null}
    </Space>
  );
}

const LINE_COLUMNS: TableColumnType<PurchaseRefundLineRecord>[] = [
  { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 48 },
  { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
  { key: 'name', title: '名称', dataIndex: 'productName', width: 160, ellipsis: true },
  { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80 },
  { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70 },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 150 },
  { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 80, align: 'right' },
  moneyColumn({ key: 'price', title: '单价', dataIndex: 'unitPriceFen', width: 100 }),
  moneyColumn({ key: 'amount', title: '金额', dataIndex: 'amountFen', width: 110 }),
  { key: 'returned', title: '已退', dataIndex: 'returnedQuantity', width: 80, align: 'right' },
  { key: 'remark', title: '备注', dataIndex: 'remark', width: 140, render: displayOrEmpty },
];

function RefundView({ refund }: { refund: PurchaseRefundDetail }) {
  const navigate = useNavigate();
  const canSeeOrder = useHasPage(ORDER_INFO_PATH);
  const items: DescriptionsProps['items'] = [
    { key: 'no', label: '退货单号', children: <b data-testid="refund-no">{refund.refundNo}</b> },
    { key: 'status', label: '状态', children: <RefundStatusTag status={refund.status} /> },
    { key: 'supplier', label: '供应商', children: `${refund.supplierName}（${refund.supplierCode}）` },
    { key: 'warehouse', label: '出库仓库', children: refund.warehouseName },
    {
      key: 'order',
      label: '采购订单',
      children:
        refund.purchaseOrderId && canSeeOrder ? (
          <Link to={`${ORDER_INFO_PATH}?id=${refund.purchaseOrderId}`} data-testid="refund-order-link">
            {refund.orderNo}
          </Link>
        ) : (
          displayOrEmpty(refund.orderNo)
        ),
    },
    { key: 'outbound', label: '出库单', children: <OutboundCell refund={refund} /> },
    { key: 'quantity', label: '数量', children: <span data-testid="refund-total-quantity">{refund.totalQuantity}</span> },
    { key: 'returned', label: '已退数量', children: <span data-testid="refund-returned-quantity">{refund.returnedQuantity}</span> },
    {
      key: 'amount',
      label: '金额',
      children: (
        <span data-testid="refund-total-amount">
          <MoneyText fen={refund.totalAmountFen} />
        </span>
      ),
    },
    { key: 'createdBy', label: '创建人', children: displayOrEmpty(refund.createdByName) },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(refund.createdAt) },
    ...(refund.auditedAt
      ? [
          { key: 'auditedBy', label: '审核人', children: displayOrEmpty(refund.auditedByName) },
          { key: 'auditedAt', label: '审核时间', children: formatDateTime(refund.auditedAt) },
        ]
      : []),
    ...(refund.doneAt ? [{ key: 'doneAt', label: '退货完成', children: formatDateTime(refund.doneAt) }] : []),
    ...(refund.voidedAt ? [{ key: 'voidedAt', label: '作废时间', children: formatDateTime(refund.voidedAt) }] : []),
    { key: 'reason', label: '退货原因', children: displayOrEmpty(refund.reason), span: 'filled' as const },
    { key: 'remark', label: '备注', children: displayOrEmpty(refund.remark), span: 'filled' as const },
  ];
  return (
    <div className="doc-page" data-testid="refund-info">
      <Card
        title={`采购退货 ${refund.refundNo}`}
        extra={
          <Space wrap>
            <RefundActions refund={refund} onDeleted={() => navigate(refundPath('index'))} />
            <Button
              icon={<PrinterOutlined />}
              onClick={() => previewPrint('outbound', purchaseRefundSheet(refund))}
              disabled={refund.lines.length === 0}
              data-testid="refund-print"
            >
              打印
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={items} />
      </Card>
      {refund.status === 'audited' ? <Alert type="info" showIcon title="已审核，等待仓库按出库单出库；出库过账后退货完成" data-testid="refund-waiting" /> : null}
      {refund.status === 'void' ? <Alert type="warning" showIcon title="退货单已作废" /> : null}
      <Card title="明细">
        <Table<PurchaseRefundLineRecord>
          size="small"
          rowKey="id"
          columns={LINE_COLUMNS}
          dataSource={refund.lines}
          scroll={{ x: 'max-content' }}
          pagination={refund.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          data-testid="refund-lines"
          summary={(rows) => (
            <Table.Summary.Row className="doc-lines__total">
              <Table.Summary.Cell index={0} colSpan={6}>
                合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {rows.reduce((s, l) => s + l.quantity, 0)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} />
              <Table.Summary.Cell index={8} align="right">
                {formatYuan(rows.reduce((s, l) => s + l.amountFen, 0))}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">
                {rows.reduce((s, l) => s + l.returnedQuantity, 0)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={10} />
            </Table.Summary.Row>
          )}
        />
      </Card>
    </div>
  );
}

/** 采购退货详情 (?id=): header, outbound, lines; 编辑/审核/作废/删除 by status and codes. */
export function PurchaseRefundInfoPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const detail = useRefundDetail(id);
  const list = { noun: '退货单', listPath: refundPath('index'), listName: '采购退货列表' };
  if (id === null) return <DocumentUnavailable {...list} missingId />;
  if (detail.isError && !detail.data) return <DocumentUnavailable {...list} error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Spin style={{ margin: 48 }} />;
  return <RefundView refund={detail.data} />;
}
