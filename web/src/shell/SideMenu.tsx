import { useContext, useEffect, useRef, useState } from 'react';
import { Drawer, Layout, Menu, type MenuProps } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { findTopKey, type MenuIndex, type MenuLeaf, type MenuTop } from '../access/menu-tree.ts';
import { MenuIcon } from '../ui/menu-icons.tsx';
import { tabUrl } from './tabs/tab-rules.ts';
import { TabStoreContext } from './tabs/tab-store.ts';

const HOVER_DELAY_MS = 180;

function openExternal(address: string): void {
  window.open(address, '_blank', 'noopener');
}

/** One drawer entry: navigates in-app, or opens an external address in a new window. */
function DrawerEntry({ leaf, active, onPick }: { leaf: MenuLeaf; active: boolean; onPick: (leaf: MenuLeaf) => void }) {
  return (
    <li>
      <a
        className={active ? 'erp-shell__drawer-entry erp-shell__drawer-entry--active' : 'erp-shell__drawer-entry'}
        aria-current={active ? 'page' : undefined}
        href={leaf.path}
        data-menu-path={leaf.path}
        onClick={(event) => {
          event.preventDefault();
          onPick(leaf);
        }}
      >
        {leaf.icon ? <MenuIcon name={leaf.icon} /> : null}
        {leaf.title}
        {leaf.external ? <ExportOutlined className="erp-shell__drawer-external" aria-label="新窗口打开" /> : null}
      </a>
    </li>
  );
}

interface SideMenuProps {
  index: MenuIndex;
  /** where the drawer renders: the content area beside the sider */
  drawerContainer: () => HTMLElement;
}

/** The sider: first-level items only; a first-level dir opens a drawer of its second-level groups. */
export function SideMenu({ index, drawerContainer }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [openTop, setOpenTop] = useState<MenuTop | null>(null);
  const [collapsed, setCollapsed] = useState(false);
  const hoverTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pathname` is the trigger, not a value read: a route change closes the drawer
  useEffect(() => setOpenTop(null), [pathname]);

  const activeTop = findTopKey(index, pathname);
  const tops = new Map(index.tops.map((top) => [top.key, top]));

  const tabs = useContext(TabStoreContext);
  const pick = (leaf: MenuLeaf) => {
    setOpenTop(null);
    if (leaf.external) return openExternal(leaf.path);
    // a page already open in a tab is shown as it was left (its list filters, sort and page)
    const open = tabs?.getState().tabs.find((t) => t.path === leaf.path);
    navigate(open ? tabUrl(open) : leaf.path);
  };

  const activate = (top: MenuTop) => {
    if (top.leaf) pick(top.leaf);
    else setOpenTop(top);
  };

  const hover = (top: MenuTop | undefined, entering: boolean) => {
    window.clearTimeout(hoverTimer.current);
    if (!entering || !top || top.leaf) return;
    hoverTimer.current = window.setTimeout(() => setOpenTop(top), HOVER_DELAY_MS);
  };

  const items: MenuProps['items'] = index.tops.map((top) => ({
    key: top.key,
    icon: <MenuIcon name={top.icon} />,
    label: top.title,
    title: top.title,
    'data-menu-top': top.key,
    onMouseEnter: () => hover(top, true),
    onMouseLeave: () => hover(top, false),
  }));

  return (
    <>
      <Layout.Sider
        className="erp-shell__sider"
        theme="dark"
        width={176}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        // narrow screens start with the icons only
        breakpoint="lg"
        onBreakpoint={setCollapsed}
      >
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={openTop ? [openTop.key] : activeTop ? [activeTop] : []}
          onClick={({ key }) => {
            const top = tops.get(key);
            if (top) activate(top);
          }}
        />
      </Layout.Sider>
      <Drawer
        placement="left"
        title={openTop?.title}
        open={!!openTop}
        onClose={() => setOpenTop(null)}
        getContainer={drawerContainer}
        rootStyle={{ position: 'absolute' }}
        size={openTop && openTop.groups.length > 1 ? 520 : 280}
        destroyOnHidden
      >
        <div className="erp-shell__drawer-groups">
          {openTop?.groups.map((group) => (
            <section key={group.key} className="erp-shell__drawer-group">
              {group.title ? <h4 className="erp-shell__drawer-title">{group.title}</h4> : null}
              <ul>
                {group.entries.map((leaf) => (
                  <DrawerEntry key={leaf.path} leaf={leaf} active={leaf.path === pathname} onPick={pick} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Drawer>
    </>
  );
}
