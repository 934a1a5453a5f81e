import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FinanceAccountRecord } from '@erp/shared';

const setCredit = vi.fn(async (_type: string, _id: number, _input: unknown, _options?: unknown) => ({}));
vi.mock('../../../api/finance.ts', async (original) => ({
  ...(await original<typeof import('../../../api/finance.ts')>()),
  financeApi: { setCredit: (type: string, id: number, input: unknown, options?: unknown) => setCredit(type, id, input, options) },
}));

const { CreditLimitModal } = await import('./CreditLimitModal.tsx');

const account = {
  partyType: 'agent',
  partyId: 5,
  partyCode: 'AG001',
  partyName: '杭州衣尚',
  balanceFen: -50_000,
  receivableFen: 50_000,
  prepaymentFen: 0,
  creditLimitFen: 200_000,
  unshippedFen: 30_000,
  availableFen: 120_000,
  payableFen: 0,
  lastEntryAt: null,
  creditMemo: '',
} as FinanceAccountRecord;

const save = () => screen.getByRole('button', { name: /保\s*存/ });

describe('CreditLimitModal', () => {
  it('lowering the limit below what is committed asks first: nothing is sent until it is confirmed (issue 26)', async () => {
    setCredit.mockClear();
    const onSaved = vi.fn();
    render(<CreditLimitModal account={account} onClose={() => {}} onSaved={onSaved} />);
    expect(screen.queryByTestId('credit-lowering')).toBeNull();
    fireEvent.change(screen.getByTestId('credit-yuan'), { target: { value: '600' } });
    expect((await screen.findByTestId('credit-lowering')).textContent).toContain('低于已占用的 ¥800.00');
    await userEvent.click(save());
    expect(await screen.findByText('请确认降低授信额度')).toBeTruthy();
    expect(setCredit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('credit-confirm-lower'));
    await userEvent.click(save());
    await vi.waitFor(() => expect(setCredit).toHaveBeenCalledTimes(1));
    expect(setCredit.mock.calls[0]![2]).toMatchObject({ creditLimitFen: 60_000 });
  });

  it('a limit that covers what is committed saves at once', async () => {
    setCredit.mockClear();
    render(<CreditLimitModal account={account} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(screen.getByTestId('credit-yuan'), { target: { value: '900' } });
    await userEvent.click(save());
    await vi.waitFor(() => expect(setCredit).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('credit-lowering')).toBeNull();
  });
});
