import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StatementRecord } from '@erp/shared';
import { StatementSummary } from './StatementSummary.tsx';

const statement = (extra: Partial<StatementRecord> = {}): StatementRecord => ({
  partyType: 'agent',
  partyId: 1,
  partyCode: 'AG001',
  partyName: '杭州衣尚服饰贸易有限公司',
  accountKind: 'receivable',
  from: '2026-10-01',
  to: '2026-10-31',
  openingFen: 100_000,
  increaseFen: 250_050,
  decreaseFen: 50_000,
  closingFen: 300_050,
  entryCount: 7,
  confirmation: null,
  canConfirm: true,
  ...extra,
});

describe('StatementSummary', () => {
  it('shows the four figures in yuan, in the account’s sign', () => {
    render(<StatementSummary statement={statement()} mayConfirm onConfirm={vi.fn()} />);
    expect(screen.getByTestId('statement-opening').textContent).toContain('期初余额（应收）');
    expect(screen.getByTestId('statement-opening').textContent).toContain('¥1,000.00');
    expect(screen.getByTestId('statement-increase').textContent).toContain('¥2,500.50');
    expect(screen.getByTestId('statement-decrease').textContent).toContain('¥500.00');
    expect(screen.getByTestId('statement-closing').textContent).toContain('¥3,000.50');
  });

  it('asks before confirming, naming the figures, and confirms on 确认无误', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    render(<StatementSummary statement={statement()} mayConfirm onConfirm={onConfirm} />);
    await userEvent.click(screen.getByTestId('statement-confirm'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('期末应收 ¥3,000.50，共 7 笔');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '确认无误' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('offers no button without the permission, or when it cannot be confirmed; shows a confirmation that no longer matches', () => {
    const { rerender } = render(<StatementSummary statement={statement()} mayConfirm={false} onConfirm={vi.fn()} />);
    expect(screen.queryByTestId('statement-confirm')).toBeNull();
    rerender(<StatementSummary statement={statement({ canConfirm: false })} mayConfirm onConfirm={vi.fn()} />);
    expect(screen.queryByTestId('statement-confirm')).toBeNull();
    rerender(
      <StatementSummary
        statement={statement({
          canConfirm: false,
          confirmation: {
            outcome: 'confirmed',
            note: '',
            confirmedByName: '陈立华',
            confirmedAt: '2026-11-01T02:00:00.000Z',
            openingFen: 100_000,
            closingFen: 290_050,
            entryCount: 6,
            matches: false,
          },
        })}
        mayConfirm
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByTestId('statement-confirmed').textContent).toBe('已确认，但确认后有变动');
    expect(screen.getByText(/陈立华 于 .* 确认：期初 ¥1,000.00，期末 ¥2,900.50，6 笔/)).toBeTruthy();
  });

  it('有异议 asks for a note, sends it, and then shows the dispute instead of the buttons', async () => {
    const onDispute = vi.fn().mockResolvedValue(undefined);
    const { rerender } = render(<StatementSummary statement={statement()} mayConfirm onConfirm={vi.fn()} onDispute={onDispute} />);
    await userEvent.click(screen.getByTestId('statement-dispute'));
    await userEvent.click(await screen.findByRole('button', { name: /提交异议/ }));
    expect(await screen.findByTestId('statement-dispute-error')).toBeTruthy();
    expect(onDispute).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('statement-dispute-note'), '11月20日转账未入账');
    await userEvent.click(screen.getByRole('button', { name: /提交异议/ }));
    await waitFor(() => expect(onDispute).toHaveBeenCalledWith('11月20日转账未入账'));
    rerender(
      <StatementSummary
        statement={statement({
          canConfirm: false,
          confirmation: {
            outcome: 'disputed',
            note: '11月20日转账未入账',
            confirmedByName: '陈立华',
            confirmedAt: '2026-11-01T02:00:00.000Z',
            openingFen: 100_000,
            closingFen: 300_050,
            entryCount: 7,
            matches: true,
          },
        })}
        mayConfirm
        onConfirm={vi.fn()}
        onDispute={onDispute}
      />,
    );
    expect(screen.getByTestId('statement-disputed').textContent).toBe('有异议');
    expect(screen.getByTestId('statement-dispute-note-shown').textContent).toContain('提出异议：11月20日转账未入账');
    expect(screen.queryByTestId('statement-confirm')).toBeNull();
  });
});
