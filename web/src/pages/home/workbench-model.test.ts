import { describe, expect, it } from 'vitest';
import type { MenuRoute } from '@erp/shared';
import { buildMenuIndex } from '../../access/menu-tree.ts';
import { greetingFor, shortcutSections } from './workbench-model.ts';

const leaf = (path: string, title: string, extra: Partial<MenuRoute> = {}): MenuRoute => ({
  name: title,
  path,
  redirect: '',
  component: 'x',
  meta: { title, icon: '', sort: 0, permissions: [], keepAlive: false },
  children: [],
  ...extra,
});

describe('greetingFor', () => {
  it('follows the time of day', () => {
    expect(greetingFor(8)).toBe('上午好');
    expect(greetingFor(12)).toBe('中午好');
    expect(greetingFor(15)).toBe('下午好');
    expect(greetingFor(21)).toBe('晚上好');
    expect(greetingFor(2)).toBe('晚上好');
  });
});

describe('shortcutSections', () => {
  const index = buildMenuIndex([
    leaf('/home', '工作台'),
    leaf('https://help.example.com', '帮助', { meta: { title: '帮助', icon: '', sort: 9, permissions: [], keepAlive: false, external: true } }),
    leaf('/erp/sells', '销售报表', {
      children: [leaf('fullstatist', '销售统计'), leaf('daily', '日报')],
    }),
  ]);

  it('lists every menu screen except the current one, first-level pages first', () => {
    const sections = shortcutSections(index, '/erp/sells/fullstatist');
    expect(sections.map((s) => [s.title, s.entries.map((e) => e.path)])).toEqual([
      ['常用功能', ['/home', 'https://help.example.com']],
      ['销售报表', ['/erp/sells/daily']],
    ]);
  });

  it('offers no hidden page (新增, 详情, 编辑 …) as a shortcut', () => {
    const hidden = (path: string, title: string) => leaf(path, title, { meta: { title, icon: '', sort: 5, permissions: [], keepAlive: false, hidden: true } });
    const sections = shortcutSections(
      buildMenuIndex([
        leaf('/erp/purchase', '采购管理', { children: [leaf('order', '采购订单'), hidden('order/add', '采购订单新增'), hidden('order/info', '采购订单详情')] }),
        leaf('/erp/warehouse', '仓库管理', {
          children: [leaf('outbound', '出库单'), hidden('outbound/edit', '出库单编辑'), hidden('outbound/scan', '出库扫描明细'), hidden('outbound/difference', '出库差异')],
        }),
        leaf('/erp/only-hidden', '只有隐藏页', { children: [hidden('stocktake/info', '盘点单详情')] }),
        hidden('/erp/hidden-top', '隐藏首层页'),
      ]),
      '/erp/sells/fullstatist',
    );
    expect(sections.map((s) => [s.title, s.entries.map((e) => e.title)])).toEqual([
      ['采购管理', ['采购订单']],
      ['仓库管理', ['出库单']],
    ]);
  });

  it('drops a section left empty', () => {
    const only = buildMenuIndex([leaf('/erp/sells', '销售报表', { children: [leaf('fullstatist', '销售统计')] })]);
    expect(shortcutSections(only, '/erp/sells/fullstatist')).toEqual([]);
  });
});
