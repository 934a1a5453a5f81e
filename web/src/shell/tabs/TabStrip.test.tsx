import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { TabState } from './tab-rules.ts';
import { createTabStore, TabStoreContext } from './tab-store.ts';
import { TabStrip } from './TabStrip.tsx';

const LIST_URL = '/erp/purchase/order?keyword=SP001&page=2';
const state: TabState = {
  tabs: [
    { key: '/home', path: '/home', title: '首页', closable: false },
    { key: '/erp/purchase/order', path: '/erp/purchase/order', title: '采购订单', closable: true, url: LIST_URL },
  ],
  activeKey: '/erp/purchase/order',
};

/** Where the router is, and the key of the navigation that brought it there (new per navigation). */
function Address() {
  const location = useLocation();
  return <output data-testid="address" data-key={location.key}>{`${location.pathname}${location.search}`}</output>;
}

function setup(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <TabStoreContext value={createTabStore(state)}>
        <TabStrip />
        <Address />
      </TabStoreContext>
    </MemoryRouter>,
  );
}

const tabLabel = (title: string) => screen.getAllByText(title).find((node) => node.hasAttribute('data-tab-key'))!;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('TabStrip', () => {
  it('a click on another tab goes to that tab’s own address, its query included', () => {
    setup(LIST_URL);
    fireEvent.click(tabLabel('首页'));
    expect(screen.getByTestId('address').textContent).toBe('/home');
  });

  it('a click on the tab still shown as active goes back to it when the address has moved on (a switch still rendering)', () => {
    setup(LIST_URL);
    const before = screen.getByTestId('address').dataset.key;
    // the browser is already at 首页; the router has not rendered that switch yet
    window.history.replaceState(null, '', '/home');
    fireEvent.click(tabLabel('采购订单'));
    expect(screen.getByTestId('address').dataset.key).not.toBe(before);
    expect(screen.getByTestId('address').textContent).toBe(LIST_URL);
  });

  it('a click on the active tab at its own address does not navigate again', () => {
    setup(LIST_URL);
    window.history.replaceState(null, '', LIST_URL);
    const before = screen.getByTestId('address').dataset.key;
    fireEvent.click(tabLabel('采购订单'));
    expect(screen.getByTestId('address').dataset.key).toBe(before);
  });
});
