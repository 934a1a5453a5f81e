import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/request.ts';
import { setMessageInstance, type MessageInstance } from '../../../api/feedback.ts';

const COAT = { skuId: 11, styleNo: 'YS26W1001', productName: '羊毛大衣', colourName: '驼色', sizeName: 'M', barcode: '6920880000011' };
const create = vi.fn(async (body: unknown, _options?: unknown) => ({ id: 7, docNo: 'SB20261128-0001', body }));
vi.mock('./inventory-api.ts', async (original) => ({
  ...(await original<typeof import('./inventory-api.ts')>()),
  inventoryApi: {
    warehouses: async () => [{ id: 3, code: 'WH-SH001', name: '湖滨银泰店仓', shopName: '衣尚·杭州湖滨银泰店' }],
    barcode: async (code: string) => {
      if (code === COAT.barcode) return COAT;
      throw new ApiError({ code: 'A0404', msg: `条码“${code}”不存在`, kind: 'business' } as never, 404);
    },
    create: (body: unknown, options?: unknown) => create(body, options),
  },
}));

const { InventoryFormModal } = await import('./InventoryFormModal.tsx');
setMessageInstance({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } as unknown as MessageInstance);

function renderForm(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InventoryFormModal open report={null} onClose={vi.fn()} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('InventoryFormModal', () => {
  it('counts by scanning: each beep adds one; an unknown code says so; saves the only shop warehouse and today', async () => {
    const user = userEvent.setup();
    const onSaved = renderForm();
    const scan = await screen.findByPlaceholderText('扫描或输入条码，回车添加');
    await user.type(scan, `${COAT.barcode}{Enter}`);
    await user.type(scan, `${COAT.barcode}{Enter}`);
    await user.type(scan, '1234567890123{Enter}');
    expect(await screen.findByText('条码“1234567890123”不存在')).toBeTruthy();
    const row = (await screen.findByText('YS26W1001')).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('textbox')).toHaveProperty('value', '2'));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toMatchObject({ warehouseId: 3, countDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), lines: [{ skuId: 11, quantity: 2 }] });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('refuses an empty report before calling the server', async () => {
    const user = userEvent.setup();
    create.mockClear();
    renderForm();
    await screen.findByPlaceholderText('扫描或输入条码，回车添加');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请至少录入一行盘点明细')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});
