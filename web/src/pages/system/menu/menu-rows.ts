import { MENU_SORT_MAX, MENU_TYPE_LABELS, parentAllows, type MenuForm, type MenuKind, type MenuSortItem, type MenuTreeNode } from '@erp/shared';

/** Pure views over the full menu tree for 菜单管理. */

export interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/** The node and its parent's children (its siblings, itself included). */
export function locate(tree: readonly MenuTreeNode[], id: number): { node: MenuTreeNode; siblings: readonly MenuTreeNode[] } | null {
  for (const node of tree) {
    if (node.id === id) return { node, siblings: tree };
    const hit = locate(node.children, id);
    if (hit) return hit;
  }
  return null;
}

/**
 * The places a node of `type` may hang (TreeSelect data): directories, or pages for a button;
 * the node itself and its subtree are left out (no cycles), as are buttons.
 */
export function parentOptions(tree: readonly MenuTreeNode[], type: MenuKind, selfId: number | null): ParentOption[] {
  const build = (nodes: readonly MenuTreeNode[]): ParentOption[] =>
    nodes
      .filter((node) => node.id !== selfId && node.type !== 'button' && node.type !== 'link')
      .map((node) => ({
        value: node.id,
        title: `${node.title}（${MENU_TYPE_LABELS[node.type]}）`,
        disabled: !parentAllows(node.type, type),
        children: build(node.children),
      }));
  return build(tree);
}

/** Keys of every node that has children (展开全部). */
export function expandableIds(tree: readonly MenuTreeNode[]): number[] {
  return tree.flatMap((node) => (node.children.length ? [node.id, ...expandableIds(node.children)] : []));
}

/** Nodes whose title, name, path or permission contains the keyword, with their ancestors; children of a match stay. */
export function filterTree(tree: readonly MenuTreeNode[], keyword: string): MenuTreeNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...tree];
  const matches = (node: MenuTreeNode) => [node.title, node.name, node.path, node.permission, node.component].some((text) => text.toLowerCase().includes(needle));
  return tree.flatMap((node) => {
    if (matches(node)) return [node];
    const children = filterTree(node.children, keyword);
    return children.length ? [{ ...node, children }] : [];
  });
}

/**
 * 上移/下移: the new sorts of the siblings after moving `id` one place. When the sorts already
 * differ the two nodes swap theirs; equal sorts are renumbered 1, 2, 3… in the new order.
 */
export function moveAmongSiblings(siblings: readonly MenuTreeNode[], id: number, direction: -1 | 1): MenuSortItem[] {
  const index = siblings.findIndex((node) => node.id === id);
  const target = index + direction;
  if (index < 0 || target < 0 || target >= siblings.length) return [];
  const a = siblings[index]!;
  const b = siblings[target]!;
  const distinct = new Set(siblings.map((node) => node.sort)).size === siblings.length;
  if (distinct) {
    return [
      { id: a.id, parentId: a.parentId, sort: b.sort },
      { id: b.id, parentId: b.parentId, sort: a.sort },
    ];
  }
  const order = [...siblings];
  order.splice(index, 1);
  order.splice(target, 0, a);
  return order.map((node, i) => ({ id: node.id, parentId: node.parentId, sort: Math.min(i + 1, MENU_SORT_MAX) }));
}

/** A new child's starting values: a button under a page, a page under a directory, after its siblings. */
export function newChildForm(parent: MenuTreeNode | null, tree: readonly MenuTreeNode[]): MenuForm {
  const siblings = parent ? parent.children : tree;
  const sort = Math.min(MENU_SORT_MAX, siblings.reduce((max, node) => Math.max(max, node.sort), 0) + 1);
  const type: MenuKind = parent?.type === 'menu' ? 'button' : parent ? 'menu' : 'dir';
  // system:menu:list -> system:menu: as the start of a button's code
  const codePrefix = parent?.permission ? parent.permission.replace(/[^:]+$/, '') : '';
  return {
    parentId: parent?.id ?? null,
    type,
    name: '',
    title: '',
    path: type === 'button' ? '' : parent ? `${parent.path.replace(/\/+$/, '')}/` : '/',
    redirect: '',
    component: '',
    icon: '',
    sort,
    permission: type === 'button' ? codePrefix : '',
    keepAlive: false,
    hidden: false,
    enabled: true,
  };
}

export function formOf(node: MenuTreeNode): MenuForm {
  const { id: _id, children: _children, ...form } = node;
  return form;
}
