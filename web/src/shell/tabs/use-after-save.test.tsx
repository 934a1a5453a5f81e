import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { openTab, type TabState } from './tab-rules.ts';
import { createTabStore, TabStoreContext } from './tab-store.ts';
import { useAfterSave } from './use-after-save.ts';

const tab = (key: string, title: string) => ({ key, path: key.split('?')[0]!, title, closable: key !== '/home' });
const start: TabState = { tabs: [tab('/home', '首页'), tab('/edit?id=1', '编辑')], activeKey: '/edit?id=1' };

function setup(editing: boolean) {
  const store = createTabStore(start);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/edit?id=1']}>
      <TabStoreContext value={store}>{children}</TabStoreContext>
    </MemoryRouter>
  );
  const { result } = renderHook(() => useAfterSave(editing), { wrapper });
  act(() => result.current('/info?id=1'));
  // the shell opens the document's tab for the new location
  act(() => void store.apply((s) => openTab(s, tab('/info?id=1', '详情'))));
  return store.getState();
}

describe('useAfterSave', () => {
  it('an edit page opens the saved document and closes its own tab', () => {
    const state = setup(true);
    expect([state.tabs.map((t) => t.key), state.activeKey]).toEqual([['/home', '/info?id=1'], '/info?id=1']);
  });

  it('a 新增 page opens the saved document and stays open for the next one', () => {
    const state = setup(false);
    expect([state.tabs.map((t) => t.key), state.activeKey]).toEqual([['/home', '/edit?id=1', '/info?id=1'], '/info?id=1']);
  });
});
