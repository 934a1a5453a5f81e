import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MenuRoute } from '@erp/shared';
import { buildMenuIndex } from '../../access/menu-tree.ts';
import { closeTab } from './tab-rules.ts';
import { createTabStore } from './tab-store.ts';
import { useLocationTab } from './use-location-tab.ts';

const page = (path: string, title: string, sort: number): MenuRoute => ({
  name: title,
  path,
  redirect: '',
  component: `c${path}`,
  meta: { title, icon: '', sort, permissions: [], keepAlive: false },
  children: [],
});
const index = buildMenuIndex([
  { ...page('/erp/system', '系统设置', 1), component: '', children: [page('/erp/system/print', '打印模板', 1), page('/erp/system/registration', '注册审核', 2)] },
]);
const HOME = '/home';

function setup() {
  const store = createTabStore({ tabs: [{ key: HOME, path: HOME, title: '首页', closable: false }], activeKey: HOME });
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/erp/system/registration']}>{children}</MemoryRouter>;
  const { result } = renderHook(
    () => {
      const tab = useLocationTab(store, index, HOME);
      return { tab, navigate: useNavigate() };
    },
    { wrapper },
  );
  const shown = () => ({ tabs: store.getState().tabs.map((t) => t.title), active: store.getState().activeKey });
  return { store, result, shown };
}

describe('useLocationTab', () => {
  it('opens the tab of each address navigated to and activates it', () => {
    const { result, shown } = setup();
    expect(result.current.tab?.title).toBe('注册审核');
    act(() => void result.current.navigate('/erp/system/print'));
    expect(shown()).toEqual({ tabs: ['首页', '注册审核', '打印模板'], active: '/erp/system/print' });
  });

  it('reopens a tab closed and opened again before the switch in between rendered', () => {
    const { store, result, shown } = setup();
    act(() => void result.current.navigate('/erp/system/print'));
    // 关闭 the active 打印模板 (the strip then navigates to 注册审核) and at once 打印模板 from the
    // menu: both navigations land in one render, which shows the address rendered before
    act(() => {
      store.apply((state) => closeTab(state, '/erp/system/print'));
      void result.current.navigate('/erp/system/registration');
      void result.current.navigate('/erp/system/print');
    });
    expect(shown()).toEqual({ tabs: ['首页', '注册审核', '打印模板'], active: '/erp/system/print' });
  });
});
