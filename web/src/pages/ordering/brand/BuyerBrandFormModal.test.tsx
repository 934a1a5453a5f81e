import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/request.ts';
import { setMessageInstance, type MessageInstance } from '../../../api/feedback.ts';

const add = vi.fn(async (_input: unknown, _options?: unknown) => ({ added: 2, already: 1 }));
vi.mock('./buyer-brands-api.ts', async (original) => ({
  ...(await original<typeof import('./buyer-brands-api.ts')>()),
  buyerBrandApi: { add: (input: unknown, options?: unknown) => add(input, options) },
}));
vi.mock('../../../api/ordering.ts', async (original) => ({
  ...(await original<typeof import('../../../api/ordering.ts')>()),
  orderingApi: {
    buyers: async () => ({
      chooses: true,
      buyers: [
        { type: 'agent', id: 2, code: 'AG002', name: '温州衣尚商贸有限公司', description: '代理商' },
        { type: 'shop', id: 5, code: 'SH002', name: '衣尚·宁波天一广场店', description: '加盟店 · 隶属 杭州衣尚服饰贸易有限公司' },
      ],
    }),
  },
}));
vi.mock('../../../api/product-form-options.ts', async (original) => ({
  ...(await original<typeof import('../../../api/product-form-options.ts')>()),
  useBrandOptions: () => ({
    data: [
      { id: 1, code: 'YS', name: '衣尚', logoUrl: '' },
      { id: 2, code: 'YSK', name: '衣尚童装', logoUrl: '' },
    ],
    isFetching: false,
  }),
}));

const { BuyerBrandFormModal } = await import('./BuyerBrandFormModal.tsx');

const success = vi.fn();
setMessageInstance({ success, error: vi.fn(), info: vi.fn(), warning: vi.fn() } as unknown as MessageInstance);

function show() {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BuyerBrandFormModal open onClose={() => {}} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

/** Opens the select and picks the option titled `label`. */
async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

const save = () => screen.getByRole('button', { name: /保\s*存/ });

describe('BuyerBrandFormModal', () => {
  it('asks for a buyer and a brand before sending anything', async () => {
    const user = userEvent.setup();
    add.mockClear();
    show();
    expect(screen.getByTestId('buyer-brand-form-note').textContent).toContain('没有设置的订货方可订全部品牌');
    await user.click(save());
    const explained = { selector: '.ant-form-item-explain-error' };
    await screen.findByText('请选择订货方（代理商或门店）', explained);
    await screen.findByText('请选择品牌', explained);
    expect(add).not.toHaveBeenCalled();
  });

  it('sends the buyer and every chosen brand, and says how many were added', async () => {
    const user = userEvent.setup();
    add.mockClear();
    const onSaved = show();
    await choose('buyer-brand-form-buyer', '衣尚·宁波天一广场店（SH002）· 加盟店 · 隶属 杭州衣尚服饰贸易有限公司');
    await choose('buyer-brand-form-brands', '衣尚（YS）');
    await choose('buyer-brand-form-brands', '衣尚童装（YSK）');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ added: 2, already: 1 }));
    expect(add.mock.calls[0]![0]).toEqual({ buyerType: 'shop', buyerId: 5, brandIds: [1, 2] });
    expect(success).toHaveBeenCalledWith('已添加 2 个可订品牌（1 个已存在）');
  });

  it('keeps the dialog and the choice when the server refuses', async () => {
    const user = userEvent.setup();
    add.mockClear();
    add.mockRejectedValueOnce(new ApiError({ kind: 'business', code: 'A0400', msg: '品牌“衣尚童装”已停用，不能设为可订品牌' }, 422));
    const error = vi.fn();
    setMessageInstance({ success, error, info: vi.fn(), warning: vi.fn() } as unknown as MessageInstance);
    const onSaved = show();
    await choose('buyer-brand-form-buyer', '温州衣尚商贸有限公司（AG002）· 代理商');
    await choose('buyer-brand-form-brands', '衣尚童装（YSK）');
    await user.click(save());
    await waitFor(() => expect(error).toHaveBeenCalledWith('品牌“衣尚童装”已停用，不能设为可订品牌'));
    expect(add.mock.calls[0]![0]).toEqual({ buyerType: 'agent', buyerId: 2, brandIds: [2] });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('buyer-brand-form-dialog')).toBeTruthy();
    expect(within(screen.getByTestId('buyer-brand-form-brands')).getByText('衣尚童装（YSK）')).toBeTruthy();
  });
});
