import { describe, expect, it } from 'vitest';
import type { MenuTreeNode } from '@erp/shared';
import { afterCheck, buildGrantTree, checkedFromGrants, grantsFromChecked, indexGrantTree, lockedLeaves } from './grant-tree.ts';

function node(id: number, type: MenuTreeNode['type'], children: MenuTreeNode[] = []): MenuTreeNode {
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
    sort: 0,
    permission: '',
    keepAlive: false,
    hidden: false,
    enabled: true,
    children,
  };
}

// System(1) > Registration(2) > [Audit(3)], Print(4); Roles(5) > [Grant(6), Users(7)]
const tree = [node(1, 'dir', [node(2, 'menu', [node(3, 'button')]), node(4, 'menu'), node(5, 'menu', [node(6, 'button'), node(7, 'button')])])];

describe('grant tree', () => {
  const grantTree = buildGrantTree(tree);
  const index = indexGrantTree(grantTree);

  it('gives a page with buttons a 页面访问 leaf first', () => {
    const registration = grantTree[0]!.children![0]!;
    expect(registration.children!.map((n) => [n.key, n.title])).toEqual([
      ['v2', '页面访问'],
      ['m3', 'T3'],
    ]);
    expect(index.leaves).toEqual(['v2', 'm3', 'm4', 'v5', 'm6', 'm7']);
  });

  it('shows only leaves checked for the grants, so a page without its buttons stays half-checked', () => {
    expect(checkedFromGrants(index, [1, 2])).toEqual(['v2']);
    expect(checkedFromGrants(index, [1, 2, 3, 4])).toEqual(['v2', 'm3', 'm4']);
  });

  it('saves the checked leaves and every node above them', () => {
    expect(grantsFromChecked(index, ['v2'])).toEqual([1, 2]);
    expect(grantsFromChecked(index, ['v5', 'm6'])).toEqual([1, 5, 6]);
    expect(grantsFromChecked(index, [])).toEqual([]);
  });

  it('brings the page along with a button and takes the buttons away with the page', () => {
    expect(afterCheck(index, ['m3', 'm1', 'm2'], { key: 'm3', checked: true })).toEqual(['v2', 'm3']);
    expect(afterCheck(index, ['m6', 'm7'], { key: 'v5', checked: false })).toEqual([]);
    expect(afterCheck(index, ['v5', 'm6'], { key: 'm7', checked: false })).toEqual(['v5', 'm6']);
  });

  it('keeps locked leaves checked and their boxes disabled', () => {
    const locked = new Set([5, 6]);
    const lockedTree = buildGrantTree(tree, locked);
    const lockedIndex = indexGrantTree(lockedTree);
    const roles = lockedTree[0]!.children![2]!;
    expect(roles.children!.map((n) => !!n.disableCheckbox)).toEqual([true, true, false]);
    const keep = lockedLeaves(lockedIndex, locked);
    expect(keep).toEqual(['v5', 'm6']);
    expect(afterCheck(lockedIndex, [], { key: 'm1', checked: false }, keep)).toEqual(['v5', 'm6']);
  });
});
