import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { MenuIndex } from '../../access/menu-tree.ts';
import { tabForLocation } from '../shell-paths.ts';
import { openTab, type Tab } from './tab-rules.ts';
import type { TabStore } from './tab-store.ts';

/**
 * The tab of the current location, opened or activated in the store on every navigation. Every
 * navigation counts, not only a new address: a tab closed and at once opened again from the menu
 * (before the switch in between rendered, on a slow machine) comes back to the address React
 * rendered last, and must still reopen rather than leave its page under another tab's title.
 */
export function useLocationTab(store: TabStore, index: MenuIndex, landing: string): Tab | null {
  const { pathname, search, key: navigation } = useLocation();
  // memoized: a new `tab` each render would reopen it on every render
  const tab = useMemo(() => tabForLocation(index, landing, pathname, search), [index, landing, pathname, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `navigation` is the trigger (see above)
  useEffect(() => {
    if (tab) store.apply((state) => openTab(state, tab));
  }, [store, tab, navigation]);
  return tab;
}
