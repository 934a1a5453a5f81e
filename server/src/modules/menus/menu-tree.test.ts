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

  it('grants nothing when nothing is granted', () => {
    const access = buildAccess(rows, new Set(), '/api');
    expect(access.routes).toEqual([]);
    expect(access.permissions.size).toBe(0);
  });
});
