import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

const record = vi.fn(async (_direction: string, _input: unknown, _options?: unknown) => ({ id: 1 }));
vi.mock('../../../api/finance.ts', async (original) => ({
  ...(await original<typeof import('../../../api/finance.ts')>()),
  financeApi: {
    record: (direction: string, input: unknown, options?: unknown) => record(direction, input, options),
    accounts: async () => ({ records: [{ partyType: 'agent', partyId: 5, partyCode: 'AG001', partyName: '杭州衣尚' }], total: 1 }),
  },
}));

const { PaymentFormModal } = await import('./PaymentFormModal.tsx');

function show(hq: boolean) {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PaymentFormModal open hq={hq} onClose={() => {}} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const save = () => screen.getByRole('button', { name: /保\s*存/ });

describe('PaymentFormModal', () => {
  it('an agent records its own payment: no party to pick, the voucher is required, nothing sent without it', async () => {
    record.mockClear();
    show(false);
    expect(screen.queryByTestId('payment-form-party')).toBeNull();
    fireEvent.change(screen.getByTestId('payment-form-amount'), { target: { value: '1200.50' } });
    await userEvent.click(save());
    expect(await screen.findByText('请上传付款凭证')).toBeTruthy();
    expect(record).not.toHaveBeenCalled();
  });

  it('HQ picks the party: without one (and with a zero amount) nothing is sent', async () => {
    record.mockClear();
    const onSaved = show(true);
    expect(screen.getByTestId('payment-form-party')).toBeTruthy();
    fireEvent.change(screen.getByTestId('payment-form-amount'), { target: { value: '0' } });
    await userEvent.click(save());
    expect(await screen.findByText('请选择往来单位')).toBeTruthy();
    expect(record).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a negative amount stays as typed and is refused under the field (never turned into 0.01)', async () => {
    record.mockClear();
    show(false);
    const amount = screen.getByTestId('payment-form-amount') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '-5' } });
    fireEvent.blur(amount);
    await userEvent.click(save());
    expect(await screen.findByText('金额须大于0且不超过 ¥100,000,000.00，最多两位小数')).toBeTruthy();
    expect(amount.value).toBe('-5.00');
    expect(record).not.toHaveBeenCalled();
  });
});
