import type { MenuRoute } from '@erp/shared';
import type { MenuType } from '../../db/schema.ts';

export interface MenuRow {
  id: number;
  parent_id: number | null;
  type: MenuType;
  name: string;
  path: string;
  redirect: string;
  component: string;
  title: string;
  icon: string;
  sort: number;
  permission: string;
  keep_alive: boolean;
  hidden: boolean;
}

export interface Access {
  routes: MenuRoute[];
  permissions: Set<string>;
}

/**
 * Builds the user's route tree from every enabled menu row and the ids their roles grant.
 * A node shows when it is granted or has a granted descendant; directories left empty are
 * dropped; granted buttons become their parent's meta.permissions (SPEC §6); a granted page's
 * own permission code is in `permissions` (for the server) but not in meta.permissions.
 */
export function buildAccess(rows: MenuRow[], granted: ReadonlySet<number>, apiPrefix: string): Access {
  const children = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const permissions = new Set<string>();

  const build = (parentId: number | null): MenuRoute[] => {
    const nodes: MenuRoute[] = [];
    const siblings = [...(children.get(parentId) ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id);
    const grantedButtons = (row: MenuRow) => (children.get(row.id) ?? []).filter((c) => c.type === 'button' && granted.has(c.id)).map((c) => c.permission);
    // A hidden page (新增, 详情 … of a list) comes with a granted visible sibling page whose own code
    // or one of whose granted buttons is the hidden page's code (详情 → the list's code, 新增 → the
    // list's 新增 button), and acts with that page's buttons.
    const partners = (row: MenuRow) =>
      row.permission === ''
        ? []
        : siblings.filter((s) => s.type === 'menu' && !s.hidden && granted.has(s.id) && (s.permission === row.permission || grantedButtons(s).includes(row.permission)));
    for (const row of siblings) {
      if (row.type === 'button') continue;
      const kids = build(row.id);
      const hiddenPage = row.hidden && row.type === 'menu';
      const partnerPages = hiddenPage ? partners(row) : [];
      const buttons = [...new Set([...grantedButtons(row), ...partnerPages.flatMap(grantedButtons)])];
      const isLeaf = row.type === 'menu' || row.type === 'link';
      const visible = isLeaf ? granted.has(row.id) || kids.length > 0 || partnerPages.length > 0 : kids.length > 0;
      if (!visible || (row.hidden && !hiddenPage)) continue;
      for (const code of buttons) permissions.add(code);
      // A page's own code (its read calls) comes with the page.
      if (row.type === 'menu' && row.permission && (granted.has(row.id) || partnerPages.length > 0)) permissions.add(row.permission);
      const external = row.type === 'link';
      nodes.push({
        name: row.name,
        path: external ? row.path.replaceAll('{apiPrefix}', apiPrefix) : row.path,
        redirect: row.redirect,
        component: row.component,
        meta: {
          title: row.title,
          icon: row.icon,
          sort: row.sort,
          permissions: buttons,
          keepAlive: row.keep_alive,
          ...(external ? { external: true } : {}),
          ...(hiddenPage ? { hidden: true } : {}),
        },
        children: kids,
      });
    }
    return nodes;
  };

  return { routes: build(null), permissions };
}
