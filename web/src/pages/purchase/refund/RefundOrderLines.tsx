import { Table, Tooltip, type TableColumnType } from 'antd';
import { formatYuan, type PurchaseOrderLineRecord } from '@erp/shared';
import { QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import { orderLineTotals, refundRule, type OrderQuantities } from './refund-rules.ts';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';

export interface RefundOrderLinesProps {
  lines: readonly PurchaseOrderLineRecord[];
  value: OrderQuantities;
  onChange: (next: Record<number, number | null>) => void;
  loading?: boolean;
  disabled?: boolean;
}

/**
 * The order's lines with what was received, already refunded and still refundable, and a 退货数量
 * per line (up to 可退: more, or no whole number, stays as typed, red, and blocks saving). The order's price counts.
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
    moneyColumn({ key: 'price', title: '单价', dataIndex: 'unitPriceFen', width: 90 }),
    {
      key: 'input',
      title: '退货数量',
      width: 170,
      render: (_, line) => {
        const q = value[line.id] ?? null;
        return (
          <QuantityInput
            width={96}
            placeholder={line.refundableQuantity > 0 ? `最多${line.refundableQuantity}` : '不可退'}
            disabled={disabled || (line.refundableQuantity <= 0 && !q)}
            rule={refundRule(line)}
            value={q}
            onChange={(v) => set(line.id, v)}
            aria-label={`${line.styleNo} ${line.colourName} ${line.sizeName} 退货数量`}
            testId={`refund-qty-${line.barcode}`}
          />
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
        return typeof q === 'number' && Number.isInteger(q) && q > 0 ? formatYuan(q * line.unitPriceFen) : '--';
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
        <span>
          金额 <MoneyText fen={totals.amountFen} />
        </span>
      </div>
    </div>
  );
}
