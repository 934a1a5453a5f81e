import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Segmented, Space, Spin, Table, Tabs, type DescriptionsProps, type TableColumnType } from 'antd';
import { PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { displayOrEmpty, formatYuan, type PurchaseOrderDetail, type PurchaseOrderLineRecord } from '@erp/shared';
import { previewPrint } from '../../../print/print-bus.ts';
import { formatDateTime } from '../../../ui/format-time.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { usePurchaseOrder, PURCHASE_ORDER_PATHS } from '../../../api/purchase-orders.ts';
import { useCanOpen, useGrantedAnywhere } from './purchase-access.ts';
import { StyleGridView } from '../../../ui/document/StyleGridView.tsx';
import { orderGridLines, purchaseOrderSheet } from './purchase-order-print.ts';
import { hasRefundable } from './purchase-order-rules.ts';
import { PurchaseOrderActions } from './PurchaseOrderActions.tsx';
import { PurchaseOrderStatusTag } from './PurchaseOrderStatusTag.tsx';
import { PurchaseReceiptsTab, PurchaseRefundsTab } from './PurchaseOrderTabs.tsx';
import '../../../ui/document/stock-docs.css';
import './purchase-order.css';
import { DocumentUnavailable } from '../../../ui/document/DocumentUnavailable.tsx';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';

/** 详情 of a purchase order (?id=): header with actions, lines with received / pending / returned, receipts and refunds. */
export function PurchaseOrderInfoPage() {
  const navigate = useNavigate();
  const id = useDocIdParam();
  const order = usePurchaseOrder(id);
  const list = { noun: '采购订单', listPath: PURCHASE_ORDER_PATHS.list, listName: '采购订单列表' };
  if (id === null) return <DocumentUnavailable {...list} missingId />;
  if (order.isError && !order.data) return <DocumentUnavailable {...list} error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data || order.data.id !== id) return <Spin style={{ margin: 48 }} />;
  return <OrderInfo order={order.data} onDeleted={() => navigate(PURCHASE_ORDER_PATHS.list)} />;
}

function OrderInfo({ order, onDeleted }: { order: PurchaseOrderDetail; onDeleted: () => void }) {
  const navigate = useNavigate();
  const granted = useGrantedAnywhere();
  const canOpen = useCanOpen();
  const refundable = hasRefundable(order) && granted('purchase:refund:add');
  const showRefunds = canOpen('/erp/purchase/refund');
  const [view, setView] = useState<'grid' | 'lines'>('grid');
  // what came in shows once the order can receive (a draft has received nothing)
  const showReceived = order.status !== 'draft' && order.status !== 'submitted';

  const buttons = (
    <Space wrap>
      <PurchaseOrderActions order={order} variant="bar" onDeleted={onDeleted} />
      {refundable ? (
        <Button icon={<RollbackOutlined />} onClick={() => navigate(`${PURCHASE_ORDER_PATHS.refundAdd}?orderId=${order.id}`)} data-testid="po-refund-add">
          新增退货
        </Button>
      ) : null}
      <Button icon={<PrinterOutlined />} onClick={() => previewPrint('outbound', purchaseOrderSheet(order))} disabled={order.lines.length === 0} data-testid="po-print">
        打印
      </Button>
    </Space>
  );

  return (
    <div className="doc-page" data-testid="po-info">
      <Card title={`采购订单 ${order.orderNo}`} extra={buttons} data-testid="po-header">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={headerItems(order)} />
      </Card>
      {order.status === 'closed' ? <Alert type="warning" showIcon title={`订单已关闭${order.closeReason ? `：${order.closeReason}` : ''}`} /> : null}
      <Card
        title="明细"
        extra={
          <Segmented<'grid' | 'lines'>
            size="small"
            value={view}
            onChange={setView}
            options={[
              { value: 'grid', label: <span data-testid="po-view-grid">按款横排</span> },
              { value: 'lines', label: <span data-testid="po-view-lines">按明细行</span> },
            ]}
          />
        }
      >
        {view === 'grid' ? (
          <StyleGridView lines={orderGridLines(order)} showReceived={showReceived} receivedTestId={(barcode) => `po-line-received-${barcode}`} data-testid="po-grid" />
        ) : (
          <OrderLinesTable order={order} />
        )}
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'receipts', label: '收货记录', children: <PurchaseReceiptsTab order={order} /> },
            ...(showRefunds ? [{ key: 'refunds', label: '退货记录', children: <PurchaseRefundsTab order={order} /> }] : []),
          ]}
          data-testid="po-tabs"
        />
      </Card>
    </div>
  );
}

function headerItems(order: PurchaseOrderDetail): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'orderNo', label: '单号', children: <b data-testid="po-no">{order.orderNo}</b> },
    { key: 'status', label: '状态', children: <PurchaseOrderStatusTag status={order.status} /> },
    { key: 'supplier', label: '供应商', children: `${order.supplierName}（${order.supplierCode}）` },
    { key: 'warehouse', label: '收货仓库', children: order.warehouseName },
    { key: 'orderDate', label: '下单日期', children: order.orderDate },
    { key: 'expectedDate', label: '交货日期', children: order.expectedDate },
    {
      key: 'promised',
      label: '承诺交期',
      children: (
        <span data-testid="po-promised">
          {order.promisedDate ? `${order.promisedDate}（${displayOrEmpty(order.confirmedByName)} 于 ${formatDateTime(order.confirmedAt)} 确认）` : '未确认'}
        </span>
      ),
    },
    { key: 'tolerance', label: '超收比例', children: `${order.tolerancePercent}%` },
    { key: 'quantity', label: '订购数量', children: <span data-testid="po-total-quantity">{order.totalQuantity}</span> },
    { key: 'amount', label: '订单金额', children: formatYuan(order.totalAmountFen) },
    { key: 'received', label: '已收数量', children: <span data-testid="po-received-quantity">{order.receivedQuantity}</span> },
    { key: 'receivedAmount', label: '已收金额', children: formatYuan(order.receivedAmountFen) },
    { key: 'returned', label: '已退数量', children: order.returnedQuantity },
    { key: 'lines', label: '行数', children: order.lineCount },
    { key: 'createdBy', label: '创建人', children: displayOrEmpty(order.createdByName) },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(order.createdAt) },
    ...(order.submittedAt ? [{ key: 'submittedAt', label: '提交时间', children: formatDateTime(order.submittedAt) }] : []),
    ...(order.auditedAt ? [{ key: 'auditedBy', label: '审核人', children: displayOrEmpty(order.auditedByName) }] : []),
    ...(order.auditedAt ? [{ key: 'auditedAt', label: '审核时间', children: formatDateTime(order.auditedAt) }] : []),
    ...(order.closedAt ? [{ key: 'closedAt', label: '关闭时间', children: formatDateTime(order.closedAt) }] : []),
    ...(order.closeReason ? [{ key: 'closeReason', label: '关闭原因', children: order.closeReason }] : []),
    { key: 'remark', label: '备注', children: displayOrEmpty(order.remark), span: 'filled' as const },
  ];
}

/** The lines: ordered, received, pending, receivable, returned, price and amount; totals in the footer. */
function OrderLinesTable({ order }: { order: PurchaseOrderDetail }) {
  const open = order.status === 'audited' || order.status === 'partly_received';
  const columns: TableColumnType<PurchaseOrderLineRecord>[] = [
    { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 48 },
    { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
    { key: 'name', title: '名称', dataIndex: 'productName', width: 150, ellipsis: true },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80 },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70 },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 140 },
    { key: 'quantity', title: '订购', dataIndex: 'quantity', width: 70, align: 'right' },
    {
      key: 'received',
      title: '已收',
      dataIndex: 'receivedQuantity',
      width: 70,
      align: 'right',
      render: (v: number, l) => <span data-testid={`po-line-received-${l.barcode}`}>{v}</span>,
    },
    { key: 'pending', title: '待入库', dataIndex: 'pendingQuantity', width: 70, align: 'right' },
    {
      key: 'receivable',
      title: '可收',
      dataIndex: 'receivableQuantity',
      width: 70,
      align: 'right',
      render: (v: number) => (open ? <span className={v > 0 ? 'po-open' : undefined}>{v}</span> : '--'),
    },
    { key: 'returned', title: '已退', dataIndex: 'returnedQuantity', width: 70, align: 'right' },
    moneyColumn({ key: 'price', title: '单价', dataIndex: 'unitPriceFen', width: 100 }),
    moneyColumn({ key: 'amount', title: '金额', dataIndex: 'amountFen', width: 110 }),
    { key: 'remark', title: '备注', dataIndex: 'remark', width: 140, render: displayOrEmpty },
  ];
  const sum = (pick: (l: PurchaseOrderLineRecord) => number) => order.lines.reduce((s, l) => s + pick(l), 0);
  return (
    <Table<PurchaseOrderLineRecord>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={order.lines}
      scroll={{ x: 'max-content' }}
      pagination={order.lines.length > 50 ? { pageSize: 50, showSizeChanger: false, showTotal: (n) => `共 ${n} 行` } : false}
      data-testid="po-lines"
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row className="po-lines__total">
            <Table.Summary.Cell index={0} colSpan={6}>
              合计（{order.lines.length} 行）
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              {order.totalQuantity}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              <span data-testid="po-lines-received">{sum((l) => l.receivedQuantity)}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              {sum((l) => l.pendingQuantity)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={9} align="right">
              {open ? sum((l) => l.receivableQuantity) : '--'}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={10} align="right">
              {sum((l) => l.returnedQuantity)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={11} />
            <Table.Summary.Cell index={12} align="right">
              <MoneyText fen={order.totalAmountFen} />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={13} />
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
