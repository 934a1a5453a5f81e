import { useState, type ReactNode } from 'react';
import { Button, Input, Popover, Select, Space } from 'antd';
import { formatRun, quantityProblem, SizeRunMessages, type QuantityRule } from '@erp/shared';
import { QuantityInput } from '../quantity/QuantityInput.tsx';
import {
  columnTotal,
  grandTotal,
  parseRun,
  rowTotal,
  applyRun,
  cellProblem,
  runAxes,
  runSize,
  runsFitting,
  type RunCell,
  type RunValues,
  type SavedRun,
} from './size-run-rules.ts';
import './document.css';

export interface SizeRunGridProps<C extends RunCell> {
  cells: readonly C[];
  /** entry: a number per cell; view: what renderCell shows */
  mode: 'entry' | 'view';
  value?: RunValues;
  onChange?: (next: Record<number, number | null | undefined>) => void;
  /** the most a cell may hold (entry); a cell outside 0–max, not an integer or no number stays as typed, red */
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
  /** 配码 entry: the size group's saved runs to pick from (typing a run still works) */
  runs?: readonly SavedRun[];
  /** 配码 entry: the run filled in when it opens (the style's default run) */
  defaultRunId?: number | null;
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
  runs = NO_RUNS,
  defaultRunId = null,
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
                    <RunButton
                      sizes={axes.sizes}
                      runs={runs}
                      defaultRunId={defaultRunId}
                      onApply={(run, count) => onChange?.(applyRun(axes, value, colour.key, run, count))}
                      testId={`${testId}-run-${colour.key}`}
                    />
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
                    {/* keeps what was typed, even when it is wrong: the red mark and its tooltip say why */}
                    <QuantityInput
                      hint="tooltip"
                      width={68}
                      disabled={disabled}
                      value={typed}
                      rule={{ min: 0, max }}
                      aria-label={`${colour.name} ${size} 数量`}
                      onChange={(q) => set(cell.skuId, q)}
                      testId={id}
                    />
                    {extra ? <div className="size-run__extra">{extra(cell)}</div> : null}
                  </td>
                );
              })}
              {entry ? (
                <td className="size-run__total" data-testid={`${testId}-row-total-${colour.key}`}>
                  {rowTotal(axes, value, colour.key, max)}
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
                  {columnTotal(axes, value, size, max)}
                </td>
              ))}
              <td className="size-run__total size-run__grand" data-testid={`${testId}-total`}>
                {grandTotal(value, max)}
              </td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

const RUN_COUNT_RULE: QuantityRule = { min: 1, max: 10_000, label: '手数', required: true };
const NO_RUNS: readonly SavedRun[] = [];

interface RunButtonProps {
  sizes: readonly string[];
  runs: readonly SavedRun[];
  defaultRunId: number | null;
  onApply: (run: Record<string, number>, count: number) => void;
  testId: string;
}

/** 配码: pick a saved run or type one, and how many runs; the colour's row is filled with run × count. */
function RunButton({ sizes, runs, defaultRunId, onApply, testId }: RunButtonProps) {
  const fitting = runsFitting(runs, sizes);
  const textOf = (id: number | null) => {
    const saved = fitting.find((r) => r.id === id);
    return saved ? formatRun(saved.run, sizes) : '';
  };
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => textOf(defaultRunId));
  const [count, setCount] = useState<number | null>(1);
  const read = text.trim() ? parseRun(text, sizes) : null;
  // a run of no pieces would empty the row: named, not applied
  const parsed = read && typeof read !== 'string' && runSize(read) === 0 ? SizeRunMessages.empty : read;
  const picked = fitting.find((r) => formatRun(r.run, sizes) === text.trim())?.id;
  const countProblem = quantityProblem(count, RUN_COUNT_RULE);
  const problem = typeof parsed === 'string' ? parsed : countProblem;
  const apply = () => {
    if (!parsed || typeof parsed === 'string' || problem) return;
    onApply(parsed, count!);
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        // the saved runs may arrive after the row: an empty entry takes the default on opening
        if (next && !text.trim()) setText(textOf(defaultRunId));
        setOpen(next);
      }}
      trigger="click"
      title="按配码填写"
      content={
        <div className="size-run__run-form">
          {fitting.length > 0 ? (
            <Select<number>
              size="small"
              placeholder="选择已存配码"
              value={picked}
              onChange={(id) => setText(textOf(id))}
              options={fitting.map((r) => ({ value: r.id, label: `${r.name}（${formatRun(r.run, sizes)}）` }))}
              popupMatchSelectWidth={false}
              data-testid={`${testId}-saved`}
            />
          ) : null}
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
            <QuantityInput value={count} onChange={setCount} rule={RUN_COUNT_RULE} width={96} suffix="手" aria-label="手数" testId={`${testId}-count`} />
            <Button type="primary" size="small" disabled={!parsed || !!problem} onClick={apply} data-testid={`${testId}-apply`}>
              填入{parsed && typeof parsed !== 'string' && count && !countProblem ? ` ${runSize(parsed) * count} 件` : ''}
            </Button>
          </Space>
          {typeof parsed === 'string' && text.trim() ? <div className="size-run__run-problem">{parsed}</div> : null}
        </div>
      }
    >
      <Button size="small" type="link" data-testid={testId}>
        配码
      </Button>
    </Popover>
  );
}
