import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuRoute } from '@erp/shared';
import { buildMenuIndex } from '../access/menu-tree.ts';
import { SideMenu } from './SideMenu.tsx';
import { createTabStore, TabStoreContext } from './tabs/tab-store.ts';

const page = (path: string, title: string, sort: number, hidden = false): MenuRoute => ({
  name: title,
  path,
  redirect: '',
  component: `c${path}`,
  meta: { title, icon: '', sort, permissions: [], keepAlive: false, ...(hidden ? { hidden: true } : {}) },
  children: [],
});
const dir = (path: string, title: string, sort: number, children: MenuRoute[]): MenuRoute => ({ ...page(path, title, sort), component: '', children });

// the shape the server sends: lists with their hidden 新增 / 详情 / 编辑 … pages beside them
const menu: MenuRoute[] = [
  dir('/erp/purchase', '采购管理', 1, [
    page('/erp/purchase/order', '采购订单', 1),
    page('/erp/purchase/order/add', '采购订单新增', 2, true),
    page('/erp/purchase/order/info', '采购订单详情', 3, true),
  ]),
  dir('/erp/warehouse', '仓库管理', 2, [
    page('/erp/warehouse/inbound', '入库单', 1),
    page('/erp/warehouse/inbound/info', '入库单详情', 2, true),
    page('/erp/warehouse/outbound', '出库单', 3),
    page('/erp/warehouse/outbound/edit', '出库单编辑', 4, true),
    page('/erp/warehouse/outbound/scan', '出库扫描明细', 5, true),
    page('/erp/warehouse/outbound/difference', '出库差异', 6, true),
    page('/erp/warehouse/stocktake', '盘点单', 7),
    page('/erp/warehouse/stocktake/info', '盘点单详情', 8, true),
  ]),
];
const HIDDEN = ['采购订单新增', '采购订单详情', '入库单详情', '出库单编辑', '出库扫描明细', '出库差异', '盘点单详情'];

/** Where the router is now. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function show(width = 1440) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  const index = buildMenuIndex(menu);
  render(
    <MemoryRouter initialEntries={['/erp/warehouse/outbound/edit?id=1']}>
      <div id="main" />
      <SideMenu index={index} drawerContainer={() => document.body} />
    </MemoryRouter>,
  );
}

describe('SideMenu', () => {
  it('lists no hidden page in the drawer of any first-level item, on a hidden page too', async () => {
    show();
    for (const [top, listed] of [
      ['/erp/purchase', ['采购订单']],
      ['/erp/warehouse', ['入库单', '出库单', '盘点单']],
    ] as const) {
      await userEvent.click(document.querySelector(`[data-menu-top="${top}"]`)!);
      const drawer = await screen.findByRole('dialog');
      const entries = within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent);
      expect(entries).toEqual(listed);
      for (const title of HIDDEN) expect(within(drawer).queryByText(title)).toBeNull();
      await userEvent.keyboard('{Escape}');
    }
  });

  it('lists no hidden page in the sider itself, collapsed or not', () => {
    show(600);
    const sider = document.querySelector('.erp-shell__sider')!;
    expect(sider.textContent).not.toMatch(new RegExp(HIDDEN.join('|')));
    expect(screen.getAllByRole('menuitem').map((item) => item.getAttribute('data-menu-top'))).toEqual(['/erp/purchase', '/erp/warehouse']);
  });

  it('opens a page already in a tab as it was left (its list filters in the address)', async () => {
    const store = createTabStore({
      tabs: [
        { key: '/erp/home', path: '/erp/home', title: '首页', closable: false },
        { key: '/erp/purchase/order', path: '/erp/purchase/order', title: '采购订单', closable: true, url: '/erp/purchase/order?status=submitted&page=2' },
      ],
      activeKey: '/erp/home',
    });
    render(
      <MemoryRouter initialEntries={['/erp/home']}>
        <TabStoreContext value={store}>
          <SideMenu index={buildMenuIndex(menu)} drawerContainer={() => document.body} />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </TabStoreContext>
      </MemoryRouter>,
    );
    await userEvent.click(document.querySelector('[data-menu-top="/erp/purchase"]')!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByText('采购订单'));
    expect(screen.getByTestId('where').textContent).toBe('/erp/purchase/order?status=submitted&page=2');
  });
});
