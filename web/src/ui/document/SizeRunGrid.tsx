import { useState, type ReactNode } from 'react';
import { Button, Input, InputNumber, Popover, Space, Tooltip } from 'antd';
import { columnTotal, grandTotal, parseRun, rowTotal, applyRun, cellProblem, runAxes, runSize, type RunCell, type RunValues } from './size-run-rules.ts';
import './document.css';

export interface SizeRunGridProps<C extends RunCell> {
  cells: readonly C[];
  /** entry: a number per cell; view: what renderCell shows */
  mode: 'entry' | 'view';
  value?: RunValues;
  onChange?: (next: Record<number, number | null | undefined>) => void;
  /** the most a cell may hold (entry) */
  max?: number;
  /** figures under a cell's input or content: available stock, quota left, price … */
  extra?: (cell: C) => ReactNode;
  /** a cell's content in view mode */
  renderCell?: (cell: C) => ReactNode;
  /** a row head (default: the colour name) */
  renderColour?: (colour: { key: string; name: string }) => ReactNode;
  /** per-row figures after the cells in view mode (e.g. SKU count) */
  rowExtra?: { title: string; render: (colourKey: string) => ReactNode };
  /** 配码: enter a row by a run (S1 M2 L2 XL1) times a number of runs */
  runEntry?: boolean;
  disabled?: boolean;
  /** test ids: `${testId}-cell-${cellId(cell)}`, rows and totals alike */
  testId?: string;
  cellId?: (cell: C) => string;
}

/**
 * 尺码横排: one colour × size grid for every screen that shows or enters quantities per SKU —
 * products, purchasing, stock documents and, later, ordering and shipment. Sizes are in size
 * order; entry keeps what was typed and marks a bad cell red (the form refuses to save it);
 * totals per colour, per size and overall; optional 配码 entry and per-cell extra figures.
 */
export function SizeRunGrid<C extends RunCell>({
  cells,
  mode,
  value = {},
  onChange,
  max = 1_000_000,
  extra,
  renderCell,
  renderColour,
  rowExtra,
  runEntry,
  disabled,
  testId = 'size-run',
  cellId = (cell) => cell.barcode ?? String(cell.skuId),
}: SizeRunGridProps<C>) {
  const axes = runAxes(cells);
  const entry = mode === 'entry';
  const set = (skuId: number, quantity: number | null) => onChange?.({ ...value, [skuId]: quantity });
  return (
    <div className="size-run" data-testid={testId}>
      <table>
        <thead>
          <tr>
            <th className="size-run__corner">颜色＼尺码</th>
            {axes.sizes.map((size) => (
              <th key={size} data-testid={`${testId}-size`}>
                {size}
              </th>
            ))}
            {entry ? <th className="size-run__total">合计</th> : null}
            {rowExtra ? <th className="size-run__total">{rowExtra.title}</th> : null}
          </tr>
        </thead>
        <tbody>
          {axes.colours.map((colour) => (
            <tr key={colour.key} data-testid={`${testId}-row-${colour.key}`}>
              <th scope="row" className="size-run__colour">
                <Space size={4}>
                  {renderColour ? renderColour(colour) : colour.name}
                  {entry && runEntry && !disabled ? (
                    <RunButton sizes={axes.sizes} onApply={(run, count) => onChange?.(applyRun(axes, value, colour.key, run, count))} testId={`${testId}-run-${colour.key}`} />
                  ) : null}
                </Space>
              </th>
              {axes.sizes.map((size) => {
                const cell = axes.at(colour.key, size);
                if (!cell)
                  return (
                    <td key={size} className="size-run__empty">
                      —
                    </td>
                  );
                const id = `${testId}-cell-${cellId(cell)}`;
                if (!entry) {
                  return (
                    <td key={size}>
                      {renderCell?.(cell)}
                      {extra ? <div className="size-run__extra">{extra(cell)}</div> : null}
                    </td>
                  );
                }
                const typed = value[cell.skuId];
                const problem = cellProblem(typed, max);
                return (
                  <td key={size} className={problem ? 'is-bad' : undefined}>
                    <Tooltip title={problem} open={problem ? undefined : false}>
                      <InputNumber
                        size="small"
                        controls={false}
                        disabled={disabled}
                        style={{ width: 68 }}
                        value={typed ?? null}
                        status={problem ? 'error' : undefined}
                        aria-label={`${colour.name} ${size} 数量`}
                        // keep what was typed, even when it is wrong: the red mark says why
                        onChange={(v) => set(cell.skuId, typeof v === 'number' ? v : v === null ? null : Number(v))}
                        data-testid={id}
                      />
                    </Tooltip>
                    {extra ? <div className="size-run__extra">{extra(cell)}</div> : null}
                  </td>
                );
              })}
              {entry ? (
                <td className="size-run__total" data-testid={`${testId}-row-total-${colour.key}`}>
                  {rowTotal(axes, value, colour.key)}
                </td>
              ) : null}
              {rowExtra ? <td className="size-run__total">{rowExtra.render(colour.key)}</td> : null}
            </tr>
          ))}
        </tbody>
        {entry ? (
          <tfoot>
            <tr>
              <th scope="row">合计</th>
              {axes.sizes.map((size) => (
                <td key={size} className="size-run__total" data-testid={`${testId}-col-total-${size}`}>
                  {columnTotal(axes, value, size)}
                </td>
              ))}
              <td className="size-run__total size-run__grand" data-testid={`${testId}-total`}>
                {grandTotal(value)}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** 配码: type a run and how many runs; the colour's row is filled with run × count. */
function RunButton({ sizes, onApply, testId }: { sizes: readonly string[]; onApply: (run: Record<string, number>, count: number) => void; testId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [count, setCount] = useState<number | null>(1);
  const parsed = text.trim() ? parseRun(text, sizes) : null;
  const problem = typeof parsed === 'string' ? parsed : count === null || !Number.isInteger(count) || count < 1 ? '手数须为正整数' : null;
  const apply = () => {
    if (!parsed || typeof parsed === 'string' || problem) return;
    onApply(parsed, count!);
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title="按配码填写"
      content={
        <div className="size-run__run-form">
          <Input
            autoFocus
            placeholder={`如 ${sizes.map((s, i) => `${s}${i === 0 || i === sizes.length - 1 ? 1 : 2}`).join(' ')}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={apply}
            status={typeof parsed === 'string' ? 'error' : undefined}
            data-testid={`${testId}-text`}
          />
          <Space>
            <InputNumber min={1} precision={0} value={count} onChange={setCount} suffix="手" style={{ width: 120 }} data-testid={`${testId}-count`} />
            <Button type="primary" size="small" disabled={!parsed || !!problem} onClick={apply} data-testid={`${testId}-apply`}>
              填入{parsed && typeof parsed !== 'string' && count ? ` ${runSize(parsed) * count} 件` : ''}
            </Button>
          </Space>
          {problem && text.trim() ? <div className="size-run__run-problem">{problem}</div> : null}
        </div>
      }
    >
      <Button size="small" type="link" data-testid={testId}>
        配码
      </Button>
    </Popover>
  );
}
