import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DocumentActionBar } from './DocumentActionBar.tsx';

type A = 'submit' | 'post' | 'void' | 'edit';
const LABELS: Record<A, string> = { submit: '提交', post: '审核过账', void: '作废', edit: '编辑' };

function Bar({ open, run, before }: { open: A[]; run: (a: A, input: { reason: string }) => Promise<void>; before?: (a: A) => boolean }) {
  const [done, setDone] = useState<string[]>([]);
  return (
    <>
      <DocumentActionBar<A>
        docNo="RK20261125-0001"
        open={open}
        order={['edit', 'submit', 'post', 'void']}
        label={(a) => LABELS[a]}
        danger={(a) => a === 'void'}
        before={before}
        dialog={(a) => ({ confirm: `确定${LABELS[a]}？`, reason: a === 'void' ? { title: '作废原因', required: true, max: 200 } : undefined })}
        run={async (a, input) => {
          await run(a, input);
          setDone((d) => [...d, a]);
        }}
        testIds={{ bar: 'bar', button: (a) => `act-${a}`, confirm: 'confirm', reason: 'reason', error: 'error' }}
      />
      <output data-testid="done">{done.join(',')}</output>
    </>
  );
}

describe('DocumentActionBar', () => {
  it("offers only what the status opens, in the bar's order", () => {
    render(<Bar open={['void', 'submit']} run={async () => {}} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['提交', '作废']);
  });

  it('asks first, then runs and closes', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => {});
    render(<Bar open={['submit']} run={run} />);
    await user.click(screen.getByTestId('act-submit'));
    expect(await screen.findByText('确定提交？')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('confirm'));
    await waitFor(() => expect(screen.getByTestId('done').textContent).toBe('submit'));
    expect(run).toHaveBeenCalledWith('submit', { reason: '' });
  });

  it('will not void without a reason, and sends the reason typed', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => {});
    render(<Bar open={['void']} run={run} />);
    await user.click(screen.getByTestId('act-void'));
    await user.click(await screen.findByTestId('confirm'));
    expect((await screen.findByTestId('error')).textContent).toContain('请填写作废原因');
    expect(run).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('reason'), '  录错仓库 ');
    await user.click(screen.getByTestId('confirm'));
    await waitFor(() => expect(run).toHaveBeenCalledWith('void', { reason: '录错仓库' }));
  });

  it('keeps the dialog and what was typed when the server refuses', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => {
      throw new Error('库存不足：YS26W1001 黑色 M 需要2，可用0');
    });
    render(<Bar open={['void']} run={run} />);
    await user.click(screen.getByTestId('act-void'));
    await user.type(await screen.findByTestId('reason'), '客户取消');
    await user.click(screen.getByTestId('confirm'));
    expect((await screen.findByTestId('error')).textContent).toContain('库存不足');
    expect((screen.getByTestId('reason') as HTMLTextAreaElement).value).toBe('客户取消');
    expect(screen.getByTestId('done').textContent).toBe('');
  });

  it('lets an action be taken over before its dialog (edit opens the form)', async () => {
    const user = userEvent.setup();
    const before = vi.fn((a: A) => a === 'edit');
    render(<Bar open={['edit', 'submit']} run={async () => {}} before={before} />);
    await user.click(screen.getByTestId('act-edit'));
    expect(before).toHaveBeenCalledWith('edit');
    expect(screen.queryByTestId('confirm')).toBeNull();
  });
});
