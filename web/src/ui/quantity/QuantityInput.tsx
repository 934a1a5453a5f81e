import { useId, useState, type ReactNode } from 'react';
import { Input, Tooltip } from 'antd';
import { quantityProblem, readQuantity, type QuantityRule } from '@erp/shared';
import './quantity.css';

export interface QuantityInputProps {
  /** the quantity in the page's state: a number, null when empty, NaN for text that is no number */
  value: number | null | undefined;
  /** every keystroke: what the text reads as (readQuantity) — bad values too, never corrected */
  onChange: (next: number | null) => void;
  /** what is allowed (shared quantityProblem: integers min–max, a cap such as 可收) */
  rule?: QuantityRule;
  /** where the message shows: under the input (default) or as a tooltip (tight grids) */
  hint?: 'below' | 'tooltip';
  disabled?: boolean;
  placeholder?: string;
  width?: number;
  /** a unit after the text, e.g. 件 or 手 */
  suffix?: ReactNode;
  'aria-label'?: string;
  /** the input's test id; the message is `${testId}-problem` */
  testId?: string;
}

const shown = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '' : String(v));

/**
 * The one quantity input (issue 16): keeps exactly the text typed, marks a bad value red with the
 * shared Chinese message and hands the page what the text reads as, so the page's own check (the
 * same quantityProblem) blocks its save. No clamping, rounding or dropping as InputNumber does.
 */
export function QuantityInput({ value, onChange, rule, hint = 'below', disabled, placeholder, width = 96, suffix, 'aria-label': ariaLabel, testId }: QuantityInputProps) {
  const id = useId();
  const [text, setText] = useState(() => shown(value));
  const [seen, setSeen] = useState<number | null>(value ?? null);
  // a value set from outside (全部收货, 配码, a reset) shows; the echo of typing keeps the text
  if (!Object.is(seen, value ?? null)) {
    setSeen(value ?? null);
    if (!Object.is(readQuantity(text), value ?? null)) setText(shown(value));
  }
  const problem = disabled ? null : quantityProblem(value ?? null, rule);
  const input = (
    <Input
      size="small"
      inputMode="numeric"
      autoComplete="off"
      className="qty-input__field"
      style={{ width }}
      value={text}
      disabled={disabled}
      placeholder={placeholder}
      suffix={suffix}
      status={problem ? 'error' : undefined}
      aria-label={ariaLabel}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem && hint === 'below' ? id : undefined}
      onChange={(e) => {
        const next = readQuantity(e.target.value);
        setText(e.target.value);
        setSeen(next);
        onChange(next);
      }}
      data-testid={testId}
    />
  );
  if (hint === 'tooltip') {
    return (
      <Tooltip title={problem} open={problem ? undefined : false}>
        {input}
      </Tooltip>
    );
  }
  return (
    <div className="qty-input">
      {input}
      {problem ? (
        <div id={id} className="qty-input__problem" data-testid={testId ? `${testId}-problem` : undefined}>
          {problem}
        </div>
      ) : null}
    </div>
  );
}

/** Beside a form's save buttons: why saving is blocked (a bad quantity), in red; nothing when fine. */
export function SaveBlockedHint({ problem, testId = 'save-blocked' }: { problem: string | null; testId?: string }) {
  return problem ? (
    <span className="qty-blocked" role="status" data-testid={testId}>
      {problem}，修改后才能保存
    </span>
  ) : null;
}
