import { InputNumber, Table, Tooltip, type TableColumnType } from 'antd';
import { fenToYuan, PURCHASE_QUANTITY_MAX, type PurchaseOrderLineRecord } from '@erp/shared';
import { orderLineProblem, orderLineTotals, type OrderQuantities } from './refund-rules.ts';

export interface RefundOrderLinesProps {
  lines: readonly PurchaseOrderLineRecord[];
  value: OrderQuantities;
  onChange: (next: Record<number, number | null>) => void;
  loading?: boolean;
  disabled?: boolean;
}

/**
 * The order's lines with what was received, already refunded and still refundable, and a 退货数量
 * per line (up to 可退; more is refused on the spot with the server's message). The order's price counts.
 */
export function RefundOrderLines({ lines, value, onChange, loading, disabled }: RefundOrderLinesProps) {
  const set = (id: number, quantity: number | null) => onChange({ ...(value as Record<number, number | null>), [id]: quantity });
  const columns: TableColumnType<PurchaseOrderLineRecord>[] = [
    { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 48 },
    { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 110 },
    { key: 'name', title: '名称', dataIndex: 'productName', width: 150, ellipsis: true },
    { key: 'colour', title: '颜色', dataIndex: 'colourName', width: 80 },
    { key: 'size', title: '尺码', dataIndex: 'sizeName', width: 70 },
    { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 140 },
    { key: 'quantity', title: '订购', dataIndex: 'quantity', width: 70, align: 'right' },
    { key: 'received', title: '已收', dataIndex: 'receivedQuantity', width: 70, align: 'right' },
    {
      key: 'refund',
      title: <Tooltip title="已审核及已出库的退货数量">已退</Tooltip>,
      dataIndex: 'refundQuantity',
      width: 70,
      align: 'right',
    },
    {
      key: 'refundable',
      title: '可退',
      dataIndex: 'refundableQuantity',
      width: 70,
      align: 'right',
      render: (v: number, line) => <b data-testid={`refund-refundable-${line.barcode}`}>{v}</b>,
    },
    { key: 'price', title: '单价', dataIndex: 'unitPriceFen', width: 90, align: 'right', render: (v: number) => fenToYuan(v) },
    {
      key: 'input',
      title: '退货数量',
      width: 170,
      render: (_, line) => {
        const q = value[line.id] ?? null;
        const problem = orderLineProblem(line, q);
        return (
          <div>
            <InputNumber
              size="small"
              min={0}
              max={PURCHASE_QUANTITY_MAX}
              precision={0}
              style={{ width: 96 }}
              placeholder={line.refundableQuantity > 0 ? `最多${line.refundableQuantity}` : '不可退'}
              disabled={disabled || (line.refundableQuantity <= 0 && !q)}
              status={problem ? 'error' : undefined}
              value={q}
              onChange={(v) => set(line.id, v)}
              data-testid={`refund-qty-${line.barcode}`}
            />
            {problem ? (
              <div className="refund-line__error" data-testid={`refund-qty-error-${line.barcode}`}>
                {problem}
              </div>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'amount',
      title: '金额',
      width: 100,
      align: 'right',
      render: (_, line) => {
        const q = value[line.id];
        return typeof q === 'number' && q > 0 ? fenToYuan(q * line.unitPriceFen) : '--';
      },
    },
  ];
  const totals = orderLineTotals(lines, value);
  return (
    <div data-testid="refund-order-lines">
      <Table<PurchaseOrderLineRecord>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={lines as PurchaseOrderLineRecord[]}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: '该订单没有明细' }}
      />
      <div className="doc-editor__totals" data-testid="refund-totals">
        <span>退货 {totals.lines} 行</span>
        <span>合计 {totals.quantity} 件</span>
        <span>金额 {fenToYuan(totals.amountFen)} 元</span>
      </div>
    </div>
  );
}
