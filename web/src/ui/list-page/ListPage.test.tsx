import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RoutePermissionsContext } from '../../access/route-meta.ts';
import { ListPage, type ListColumn } from './ListPage.tsx';
import type { ListParams } from '../../api/list-params.ts';
import { urlId, urlOneOf, urlText } from './list-url.ts';

interface Row {
  id: number;
  name: string;
  quantity: number;
}
type Filters = { keyword?: string; status?: 'open' | 'closed'; ownerId?: number };

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

/** The URL the list writes, shown for the assertions. */
function CurrentUrl() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="url">{search}</output>
      <button type="button" data-testid="back" onClick={() => navigate(-1)}>
        后退
      </button>
    </>
  );
}

function wrap(children: ReactNode, granted: string[] = [], url = '/list') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <RoutePermissionsContext value={granted}>{children}</RoutePermissionsContext>
        <CurrentUrl />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const URL_FILTERS = { keyword: urlText, status: urlOneOf(['open', 'closed'] as const), ownerId: urlId };

const list = (fetchPage: ReturnType<typeof fetcher>, granted: string[] = [], url?: string) =>
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
        urlFilters={URL_FILTERS}
        searchFields={[
          { name: 'keyword', label: '关键字', input: <Input data-testid="kw" /> },
          {
            name: 'status',
            label: '状态',
            input: (
              <Select
                allowClear
                data-testid="status"
                options={[
                  { value: 'open', label: '进行中' },
                  { value: 'closed', label: '已结束' },
                ]}
              />
            ),
          },
        ]}
        toolbar={[
          { key: 'add', label: '新增', onClick: () => {}, permission: 'test:add' as never, testId: 'add' },
          { key: 'help', label: '说明', onClick: () => {}, testId: 'help' },
        ]}
      />,
      granted,
      url,
    ),
  );

const settled = () => waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());

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

  it('starts with the filters, page, size and sort of its URL, shown in the search form', async () => {
    const fetchPage = fetcher();
    list(fetchPage, [], '/list?keyword=%E5%95%86%E5%93%81&status=open&ownerId=7&page=2&limit=20&sort=quantity&order=desc&from=x');
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.calls[0]![0]).toEqual({ keyword: '商品', status: 'open', ownerId: 7, page: 2, limit: 20, sort: 'quantity', order: 'desc' });
    expect((screen.getByTestId('kw') as HTMLInputElement).value).toBe('商品');
    expect(screen.getByText('进行中')).toBeTruthy();
  });

  it('ignores invalid parameters: an unknown status, a page size not offered, a column it cannot sort by', async () => {
    const fetchPage = fetcher();
    list(fetchPage, [], '/list?status=gone&ownerId=-3&page=abc&limit=33&sort=name&order=up');
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.calls[0]![0]).toEqual({ page: 1, limit: 10 });
  });

  it('writes a search, a sort and a page to the URL, and follows the URL back', async () => {
    const user = userEvent.setup();
    const fetchPage = fetcher();
    list(fetchPage);
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    // the address changes first and the fetch starts a render later: wait for that fetch, then for its end
    const fetchedAgain = async (before: number) => {
      await waitFor(() => expect(fetchPage.mock.calls.length).toBeGreaterThan(before));
      await settled();
    };
    let calls = fetchPage.mock.calls.length;
    await user.type(screen.getByTestId('kw'), '商品');
    await user.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?keyword=%E5%95%86%E5%93%81'));
    await fetchedAgain(calls);
    calls = fetchPage.mock.calls.length;
    await user.click(screen.getAllByText('数量')[0]!.closest('th')!);
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?keyword=%E5%95%86%E5%93%81&sort=quantity&order=asc'));
    await fetchedAgain(calls);
    calls = fetchPage.mock.calls.length;
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?keyword=%E5%95%86%E5%93%81&page=2&sort=quantity&order=asc'));
    await fetchedAgain(calls);
    expect(fetchPage.mock.calls.at(-1)![0]).toEqual({ keyword: '商品', page: 2, limit: 10, sort: 'quantity', order: 'asc' });
    // Back: the previous list state (sorted, page 1), then before the sort and before the search
    await user.click(screen.getByTestId('back'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?keyword=%E5%95%86%E5%93%81&sort=quantity&order=asc'));
    await waitFor(() => expect(fetchPage.mock.calls.at(-1)![0]).toMatchObject({ page: 1 }));
    await user.click(screen.getByTestId('back'));
    await user.click(screen.getByTestId('back'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe(''));
    await waitFor(() => expect((screen.getByTestId('kw') as HTMLInputElement).value).toBe(''));
    await user.click(screen.getByTestId('list-search'));
    await settled();
    await user.type(screen.getByTestId('kw'), '商品');
    await user.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?keyword=%E5%95%86%E5%93%81'));
    // 重置: the defaults, an empty query
    await user.click(screen.getByTestId('list-reset'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe(''));
    expect((screen.getByTestId('kw') as HTMLInputElement).value).toBe('');
  });

  it('moves to the last page when the URL asks for a page past the end, replacing the address', async () => {
    const fetchPage = fetcher();
    list(fetchPage, [], '/list?page=9');
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('?page=3'));
    await waitFor(() => expect(shownNames()).toEqual(['商品21', '商品22', '商品23', '商品24', '商品25']));
  });

  it('keeps a drawer list (urlFilters false) out of the URL', async () => {
    const user = userEvent.setup();
    const fetchPage = fetcher();
    render(
      wrap(
        <ListPage<Row, Filters>
          listId="drawer-list"
          title="抽屉列表"
          queryKey={['drawer-list']}
          fetchPage={fetchPage}
          columns={COLUMNS}
          rowKey="id"
          initialFilters={{}}
          urlFilters={false}
        />,
        [],
        '/list?page=2',
      ),
    );
    await waitFor(() => expect(shownNames()).toHaveLength(10));
    expect(fetchPage.mock.calls[0]![0]).toMatchObject({ page: 1 });
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(shownNames()[0]).toBe('商品21'));
    expect(screen.getByTestId('url').textContent).toBe('?page=2');
  });
});
