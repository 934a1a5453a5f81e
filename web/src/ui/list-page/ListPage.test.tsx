import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { RoutePermissionsContext } from '../../router/route-meta.ts';
import { ListPage, type ListColumn } from './ListPage.tsx';
import type { ListParams } from './list-query.ts';

interface Row {
  id: number;
  name: string;
  quantity: number;
}
type Filters = { keyword?: string };

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `商品${i + 1}`, quantity: (i * 7) % 11 }));

function fetcher() {
  return vi.fn(async (params: ListParams<Filters>) => {
    let rows = ROWS.filter((r) => !params.keyword || r.name.includes(params.keyword));
    if (params.sort === 'quantity') rows = [...rows].sort((a, b) => (params.order === 'desc' ? b.quantity - a.quantity : a.quantity - b.quantity));
    const start = (params.page - 1) * params.limit;
    return { total: rows.length, records: rows.slice(start, start + params.limit) };
  });
}

const COLUMNS: ListColumn<Row>[] = [
  { key: 'name', title: '名称', dataIndex: 'name' },
  { key: 'quantity', title: '数量', dataIndex: 'quantity', sortable: true },
];

function wrap(children: ReactNode, granted: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <RoutePermissionsContext value={granted}>{children}</RoutePermissionsContext>
    </QueryClientProvider>
  );
}

const list = (fetchPage: ReturnType<typeof fetcher>, granted: string[] = []) =>
  render(
    wrap(
      <ListPage<Row, Filters>
        listId="test-list"
        title="测试列表"
        queryKey={['test-list']}
        fetchPage={fetchPage}
        columns={COLUMNS}
        rowKey="id"
        initialFilters={{}}
        searchFields={[{ name: 'keyword', label: '关键字', input: <Input data-testid="kw" /> }]}
        toolbar={[
          { key: 'add', label: '新增', onClick: () => {}, permission: 'test:add' as never, testId: 'add' },
          { key: 'help', label: '说明', onClick: () => {}, testId: 'help' },
        ]}
      />,
      granted,
    ),
  );

const shownNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('ListPage', () => {
  it("shows the first page of the server's rows and the total", async () => {
    const fetchPage = fetcher();
    list(fetchPage);
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(shownNames()[0]).toBe('商品1');
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(fetchPage.mock.calls[0]![0]).toMatchObject({ page: 1, limit: 10 });
  });

  it('searches from page 1 with the typed filter', async () => {
    const user = userEvent.setup();
    const fetchPage = fetcher();
    list(fetchPage);
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    await user.type(screen.getByTestId('kw'), '商品2');
    await user.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(shownNames()).toEqual(['商品2', '商品20', '商品21', '商品22', '商品23', '商品24', '商品25']));
    expect(fetchPage.mock.calls.at(-1)![0]).toMatchObject({ page: 1, keyword: '商品2' });
  });

  it('sorts on the server when a sortable header is clicked', async () => {
    const user = userEvent.setup();
    const fetchPage = fetcher();
    list(fetchPage);
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    await user.click(screen.getAllByText('数量')[0]!.closest('th')!);
    await waitFor(() => expect(fetchPage.mock.calls.at(-1)![0]).toMatchObject({ sort: 'quantity', order: 'asc' }));
  });

  it('shows a toolbar button with a permission only when the route grants it', async () => {
    const { unmount } = list(fetcher());
    expect(screen.queryByTestId('add')).toBeNull();
    expect(screen.getByTestId('help')).toBeTruthy();
    unmount();
    list(fetcher(), ['test:add']);
    expect(screen.getByTestId('add')).toBeTruthy();
  });

  it('says the list failed to load and offers 重试, which loads it again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchPage = vi.fn(async () => {
      if (fail) throw new Error('网络异常');
      return { total: 1, records: [ROWS[0]!] };
    });
    list(fetchPage as never);
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByTestId('list-retry'));
    await waitFor(() => expect(shownNames()).toEqual(['商品1']));
  });
});
