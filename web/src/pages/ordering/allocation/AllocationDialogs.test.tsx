import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/request.ts';

const allocate = vi.fn(async (_input: unknown, _options?: { headers?: Record<string, string> }) => ({ orderCount: 1, lineCount: 2, pieces: 4, skipped: [] as unknown[] }));
vi.mock('./allocation-api.ts', async (original) => ({
  ...(await original<typeof import('./allocation-api.ts')>()),
  allocationApi: { allocate: (input: unknown, options?: { headers?: Record<string, string> }) => allocate(input, options) },
}));
vi.mock('../../../api/use-warehouse-options.ts', async (original) => ({
  ...(await original<typeof import('../../../api/use-warehouse-options.ts')>()),
  useWarehouseOptions: () => ({ isLoading: false, options: warehouseOptions }),
}));

const TWO_HQ = [
  { value: 1, label: '杭州总仓（WH-HZ）', type: 'hq' },
  { value: 2, label: '嘉兴分仓（WH-JX）', type: 'hq' },
  { value: 9, label: '湖滨银泰店仓（WH-SH001）', type: 'shop' },
];
let warehouseOptions = TWO_HQ;

const { AllocateDialog } = await import('./AllocationDialogs.tsx');

function show(selected: number[] = [7]) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AllocateDialog open selected={selected} onClose={() => {}} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const start = () => screen.getByRole('button', { name: /开始配货/ });

describe('AllocateDialog', () => {
  it('offers HQ warehouses only and asks for one before sending', async () => {
    show();
    fireEvent.mouseDown(within(screen.getByTestId('alloc-warehouse')).getByRole('combobox'));
    expect(await screen.findByTitle('杭州总仓（WH-HZ）')).toBeTruthy();
    expect(screen.queryByTitle('湖滨银泰店仓（WH-SH001）')).toBeNull();
    await userEvent.click(start());
    expect(await screen.findByText('请选择发货仓库')).toBeTruthy();
    expect(allocate).not.toHaveBeenCalled();
    // a rule's refusal stays under its field: no second message in the dialog
    expect(screen.queryByTestId('alloc-error')).toBeNull();
  });

  it('sends the selected orders with a key, then shows the answer; a refusal stays in the dialog', async () => {
    allocate.mockClear();
    allocate.mockRejectedValueOnce(new ApiError({ kind: 'business', code: 'A0400', msg: '没有可配货的订货单（须为已审核或部分发货）' }, 422));
    const onDone = show([7, 8]);
    fireEvent.mouseDown(within(screen.getByTestId('alloc-warehouse')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('杭州总仓（WH-HZ）'));
    await userEvent.click(start());
    expect((await screen.findByTestId('alloc-error')).textContent).toContain('没有可配货的订货单');
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(start());
    await waitFor(() => expect(screen.getByTestId('alloc-result').textContent).toContain('已为 1 张订货单配货 4 件（2 行）'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(allocate.mock.calls.map((c) => c[0])).toEqual([
      { warehouseId: 1, targetRatePercent: 60, orderIds: [7, 8] },
      { warehouseId: 1, targetRatePercent: 60, orderIds: [7, 8] },
    ]);
    // each send its own Idempotency-Key
    const keys = allocate.mock.calls.map((c) => c[1]?.headers?.['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('HQ with one HQ warehouse: it is chosen already, 开始配货 sends it', async () => {
    allocate.mockClear();
    warehouseOptions = [TWO_HQ[0]!, TWO_HQ[2]!];
    try {
      show([7]);
      await waitFor(() => expect(within(screen.getByTestId('alloc-warehouse')).getByTitle('杭州总仓（WH-HZ）')).toBeTruthy());
      await userEvent.click(start());
      await waitFor(() => expect(allocate).toHaveBeenCalledTimes(1));
      expect(allocate.mock.calls[0]![0]).toMatchObject({ warehouseId: 1, orderIds: [7] });
    } finally {
      warehouseOptions = TWO_HQ;
    }
  });
});
