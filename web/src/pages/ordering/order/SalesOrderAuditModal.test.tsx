import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { SalesOrderDetail, SalesOrderLineRecord } from '@erp/shared';

vi.mock('../../../api/sales-orders.ts', async (original) => ({
  ...(await original<typeof import('../../../api/sales-orders.ts')>()),
  salesOrdersApi: {
    stock: async () => [
      { skuId: 1, available: 5 },
      { skuId: 2, available: 0 },
    ],
    billedAccount: async () => ({ availableFen: -481_482 }),
    audit: vi.fn(),
  },
}));
vi.mock('../../../api/quotas.ts', async (original) => ({
  ...(await original<typeof import('../../../api/quotas.ts')>()),
  quotaApi: { left: async () => ({ limited: true, quota: { leftFen: 1_573_536, leftPieces: null } }) },
}));

const { SalesOrderAuditModal } = await import('./SalesOrderAuditModal.tsx');

const line = (id: number, size: string, ordered: number): SalesOrderLineRecord =>
  ({
    id,
    lineNo: id,
    productId: 7,
    styleNo: 'YS26W2005',
    styleName: '卫衣',
    skuId: id,
    barcode: `69000${id}`,
    colourId: 1,
    colourName: '黑色',
    sizeName: size,
    sizeSort: id,
    sizeRunId: null,
    sizeRunName: null,
    runCount: null,
    ordered,
    approved: null,
    allocated: 0,
    shipped: 0,
    received: 0,
    returned: 0,
    unitPriceFen: 10_000,
    amountFen: 10_000 * ordered,
    priceSteps: [],
  }) as SalesOrderLineRecord;

const order = {
  id: 9,
  orderNo: 'DH20261128-0009',
  seasonId: 3,
  buyerType: 'shop',
  buyerId: 5,
  shopId: 5,
  billedType: 'agent',
  billedId: 1,
  billedName: '浙江衣尚商贸',
  totalQuantity: 5,
  lines: [line(1, 'S', 3), line(2, 'M', 2)],
} as unknown as SalesOrderDetail;

describe('审核 dialog', () => {
  it('shows HQ 可订 per line, flags a kept quantity beyond it amber (still allowed), and 可用授信 beside 额度剩余', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SalesOrderAuditModal order={order} open onClose={() => {}} />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('so-audit-available-690001')).textContent).toBe('5');
    expect(screen.getByTestId('so-audit-over-690002').textContent).toBe('0 · 超出');
    expect((await screen.findByTestId('so-credit')).textContent).toBe('可用授信 −¥4,814.82');
    expect((await screen.findByTestId('so-quota-left')).textContent).toBe('额度剩余 ¥15,735.36');
    // raising S beyond 5 is impossible (max is what was ordered); cutting M to 0 clears its flag
    await userEvent.clear(screen.getByTestId('so-audit-qty-690002'));
    await userEvent.type(screen.getByTestId('so-audit-qty-690002'), '0');
    await waitFor(() => expect(screen.queryByTestId('so-audit-over-690002')).toBeNull());
    expect((screen.getByTestId('so-audit-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('order entry cells beyond 可订', () => {
  it('are flagged amber with 超出 and stay allowed; pre-order cells show 可预订', async () => {
    const { CellStock } = await import('./OrderStyleEntry.tsx');
    const { container, rerender } = render(<CellStock cell={{ available: 3, expected: null }} typed={2} />);
    expect(container.textContent).toBe('可订 3');
    rerender(<CellStock cell={{ available: 3, expected: null }} typed={4} />);
    expect(container.querySelector('.so-cell-over')?.textContent).toBe('可订 3 · 超出');
    rerender(<CellStock cell={{ available: 0, expected: null }} typed={1} />);
    expect(container.querySelector('.so-cell-over')?.textContent).toBe('缺货 · 超出');
    rerender(<CellStock cell={{ available: null, expected: null }} typed={50} />);
    expect(container.textContent).toBe('可预订');
  });
});
