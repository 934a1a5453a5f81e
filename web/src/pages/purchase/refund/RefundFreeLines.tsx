import { InputNumber, type TableColumnType } from 'antd';
import { fenToYuan, PURCHASE_PRICE_MAX_FEN } from '@erp/shared';
import { updateLine } from '../../../ui/document/lines-rules.ts';
import { DocLinesEditor } from '../../warehouse/docs/DocLinesEditor.tsx';
import { FREE_QUANTITY_RULE, freeLineTotals, yuanNumberToFen, type FreeLine } from './refund-rules.ts';

export interface RefundFreeLinesProps {
  value: readonly FreeLine[];
  onChange: (lines: FreeLine[]) => void;
  /** the warehouse the goods leave: 按款号添加 shows what it holds */
  warehouseId?: number | null;
  disabled?: boolean;
}

/**
 * Lines of a refund made without an order: the stock document editor (barcode, 按款号添加, no
 * shelf) with a unit price in yuan per line, its amount and the amount total.
 */
export function RefundFreeLines({ value, onChange, warehouseId = null, disabled }: RefundFreeLinesProps) {
  const priceColumns: TableColumnType<FreeLine>[] = [
    {
      key: 'price',
      title: '单价（元）',
      width: 130,
      render: (_, line) => (
        <InputNumber
          size="small"
          min={0}
          max={PURCHASE_PRICE_MAX_FEN / 100}
          precision={2}
          style={{ width: 110 }}
          placeholder="必填"
          disabled={disabled}
          status={yuanNumberToFen(line.priceYuan) === null ? 'error' : undefined}
          value={line.priceYuan ?? null}
          onChange={(v) => onChange(updateLine(value, line.key, { priceYuan: v }))}
          data-testid={`refund-free-price-${line.barcode}`}
        />
      ),
    },
    {
      key: 'amount',
      title: '金额',
      width: 100,
      align: 'right',
      render: (_, line) => {
        const fen = yuanNumberToFen(line.priceYuan);
        return fen === null || !Number.isInteger(line.quantity) ? '--' : fenToYuan(fen * (line.quantity ?? 0));
      },
    },
  ];
  return (
    <div data-testid="refund-free-lines">
      <DocLinesEditor
        value={value}
        onChange={onChange}
        warehouseId={null}
        stockWarehouseId={warehouseId}
        showShelf={false}
        quantityTitle="退货数量"
        quantityRule={FREE_QUANTITY_RULE}
        extraColumns={priceColumns}
        extraTotals={<span data-testid="refund-free-amount">金额 {fenToYuan(freeLineTotals(value).amountFen)} 元</span>}
        disabled={disabled}
      />
    </div>
  );
}
