import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SalesOrderRecord } from '@erp/shared';

const action = vi.fn(async (..._args: unknown[]) => ({ id: 1 }));
const remove = vi.fn(async (..._args: unknown[]) => null);
vi.mock('../../../api/sales-orders.ts', async (original) => ({
  ...(await original<typeof import('../../../api/sales-orders.ts')>()),
  salesOrdersApi: { action: (...a: unknown[]) => action(...a), remove: (...a: unknown[]) => remove(...a), audit: vi.fn(), detail: vi.fn() },
}));

const { OrderRowActions, auditAsOrdered, batchAuditText } = await import('./order-list-actions.tsx');
const { SUBMIT_CONFIRM } = await import('./order-actions.tsx');

const wrap = (node: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

function record(over: Partial<SalesOrderRecord> = {}): SalesOrderRecord {
  return {
    id: 1,
    orderNo: 'DH20261128-0001',
    seasonId: 1,
    seasonName: '2026 秋冬现货订货',
    kind: 'spot',
    buyerType: 'shop',
    buyerId: 1,
    buyerName: '杭州西湖店',
    ordererType: 'shop',
    shopId: 1,
    shopName: '杭州西湖店',
    billedType: 'agent',
    billedId: 1,
    billedName: '浙江衣尚商贸',
    status: 'draft',
    statusLabel: '草稿',
    orderDate: '2026-11-28',
    lineCount: 2,
    totalQuantity: 5,
    totalAmountFen: 157_536,
    approvedQuantity: null,
    approvedAmountFen: null,
    remark: '',
    reason: '',
    createdByName: '西湖店长',
    createdAt: '2026-11-28T02:00:00.000Z',
    submittedAt: null,
    auditedAt: null,
    actions: ['edit', 'submit', 'cancel'],
    deletable: true,
    ...over,
  };
}

describe('订货单 row actions', () => {
  it('offers 详情 and what the order allows; 编辑 goes to the form', async () => {
    const onEdit = vi.fn();
    const onOpen = vi.fn();
    wrap(<OrderRowActions row={record()} onOpen={onOpen} onEdit={onEdit} />);
    const row = screen.getByTestId('so-row-DH20261128-0001');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, '')),
    ).toEqual(['详情', '编辑', '提交', '取消', '删除']);
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-action-edit'));
    expect(onEdit).toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-open'));
    expect(onOpen).toHaveBeenCalled();
  });

  it('a submitted order for HQ: 审核, 驳回, 取消 and no 删除', () => {
    wrap(<OrderRowActions row={record({ status: 'submitted', actions: ['withdraw', 'audit', 'reject', 'cancel'], deletable: false })} onOpen={vi.fn()} onEdit={vi.fn()} />);
    const labels = within(screen.getByTestId('so-row-DH20261128-0001'))
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''));
    expect(labels).toEqual(['详情', '撤回', '审核', '驳回', '取消']);
  });

  it('取消 asks with 确定取消 / 返回 and a reason; 返回 sends nothing', async () => {
    wrap(<OrderRowActions row={record()} onOpen={vi.fn()} onEdit={vi.fn()} />);
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-action-cancel'));
    const dialog = await screen.findByRole('dialog');
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''))
      .filter(Boolean);
    expect(buttons).toEqual(['返回', '确定取消']);
    await userEvent.click(
      within(dialog)
        .getAllByRole('button')
        .find((b) => b.textContent?.replace(/\s/g, '') === '返回')!,
    );
    expect(action).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-action-cancel'));
    await userEvent.type(await screen.findByTestId('so-row-DH20261128-0001-action-reason'), '买错了');
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-action-confirm'));
    await waitFor(() => expect(action).toHaveBeenCalledWith(1, 'cancel', { reason: '买错了' }, expect.anything()));
  });

  it('提交 asks the one submit question with 确定提交 / 返回', async () => {
    action.mockClear();
    wrap(<OrderRowActions row={record()} onOpen={vi.fn()} onEdit={vi.fn()} />);
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-action-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(SUBMIT_CONFIRM.content);
    expect(within(dialog).getByTestId('so-row-DH20261128-0001-action-confirm').textContent?.replace(/\s/g, '')).toBe('确定提交');
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-action-confirm'));
    await waitFor(() => expect(action).toHaveBeenCalledWith(1, 'submit', {}, expect.anything()));
  });

  it('删除 a draft after its confirmation', async () => {
    wrap(<OrderRowActions row={record()} onOpen={vi.fn()} onEdit={vi.fn()} />);
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-delete'));
    expect(remove).not.toHaveBeenCalled();
    expect(await screen.findByText('删除草稿 DH20261128-0001？')).toBeTruthy();
    await userEvent.click(screen.getByTestId('so-row-DH20261128-0001-delete-confirm'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(1, expect.anything()));
  });
});

describe('批量审核', () => {
  it('approves each order as ordered (no cut, no reason) and reports the refused ones by number', async () => {
    const audit = vi.fn(async (id: number, _input: unknown) => {
      if (id === 2) throw new Error('授信额度不足：可用授信 ¥100.00，本单 ¥1,575.36');
      return {} as never;
    });
    const result = await auditAsOrdered(
      [
        { id: 1, orderNo: 'DH1' },
        { id: 2, orderNo: 'DH2' },
        { id: 3, orderNo: 'DH3' },
      ],
      audit as never,
    );
    expect(audit.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      [1, { lines: [], reason: '' }],
      [2, { lines: [], reason: '' }],
      [3, { lines: [], reason: '' }],
    ]);
    expect(result).toEqual({ approved: ['DH1', 'DH3'], failed: [{ orderNo: 'DH2', message: '授信额度不足：可用授信 ¥100.00，本单 ¥1,575.36' }] });
    expect(batchAuditText(result)).toBe('已审核 2 张，1 张未通过：DH2（授信额度不足：可用授信 ¥100.00，本单 ¥1,575.36）');
  });
});
