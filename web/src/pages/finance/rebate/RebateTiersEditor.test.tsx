import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { tiersOf, type TierFormValue } from './rebate-form.ts';
import { RebateTiersEditor } from './RebateTiersEditor.tsx';

function show(tiers: TierFormValue[]) {
  const onFinish = vi.fn();
  render(
    <Form initialValues={{ tiers }} onFinish={(values: { tiers: TierFormValue[] }) => onFinish(tiersOf(values.tiers))}>
      <RebateTiersEditor />
      <Button htmlType="submit">提交</Button>
    </Form>,
  );
  return onFinish;
}

const input = (testId: string) => screen.getByTestId(testId).querySelector('input') ?? (screen.getByTestId(testId) as HTMLInputElement);
const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));

describe('RebateTiersEditor', () => {
  it('adds tiers and hands over fen and basis points, in the order typed', async () => {
    const onFinish = show([{ thresholdFen: null, ratePercent: null }]);
    const user = userEvent.setup();
    await user.type(input('rebate-tier-threshold-0'), '50000');
    await user.type(input('rebate-tier-rate-0'), '1.5');
    await user.click(screen.getByTestId('rebate-tier-add'));
    await user.type(input('rebate-tier-threshold-1'), '100000');
    await user.type(input('rebate-tier-rate-1'), '3');
    submit();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish).toHaveBeenCalledWith([
      { thresholdFen: 5_000_000, rateBp: 150 },
      { thresholdFen: 10_000_000, rateBp: 300 },
    ]);
  });

  it('refuses repeated thresholds and rates falling as thresholds rise, with the server’s messages', async () => {
    const onFinish = show([
      { thresholdFen: 100_000, ratePercent: 2 },
      { thresholdFen: 100_000, ratePercent: 3 },
    ]);
    submit();
    expect(await screen.findByText('门槛金额 ¥1,000.00 重复')).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(input('rebate-tier-threshold-1'));
    await user.type(input('rebate-tier-threshold-1'), '2000');
    await user.clear(input('rebate-tier-rate-1'));
    await user.type(input('rebate-tier-rate-1'), '1');
    submit();
    expect(await screen.findByText('门槛越高的档位，返利比例不能越低')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('asks for a rate left empty and keeps at least one tier', async () => {
    const onFinish = show([{ thresholdFen: 0, ratePercent: null }]);
    expect((screen.getByTestId('rebate-tier-remove-0') as HTMLButtonElement).disabled).toBe(true);
    submit();
    expect(await screen.findByText('返利比例须在0%到100%之间，最多两位小数')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
