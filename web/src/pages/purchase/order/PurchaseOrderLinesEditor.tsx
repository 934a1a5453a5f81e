import { useState } from 'react';
import { Button, Input, Table, Tooltip, type TableColumnType } from 'antd';
import { AppstoreAddOutlined } from '@ant-design/icons';
import { formatYuan, ProductLimits, PURCHASE_REMARK_MAX } from '@erp/shared';
import { QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import { RowDeleteButton } from '../../../ui/document/RowDeleteButton.tsx';
import { moneyColumn, MoneyText, YuanInput } from '../../../ui/money/index.ts';
import { SizeGridModal } from '../../../ui/document/SizeGridModal.tsx';
import {
  addGridLines,
  groupByStyle,
  lineAmount,
  ORDER_QUANTITY_RULE,
  orderTotals,
  removeOrderLine,
  removeStyle,
  setStylePrice,
  stylePrice,
  updateOrderLine,
  type OrderEditorLine,
  type StyleGroup,
} from './purchase-order-rules.ts';
import './purchase-order.css';

export interface PurchaseOrderLinesEditorProps {
  value: readonly OrderEditorLine[];
  onChange: (lines: OrderEditorLine[]) => void;
  disabled?: boolean;
}

/** A table row: a line, or the subtotal row closing its style. */
type Row = ({ kind: 'line' } & OrderEditorLine) | ({ kind: 'style' } & Omit<StyleGroup, 'lines'> & { lineCount: number });

const rowKey = (row: Row) => (row.kind === 'line' ? `l${row.skuId}` : `s${row.styleNo}`);

/** A price typed in yuan, held in fen (an empty price becomes -1 so the check names the line). */
function PriceInput({ fen, onChange, disabled, testId }: { fen: number | null; onChange: (fen: number) => void; disabled?: boolean; testId: string }) {
  return (
    <YuanInput
      size="small"
      minFen={0}
      maxFen={ProductLimits.priceMaxFen}
      step={1}
      prefix="¥"
      style={{ width: 120 }}
      disabled={disabled}
      value={fen === null || fen < 0 ? null : fen}
      status={fen !== null && fen < 0 ? 'error' : undefined}
      onChange={(next) => onChange(next ?? -1)}
      data-testid={testId}
    />
  );
}

/**
 * The lines of a purchase order: 按款添加 (a style's colour × size grid; new lines take the style's
 * price, at first its cost price), a table grouped by style with a subtotal row per style (where one
 * price sets every line of the style), quantity, price and remark per line, and the grand totals.
 */
export function PurchaseOrderLinesEditor({ value, onChange, disabled }: PurchaseOrderLinesEditorProps) {
  const [gridOpen, setGridOpen] = useState(false);
  const groups = groupByStyle(value);
  const rows: Row[] = groups.flatMap(({ lines, ...group }) => [
    ...lines.map((l) => ({ kind: 'line' as const, ...l })),
    { kind: 'style' as const, ...group, lineCount: lines.length },
  ]);
  const lineNo = new Map(value.map((l, i) => [l.skuId, i + 1]));

  const columns: TableColumnType<Row>[] = [
    { key: 'no', title: '#', width: 48, render: (_, row) => (row.kind === 'line' ? lineNo.get(row.skuId) : '') },
    { key: 'styleNo', title: '款号', width: 110, render: (_, row) => (row.kind === 'line' ? row.styleNo : <b>小计</b>) },
    { key: 'name', title: '名称', width: 150, ellipsis: true, render: (_, row) => (row.kind === 'line' ? row.productName : `${row.styleNo} 共 ${row.lineCount} 个SKU`) },
    { key: 'colour', title: '颜色', width: 80, render: (_, row) => (row.kind === 'line' ? row.colourName : '') },
    { key: 'size', title: '尺码', width: 70, render: (_, row) => (row.kind === 'line' ? row.sizeName : '') },
    { key: 'barcode', title: '条码', width: 140, render: (_, row) => (row.kind === 'line' ? row.barcode : '') },
    {
      key: 'quantity',
      title: '数量',
      width: 110,
      render: (_, row) =>
        row.kind === 'line' ? (
          <QuantityInput
            disabled={disabled}
            rule={ORDER_QUANTITY_RULE}
            value={row.quantity}
            onChange={(q) => onChange(updateOrderLine(value, row.skuId, { quantity: q }))}
            aria-label={`${row.colourName} ${row.sizeName} 数量`}
            testId={`po-line-qty-${row.barcode}`}
          />
        ) : (
          <b data-testid={`po-style-qty-${row.styleNo}`}>{row.quantity}</b>
        ),
    },
    {
      key: 'price',
      title: '单价（元）',
      width: 150,
      render: (_, row) =>
        row.kind === 'line' ? (
          <PriceInput
            fen={row.unitPriceFen}
            disabled={disabled}
            onChange={(fen) => onChange(updateOrderLine(value, row.skuId, { unitPriceFen: fen }))}
            testId={`po-line-price-${row.barcode}`}
          />
        ) : (
          <Tooltip title="统一设置该款所有SKU的单价">
            <span>
              <PriceInput
                fen={row.unitPriceFen}
                disabled={disabled}
                onChange={(fen) => onChange(setStylePrice(value, row.styleNo, fen))}
                testId={`po-style-price-${row.styleNo}`}
              />
            </span>
          </Tooltip>
        ),
    },
    {
      ...moneyColumn<Row>({ key: 'amount', title: '金额', width: 120 }),
      render: (_, row) => (row.kind === 'line' ? formatYuan(lineAmount(row)) : <MoneyText strong fen={row.amountFen} data-testid={`po-style-amount-${row.styleNo}`} />),
    },
    {
      key: 'remark',
      title: '备注',
      width: 160,
      render: (_, row) =>
        row.kind === 'line' ? (
          <Input
            size="small"
            maxLength={PURCHASE_REMARK_MAX}
            disabled={disabled}
            value={row.remark}
            onChange={(e) => onChange(updateOrderLine(value, row.skuId, { remark: e.target.value }))}
          />
        ) : null,
    },
    {
      key: 'delete',
      title: '操作',
      width: 64,
      render: (_, row) => (
        <RowDeleteButton
          title={row.kind === 'line' ? '删除该行' : '删除整款'}
          disabled={disabled}
          onDelete={() => onChange(row.kind === 'line' ? removeOrderLine(value, row.skuId) : removeStyle(value, row.styleNo))}
          testId={row.kind === 'line' ? `po-line-delete-${row.barcode}` : `po-style-delete-${row.styleNo}`}
        />
      ),
    },
  ];

  const totals = orderTotals(value);
  return (
    <div data-testid="po-lines-editor">
      <div className="po-editor__bar">
        <Button type="primary" ghost icon={<AppstoreAddOutlined />} disabled={disabled} onClick={() => setGridOpen(true)} data-testid="po-add-style">
          按款添加
        </Button>
        <span className="po-editor__hint">选择款号后在颜色×尺码表中填写数量；单价默认取商品成本价，可在下表按款或按行修改</span>
      </div>
      <Table<Row>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.kind === 'style' ? 'po-editor__subtotal' : '')}
        pagination={false}
        locale={{ emptyText: '暂无明细：点击「按款添加」' }}
        data-testid="po-lines"
      />
      <div className="po-editor__totals" data-testid="po-editor-totals">
        <span>
          共 {totals.styles} 款 {totals.lines} 行
        </span>
        <span>合计 {totals.quantity} 件</span>
        <span>
          金额 <MoneyText fen={totals.amountFen} />
        </span>
      </div>
      <SizeGridModal
        open={gridOpen}
        onClose={() => setGridOpen(false)}
        onAdd={(skus, grid, product) => {
          onChange(addGridLines(value, skus, grid, stylePrice(value, product.styleNo, product.costPriceFen)));
          setGridOpen(false);
        }}
      />
    </div>
  );
}
