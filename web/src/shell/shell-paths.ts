import type { MenuIndex } from '../access/menu-tree.ts';
import { normalizePath } from '../access/menu-tree.ts';
import { HOME_TAB_TITLE, type Tab } from './tabs/tab-rules.ts';

/** Static shell children (SPEC §2 Shell) with their page component and title. */
export const STATIC_PAGES: readonly { path: string; component: string; title: string; keepAlive?: boolean }[] = [
  { path: '/home', component: 'home/index', title: '工作台' },
  { path: '/usercenter', component: 'usercenter/index', title: '个人中心' },
];

export const NOT_FOUND_TAB_TITLE = '无法找到该页面';

function staticPage(path: string) {
  return STATIC_PAGES.find((page) => page.path === path);
}

export function isStaticPath(path: string): boolean {
  return !!staticPage(path);
}

/** Whether the shell has a screen at this path for this user (landing, static, menu leaf or dir redirect). */
export function isShellPath(index: MenuIndex, landing: string, pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === '/' || path === landing || isStaticPath(path) || index.byPath.has(path) || index.redirects.some((r) => r.path === path);
}

/**
 * The tab a location opens: the fixed 首页 tab, a menu title, a static title or the not-found title.
 * A page listed in the menu is one tab whatever its query (a list's filters, sort and page, kept
 * in the tab's url); a hidden page (新增, 详情 ?id=) is one tab per query.
 */
export function tabForLocation(index: MenuIndex, landing: string, pathname: string, search = ''): Tab | null {
  const path = normalizePath(pathname);
  const url = `${path}${search}`;
  if (path === landing) return { key: landing, path: landing, title: HOME_TAB_TITLE, closable: false, url };
  if (path === '/' || index.redirects.some((r) => r.path === path)) return null;
  const title = index.byPath.get(path)?.title ?? staticPage(path)?.title ?? NOT_FOUND_TAB_TITLE;
  const listed = index.leaves.some((leaf) => leaf.path === path);
  return { key: listed ? path : url, path, title, closable: true, url };
}

/** Whether the page at a path stays alive while hidden (route meta.keepAlive, or a static page's flag). */
export function isKeepAlivePath(index: MenuIndex, path: string): boolean {
  const normal = normalizePath(path);
  return index.byPath.get(normal)?.keepAlive === true || staticPage(normal)?.keepAlive === true;
}
