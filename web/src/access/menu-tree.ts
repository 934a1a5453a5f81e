import type { MenuRoute } from '@erp/shared';

/** Pure views over the server's menu tree (SPEC §3 menu/route node). */

/** A menu leaf: a page (component string) or an external address. */
export interface MenuLeaf {
  /** full in-app path, or the external address */
  path: string;
  title: string;
  icon: string;
  component: string;
  external: boolean;
  permissions: string[];
  keepAlive: boolean;
  /** titles of the dirs above it, outermost first */
  trail: string[];
  /** path of its first-level ancestor (itself when first-level) */
  topKey: string;
}

/** Second-level group in the sider drawer; title null for second-level leaves. */
export interface MenuGroup {
  key: string;
  title: string | null;
  entries: MenuLeaf[];
}

export interface MenuTop {
  key: string;
  title: string;
  icon: string;
  /** set when the first-level item is itself a page */
  leaf: MenuLeaf | null;
  groups: MenuGroup[];
}

export interface MenuIndex {
  tops: MenuTop[];
  /**
   * The pages listed in the sider, drawer and workbench: every list of entries reads `tops` or
   * `leaves`, never `byPath` (hidden pages — 新增, 详情 … — are only in byPath: routed, not listed).
   */
  leaves: MenuLeaf[];
  /** in-app leaves by full path, hidden pages included */
  byPath: Map<string, MenuLeaf>;
  /** dirs with a redirect: full path -> target */
  redirects: { path: string; to: string }[];
}

const EXTERNAL_ADDRESS = /^(https?:)?\/\//i;

export function isExternal(node: MenuRoute): boolean {
  return node.meta?.external === true || EXTERNAL_ADDRESS.test(node.path ?? '');
}

/** Normalises a path: one leading slash, no doubled or trailing slashes. */
export function normalizePath(path: string): string {
  const clean = `/${path}`.replace(/\/{2,}/g, '/');
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** A child path is absolute when it starts with '/', otherwise relative to its parent. */
export function resolvePath(parentPath: string, path: string): string {
  if (EXTERNAL_ADDRESS.test(path)) return path;
  if (path.startsWith('/')) return normalizePath(path);
  return normalizePath(`${parentPath}/${path}`);
}

function children(node: MenuRoute): MenuRoute[] {
  return Array.isArray(node.children) ? node.children : [];
}

/** Siblings ordered by meta.sort (stable for equal sorts). */
export function sortMenu(nodes: readonly MenuRoute[]): MenuRoute[] {
  return nodes
    .map((node, i) => ({ node, i }))
    .sort((a, b) => (a.node.meta?.sort ?? 0) - (b.node.meta?.sort ?? 0) || a.i - b.i)
    .map(({ node }) => node);
}

function toLeaf(node: MenuRoute, fullPath: string, trail: string[], topKey: string): MenuLeaf {
  const meta = node.meta ?? ({} as Partial<MenuRoute['meta']>);
  return {
    path: fullPath,
    title: meta.title || node.name || fullPath,
    icon: meta.icon ?? '',
    component: node.component ?? '',
    external: isExternal(node),
    permissions: Array.isArray(meta.permissions) ? meta.permissions : [],
    keepAlive: meta.keepAlive === true,
    trail,
    topKey,
  };
}

/** Builds the sider, the route table and the lookups from the menu tree in one pass. */
export function buildMenuIndex(routes: readonly MenuRoute[] | null | undefined): MenuIndex {
  const index: MenuIndex = { tops: [], leaves: [], byPath: new Map(), redirects: [] };

  const collect = (node: MenuRoute, parentPath: string, trail: string[], topKey: string, into: MenuLeaf[]) => {
    const fullPath = isExternal(node) ? node.path : resolvePath(parentPath, node.path ?? '');
    const kids = sortMenu(children(node));
    if (kids.length === 0) {
      const leaf = toLeaf(node, fullPath, trail, topKey);
      // a hidden page (新增, 详情 …) is routed but listed nowhere: opened from its list page
      if (node.meta?.hidden === true) {
        if (!leaf.external && !index.byPath.has(fullPath)) index.byPath.set(fullPath, leaf);
        return;
      }
      into.push(leaf);
      index.leaves.push(leaf);
      if (!leaf.external && !index.byPath.has(fullPath)) index.byPath.set(fullPath, leaf);
      return;
    }
    if (node.redirect && fullPath !== '/') {
      index.redirects.push({ path: fullPath, to: resolvePath(fullPath, node.redirect) });
    }
    const title = node.meta?.title || node.name;
    for (const kid of kids) collect(kid, fullPath, [...trail, title], topKey, into);
  };

  for (const top of sortMenu(routes ?? [])) {
    const topPath = isExternal(top) ? top.path : resolvePath('/', top.path ?? '');
    const entry: MenuTop = {
      key: topPath,
      title: top.meta?.title || top.name,
      icon: top.meta?.icon ?? '',
      leaf: null,
      groups: [],
    };
    const kids = sortMenu(children(top));
    if (kids.length === 0) {
      const own: MenuLeaf[] = [];
      collect(top, '/', [], topPath, own);
      // a hidden first-level page is routed (byPath) but has no sider item
      if (!own[0]) continue;
      entry.leaf = own[0];
    } else {
      if (top.redirect && topPath !== '/') {
        index.redirects.push({ path: topPath, to: resolvePath(topPath, top.redirect) });
      }
      const loose: MenuGroup = { key: `${topPath}#loose`, title: null, entries: [] };
      for (const kid of kids) {
        if (children(kid).length === 0) {
          collect(kid, topPath, [entry.title], topPath, loose.entries);
        } else {
          const group: MenuGroup = { key: resolvePath(topPath, kid.path ?? ''), title: kid.meta?.title || kid.name, entries: [] };
          collect(kid, topPath, [entry.title], topPath, group.entries);
          // a group whose pages are all hidden lists nothing: no empty heading in the drawer
          if (group.entries.length > 0) entry.groups.push(group);
        }
      }
      if (loose.entries.length > 0) entry.groups.unshift(loose);
      // a dir whose pages are all hidden has no sider item (its pages stay routed)
      if (entry.groups.length === 0) continue;
    }
    index.tops.push(entry);
  }
  return index;
}

/** The first-level item that owns a pathname: its leaf's top, else the longest matching top path. */
export function findTopKey(index: MenuIndex, pathname: string): string | null {
  const path = normalizePath(pathname);
  const leaf = index.byPath.get(path);
  if (leaf) return leaf.topKey;
  let best: string | null = null;
  for (const top of index.tops) {
    const key = top.key;
    if (EXTERNAL_ADDRESS.test(key) || key === '/') continue;
    if ((path === key || path.startsWith(`${key}/`)) && (!best || key.length > best.length)) best = key;
  }
  return best;
}
