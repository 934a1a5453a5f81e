import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { typedYuanToFen, YuanInput } from './index.ts';

/** A page holding fen, as the forms do, showing what it holds. */
function Harness({ initial = null, minFen, maxFen }: { initial?: number | null; minFen?: number; maxFen?: number }) {
  const [fen, setFen] = useState<number | null>(initial);
  return (
    <div>
      <YuanInput value={fen} onChange={setFen} minFen={minFen} maxFen={maxFen} data-testid="yuan" />
      <output data-testid="held">{fen === null ? 'null' : String(fen)}</output>
      <Button onClick={() => setFen(250000)} data-testid="set">
        set
      </Button>
    </div>
  );
}

const input = () => screen.getByTestId('yuan') as HTMLInputElement;
const held = () => screen.getByTestId('held').textContent;

describe('YuanInput', () => {
  it.each([
    ['0.07', '7'],
    ['19.99', '1999'],
    ['0.1', '10'],
    ['1234.5', '123450'],
    ['999999999.99', '99999999999'],
    ['100', '10000'],
  ])('takes %j yuan as %s fen, exactly', async (typed, fen) => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(input(), typed);
    expect(held()).toBe(fen);
    await user.tab();
    expect(held()).toBe(fen);
  });

  it('shows held fen as yuan with two decimals, and a value set from outside', () => {
    render(<Harness initial={1999} />);
    expect(input().value).toBe('19.99');
    fireEvent.click(screen.getByTestId('set'));
    expect(input().value).toBe('2500.00');
  });

  it('hands null when cleared, and a typed negative as negative fen when no bound clamps it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={700} />);
    await user.clear(input());
    expect(held()).toBe('null');
    await user.type(input(), '-5');
    expect(held()).toBe('-500');
  });

  it('rounds a third decimal to two on leaving the field, and clamps to its fen bounds', async () => {
    const user = userEvent.setup();
    render(<Harness minFen={0} maxFen={100000} />);
    await user.type(input(), '19.999');
    await user.tab();
    expect(held()).toBe('2000');
    expect(input().value).toBe('20.00');
    await user.clear(input());
    await user.type(input(), '5000');
    await user.tab();
    expect(held()).toBe('100000');
  });

  it('is a Form field holding fen: initial fen shows as yuan, the submitted value is fen', async () => {
    const user = userEvent.setup();
    const submitted: unknown[] = [];
    render(
      <Form initialValues={{ amountFen: 1050 }} onFinish={(v) => submitted.push(v)}>
        <Form.Item name="amountFen" label="金额（元）">
          <YuanInput data-testid="yuan" />
        </Form.Item>
        <Button htmlType="submit" data-testid="submit">
          保存
        </Button>
      </Form>,
    );
    expect(input().value).toBe('10.50');
    await user.clear(input());
    await user.type(input(), '0.07');
    await user.click(screen.getByTestId('submit'));
    await waitFor(() => expect(submitted).toEqual([{ amountFen: 7 }]));
  });
});

describe('typedYuanToFen', () => {
  it.each([
    ['0.07', 7],
    ['19.99', 1999],
    ['-0.01', -1],
    ['-0', 0],
    ['', null],
    [null, null],
    ['19.999', undefined],
    ['abc', undefined],
  ])('%j → %j', (typed, fen) => {
    expect(typedYuanToFen(typed)).toBe(fen);
  });
});
