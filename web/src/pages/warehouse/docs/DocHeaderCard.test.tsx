import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StockDocRecord } from '@erp/shared';
import { DocHeaderCard } from './DocHeaderCard.tsx';

const doc = (over: Partial<StockDocRecord>) =>
  ({
    id: 1,
    kind: 'transfer',
    docNo: 'DB20261128-0001',
    bizType: 'delivery',
    status: 'posted',
    warehouseName: '杭州总仓',
    toWarehouseId: 9,
    toWarehouseName: '湖滨银泰店仓',
    totalQuantity: 5,
    totalActual: 5,
    scanStarted: true,
    lineCount: 2,
    createdByName: '管理员',
    createdAt: '2026-11-28T02:00:00.000Z',
    shippedAt: '2026-11-28T03:00:00.000Z',
    postedAt: '2026-11-29T03:00:00.000Z',
    postedByName: '王晓燕',
    remark: '',
    ...over,
  }) as StockDocRecord;

const show = (d: StockDocRecord) =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <DocHeaderCard doc={d} />
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('DocHeaderCard', () => {
  it('a transfer received through 在途 names its receiver 收货人 / 收货时间, not 审核人', () => {
    show(doc({}));
    expect(screen.getByText('收货人')).toBeTruthy();
    expect(screen.getByText('收货时间')).toBeTruthy();
    expect(screen.queryByText('审核人')).toBeNull();
  });

  it('a document posted without shipping keeps 审核人 / 审核时间', () => {
    show(doc({ kind: 'inbound', toWarehouseId: null, shippedAt: null, bizType: 'purchase' }));
    expect(screen.getByText('审核人')).toBeTruthy();
    expect(screen.queryByText('收货人')).toBeNull();
  });
});
