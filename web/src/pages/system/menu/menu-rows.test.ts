import { describe, expect, it } from 'vitest';
import type { MenuTreeNode } from '@erp/shared';
import { filterTree, moveAmongSiblings, newChildForm, parentOptions } from './menu-rows.ts';

function node(id: number, type: MenuTreeNode['type'], extra: Partial<MenuTreeNode> = {}, children: MenuTreeNode[] = []): MenuTreeNode {
  return {
    id,
    parentId: null,
    type,
    name: `N${id}`,
    path: '',
    redirect: '',
    component: '',
    title: `T${id}`,
    icon: '',
    sort: id,
    permission: '',
    keepAlive: false,
    hidden: false,
    enabled: true,
    children,
    ...extra,
  };
}

const page = node(2, 'menu', { path: '/erp/system/menu', permission: 'system:menu:list', parentId: 1 }, [node(3, 'button', { parentId: 2 })]);
const tree = [node(1, 'dir', { path: '/erp/system' }, [page, node(4, 'link', { parentId: 1 })]), node(5, 'dir', { path: '/erp/sells' })];

describe('menu rows', () => {
  it('offers directories for pages and pages for buttons, never the node itself or below it', () => {
    const forMenu = parentOptions(tree, 'menu', null);
    expect(forMenu.map((o) => [o.value, o.disabled])).toEqual([
      [1, false],
      [5, false],
    ]);
    expect(forMenu[0]!.children.map((o) => [o.value, o.disabled])).toEqual([[2, true]]);
    const forButton = parentOptions(tree, 'button', null);
    expect(forButton[0]!.children[0]).toMatchObject({ value: 2, disabled: false });
    expect(parentOptions(tree, 'dir', 1).map((o) => o.value)).toEqual([5]);
  });

  it('swaps distinct sorts and renumbers equal ones', () => {
    const siblings = tree[0]!.children;
    expect(moveAmongSiblings(siblings, 4, -1)).toEqual([
      { id: 4, parentId: 1, sort: 2 },
      { id: 2, parentId: 1, sort: 4 },
    ]);
    expect(moveAmongSiblings(siblings, 2, -1)).toEqual([]);
    const same = [node(7, 'dir', { sort: 0 }), node(8, 'dir', { sort: 0 }), node(9, 'dir', { sort: 0 })];
    expect(moveAmongSiblings(same, 9, -1).map((i) => [i.id, i.sort])).toEqual([
      [7, 1],
      [9, 2],
      [8, 3],
    ]);
  });

  it('starts a child as a button under a page and as a page under a directory', () => {
    expect(newChildForm(page, tree)).toMatchObject({ type: 'button', parentId: 2, permission: 'system:menu:', sort: 4, path: '' });
    expect(newChildForm(tree[0]!, tree)).toMatchObject({ type: 'menu', parentId: 1, path: '/erp/system/', sort: 5 });
    expect(newChildForm(null, tree)).toMatchObject({ type: 'dir', parentId: null, path: '/', sort: 6 });
  });

  it('filters by keyword keeping the ancestors', () => {
    const found = filterTree(tree, 'menu:list');
    expect(found.map((n) => n.id)).toEqual([1]);
    expect(found[0]!.children.map((n) => n.id)).toEqual([2]);
    expect(filterTree(tree, '  ')).toHaveLength(2);
  });
});
