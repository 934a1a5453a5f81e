import { describe, expect, it } from 'vitest';
import { buildAccess, type MenuRow } from './menu-tree.ts';

let nextId = 1;
function row(partial: Partial<MenuRow> & Pick<MenuRow, 'type' | 'name'>): MenuRow {
  return {
    id: nextId++,
    parent_id: null,
    path: '',
    redirect: '',
    component: '',
    title: partial.name,
    icon: '',
    sort: 0,
    permission: '',
    keep_alive: false,
    hidden: false,
    ...partial,
  };
}

describe('buildAccess', () => {
  const dir = row({ type: 'dir', name: 'Dir', sort: 2 });
  const other = row({ type: 'dir', name: 'Other', sort: 1 });
  const pageB = row({ type: 'menu', name: 'B', parent_id: dir.id, sort: 2, path: '/b', component: 'b' });
  const pageA = row({ type: 'menu', name: 'A', parent_id: dir.id, sort: 1, path: '/a', component: 'a' });
  const button = row({ type: 'button', name: 'A:add', parent_id: pageA.id, permission: 'a:add' });
  const button2 = row({ type: 'button', name: 'A:del', parent_id: pageA.id, permission: 'a:del' });
  const link = row({ type: 'link', name: 'Docs', parent_id: other.id, path: '{apiPrefix}/openapi.json' });
  const rows = [dir, other, pageB, pageA, button, button2, link];

  it('shows granted pages under their directories, sorted, and drops empty directories', () => {
    const { routes } = buildAccess(rows, new Set([pageA.id, pageB.id]), '/api');
    expect(routes.map((r) => r.name)).toEqual(['Dir']);
    expect(routes[0]!.children.map((r) => r.name)).toEqual(['A', 'B']);
  });

  it('puts only granted buttons into meta.permissions and the permission set', () => {
    const access = buildAccess(rows, new Set([pageA.id, button.id]), '/api');
    expect(access.routes[0]!.children[0]!.meta.permissions).toEqual(['a:add']);
    expect([...access.permissions]).toEqual(['a:add']);
  });

  it("grants a page's own code with the page, without putting it into meta.permissions", () => {
    const listed = row({ type: 'menu', name: 'L', parent_id: dir.id, path: '/l', component: 'l', permission: 'l:list' });
    const withPage = buildAccess([...rows, listed], new Set([listed.id]), '/api');
    expect([...withPage.permissions]).toEqual(['l:list']);
    expect(withPage.routes[0]!.children[0]!.meta.permissions).toEqual([]);
    const without = buildAccess([...rows, listed], new Set([pageA.id]), '/api');
    expect(without.permissions.has('l:list')).toBe(false);
  });

  it('marks links external and fills the gateway prefix', () => {
    const { routes } = buildAccess(rows, new Set([link.id]), '/gw');
    const docs = routes[0]!.children[0]!;
    expect(docs.path).toBe('/gw/openapi.json');
    expect(docs.meta.external).toBe(true);
  });

  it("routes a hidden page with its granted sibling of the same code, carrying that page's buttons", () => {
    const list = row({ type: 'menu', name: 'List', parent_id: dir.id, path: '/in', component: 'in', permission: 'in:list' });
    const add = row({ type: 'button', name: 'List:add', parent_id: list.id, permission: 'in:add' });
    const info = row({ type: 'menu', name: 'Info', parent_id: dir.id, path: '/in/info', component: 'in/info', permission: 'in:list', hidden: true });
    const lone = row({ type: 'menu', name: 'Lone', parent_id: dir.id, path: '/lone', component: 'lone', permission: 'x:list', hidden: true });
    const addPage = row({ type: 'menu', name: 'AddPage', parent_id: dir.id, path: '/in/add', component: 'in/add', permission: 'in:add', hidden: true });
    const all = [...rows, list, add, info, lone, addPage];
    const withList = buildAccess(all, new Set([list.id, add.id]), '/api');
    const hidden = withList.routes[0]!.children.find((r) => r.name === 'Info')!;
    expect(hidden.meta.hidden).toBe(true);
    expect(hidden.meta.permissions).toEqual(['in:add']);
    expect(withList.routes[0]!.children.some((r) => r.name === 'Lone')).toBe(false);
    // 新增 comes with the list's 新增 button, not with the list alone
    expect(withList.routes[0]!.children.some((r) => r.name === 'AddPage')).toBe(true);
    const readOnly = buildAccess(all, new Set([list.id]), '/api');
    expect(readOnly.routes[0]!.children.map((r) => r.name)).toEqual(['List', 'Info']);
    // without the list page the hidden page is not reachable
    const without = buildAccess(all, new Set([pageA.id]), '/api');
    expect(without.routes[0]!.children.some((r) => r.name === 'Info')).toBe(false);
    // a hidden directory still hides everything under it
    const hiddenDir = row({ type: 'dir', name: 'HD', hidden: true });
    const inside = row({ type: 'menu', name: 'In', parent_id: hiddenDir.id, path: '/hd', component: 'hd' });
    expect(buildAccess([hiddenDir, inside], new Set([inside.id]), '/api').routes).toEqual([]);
  });

  it('grants nothing when nothing is granted', () => {
    const access = buildAccess(rows, new Set(), '/api');
    expect(access.routes).toEqual([]);
    expect(access.permissions.size).toBe(0);
  });
});
