import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { authOf } from '../../http/auth-hook.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A route guarded by a button permission, to prove the server refuses what the button hides.
    extend: (app) => {
      app.post('/api/test/guarded', { config: { permission: 'test:guarded:run' } }, async (request) => ({
        code: '201',
        msg: 'ok',
        data: authOf(request).account,
      }));
    },
  });
});
afterAll(() => t?.close());

const routes = async (session: string) => (await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session })).body;

function leaves(nodes: any[]): any[] {
  return nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));
}

describe('menu route tree', () => {
  it('differs by role: each sees only what its roles grant', async () => {
    const paths = async (account: string) => leaves((await routes(await t.login(account))).data).map((n) => n.path);
    // each system screen adds its page for admin; the order of these stays
    const adminPaths = await paths('admin');
    expect(adminPaths.filter((p) => ['/erp/sells/fullstatist', '/erp/system/registration', '/erp/system/print', '/api/openapi.json'].includes(p))).toEqual([
      '/erp/sells/fullstatist',
      '/erp/system/registration',
      '/erp/system/print',
      '/api/openapi.json',
    ]);
    expect(adminPaths).toEqual(expect.arrayContaining(['/erp/system/menu', '/erp/system/role']));
    const isWarehouse = (p: string) => p.startsWith('/erp/warehouse/');
    const agentPaths = await paths('agent01');
    const shopPaths = await paths('shop01');
    expect(agentPaths.filter((p) => !isWarehouse(p))).toEqual([
      '/erp/sells/fullstatist/agent',
      '/erp/product/list',
      '/erp/product/material',
      '/erp/ordering/purchase',
      '/erp/ordering/cart',
      '/erp/ordering/order',
      '/erp/ordering/order/add',
      '/erp/ordering/order/info',
      '/erp/ordering/quota',
      '/erp/ordering/shipping',
      '/erp/ordering/summary',
      '/erp/ordering/bill',
      '/erp/ordering/brand',
      '/erp/ordering/reorder',
      '/erp/ordering/reorder/info',
      '/erp/ordering/unshipped',
      '/erp/agentplan/order',
      '/erp/agentplan/shop',
      '/erp/agentplan/quota',
      '/erp/aftersales/return',
      '/erp/aftersales/return/add',
      '/erp/aftersales/return/info',
      '/erp/aftersales/swap',
      '/erp/aftersales/swap/add',
      '/erp/aftersales/swap/info',
      '/erp/aftersales/inventory',
      '/erp/finance/account',
      '/erp/finance/payment',
      '/erp/finance/statement',
      '/erp/finance/rebate',
      '/erp/users/shop',
      '/erp/system/print',
      '/erp/system/subuser',
    ]);
    expect(shopPaths.filter((p) => !isWarehouse(p))).toEqual([
      '/erp/sells/fullstatist/shop',
      '/erp/product/list',
      '/erp/product/material',
      '/erp/ordering/purchase',
      '/erp/ordering/cart',
      '/erp/ordering/order',
      '/erp/ordering/order/add',
      '/erp/ordering/order/info',
      '/erp/ordering/quota',
      '/erp/ordering/shipping',
      '/erp/ordering/summary',
      '/erp/ordering/bill',
      '/erp/ordering/brand',
      '/erp/ordering/reorder',
      '/erp/ordering/reorder/info',
      '/erp/ordering/unshipped',
      '/erp/agentplan/shop',
      '/erp/agentplan/quota',
      '/erp/aftersales/return',
      '/erp/aftersales/return/add',
      '/erp/aftersales/return/info',
      '/erp/aftersales/swap',
      '/erp/aftersales/swap/add',
      '/erp/aftersales/swap/info',
      '/erp/aftersales/inventory',
      '/erp/finance/account',
      '/erp/finance/payment',
      '/erp/finance/statement',
      '/erp/users/shop',
      '/erp/system/print',
      '/erp/system/subuser',
    ]);
    // agents and shops read the documents of their warehouses (详情 pages come with the lists), count
    // stock (盘点新增 comes with its 新增 button) and receive transfers, but add no other documents
    const readOnlyWarehouse = [
      '/erp/warehouse/base',
      '/erp/warehouse/shelf',
      '/erp/warehouse/stock',
      '/erp/warehouse/inbound',
      '/erp/warehouse/inbound/info',
      '/erp/warehouse/outbound',
      '/erp/warehouse/outbound/info',
      '/erp/warehouse/transfer',
      '/erp/warehouse/transfer/info',
      // 配货出库单详情 comes with 调拨单详情 (issue 26)
      '/erp/warehouse/delivery/info',
      '/erp/warehouse/stocktake',
      '/erp/warehouse/stocktake/add',
      '/erp/warehouse/stocktake/info',
      '/erp/warehouse/exchange',
      '/erp/warehouse/exchange/info',
      '/erp/warehouse/statistics/transit',
      '/erp/warehouse/statistics/inventory',
    ];
    expect(agentPaths.filter(isWarehouse)).toEqual(readOnlyWarehouse);
    expect(shopPaths.filter(isWarehouse)).toEqual(readOnlyWarehouse);
    expect(adminPaths).toEqual(expect.arrayContaining(['/erp/warehouse/inbound/add', '/erp/warehouse/outbound/difference', '/erp/warehouse/opening']));
    expect(adminPaths).toEqual(
      expect.arrayContaining(['/erp/purchase/order/add', '/erp/purchase/refund/add', '/erp/purchase/payable', '/erp/purchase/summary', '/erp/warehouse/inbound/purchase']),
    );
    // a supplier: its own orders (confirming them) and refunds, its account, nothing to add
    expect(await paths('supplier01')).toEqual([
      '/erp/product/list',
      '/erp/purchase/order',
      '/erp/purchase/order/info',
      '/erp/purchase/refund',
      '/erp/purchase/refund/info',
      '/erp/finance/account',
      '/erp/finance/statement',
      '/erp/users/supplier',
      '/erp/system/print',
    ]);
    expect(await paths('clerk01')).toEqual(['/erp/system/registration', '/erp/system/print']);
  });

  it('answers the SPEC node shape with groups under first-level directories', async () => {
    const body = await routes(await t.login('admin'));
    expect(body.code).toBe('201');
    const sells = body.data[0];
    expect(sells).toMatchObject({ name: 'Sells', path: '/erp/sells', meta: { title: '销售报表', icon: 'BarChartOutlined' } });
    const page = sells.children[0].children[0];
    expect(page).toEqual({
      name: 'FullStatist',
      path: '/erp/sells/fullstatist',
      redirect: '',
      component: 'sells/fullstatist/index',
      meta: { title: '总部综合统计', icon: 'DashboardOutlined', sort: 1, permissions: [], keepAlive: false },
      children: [],
    });
    const docs = leaves(body.data).find((n) => n.name === 'ApiDocs');
    expect(docs.meta.external).toBe(true);
    // a menu is named for what it opens: the overseas page lists documents, not stock
    expect(leaves(body.data).find((n) => n.name === 'Overseas').meta.title).toBe('海外仓单据');
  });

  it('flags every page hidden in 菜单管理 as hidden, and no other page, for every role', async () => {
    const hiddenRows = await t.db.selectFrom('menus').select('path').where('type', '=', 'menu').where('hidden', '=', true).execute();
    const hiddenPaths = new Set(hiddenRows.map((r) => r.path));
    expect([...hiddenPaths]).toEqual(expect.arrayContaining(['/erp/purchase/order/add', '/erp/warehouse/outbound/edit', '/erp/warehouse/stocktake/info']));
    for (const account of ['admin', 'agent01', 'shop01', 'supplier01']) {
      const all = leaves((await routes(await t.login(account))).data);
      const flagged = all.filter((n) => n.meta.hidden === true).map((n) => n.path);
      // the response schema once dropped the flag and every 新增/详情 page showed in the menu
      expect(flagged.length, account).toBeGreaterThan(0);
      expect(
        all.filter((n) => hiddenPaths.has(n.path) !== (n.meta.hidden === true)).map((n) => n.path),
        account,
      ).toEqual([]);
    }
  });

  it('delivers granted button codes in meta.permissions and the server enforces them', async () => {
    const adminSession = await t.login('admin');
    const agentSession = await t.login('agent01');
    const call = (session: string) => t.call({ method: 'POST', url: '/api/test/guarded', session });
    expect((await call(adminSession)).body.code).toBe('A0301');

    const page = await t.db.selectFrom('menus').select('id').where('name', '=', 'FullStatist').executeTakeFirstOrThrow();
    const button = await t.db
      .insertInto('menus')
      .values({ parent_id: page.id, type: 'button', name: 'TestGuarded', title: '测试按钮', permission: 'test:guarded:run' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await t.db.selectFrom('roles').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('role_menus').values({ role_id: admin.id, menu_id: button.id }).execute();

    // the grant is announced at its commit (0045): the next call already has it (last round: cached until cleaned)
    expect((await call(adminSession)).body.code).toBe('201');
    const clean = await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/cleanUserCache', session: adminSession });
    expect(clean.body.data).toBe('success');

    const tree = (await routes(adminSession)).data;
    expect(leaves(tree).find((n) => n.name === 'FullStatist').meta.permissions).toEqual(['test:guarded:run']);
    const ok = await call(adminSession);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toBe('admin');

    const refused = await call(agentSession);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'A0301', msg: '没有权限执行此操作', data: null });
  });

  it('needs a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route' });
    expect(res.body.code).toBe('401');
  });
});
