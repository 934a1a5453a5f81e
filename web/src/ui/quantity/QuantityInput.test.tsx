import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from 'antd';
import { quantityProblem, type QuantityRule } from '@erp/shared';
import { QuantityInput, SaveBlockedHint } from './QuantityInput.tsx';

const RULE: QuantityRule = { min: 0, max: 1_000_000, cap: { name: '可收', value: 10 } };

/** A form with one quantity and a save button that its problem blocks, as the pages do. */
function Form({ initial = 3, onSave }: { initial?: number | null; onSave?: (q: number | null) => void }) {
  const [q, setQ] = useState<number | null>(initial);
  const problem = quantityProblem(q, RULE);
  return (
    <div>
      <QuantityInput value={q} onChange={setQ} rule={RULE} testId="qty" />
      <Button onClick={() => setQ(10)} data-testid="all">
        全部
      </Button>
      <SaveBlockedHint problem={problem} />
      <Button disabled={!!problem} onClick={() => onSave?.(q)} data-testid="save">
        保存
      </Button>
    </div>
  );
}

const input = () => screen.getByTestId('qty') as HTMLInputElement;
const save = () => screen.getByTestId('save') as HTMLButtonElement;

describe('QuantityInput', () => {
  it.each([
    ['999', '超出可收数量10'],
    ['abc', '数量须为0-1000000的整数'],
    ['-1', '数量须为0-1000000的整数'],
    ['1.5', '数量须为0-1000000的整数'],
  ])('keeps %j as typed, shows it red with “%s” and blocks the save', async (typed, message) => {
    const user = userEvent.setup();
    render(<Form />);
    await user.clear(input());
    await user.type(input(), typed);
    await user.tab();
    expect(input().value).toBe(typed);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().className).toContain('ant-input-status-error');
    expect(screen.getByTestId('qty-problem').textContent).toBe(message);
    expect(screen.getByTestId('save-blocked').textContent).toContain(message);
    expect(save().disabled).toBe(true);
  });

  it('saves once the typed quantity is mended', async () => {
    const user = userEvent.setup();
    const saved: (number | null)[] = [];
    render(<Form onSave={(q) => saved.push(q)} />);
    await user.clear(input());
    await user.type(input(), '999');
    expect(save().disabled).toBe(true);
    await user.clear(input());
    await user.type(input(), '7');
    expect(screen.queryByTestId('qty-problem')).toBeNull();
    expect(screen.queryByTestId('save-blocked')).toBeNull();
    await user.click(save());
    expect(saved).toEqual([7]);
  });

  it('shows a value set from outside, but never rewrites the text being typed', () => {
    render(<Form />);
    fireEvent.change(input(), { target: { value: '007' } });
    expect(input().value).toBe('007');
    fireEvent.click(screen.getByTestId('all'));
    expect(input().value).toBe('10');
    fireEvent.change(input(), { target: { value: '' } });
    expect(input().value).toBe('');
    expect(save().disabled).toBe(false);
  });
});
