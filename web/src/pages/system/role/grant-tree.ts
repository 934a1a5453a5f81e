import type { MenuKind, MenuTreeNode } from '@erp/shared';

/**
 * 权限分配 tree, checked with antd's parent–child conduction (checkStrictly=false):
 *
 * - a page with buttons gets a first child 「页面访问」 (key `v<id>`) standing for the page itself,
 *   so a page can be granted without its buttons; the page node is then half-checked;
 * - only leaves are held as checked keys (antd derives the parents' checked/half-checked state);
 * - a checked button brings its page's 「页面访问」 along (a button without its page shows nothing);
 *   unchecking 「页面访问」 takes the page's buttons away;
 * - saving sends the ids of the checked leaves and of every directory/page above them, i.e. the
 *   checked plus the half-checked nodes. The server stores exactly these ids.
 */

export interface GrantNode {
  key: string;
  menuId: number;
  title: string;
  /** the code the leaf grants (a button's, or a page's own on 页面访问); '' on parents and directories */
  permission: string;
  kind: MenuKind | 'view';
  enabled: boolean;
  hidden: boolean;
  disableCheckbox?: boolean;
  children?: GrantNode[];
}

export interface GrantIndex {
  parentOf: Map<string, string | null>;
  menuIdOf: Map<string, number>;
  leaves: string[];
  /** a button's key -> its page's 「页面访问」 key */
  viewOfButton: Map<string, string>;
  /** a 「页面访问」 key -> its page's button keys */
  buttonsOfView: Map<string, string[]>;
}

export const VIEW_TITLE = '页面访问';

/** `locked` menu ids are shown checked and cannot be unchecked (admin keeps 角色管理 and 权限分配). */
export function buildGrantTree(nodes: readonly MenuTreeNode[], locked: ReadonlySet<number> = new Set()): GrantNode[] {
  return nodes.map((node) => {
    const base = { menuId: node.id, title: node.title, permission: node.permission, enabled: node.enabled, hidden: node.hidden };
    const children = buildGrantTree(node.children, locked);
    if (node.type === 'menu' && children.length) {
      const view: GrantNode = { ...base, key: `v${node.id}`, title: VIEW_TITLE, kind: 'view', disableCheckbox: locked.has(node.id) };
      // the page's own code shows on 页面访问, which grants it
      return { ...base, permission: '', key: `m${node.id}`, kind: node.type, children: [view, ...children] };
    }
    const leafLocked = children.length === 0 && locked.has(node.id);
    return { ...base, key: `m${node.id}`, kind: node.type, ...(leafLocked ? { disableCheckbox: true } : {}), ...(children.length ? { children } : {}) };
  });
}

export function indexGrantTree(tree: readonly GrantNode[]): GrantIndex {
  const index: GrantIndex = { parentOf: new Map(), menuIdOf: new Map(), leaves: [], viewOfButton: new Map(), buttonsOfView: new Map() };
  const walk = (nodes: readonly GrantNode[], parent: GrantNode | null) => {
    for (const node of nodes) {
      index.parentOf.set(node.key, parent?.key ?? null);
      index.menuIdOf.set(node.key, node.menuId);
      if (node.children?.length) walk(node.children, node);
      else index.leaves.push(node.key);
      if (node.kind === 'button' && parent?.kind === 'menu') {
        const view = `v${parent.menuId}`;
        index.viewOfButton.set(node.key, view);
        index.buttonsOfView.set(view, [...(index.buttonsOfView.get(view) ?? []), node.key]);
      }
    }
  };
  walk(tree, null);
  return index;
}

/** The leaves to show checked for the granted ids (parents follow by conduction). */
export function checkedFromGrants(index: GrantIndex, granted: readonly number[]): string[] {
  const ids = new Set(granted);
  return index.leaves.filter((key) => ids.has(index.menuIdOf.get(key)!));
}

/** After antd's check: keep the leaves, apply the page/button rule, keep the locked leaves. */
export function afterCheck(index: GrantIndex, checked: readonly string[], toggled: { key: string; checked: boolean }, locked: readonly string[] = []): string[] {
  const leafSet = new Set(index.leaves);
  const next = new Set(checked.filter((key) => leafSet.has(key)));
  if (!toggled.checked && toggled.key.startsWith('v')) {
    for (const button of index.buttonsOfView.get(toggled.key) ?? []) next.delete(button);
  }
  for (const key of [...next]) {
    const view = index.viewOfButton.get(key);
    if (view) next.add(view);
  }
  for (const key of locked) next.add(key);
  return index.leaves.filter((key) => next.has(key));
}

/** The menu ids to save: the checked leaves and everything above them (checked + half-checked). */
export function grantsFromChecked(index: GrantIndex, checked: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const leaf of checked) {
    for (let key: string | null | undefined = leaf; key; key = index.parentOf.get(key)) ids.add(index.menuIdOf.get(key)!);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Leaf keys of the locked menu ids. */
export function lockedLeaves(index: GrantIndex, locked: ReadonlySet<number>): string[] {
  return index.leaves.filter((key) => locked.has(index.menuIdOf.get(key)!));
}
