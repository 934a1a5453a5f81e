import { describe, expect, it } from 'vitest';
import type { MenuRoute } from '@erp/shared';
import { buildMenuIndex, findTopKey, normalizePath, resolvePath, sortMenu } from './menu-tree.ts';

function node(path: string, title: string, sort: number, extra: Partial<MenuRoute> = {}, external = false): MenuRoute {
  return {
    name: title,
    path,
    redirect: '',
    component: '',
    meta: { title, icon: '', sort, permissions: [], keepAlive: false, ...(external ? { external: true } : {}) },
    children: [],
    ...extra,
  };
}

const menu: MenuRoute[] = [
  node('/system', '系统设置', 9, {
    children: [
      node('dict', '字典管理', 2, { component: 'system/dict/index' }),
      node('/system/menu', '菜单管理', 1, { component: 'system/menu/index' }),
      node('docs', '接口文档', 3, {}, true),
    ],
  }),
  node('/erp/sells', '销售报表', 1, {
    redirect: '/erp/sells/fullstatist',
    children: [
      node('fullstatist', '销售统计', 1, {
        children: [node('', '总部统计', 1, { component: 'sells/fullstatist/index' }), node('agent', '代理商统计', 2, { component: 'sells/fullstatist/agent' })],
      }),
    ],
  }),
  node('/home', '工作台', 0, { component: 'home/index' }),
  node('https://help.example.com', '帮助中心', 10, {}, true),
];
menu[0].children[2].path = 'https://docs.example.com';

describe('paths', () => {
  it('normalises and resolves relative and absolute child paths', () => {
    expect(normalizePath('//a//b/')).toBe('/a/b');
    expect(normalizePath('')).toBe('/');
    expect(resolvePath('/erp/sells', 'fullstatist')).toBe('/erp/sells/fullstatist');
    expect(resolvePath('/erp/sells', '/x/y')).toBe('/x/y');
    expect(resolvePath('/erp/sells/fullstatist', '')).toBe('/erp/sells/fullstatist');
    expect(resolvePath('/a', 'https://b.example')).toBe('https://b.example');
  });
});

describe('sortMenu', () => {
  it('orders siblings by meta.sort, stable on ties', () => {
    const sorted = sortMenu([node('/a', 'a', 2), node('/b', 'b', 1), node('/c', 'c', 2)]);
    expect(sorted.map((n) => n.path)).toEqual(['/b', '/a', '/c']);
  });
});

describe('buildMenuIndex', () => {
  const index = buildMenuIndex(menu);

  it('lists first-level items in sort order', () => {
    expect(index.tops.map((t) => [t.key, t.title])).toEqual([
      ['/home', '工作台'],
      ['/erp/sells', '销售报表'],
      ['/system', '系统设置'],
      ['https://help.example.com', '帮助中心'],
    ]);
  });

  it('marks first-level leaves as pages or external entries', () => {
    expect(index.tops[0].leaf?.component).toBe('home/index');
    expect(index.tops[0].groups).toEqual([]);
    expect(index.tops[3].leaf?.external).toBe(true);
  });

  it('groups second-level dirs with titles and loose leaves in an untitled group first', () => {
    const sells = index.tops[1];
    expect(sells.groups.map((g) => [g.title, g.entries.map((e) => e.path)])).toEqual([['销售统计', ['/erp/sells/fullstatist', '/erp/sells/fullstatist/agent']]]);
    const system = index.tops[2];
    expect(system.groups).toHaveLength(1);
    expect(system.groups[0].title).toBeNull();
    expect(system.groups[0].entries.map((e) => [e.path, e.external])).toEqual([
      ['/system/menu', false],
      ['/system/dict', false],
      ['https://docs.example.com', true],
    ]);
  });

  it('indexes in-app leaves by full path with trail and top key', () => {
    const agent = index.byPath.get('/erp/sells/fullstatist/agent');
    expect(agent?.component).toBe('sells/fullstatist/agent');
    expect(agent?.trail).toEqual(['销售报表', '销售统计']);
    expect(agent?.topKey).toBe('/erp/sells');
    expect(index.byPath.has('https://docs.example.com')).toBe(false);
    expect(index.leaves).toHaveLength(7);
  });

  it('routes hidden pages without listing them', () => {
    const withHidden: MenuRoute[] = [
      node('/erp/warehouse', '仓库管理', 1, {
        children: [
          node('/erp/warehouse/inbound', '入库单', 1, { component: 'warehouse/inbound/index' }),
          node('/erp/warehouse/inbound/info', '入库单详情', 2, {
            component: 'warehouse/inbound/info',
            meta: { title: '入库单详情', icon: '', sort: 2, permissions: ['a:add'], keepAlive: false, hidden: true },
          }),
        ],
      }),
    ];
    const index = buildMenuIndex(withHidden);
    expect(index.leaves.map((l) => l.title)).toEqual(['入库单']);
    expect(index.tops[0]!.groups.flatMap((g) => g.entries).map((l) => l.title)).toEqual(['入库单']);
    expect(index.byPath.get('/erp/warehouse/inbound/info')?.permissions).toEqual(['a:add']);
    expect(findTopKey(index, '/erp/warehouse/inbound/info')).toBe('/erp/warehouse');
  });

  it('lists no item, group or heading made only of hidden pages, and routes them all', () => {
    const hidden = (path: string, title: string) =>
      node(path, title, 5, { component: `x${path}`, meta: { title, icon: '', sort: 5, permissions: [], keepAlive: false, hidden: true } });
    const index = buildMenuIndex([
      // a first-level page that is hidden
      hidden('/erp/secret', '隐藏首层页'),
      // a first-level dir whose only pages are hidden
      node('/erp/purchase', '采购管理', 2, { children: [hidden('/erp/purchase/order/add', '采购订单新增'), hidden('/erp/purchase/order/info', '采购订单详情')] }),
      // a second-level group whose pages are all hidden, beside a listed page
      node('/erp/warehouse', '仓库管理', 3, {
        children: [
          node('/erp/warehouse/outbound', '出库单', 1, { component: 'warehouse/outbound/index' }),
          node('/erp/warehouse/more', '出库操作', 2, {
            children: [hidden('/erp/warehouse/outbound/edit', '出库单编辑'), hidden('/erp/warehouse/outbound/difference', '出库差异')],
          }),
        ],
      }),
    ]);
    const listed = [
      ...index.tops.map((t) => t.title),
      ...index.tops.flatMap((t) => t.groups.map((g) => g.title ?? '')),
      ...index.tops.flatMap((t) => [t.leaf, ...t.groups.flatMap((g) => g.entries)].filter(Boolean).map((l) => l!.title)),
      ...index.leaves.map((l) => l.title),
    ];
    expect(index.tops.map((t) => t.title)).toEqual(['仓库管理']);
    expect(index.tops[0]!.groups.map((g) => [g.title, g.entries.map((e) => e.title)])).toEqual([[null, ['出库单']]]);
    for (const title of ['隐藏首层页', '采购管理', '采购订单新增', '采购订单详情', '出库操作', '出库单编辑', '出库差异']) expect(listed).not.toContain(title);
    expect([...index.byPath.keys()].sort()).toEqual(
      [
        '/erp/purchase/order/add',
        '/erp/purchase/order/info',
        '/erp/secret',
        '/erp/warehouse/outbound',
        '/erp/warehouse/outbound/difference',
        '/erp/warehouse/outbound/edit',
      ].sort(),
    );
  });

  it('collects dir redirects', () => {
    expect(index.redirects).toEqual([{ path: '/erp/sells', to: '/erp/sells/fullstatist' }]);
  });

  it('survives an empty or missing menu', () => {
    expect(buildMenuIndex(undefined).tops).toEqual([]);
    expect(buildMenuIndex([]).leaves).toEqual([]);
  });
});

describe('findTopKey', () => {
  const index = buildMenuIndex(menu);
  it('finds the first-level owner of a leaf or a deeper path', () => {
    expect(findTopKey(index, '/erp/sells/fullstatist/agent')).toBe('/erp/sells');
    expect(findTopKey(index, '/system/dict/detail/3')).toBe('/system');
    expect(findTopKey(index, '/home')).toBe('/home');
    expect(findTopKey(index, '/usercenter')).toBeNull();
  });
});
