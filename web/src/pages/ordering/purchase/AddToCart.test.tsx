import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CartAnswer, SalesOrderEntryStyle } from '@erp/shared';

const entryStyle: SalesOrderEntryStyle = {
  productId: 7,
  styleNo: 'YS26W2005',
  name: '女式宽松圆领卫衣',
  seasonKind: 'spot',
  unitPriceFen: 13_165,
  wholesalePriceFen: 15_900,
  steps: [],
  sizeRunId: null,
  wholeRuns: false,
  minRuns: 0,
  // no run of its own: a colour entered by 标准配码 is still remembered as that run
  runs: [{ id: 4, name: '标准配码', counts: { S: 1, M: 2 } }],
  skus: [
    { skuId: 1, barcode: '6900000000011', colourId: 11, colourName: '白色', sizeName: 'S', sizeSort: 1, available: 16, expected: null },
    { skuId: 2, barcode: '6900000000012', colourId: 11, colourName: '白色', sizeName: 'M', sizeSort: 2, available: 23, expected: null },
  ],
};
const emptyCart: CartAnswer = { day: '2026-11-28', orders: [], groupCount: 0, pieces: 0, amountFen: 0 };
const putStyle = vi.fn(async (..._args: unknown[]) => emptyCart);

vi.mock('../../../api/sales-orders.ts', async (original) => ({
  ...(await original<typeof import('../../../api/sales-orders.ts')>()),
  salesOrdersApi: {
    entryStyle: async () => entryStyle,
    billedParty: async () => ({ billedType: 'shop', billedId: 5, billedName: '衣尚·杭州湖滨银泰店' }),
    billedAccount: async () => ({ availableFen: null }),
  },
}));
vi.mock('../cart/cart-api.ts', async (original) => ({
  ...(await original<typeof import('../cart/cart-api.ts')>()),
  cartApi: { get: async () => emptyCart, putStyle: (...args: unknown[]) => putStyle(...args) },
  useCart: () => ({ data: emptyCart, isLoading: false }),
}));
vi.mock('../../../api/quotas.ts', async (original) => ({
  ...(await original<typeof import('../../../api/quotas.ts')>()),
  quotaApi: { left: async () => ({ limited: true, quota: { leftFen: 2_746_387, leftPieces: 183 } }) },
}));

const { AddToCart } = await import('./AddToCart.tsx');

function show(shopId: number | null) {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AddToCart productId={7} seasonId={3} buyer={{ buyerType: 'shop', buyerId: 5 }} shopId={shopId} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('AddToCart', () => {
  it('enters the style on the size grid with the quota left beside it and puts the cells into the cart for the shop, with no price', async () => {
    const user = userEvent.setup();
    show(5);
    expect((await screen.findByTestId('so-quota-left')).textContent).toBe('额度剩余 ¥27,463.87 · 183 件（加入购物车后 ¥27,463.87 · 183 件）');
    // 可用授信 beside it, named: this franchise shop is not under credit control
    expect((await screen.findByTestId('so-credit')).textContent).toBe('可用授信 不限');
    const save = screen.getByTestId('add-to-cart-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(screen.getByTestId('so-grid-YS26W2005-cell-6900000000012'), '3');
    expect(screen.getByTestId('so-entry-total-YS26W2005').textContent).toBe('3 件 · ¥394.95');
    // the quota left after the style, live as it is typed
    expect(screen.getByTestId('so-quota-left-after').textContent).toBe('（加入购物车后 ¥27,068.92 · 180 件）');
    await user.click(save);
    await waitFor(() => expect(putStyle).toHaveBeenCalledTimes(1));
    expect(putStyle.mock.calls[0]).toEqual([
      7,
      { seasonId: 3, buyerType: 'shop', buyerId: 5, shopId: 5 },
      [
        {
          colourId: 11,
          cells: [
            { skuId: 1, quantity: 0 },
            { skuId: 2, quantity: 3 },
          ],
        },
      ],
      expect.anything(),
    ]);
  });

  it('a colour typed as whole runs of a saved 配码 goes into the cart as that run (标准配码 × 2), not as bare cells', async () => {
    const user = userEvent.setup();
    putStyle.mockClear();
    show(5);
    await user.type(await screen.findByTestId('so-grid-YS26W2005-cell-6900000000011'), '2');
    await user.type(screen.getByTestId('so-grid-YS26W2005-cell-6900000000012'), '4');
    await user.click(screen.getByTestId('add-to-cart-save'));
    await waitFor(() => expect(putStyle).toHaveBeenCalledTimes(1));
    expect(putStyle.mock.calls[0]![2]).toEqual([{ colourId: 11, run: { sizeRunId: 4, runCount: 2 } }]);
  });

  it('waits for a receiving shop', async () => {
    show(null);
    await screen.findByTestId('add-to-cart');
    expect(screen.getByText('请先选择收货门店')).toBeTruthy();
    expect((screen.getByTestId('add-to-cart-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
