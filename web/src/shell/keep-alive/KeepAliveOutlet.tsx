import { Activity, useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import type { MenuIndex } from '../../access/menu-tree.ts';
import { RouteErrorBoundary } from '../../ui/RouteErrorBoundary.tsx';
import { isKeepAlivePath, tabForLocation } from '../shell-paths.ts';
import { mountKey, tabUrl, type Tab } from '../tabs/tab-rules.ts';
import { useTabState } from '../tabs/tab-store.ts';
import { mountedKeys, nextKept } from './keep-alive-rules.ts';

/** One tab's page: its own scroll box; hidden pages keep their state inside <Activity>. */
function PageSlot({ active, tabKey, children }: { active: boolean; tabKey: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    if (active && box.current) box.current.scrollTop = scrollTop.current;
  }, [active]);
  return (
    <div
      ref={box}
      className="erp-shell__page"
      style={active ? undefined : { display: 'none' }}
      data-page-key={tabKey}
      data-page-active={active ? 'true' : 'false'}
      onScroll={(event) => {
        if (active) scrollTop.current = event.currentTarget.scrollTop;
      }}
    >
      <Activity mode={active ? 'visible' : 'hidden'}>
        <RouteErrorBoundary>{children}</RouteErrorBoundary>
      </Activity>
    </div>
  );
}

function locationOf(tab: Tab): Partial<Location> {
  return { pathname: tab.path, search: tabUrl(tab).slice(tab.path.length), hash: '', state: null, key: tab.key };
}

/** What the shell asks of the pages' routes (router/ShellRoutes.tsx, handed down from the router: the shell imports no page). */
export interface ShellRoutesProps {
  index: MenuIndex;
  landing: string;
  /** the location this copy renders (a hidden tab keeps its own); the current one by default */
  location?: Partial<Location>;
}

export type ShellRoutesComponent = ComponentType<ShellRoutesProps>;

interface KeepAliveOutletProps {
  index: MenuIndex;
  landing: string;
  /** the routes of the shell's pages */
  routes: ShellRoutesComponent;
  /** 缓存模式: every page stays alive */
  cacheAll: boolean;
}

/**
 * Renders the active tab's page and every kept-alive page of the open tabs (hidden). A page
 * is kept when its route says so (meta.keepAlive) or the cache mode is on; closing its tab,
 * refreshing it or passing the limit drops it.
 */
export function KeepAliveOutlet({ index, landing, routes: ShellRoutes, cacheAll }: KeepAliveOutletProps) {
  const location = useLocation();
  const { tabs } = useTabState();
  const kept = useRef<string[]>([]);
  const lastLocation = useRef(new Map<string, Partial<Location>>());

  const current = tabForLocation(index, landing, location.pathname, location.search);
  if (!current) {
    // "/" and directory paths only redirect
    return <ShellRoutes index={index} landing={landing} />;
  }
  const openTabs = tabs.some((t) => t.key === current.key) ? tabs : [...tabs, current];
  const byKey = new Map(openTabs.map((t) => [t.key, t]));
  const keepAlive = (key: string) => {
    const tab = byKey.get(key);
    return !!tab && (cacheAll || isKeepAlivePath(index, tab.path));
  };
  // Computed while rendering so the page being left is still mounted in this very render.
  kept.current = nextKept(kept.current, { activeKey: current.key, openKeys: [...byKey.keys()], keepAlive });
  const mounted = mountedKeys(kept.current, current.key);
  lastLocation.current.set(current.key, location);
  for (const key of lastLocation.current.keys()) if (!byKey.has(key)) lastLocation.current.delete(key);

  return openTabs
    .filter((tab) => mounted.has(tab.key))
    .map((tab) => {
      const active = tab.key === current.key;
      return (
        <PageSlot key={mountKey(tab)} active={active} tabKey={tab.key}>
          <ShellRoutes index={index} landing={landing} location={active ? location : (lastLocation.current.get(tab.key) ?? locationOf(tab))} />
        </PageSlot>
      );
    });
}
