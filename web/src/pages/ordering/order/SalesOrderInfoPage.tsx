import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Popover, Space, Spin, Table, Timeline, Tooltip } from 'antd';
import {
  displayOrEmpty,
  formatYuan,
  OUTSTANDING_HINT,
  PRICE_STEP_LABELS,
  RETURNED_HINT,
  SALES_ORDER_ACTION_LABELS,
  SALES_ORDER_KIND_LABELS,
  SALES_ORDER_STATUS_LABELS,
  SALES_ORDERER_LABELS,
  type SalesOrderAction,
  type SalesOrderDetail,
  type SalesOrderDeliveryRecord,
  type SalesOrderLineRecord,
  type SalesOrderStatus,
  salesOrderLineOpen,
} from '@erp/shared';
import { PrintOrderButton } from '../../../print/OrderPrintButtons.tsx';
import { ActionLink } from '../../../ui/ActionLink.tsx';
import { DocumentUnavailable } from '../../../ui/document/DocumentUnavailable.tsx';
import { StyleGridView } from '../../../ui/document/StyleGridView.tsx';
import { formatDateTime } from '../../../ui/format-time.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { DeliveryDifferencesCard } from './DeliveryDifferencesCard.tsx';
import { SalesOrderAuditModal } from './SalesOrderAuditModal.tsx';
import { SalesOrderStatusTag } from '../../../ui/document/SalesOrderStatusTag.tsx';
import { OrderActions } from './order-actions.tsx';
import { deliveryInfoPath, SALES_ORDER_PATHS, salesOrderEditPath, useSalesOrder } from '../../../api/sales-orders.ts';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';

/** 详情 of a 订货单 (?id=): header, the machine's buttons, lines per style with each line's price steps, the audit and the log. */
export function SalesOrderInfoPage() {
  const id = useDocIdParam();
  const order = useSalesOrder(id);
  const list = { noun: '订货单', listPath: SALES_ORDER_PATHS.list, listName: '订货单列表' };
  if (id === null) return <DocumentUnavailable {...list} missingId />;
  if (order.isError && !order.data) return <DocumentUnavailable {...list} error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data || order.data.id !== id) return <Spin style={{ margin: 48 }} />;
  return <OrderInfo order={order.data} />;
}

function PriceSteps({ line }: { line: SalesOrderLineRecord }) {
  return (
    <Popover
      title="价格明细"
      content={
        <table className="so-steps" data-testid={`so-steps-${line.barcode}`}>
          <tbody>
            {line.priceSteps.map((s) => (
              <tr key={s.step}>
                <td>{PRICE_STEP_LABELS[s.step]}</td>
                <td>{s.ruleName}</td>
                <td style={{ textAlign: 'right' }}>
                  <MoneyText fen={s.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Button type="link" size="small" style={{ padding: 0 }} data-testid={`so-price-${line.barcode}`}>
        <MoneyText fen={line.unitPriceFen} />
      </Button>
    </Popover>
  );
}

function OrderInfo({ order }: { order: SalesOrderDetail }) {
  const navigate = useNavigate();
  const [auditing, setAuditing] = useState(false);
  const audited = order.lines.some((l) => l.approved !== null);
  const gridLines = order.lines.map((l) => ({
    styleNo: l.styleNo,
    name: l.styleName,
    colour: l.colourName,
    size: l.sizeName,
    sizeSort: l.sizeSort,
    barcode: l.barcode,
    quantity: l.approved ?? l.ordered,
    unitPriceFen: l.unitPriceFen,
    amountFen: l.unitPriceFen * (l.approved ?? l.ordered),
  }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card
        title={
          <Space>
            订货单 {order.orderNo} <SalesOrderStatusTag status={order.status} />
          </Space>
        }
        extra={
          <Space>
            <PrintOrderButton order={order} />
            <OrderActions order={order} variant="bar" onEdit={() => navigate(salesOrderEditPath(order.id))} onAudit={() => setAuditing(true)} />
          </Space>
        }
      >
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label="订货季">{`${order.seasonName}（${SALES_ORDER_KIND_LABELS[order.kind]}）`}</Descriptions.Item>
          <Descriptions.Item label="购货方">{order.buyerName}</Descriptions.Item>
          <Descriptions.Item label="收货门店">{`${order.shopName}${order.warehouseName ? ` · ${order.warehouseName}` : ''}`}</Descriptions.Item>
          <Descriptions.Item label="结算方">
            {order.billedName ? (
              <span data-testid="so-billed">
                {order.billedName}
                {order.chargedFen ? `（已记应收 ${formatYuan(order.chargedFen)}）` : ''}
              </span>
            ) : (
              '总部直营（不记应收）'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="下单">{`${SALES_ORDERER_LABELS[order.ordererType]} ${order.createdByName} · ${order.orderDate}`}</Descriptions.Item>
          <Descriptions.Item label="状态">{SALES_ORDER_STATUS_LABELS[order.status]}</Descriptions.Item>
          <Descriptions.Item label="订货数量">{order.totalQuantity}</Descriptions.Item>
          <Descriptions.Item label="订货金额">
            <MoneyText fen={order.totalAmountFen} />
          </Descriptions.Item>
          <Descriptions.Item label="审核数量">
            <span data-testid="so-approved-total">{order.approvedQuantity === null ? '--' : `${order.approvedQuantity}（${formatYuan(order.approvedAmountFen ?? 0)}）`}</span>
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={order.reason ? 1 : 3}>
            {displayOrEmpty(order.remark)}
          </Descriptions.Item>
          {order.reason ? (
            <Descriptions.Item label="原因" span={2}>
              <span data-testid="so-reason">{order.reason}</span>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Card title={audited ? '审核后数量（颜色 × 尺码）' : '订货数量（颜色 × 尺码）'} size="small">
        <StyleGridView lines={gridLines} data-testid="so-grid" />
      </Card>
      <Card title="订货明细" size="small">
        <Table<SalesOrderLineRecord>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          data-testid="so-lines"
          columns={[
            { key: 'style', title: '款号', width: 110, render: (_, l) => l.styleNo },
            { key: 'name', title: '品名', dataIndex: 'styleName', ellipsis: true },
            { key: 'colour', title: '颜色', width: 80, dataIndex: 'colourName' },
            { key: 'size', title: '尺码', width: 60, dataIndex: 'sizeName' },
            { key: 'run', title: '配码', width: 110, render: (_, l) => (l.sizeRunName ? `${l.sizeRunName} × ${l.runCount}` : '--') },
            { key: 'ordered', title: '订货', width: 70, align: 'right', dataIndex: 'ordered' },
            {
              key: 'approved',
              title: '审核',
              width: 70,
              align: 'right',
              render: (_, l) => <span data-testid={`so-approved-${l.barcode}`}>{l.approved ?? '--'}</span>,
            },
            { key: 'price', title: '单价', width: 90, align: 'right', render: (_, l) => <PriceSteps line={l} /> },
            moneyColumn({ key: 'amount', title: '金额', fen: (l) => l.amountFen, width: 110 }),
            ...(audited
              ? [
                  { key: 'allocated', title: '已配未发', width: 80, align: 'right' as const, render: (_: unknown, l: SalesOrderLineRecord) => l.allocated },
                  {
                    key: 'shipped',
                    title: '已发',
                    width: 70,
                    align: 'right' as const,
                    render: (_: unknown, l: SalesOrderLineRecord) => <span data-testid={`so-shipped-${l.barcode}`}>{l.shipped}</span>,
                  },
                  {
                    key: 'received',
                    title: '已收',
                    width: 70,
                    align: 'right' as const,
                    render: (_: unknown, l: SalesOrderLineRecord) => <span data-testid={`so-received-${l.barcode}`}>{l.received}</span>,
                  },
                  {
                    key: 'returned',
                    title: <Tooltip title={RETURNED_HINT}>已退</Tooltip>,
                    width: 70,
                    align: 'right' as const,
                    render: (_: unknown, l: SalesOrderLineRecord) => <span data-testid={`so-returned-${l.barcode}`}>{l.returned}</span>,
                  },
                  {
                    key: 'open',
                    title: <Tooltip title={OUTSTANDING_HINT}>未发</Tooltip>,
                    width: 70,
                    align: 'right' as const,
                    render: (_: unknown, l: SalesOrderLineRecord) => salesOrderLineOpen(l),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {order.deliveries.length ? (
        <Card title="配货出库" size="small">
          <Table<SalesOrderDeliveryRecord>
            size="small"
            rowKey="docId"
            pagination={false}
            dataSource={order.deliveries}
            data-testid="so-deliveries"
            columns={[
              {
                key: 'doc',
                title: '单号',
                width: 170,
                render: (_, d) => (
                  <ActionLink onClick={() => navigate(deliveryInfoPath(d.docId))} data-testid={`so-delivery-${d.docNo}`}>
                    {d.docNo}
                  </ActionLink>
                ),
              },
              { key: 'route', title: '发货 → 收货', render: (_, d) => `${d.fromWarehouseName} → ${d.toWarehouseName}` },
              { key: 'status', title: '状态', width: 90, render: (_, d) => <span data-testid={`so-delivery-status-${d.docNo}`}>{d.statusLabel}</span> },
              { key: 'quantity', title: '件数', width: 70, align: 'right', dataIndex: 'quantity' },
              { key: 'received', title: '实收', width: 70, align: 'right', render: (_, d) => (d.status === 'posted' ? d.received : '--') },
              moneyColumn({ key: 'amount', title: '金额', fen: (d) => d.amountFen, width: 110 }),
              { key: 'shippedAt', title: '发货时间', width: 150, render: (_, d) => (d.shippedAt ? formatDateTime(d.shippedAt) : '--') },
              { key: 'receivedAt', title: '收货时间', width: 150, render: (_, d) => (d.receivedAt ? formatDateTime(d.receivedAt) : '--') },
            ]}
          />
        </Card>
      ) : null}
      <DeliveryDifferencesCard order={order} />
      <Card title="操作记录" size="small">
        <Timeline
          items={order.events.map((e) => ({
            content: `${formatDateTime(e.at)} ${e.userName} ${SALES_ORDER_ACTION_LABELS[e.action as SalesOrderAction] ?? e.action}：${SALES_ORDER_STATUS_LABELS[e.fromStatus as SalesOrderStatus]} → ${SALES_ORDER_STATUS_LABELS[e.toStatus as SalesOrderStatus]}${e.reason ? `（${e.reason}）` : ''}`,
          }))}
        />
      </Card>
      {auditing ? <SalesOrderAuditModal order={order} open={auditing} onClose={() => setAuditing(false)} /> : null}
    </Space>
  );
}
