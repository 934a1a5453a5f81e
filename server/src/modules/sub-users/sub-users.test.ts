import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashPassword } from '../accounts/password.ts';

let t: TestApp;
let agent01: string;
const PASSWORD = 'Init-2026a';
const API = '/api/admin/api/v1/sub-users';

const menuId = async (name: string) => (await t.db.selectFrom('menus').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (account: string) => (await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const roleId = async (code: string) => (await t.db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const routes = async (session: string) => (await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session })).body.data;
function leaves(nodes: any[]): any[] {
  return nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));
}
const ids = (nodes: any[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
const names = (nodes: any[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

/** Signs in a freshly created (inactive) sub-user as if it had set its password already. */
async function activate(account: string) {
  await t.db.updateTable('users').set({ active: true }).where('account', '=', account).execute();
  return t.login(account, PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  agent01 = await t.login('agent01');
});
afterAll(() => t?.close());

describe('sub-users', () => {
  let subId: number;
  let sub: string;
  let subset: number[];

  it('offers the caller its own access tree without the 子账号 page', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/grantable`, session: agent01 });
    expect(res.body.code).toBe('201');
    expect(names(res.body.data)).toEqual([
      'Sells',
      'SellsStatist',
      'FullStatistAgent',
      'Products',
      'ProductList',
      'Materials',
      'Warehouse',
      'WarehouseBase',
      'WarehouseShelf',
      'StockBalance',
      'Inbound',
      'Outbound',
      'Transfer',
      'TransferReceiveBtn',
      'Stocktake',
      'StocktakeEditBtn',
      'Exchange',
      'StockInTransit',
      'StockReport',
      'Ordering',
      'OrderingPurchase',
      'OrderingCart',
      'OrderingOrder',
      'OrderingOrderEditBtn',
      'OrderingQuota',
      'OrderingShipping',
      'OrderingSummary',
      'OrderingBill',
      'OrderingBrand',
      'OrderingReorderSummary',
      'OrderingReorderEditBtn',
      'OrderingReorderQtyBtn',
      'OrderingUnshipped',
      'AgentPlanning',
      'AgentPlanOrder',
      'AgentPlanEditBtn',
      'AgentPlanShop',
      'AgentPlanQuota',
      'AfterSales',
      'AfterSalesReturn',
      'AfterSalesReturnEditBtn',
      'AfterSalesSwap',
      'AfterSalesSwapEditBtn',
      'AfterSalesInventory',
      'AfterSalesInventoryEditBtn',
      'Finance',
      'FinanceAccount',
      'FinancePayment',
      'FinancePaymentEditBtn',
      'FinanceStatement',
      'FinanceStatementConfirmBtn',
      'FinanceRebate',
      'Users',
      'ShopList',
      'ShopEdit',
      'ShopAccounts',
      'System',
      'PrintTemplates',
    ]);
  });

  it('checks the form and refuses menus the caller lacks (422), changing nothing', async () => {
    subset = [await menuId('Users'), await menuId('ShopList')];
    const form = (overrides: Record<string, unknown> = {}) => ({ account: 'ag01_sub1', name: '陈小华', phone: '', password: PASSWORD, menuIds: subset, ...overrides });
    const cases: [Record<string, unknown>, string, number][] = [
      [{ account: '' }, '请输入账号', 422],
      [{ name: ' ' }, '请输入姓名', 422],
      [{ phone: '12345' }, '请输入正确的手机号', 422],
      [{ password: 'weakweak' }, '密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种', 422],
      [{ menuIds: [] }, '请至少选择一项权限', 422],
      [{ menuIds: [...subset, await menuId('AgentList')] }, '所选权限超出了您自己的权限范围，请刷新后重试', 422],
      [{ menuIds: [...subset, await menuId('SubUsers')] }, '所选权限超出了您自己的权限范围，请刷新后重试', 422],
      [{ menuIds: [999999] }, '所选权限超出了您自己的权限范围，请刷新后重试', 422],
      [{ account: 'SHOP01' }, '该账号已被使用，请换一个', 409],
      [{ phone: '13800000001' }, '该手机号已被其他账号使用', 409],
    ];
    for (const [overrides, msg, status] of cases) {
      const res = await t.call({ method: 'POST', url: API, session: agent01, payload: form(overrides) });
      expect(res.status, msg).toBe(status);
      expect(res.body.msg).toBe(msg);
    }
    expect(await t.db.selectFrom('users').select('id').where('parent_id', 'is not', null).execute()).toEqual([]);
  });

  it("creates an inactive sub-user with the parent's type and party, and a private role with exactly the subset", async () => {
    const res = await t.call({
      method: 'POST',
      url: API,
      session: agent01,
      payload: { account: 'ag01_sub1', name: '陈小华', phone: '13912345601', password: PASSWORD, menuIds: subset },
    });
    expect(res.body).toMatchObject({ code: '201', msg: '子账号已创建，首次登录须设置新密码' });
    subId = res.body.data.id;
    const row = await t.db.selectFrom('users').select(['role_type', 'agent_id', 'shop_id', 'parent_id', 'active']).where('id', '=', subId).executeTakeFirstOrThrow();
    const parent = await t.db.selectFrom('users').select(['id', 'agent_id']).where('account', '=', 'agent01').executeTakeFirstOrThrow();
    expect(row).toEqual({ role_type: 'agent', agent_id: parent.agent_id, shop_id: null, parent_id: parent.id, active: false });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'ag01_sub1', password: PASSWORD } });
    expect(login.body.data).toMatchObject({ active: false, session: '' });

    const detail = await t.call({ method: 'GET', url: `${API}/${subId}`, session: agent01 });
    expect(detail.body.data).toMatchObject({ account: 'ag01_sub1', phone: '13912345601', active: false, status: 'enabled', menuIds: [...subset].sort((a, b) => a - b) });
    const list = await t.call({ method: 'GET', url: `${API}/page?keyword=sub1`, session: agent01 });
    expect(list.body.data).toMatchObject({ total: 1, records: [{ account: 'ag01_sub1', phone: '139****5601', name: '陈小华' }] });
    expect(JSON.stringify([list.body, detail.body])).not.toContain('password');

    // the private role never shows in 角色管理 and takes no members there
    const admin = await t.login('admin');
    const roles = await t.call({ method: 'GET', url: '/api/admin/api/v1/roles/page?limit=50', session: admin });
    expect(roles.body.data.records.map((r: any) => r.code)).toEqual(['admin', 'agent', 'shop', 'supplier', 'clerk']);
    const privateRole = await roleId(`sub-${subId}`);
    expect((await t.call({ method: 'GET', url: `/api/admin/api/v1/roles/${privateRole}`, session: admin })).status).toBe(404);
    const join = await t.call({ method: 'PUT', url: `/api/admin/api/v1/roles/${privateRole}/users`, session: admin, payload: { add: [await userId('agent01')] } });
    expect(join.status).toBe(404);
    const agentRole = await roleId('agent');
    const candidates = await t.call({ method: 'GET', url: `/api/admin/api/v1/roles/candidates?roleId=${agentRole}`, session: admin });
    expect(candidates.body.data.map((u: any) => u.account)).not.toContain('ag01_sub1');
  });

  it("gives the sub-user exactly the subset, with the parent's data scope", async () => {
    sub = await activate('ag01_sub1');
    const tree = await routes(sub);
    expect(leaves(tree).map((n) => [n.name, n.meta.permissions])).toEqual([['ShopList', []]]);
    const shops = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/shop/page?limit=50', session: sub });
    const parentShops = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/shop/page?limit=50', session: agent01 });
    expect(shops.body.data.total).toBe(2);
    expect(shops.body.data.records.map((s: any) => s.code)).toEqual(parentShops.body.data.records.map((s: any) => s.code));
    const shopId = shops.body.data.records[0].id;
    const edit = await t.call({ method: 'PUT', url: `/api/admin/api/v1/users/shop/${shopId}`, session: sub, payload: { name: '改名' } });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('A0301');
  });

  it('keeps the 子账号 screen from sub-users and siblings from each other', async () => {
    const second = await t.call({
      method: 'POST',
      url: API,
      session: agent01,
      payload: { account: 'ag01_sub2', name: '陈二', password: PASSWORD, menuIds: [await menuId('PrintTemplates')] },
    });
    expect(second.body.code).toBe('201');
    for (const call of [
      { method: 'GET', url: `${API}/page` },
      { method: 'GET', url: `${API}/grantable` },
      { method: 'GET', url: `${API}/${second.body.data.id}` },
      { method: 'POST', url: API, payload: { account: 'ag01_sub3', name: 'x', password: PASSWORD, menuIds: subset } },
      { method: 'POST', url: `${API}/${second.body.data.id}/disable` },
    ] as const) {
      const res = await t.call({ ...call, session: sub });
      expect(res.status, `${call.method} ${call.url}`).toBe(403);
    }
    // even when its private role names the page, the access computation drops it
    const privateRole = await roleId(`sub-${subId}`);
    await t.db
      .insertInto('role_menus')
      .values([{ role_id: privateRole, menu_id: await menuId('SubUsers') }])
      .execute();
    await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/cleanUserCache', session: sub });
    expect((await t.call({ method: 'GET', url: `${API}/page`, session: sub })).status).toBe(403);
    expect(names(await routes(sub))).not.toContain('SubUsers');
  });

  it("hides one account's sub-users from every other account (404)", async () => {
    const agentId = (await t.db.insertInto('agents').values({ code: 'AG009', name: '宁波另一代理' }).returning('id').executeTakeFirstOrThrow()).id;
    const other = await t.db
      .insertInto('users')
      .values({ account: 'agent09', password_hash: await hashPassword(PASSWORD), name: '王五', role_type: 'agent', agent_id: agentId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_roles')
      .values({ user_id: other.id, role_id: await roleId('agent') })
      .execute();
    const agent09 = await t.login('agent09', PASSWORD);
    expect((await t.call({ method: 'GET', url: `${API}/page`, session: agent09 })).body.data).toEqual({ total: 0, records: [] });
    for (const call of [
      { method: 'GET', url: `${API}/${subId}` },
      { method: 'PUT', url: `${API}/${subId}`, payload: { name: '夺走', menuIds: [await menuId('ShopList')] } },
      { method: 'POST', url: `${API}/${subId}/disable` },
      { method: 'POST', url: `${API}/${subId}/enable` },
      { method: 'POST', url: `${API}/${subId}/reset-password` },
    ] as const) {
      const res = await t.call({ ...call, session: agent09 });
      expect(res.status, `${call.method} ${call.url}`).toBe(404);
      expect(res.body.msg).toBe('子账号不存在');
    }
    expect(await t.db.selectFrom('users').select(['name', 'enabled']).where('id', '=', subId).executeTakeFirstOrThrow()).toEqual({ name: '陈小华', enabled: true });
  });

  it('edits the grants, and what the parent loses the sub-user loses', async () => {
    const withEdit = [...subset, await menuId('ShopEdit')];
    const res = await t.call({ method: 'PUT', url: `${API}/${subId}`, session: agent01, payload: { name: '陈小华', phone: '', menuIds: withEdit } });
    expect(res.body).toMatchObject({ code: '201', msg: '子账号已保存' });
    expect(leaves(await routes(sub)).map((n) => [n.name, n.meta.permissions])).toEqual([['ShopList', ['users:shop:edit']]]);
    expect((await t.db.selectFrom('users').select('phone').where('id', '=', subId).executeTakeFirstOrThrow()).phone).toBeNull();

    // HQ takes 编辑 from the agent role: gone from the sub-user at once (this process)
    const admin = await t.login('admin');
    const agentRole = await roleId('agent');
    const grants = (await t.call({ method: 'GET', url: `/api/admin/api/v1/roles/${agentRole}/menus`, session: admin })).body.data as number[];
    const shopEdit = await menuId('ShopEdit');
    await t.call({ method: 'PUT', url: `/api/admin/api/v1/roles/${agentRole}/menus`, session: admin, payload: { menuIds: grants.filter((id) => id !== shopEdit) } });
    expect(leaves(await routes(sub)).map((n) => [n.name, n.meta.permissions])).toEqual([['ShopList', []]]);
    const shopId = (await t.db.selectFrom('shops').select('id').where('code', '=', 'SH001').executeTakeFirstOrThrow()).id;
    expect((await t.call({ method: 'PUT', url: `/api/admin/api/v1/users/shop/${shopId}`, session: sub, payload: { name: '改名' } })).status).toBe(403);
    // and the parent can no longer grant it
    const again = await t.call({ method: 'PUT', url: `${API}/${subId}`, session: agent01, payload: { name: '陈小华', menuIds: withEdit } });
    expect(again.body.msg).toBe('所选权限超出了您自己的权限范围，请刷新后重试');
    await t.call({ method: 'PUT', url: `/api/admin/api/v1/roles/${agentRole}/menus`, session: admin, payload: { menuIds: grants } });
  });

  it('resets the password once and ends the sessions', async () => {
    const res = await t.call({ method: 'POST', url: `${API}/${subId}/reset-password`, session: agent01 });
    expect(res.body).toMatchObject({ code: '201', msg: '密码已重置，首次登录须设置新密码' });
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: sub })).body.code).toBe('A0200');
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'ag01_sub1', password: res.body.data.password } });
    expect(login.body.data).toMatchObject({ active: false, session: '' });
    await t.db.updateTable('users').set({ active: true }).where('id', '=', subId).execute();
    sub = await t.login('ag01_sub1', res.body.data.password);
  });

  it('disables a sub-user: its next call answers S0001; enables it again', async () => {
    const res = await t.call({ method: 'POST', url: `${API}/${subId}/disable`, session: agent01 });
    expect(res.body).toMatchObject({ code: '201', msg: '子账号已停用' });
    const next = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: sub });
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('S0001');
    expect((await t.call({ method: 'POST', url: `${API}/${subId}/disable`, session: agent01 })).body).toMatchObject({ code: 'A0409', msg: '该子账号已停用' });
    const list = await t.call({ method: 'GET', url: `${API}/page?status=disabled`, session: agent01 });
    expect(list.body.data.records.map((r: any) => r.account)).toEqual(['ag01_sub1']);
    expect((await t.call({ method: 'POST', url: `${API}/${subId}/enable`, session: agent01 })).body.msg).toBe('子账号已启用');
  });

  it('refuses callers without the codes (403)', async () => {
    const clerk = await t.login('clerk01');
    for (const call of [
      { method: 'GET', url: `${API}/page` },
      { method: 'GET', url: `${API}/grantable` },
      { method: 'GET', url: `${API}/${subId}` },
      { method: 'POST', url: API, payload: {} },
      { method: 'PUT', url: `${API}/${subId}`, payload: {} },
      { method: 'POST', url: `${API}/${subId}/disable` },
      { method: 'POST', url: `${API}/${subId}/enable` },
      { method: 'POST', url: `${API}/${subId}/reset-password` },
    ] as const) {
      const res = await t.call({ ...call, session: clerk });
      expect(res.status, `${call.method} ${call.url}`).toBe(403);
      expect(res.body.code).toBe('A0301');
    }
  });

  it('lets shop01 and admin see the page', async () => {
    for (const account of ['shop01', 'admin']) {
      const session = await t.login(account);
      expect(leaves(await routes(session)).map((n) => n.name)).toContain('SubUsers');
      expect((await t.call({ method: 'GET', url: `${API}/page`, session })).body.data.total).toBe(0);
    }
    expect(ids(await (async () => (await t.call({ method: 'GET', url: `${API}/grantable`, session: await t.login('shop01') })).body.data)())).not.toContain(
      await menuId('SubUsers'),
    );
  });
});
