import type { TableColumnType } from 'antd';
import { formatYuan, PURCHASE_PRICE_MAX_FEN } from '@erp/shared';
import { updateLine } from '../../../ui/document/lines-rules.ts';
import { moneyColumn, MoneyText, YuanInput } from '../../../ui/money/index.ts';
import { DocLinesEditor } from '../../../ui/document/DocLinesEditor.tsx';
import { FREE_QUANTITY_RULE, freeLineTotals, type FreeLine } from './refund-rules.ts';

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
        <YuanInput
          size="small"
          minFen={0}
          maxFen={PURCHASE_PRICE_MAX_FEN}
          style={{ width: 110 }}
          placeholder="必填"
          disabled={disabled}
          status={line.priceFen === null || line.priceFen === undefined ? 'error' : undefined}
          value={line.priceFen ?? null}
          onChange={(fen) => onChange(updateLine(value, line.key, { priceFen: fen }))}
          data-testid={`refund-free-price-${line.barcode}`}
        />
      ),
    },
    {
      ...moneyColumn<FreeLine>({ key: 'amount', title: '金额', width: 110 }),
      render: (_, line) => (line.priceFen === null || line.priceFen === undefined || !Number.isInteger(line.quantity) ? '--' : formatYuan(line.priceFen * (line.quantity ?? 0))),
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
        extraTotals={
          <span data-testid="refund-free-amount">
            金额 <MoneyText fen={freeLineTotals(value).amountFen} />
          </span>
        }
        disabled={disabled}
      />
    </div>
  );
}
