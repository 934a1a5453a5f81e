import { describe, expect, it } from 'vitest';
import type { MenuRoute } from '@erp/shared';
import { buildMenuIndex } from '../access/menu-tree.ts';
import { isShellPath, tabForLocation } from './shell-paths.ts';

const leaf = (path: string, title: string, component: string): MenuRoute => ({
  name: title,
  path,
  redirect: '',
  component,
  meta: { title, icon: '', sort: 0, permissions: [], keepAlive: false },
  children: [],
});

const index = buildMenuIndex([
  {
    ...leaf('/erp/sells', '销售报表', ''),
    redirect: '/erp/sells/fullstatist',
    children: [leaf('fullstatist', '销售统计', 'sells/fullstatist/index'), leaf('daily', '日报', 'report/daily')],
  },
]);
const LANDING = '/erp/sells/fullstatist';

describe('tabForLocation', () => {
  it('gives the landing page the fixed 首页 tab', () => {
    expect(tabForLocation(index, LANDING, LANDING)).toEqual({ key: LANDING, path: LANDING, title: '首页', closable: false, url: LANDING });
  });

  it('titles menu pages by meta.title; a listed page is one tab whatever its query, kept as its url', () => {
    expect(tabForLocation(index, LANDING, '/erp/sells/daily', '?d=1')).toEqual({
      key: '/erp/sells/daily',
      path: '/erp/sells/daily',
      title: '日报',
      closable: true,
      url: '/erp/sells/daily?d=1',
    });
  });

  it('keys a hidden page (详情 ?id=) by its full path: one tab per query', () => {
    const withDetail = buildMenuIndex([
      {
        ...leaf('/erp/po', '采购', ''),
        children: [leaf('list', '采购订单', 'po/list'), { ...leaf('info', '采购订单详情', 'po/info'), meta: { ...leaf('', '', '').meta, title: '采购订单详情', hidden: true } }],
      },
    ]);
    expect(tabForLocation(withDetail, LANDING, '/erp/po/info', '?id=7')).toMatchObject({ key: '/erp/po/info?id=7', url: '/erp/po/info?id=7', title: '采购订单详情' });
    expect(tabForLocation(withDetail, LANDING, '/erp/po/list', '?status=draft')).toMatchObject({ key: '/erp/po/list', url: '/erp/po/list?status=draft' });
  });

  it('titles the static pages', () => {
    expect(tabForLocation(index, LANDING, '/usercenter')?.title).toBe('个人中心');
    expect(tabForLocation(index, LANDING, '/home')?.title).toBe('工作台');
    expect(tabForLocation(index, '/home', '/home')?.title).toBe('首页');
  });

  it('opens no tab for redirects and the root', () => {
    expect(tabForLocation(index, LANDING, '/')).toBeNull();
    expect(tabForLocation(index, LANDING, '/erp/sells')).toBeNull();
  });

  it('titles unknown paths as not found', () => {
    expect(tabForLocation(index, LANDING, '/nope')?.title).toBe('无法找到该页面');
  });
});

describe('isShellPath', () => {
  it('knows landing, static, menu and redirect paths only', () => {
    for (const path of ['/', LANDING, '/home', '/usercenter', '/erp/sells/daily', '/erp/sells']) {
      expect(isShellPath(index, LANDING, path)).toBe(true);
    }
    expect(isShellPath(index, LANDING, '/system/dict')).toBe(false);
    expect(isShellPath(index, '/home', '/erp/other')).toBe(false);
  });
});
