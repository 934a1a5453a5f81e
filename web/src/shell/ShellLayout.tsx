import { useEffect, useRef, useState } from 'react';
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { useSysBasicInfo } from '../api/queries.ts';
import type { MenuIndex } from '../router/menu-tree.ts';
import { PRODUCT_TITLE } from '../ui/brand.ts';
import { RouteErrorBoundary } from '../ui/RouteErrorBoundary.tsx';
import { AvatarMenu } from './AvatarMenu.tsx';
import { ShellRoutes } from './ShellRoutes.tsx';
import { SideMenu } from './SideMenu.tsx';
import { tabForLocation } from './shell-paths.ts';
import { openTab } from './tabs/tab-rules.ts';
import { TabStoreContext, createTabStore } from './tabs/tab-store.ts';
import { TabStrip } from './tabs/TabStrip.tsx';
import './shell.css';

interface ShellLayoutProps {
  index: MenuIndex;
  landing: string;
}

/** The shell (DESIGN §2): header with title and avatar menu, first-level sider, tab strip, page. */
export function ShellLayout({ index, landing }: ShellLayoutProps) {
  const { pathname, search } = useLocation();
  const { data: info } = useSysBasicInfo();
  const [tabStore] = useState(() => createTabStore(landing));
  const mainRef = useRef<HTMLElement>(null);
  const title = info?.titleName || PRODUCT_TITLE;

  const tab = tabForLocation(index, landing, pathname, search);
  const tabKey = tab?.key;
  const tabTitle = tab?.title;
  useEffect(() => {
    if (tab) tabStore.apply((state) => openTab(state, tab));
    // `tab` is rebuilt every render; its key and title identify it.
  }, [tabStore, tabKey, tabTitle]);
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
          <AvatarMenu />
        </Layout.Header>
        <Layout className="erp-shell__body">
          <SideMenu index={index} drawerContainer={() => mainRef.current ?? document.body} />
          <Layout className="erp-shell__main" ref={mainRef}>
            <TabStrip />
            <Layout.Content className="erp-shell__content">
              <RouteErrorBoundary resetKey={pathname}>
                <ShellRoutes index={index} landing={landing} />
              </RouteErrorBoundary>
            </Layout.Content>
          </Layout>
        </Layout>
      </Layout>
    </TabStoreContext>
  );
}
