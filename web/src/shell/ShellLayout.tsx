import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Layout, Switch, Tooltip } from 'antd';
import { useSysBasicInfo } from '../api/queries.ts';
import { getUserInfo } from '../auth/session.ts';
import type { MenuIndex } from '../access/menu-tree.ts';
import { PRODUCT_TITLE } from '../ui/brand.ts';
import { LoadErrorBoundary } from '../ui/LoadErrorBoundary.tsx';
import { AvatarMenu } from './AvatarMenu.tsx';
import { useCacheMode } from './cache-mode.ts';
import { KeepAliveOutlet, type ShellRoutesComponent } from './keep-alive/KeepAliveOutlet.tsx';
import { SideMenu } from './SideMenu.tsx';
import { isShellPath } from './shell-paths.ts';
import { loadSavedTabs, saveTabs } from './tabs/tab-persist.ts';
import { restoreTabs } from './tabs/tab-rules.ts';
import { TabStoreContext, createTabStore } from './tabs/tab-store.ts';
import { TabStrip } from './tabs/TabStrip.tsx';
import { useLocationTab } from './tabs/use-location-tab.ts';
import './shell.css';

// The print frames (barcode and QR libraries) load right after the shell, in their own chunk.
const PrintFrames = lazy(async () => ({ default: (await import('../print/PrintFrames.tsx')).PrintFrames }));

interface ShellLayoutProps {
  index: MenuIndex;
  landing: string;
  routes: ShellRoutesComponent;
}

/** The shell (DESIGN §2): header with title, cache mode and avatar menu, first-level sider, tab strip, pages. */
export function ShellLayout({ index, landing, routes }: ShellLayoutProps) {
  const { data: info } = useSysBasicInfo();
  const userId = getUserInfo()?.userId ?? 0;
  const [cacheAll, setCacheAll] = useCacheMode(userId);
  const [tabStore] = useState(() => createTabStore(restoreTabs(loadSavedTabs(userId), landing, (tab) => isShellPath(index, landing, tab.path))));
  const mainRef = useRef<HTMLElement>(null);
  const title = info?.titleName || PRODUCT_TITLE;

  useEffect(() => tabStore.subscribe(() => saveTabs(userId, tabStore.getState())), [tabStore, userId]);

  const tabTitle = useLocationTab(tabStore, index, landing)?.title;
  useEffect(() => {
    document.title = tabTitle ? `${tabTitle} - ${title}` : title;
  }, [tabTitle, title]);

  return (
    <TabStoreContext value={tabStore}>
      <Layout className="erp-shell">
        <Layout.Header className="erp-shell__header">
          <div className="erp-shell__brand">
            {info?.logoUrl ? <img className="erp-shell__logo" src={info.logoUrl} alt="" /> : null}
            <span className="erp-shell__title">{title}</span>
          </div>
          <div className="erp-shell__header-actions">
            <Tooltip title="开启后，切换标签页时所有页面都保留输入、筛选和滚动位置">
              <label className="erp-shell__cache-mode">
                <span>缓存模式</span>
                <Switch size="small" checked={cacheAll} onChange={setCacheAll} data-testid="cache-mode-toggle" />
              </label>
            </Tooltip>
            <AvatarMenu />
          </div>
        </Layout.Header>
        <Layout className="erp-shell__body">
          <SideMenu index={index} drawerContainer={() => mainRef.current ?? document.body} />
          <Layout className="erp-shell__main" ref={mainRef}>
            <TabStrip />
            <Layout.Content className="erp-shell__content">
              <KeepAliveOutlet index={index} landing={landing} routes={routes} cacheAll={cacheAll} />
            </Layout.Content>
          </Layout>
        </Layout>
      </Layout>
      {/* without its chunk, printing is unavailable but the shell works */}
      <LoadErrorBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <PrintFrames />
        </Suspense>
      </LoadErrorBoundary>
    </TabStoreContext>
  );
}
