import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CartAnswer, CartOrder, CartQuota, CartStyle } from '@erp/shared';

const putStyle = vi.fn(async (..._args: unknown[]) => emptyCart);
const removeGroup = vi.fn(async (..._args: unknown[]) => emptyCart);
const clear = vi.fn(async (..._args: unknown[]) => emptyCart);
vi.mock('./cart-api.ts', async (original) => ({
  ...(await original<typeof import('./cart-api.ts')>()),
  cartApi: {
    putStyle: (...args: unknown[]) => putStyle(...args),
    removeGroup: (...args: unknown[]) => removeGroup(...args),
    clear: (...args: unknown[]) => clear(...args),
    checkout: vi.fn(),
    get: vi.fn(),
  },
}));

vi.mock('../../../api/sales-orders.ts', async (original) => ({
  ...(await original<typeof import('../../../api/sales-orders.ts')>()),
  salesOrdersApi: {
    billedParty: async () => ({ billedType: 'agent', billedId: 1, billedName: '浙江衣尚商贸' }),
    billedAccount: async () => ({ availableFen: 481_482 }),
  },
}));

const { SUBMIT_CONFIRM } = await import('../order/order-actions.tsx');
const { CartOrderCard: Card } = await import('./CartOrderCard.tsx');
const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
const CartOrderCard = (props: Parameters<typeof Card>[0]) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <Card {...props} />
  </QueryClientProvider>
);

const emptyCart: CartAnswer = { day: '2026-11-28', orders: [], groupCount: 0, pieces: 0, amountFen: 0 };

const sku = (skuId: number, colourId: number, colourName: string, sizeName: string, sizeSort: number) => ({
  skuId,
  barcode: `69000000000${skuId}`,
  colourId,
  colourName,
  sizeName,
  sizeSort,
  available: 10,
  expected: null,
});

function style(over: Partial<CartStyle> = {}): CartStyle {
  return {
    productId: 7,
    styleNo: 'YS26W2005',
    name: '女式羊毛大衣',
    mainImage: '',
    seasonKind: 'spot',
    unitPriceFen: 50_000,
    wholesalePriceFen: 60_000,
    steps: [],
    sizeRunId: null,
    wholeRuns: false,
    minRuns: 0,
    runs: [],
    skus: [sku(1, 11, '黑色', 'S', 1), sku(2, 11, '黑色', 'M', 2), sku(3, 12, '灰色', 'S', 1), sku(4, 12, '灰色', 'M', 2)],
    pieces: 5,
    amountFen: 250_000,
    groups: [
      {
        colourId: 11,
        colourName: '黑色',
        sizeRunId: null,
        sizeRunName: null,
        runCount: null,
        pieces: 3,
        amountFen: 150_000,
        problem: null,
        lines: [
          { id: 101, skuId: 1, sizeName: 'S', quantity: 1, amountFen: 50_000 },
          { id: 102, skuId: 2, sizeName: 'M', quantity: 2, amountFen: 100_000 },
        ],
      },
      {
        colourId: 12,
        colourName: '灰色',
        sizeRunId: null,
        sizeRunName: null,
        runCount: null,
        pieces: 2,
        amountFen: 100_000,
        problem: null,
        lines: [{ id: 103, skuId: 4, sizeName: 'M', quantity: 2, amountFen: 100_000 }],
      },
    ],
    ...over,
  };
}

const quota = (over: Partial<CartQuota> = {}): CartQuota => ({
  limitFen: 1_000_000,
  limitPieces: null,
  leftFen: 400_000,
  leftPieces: null,
  afterFen: 150_000,
  afterPieces: null,
  problem: null,
  ...over,
});

function order(over: Partial<CartOrder> = {}): CartOrder {
  return {
    seasonId: 3,
    seasonName: '2026 秋冬现货订货',
    seasonKind: 'spot',
    buyerType: 'shop',
    buyerId: 5,
    buyerName: '衣尚·杭州湖滨银泰店',
    shopId: 5,
    shopName: '衣尚·杭州湖滨银泰店',
    pieces: 5,
    amountFen: 250_000,
    lineCount: 3,
    problem: null,
    quota: quota(),
    styles: [style()],
    ...over,
  };
}

const KEY = '3-shop-5-5';

describe('CartOrderCard', () => {
  it('shows the totals, amounts per colour and the quota left before and after; 提交订单 checks out with the remark', async () => {
    const user = userEvent.setup();
    const onCheckout = vi.fn(async () => {});
    render(<CartOrderCard order={order()} onCart={() => {}} onCheckout={onCheckout} />);
    expect(screen.getByTestId(`cart-total-${KEY}`).textContent).toBe('合计 5 件 · ¥2,500.00');
    expect(screen.getByTestId('cart-colour-amount-YS26W2005-11').textContent).toBe('¥1,500.00');
    expect(screen.getByTestId(`cart-quota-before-${KEY}`).textContent).toBe('额度剩余 ¥4,000.00');
    const after = screen.getByTestId(`cart-quota-after-${KEY}`);
    expect(after.textContent).toBe('购物车下单后 剩余 ¥1,500.00');
    expect(after.className).not.toContain('overdrawn');
    // the grid starts from the cart's quantities
    expect((screen.getByTestId('so-grid-YS26W2005-cell-690000000002') as HTMLInputElement).value).toBe('2');
    await user.type(screen.getByTestId(`cart-remark-${KEY}`), '周五前发货');
    // 可用授信 of the billed party beside the quota, named
    expect((await screen.findByTestId(`cart-credit-${KEY}`)).textContent).toBe('可用授信 ¥4,814.82');
    // the one submit question first: nothing is sent before 确定提交
    await user.click(screen.getByTestId(`cart-submit-${KEY}`));
    expect(onCheckout).not.toHaveBeenCalled();
    expect(await screen.findByText(SUBMIT_CONFIRM.content)).toBeTruthy();
    await user.click(screen.getByTestId('so-submit-confirm'));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(expect.objectContaining({ shopId: 5 }), true, '周五前发货'));
  });

  it('marks an overdrawn quota red and disables 提交订单 with the reason, leaving 保存为草稿', () => {
    const problem = '超出订货额度：剩余金额 ¥1,000.00，本单 ¥2,500.00';
    render(<CartOrderCard order={order({ quota: quota({ leftFen: 100_000, afterFen: -150_000, problem }) })} onCart={() => {}} onCheckout={async () => {}} />);
    const after = screen.getByTestId(`cart-quota-after-${KEY}`);
    expect([after.textContent, after.className]).toEqual(['购物车下单后 超出 ¥1,500.00', 'cart-order__overdrawn']);
    expect((screen.getByTestId(`cart-submit-${KEY}`) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId(`cart-block-${KEY}`).textContent).toBe(problem);
    expect((screen.getByTestId(`cart-draft-${KEY}`) as HTMLButtonElement).disabled).toBe(false);
  });

  it('blocks both buttons with the server’s reason when the order cannot be made', () => {
    render(<CartOrderCard order={order({ problem: '该订货季今天不在开放期内，不能订货' })} onCart={() => {}} onCheckout={async () => {}} />);
    expect(screen.getByTestId(`cart-problem-${KEY}`).textContent).toContain('该订货季今天不在开放期内');
    expect((screen.getByTestId(`cart-draft-${KEY}`) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId(`cart-submit-${KEY}`) as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits quantities in place: unsaved edits block checkout until 保存修改 sends every cell of the style (0 removes)', async () => {
    const user = userEvent.setup();
    const onCart = vi.fn();
    render(<CartOrderCard order={order()} onCart={onCart} onCheckout={async () => {}} />);
    const m = screen.getByTestId('so-grid-YS26W2005-cell-690000000002');
    await user.clear(m);
    await user.type(m, '4');
    expect(screen.getByTestId('cart-colour-amount-YS26W2005-11').textContent).toBe('¥2,500.00');
    expect(screen.getByTestId(`cart-block-${KEY}`).textContent).toBe('有未保存的修改，请先保存或撤销');
    expect((screen.getByTestId(`cart-submit-${KEY}`) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByTestId('so-grid-YS26W2005-cell-690000000001'));
    await user.click(screen.getByTestId('cart-save-style-YS26W2005'));
    await waitFor(() => expect(putStyle).toHaveBeenCalledTimes(1));
    const [productId, party, colours] = putStyle.mock.calls[0]!;
    expect(productId).toBe(7);
    expect(party).toEqual({ seasonId: 3, buyerType: 'shop', buyerId: 5, shopId: 5 });
    expect(colours).toEqual([
      {
        colourId: 11,
        cells: [
          { skuId: 1, quantity: 0 },
          { skuId: 2, quantity: 4 },
        ],
      },
      {
        colourId: 12,
        cells: [
          { skuId: 3, quantity: 0 },
          { skuId: 4, quantity: 2 },
        ],
      },
    ]);
    // no price travels
    expect(JSON.stringify(putStyle.mock.calls[0])).not.toMatch(/price|amount/i);
    await waitFor(() => expect(onCart).toHaveBeenCalledWith(emptyCart));
  });

  it('removes a colour and empties the order only after a confirmation', async () => {
    const user = userEvent.setup();
    render(<CartOrderCard order={order()} onCart={() => {}} onCheckout={async () => {}} />);
    await user.click(screen.getByTestId('cart-remove-colour-YS26W2005-12'));
    expect(removeGroup).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: '移 除' }));
    await waitFor(() => expect(removeGroup).toHaveBeenCalledWith({ seasonId: 3, buyerType: 'shop', buyerId: 5, shopId: 5 }, 7, 12, expect.anything()));

    await user.click(screen.getByTestId(`cart-clear-${KEY}`));
    expect(clear).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: '清 空' }));
    await waitFor(() => expect(clear).toHaveBeenCalledWith({ seasonId: 3, buyerType: 'shop', buyerId: 5, shopId: 5 }, expect.anything()));
  });
});
