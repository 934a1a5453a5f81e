import type { ReactNode } from 'react';
import { Alert, Button, Card, Popconfirm, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { formatYuan, SALES_ORDER_QUANTITY_MAX, type SalesOrderEntryStyle } from '@erp/shared';
import { SizeRunGrid } from '../../../ui/document/SizeRunGrid.tsx';
import type { RunValues } from '../../../ui/document/size-run-rules.ts';
import { styleEntryProblem, styleTotals } from './order-entry-rules.ts';
import './order-entry.css';
import { MoneyText } from '../../../ui/money/index.ts';

type EntryCell = SalesOrderEntryStyle['skus'][number] & { colourKey: string };

/** Whether a typed quantity goes beyond what HQ has to order (spot): allowed, flagged amber. */
export const overAvailable = (available: number | null, typed: number | null | undefined) =>
  available !== null && typeof typed === 'number' && Number.isInteger(typed) && typed > available;

/** Under a cell: 可订 N / 缺货 (spot, amber with 超出可订 when the cell asks more) or 可预订 / 预计 N (pre-order). */
export function CellStock({ cell, typed }: { cell: Pick<EntryCell, 'available' | 'expected'>; typed: number | null | undefined }) {
  if (cell.available === null) return <>{cell.expected ? `预计 ${cell.expected}` : '可预订'}</>;
  const text = cell.available > 0 ? `可订 ${cell.available}` : '缺货';
  if (!overAvailable(cell.available, typed)) return <>{text}</>;
  return (
    <span className="so-cell-over" title="超出总部可订库存：可以下单，审核时可能削减">
      {text} · 超出
    </span>
  );
}

/**
 * One style of an order being entered: the buyer's price, the grid (by cell or by 配码) with stock
 * per cell, its totals and problem. Order entry, the catalogue's 加入购物车 and the cart use it;
 * `onRemove` adds a remove button (behind a confirmation when `removeConfirm` says what goes),
 * `leading` comes before the style no. (a picture), `rowExtra` adds figures per colour row.
 */
export function OrderStyleEntry({
  style,
  values,
  onChange,
  onRemove,
  removeConfirm,
  leading,
  rowExtra,
  extraActions,
}: {
  style: SalesOrderEntryStyle;
  values: RunValues;
  onChange: (next: Record<number, number | null | undefined>) => void;
  onRemove?: () => void;
  removeConfirm?: string;
  leading?: ReactNode;
  rowExtra?: { title: string; render: (colourKey: string) => ReactNode };
  extraActions?: ReactNode;
}) {
  const cells: EntryCell[] = style.skus.map((k) => ({ ...k, colourKey: String(k.colourId) }));
  const problem = styleEntryProblem(style, values);
  const totals = styleTotals(style, values);
  const rules = [style.wholeRuns ? '整手订货' : '', style.minRuns > 0 ? `起订${style.minRuns}手` : ''].filter(Boolean).join('，');
  return (
    <Card
      size="small"
      data-testid={`so-entry-${style.styleNo}`}
      title={
        <Space wrap>
          {leading}
          <strong>{style.styleNo}</strong>
          {style.name}
          <span>
            订货价 <MoneyText strong fen={style.unitPriceFen} data-testid={`so-entry-price-${style.styleNo}`} />
            {style.unitPriceFen < style.wholesalePriceFen ? <s style={{ marginLeft: 6, color: '#999' }}>{formatYuan(style.wholesalePriceFen)}</s> : null}
          </span>
          {rules ? <span style={{ color: '#d46b08' }}>{rules}</span> : null}
        </Space>
      }
      extra={
        <Space>
          <span data-testid={`so-entry-total-${style.styleNo}`}>
            {totals.pieces} 件 · <MoneyText fen={totals.amountFen} />
          </span>
          {extraActions}
          {onRemove && removeConfirm ? (
            <Popconfirm title={removeConfirm} okText="移除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={onRemove}>
              <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`移除 ${style.styleNo}`} />
            </Popconfirm>
          ) : onRemove ? (
            <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={onRemove} aria-label={`移除 ${style.styleNo}`} />
          ) : null}
        </Space>
      }
    >
      <SizeRunGrid<EntryCell>
        mode="entry"
        cells={cells}
        value={values}
        onChange={onChange}
        max={SALES_ORDER_QUANTITY_MAX}
        runEntry
        runs={style.runs.map((r) => ({ id: r.id, name: r.name, run: r.counts }))}
        defaultRunId={style.sizeRunId}
        testId={`so-grid-${style.styleNo}`}
        rowExtra={rowExtra}
        cellId={(cell) => cell.barcode}
        extra={(cell) => <CellStock cell={cell} typed={values[cell.skuId]} />}
      />
      {problem ? <Alert style={{ marginTop: 8 }} type="error" showIcon title={problem} data-testid={`so-entry-problem-${style.styleNo}`} /> : null}
    </Card>
  );
}
