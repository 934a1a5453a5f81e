import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const API = '/api/admin/api/v1/roles';
const menuId = async (name: string) => (await t.db.selectFrom('menus').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const roleId = async (code: string) => (await t.db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const userId = async (account: string) => (await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const grants = async (role: number) => (await t.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', role).orderBy('menu_id').execute()).map((r) => r.menu_id);
const createRole = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: API, payload, session: admin });
const grant = (role: number, menuIds: number[]) => t.call({ method: 'PUT', url: `${API}/${role}/menus`, payload: { menuIds }, session: admin });
const members = (role: number, payload: { add?: number[]; remove?: number[] }) => t.call({ method: 'PUT', url: `${API}/${role}/users`, payload, session: admin });

function leaves(nodes: any[]): any[] {
  return nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]));
}

describe('roles', () => {
  it('refuses every call to a user without the codes', async () => {
    const clerk = await t.login('clerk01');
    const id = await roleId('clerk');
    const calls = [
      { method: 'GET', url: `${API}/page` },
      { method: 'GET', url: `${API}/${id}` },
      { method: 'POST', url: API, payload: { code: 'x_role', name: 'x' } },
      { method: 'PUT', url: `${API}/${id}`, payload: { code: 'clerk', name: 'x' } },
      { method: 'DELETE', url: `${API}/${id}` },
      { method: 'GET', url: `${API}/${id}/menus` },
      { method: 'PUT', url: `${API}/${id}/menus`, payload: { menuIds: [] } },
      { method: 'GET', url: `${API}/${id}/users` },
      { method: 'PUT', url: `${API}/${id}/users`, payload: { add: [], remove: [] } },
      { method: 'GET', url: `${API}/candidates?roleId=${id}` },
      { method: 'GET', url: `${API}/menu-tree` },
    ] as const;
    for (const call of calls) {
      const res = await t.call({ ...call, session: clerk });
      expect(res.status, `${call.method} ${call.url}`).toBe(403);
      expect(res.body.code).toBe('A0301');
    }
    expect(await grants(id)).toHaveLength(2);
  });

  it('lists roles with built-in flags, member counts, keyword, sort and paging', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/page?sort=code&order=asc&limit=10`, session: admin });
    expect(res.body.code).toBe('201');
    const byCode = Object.fromEntries(res.body.data.records.map((r: any) => [r.code, r]));
    expect(Object.keys(byCode)).toEqual(['admin', 'agent', 'clerk', 'shop', 'supplier']);
    expect(byCode.admin).toMatchObject({ name: '总部管理员', builtin: true, roleType: 'manager', userCount: 2, enabled: true });
    expect(byCode.agent).toMatchObject({ builtin: true, roleType: 'agent', userCount: 1 });
    expect(byCode.clerk).toMatchObject({ builtin: false, roleType: 'manager', userCount: 1 });
    const found = await t.call({ method: 'GET', url: `${API}/page?keyword=${encodeURIComponent('文员')}`, session: admin });
    expect(found.body.data).toMatchObject({ total: 1, records: [{ code: 'clerk' }] });
    const badSort = await t.call({ method: 'GET', url: `${API}/page?sort=remark`, session: admin });
    expect(badSort.body.code).toBe('A0400');
  });

  it('creates, reads and edits a role with the form rules', async () => {
    expect((await createRole({ code: '', name: '仓管' })).body.msg).toBe('请输入角色编码');
    expect((await createRole({ code: 'Bad Code', name: '仓管' })).body.msg).toBe('角色编码须为2-32位小写字母、数字或下划线，以字母开头');
    expect((await createRole({ code: 'stock_keeper', name: ' ' })).body.msg).toBe('请输入角色名称');
    expect((await createRole({ code: 'clerk', name: '仓管' })).body).toMatchObject({ code: 'A0409', msg: '角色编码「clerk」已被使用' });
    expect((await createRole({ code: 'stock_keeper', name: '行政文员' })).body).toMatchObject({ code: 'A0409', msg: '角色名称「行政文员」已被使用' });
    const res = await createRole({ code: 'stock_keeper', name: ' 仓库管理员 ', remark: '收发货' });
    expect(res.body).toMatchObject({ code: '201', msg: '角色已创建' });
    const id = res.body.data.id;
    const read = await t.call({ method: 'GET', url: `${API}/${id}`, session: admin });
    expect(read.body.data).toMatchObject({ code: 'stock_keeper', name: '仓库管理员', remark: '收发货', builtin: false, enabled: true, userCount: 0 });
    const edit = await t.call({ method: 'PUT', url: `${API}/${id}`, payload: { code: 'stock', name: '仓管', remark: '', enabled: false }, session: admin });
    expect(edit.body).toMatchObject({ code: '201', msg: '角色已保存' });
    expect(await t.db.selectFrom('roles').select(['code', 'enabled']).where('id', '=', id).executeTakeFirst()).toEqual({ code: 'stock', enabled: false });
    expect((await t.call({ method: 'GET', url: `${API}/999999`, session: admin })).status).toBe(404);
  });

  it('keeps built-in roles: no delete, no code change, no disabling', async () => {
    const agent = await roleId('agent');
    const del = await t.call({ method: 'DELETE', url: `${API}/${agent}`, session: admin });
    expect(del.body).toMatchObject({ code: 'A0400', msg: '内置角色不能删除' });
    const rename = await t.call({ method: 'PUT', url: `${API}/${agent}`, payload: { code: 'dealer', name: '代理商' }, session: admin });
    expect(rename.body.msg).toBe('内置角色的编码不能修改');
    const disable = await t.call({ method: 'PUT', url: `${API}/${agent}`, payload: { code: 'agent', name: '代理商', enabled: false }, session: admin });
    expect(disable.body.msg).toBe('内置角色不能停用');
    const ok = await t.call({ method: 'PUT', url: `${API}/${agent}`, payload: { code: 'agent', name: '代理商（经销商）', remark: '代理商及其下属门店' }, session: admin });
    expect(ok.body.code).toBe('201');
  });

  it('refuses to delete a role in use, then deletes it once empty', async () => {
    const id = (await createRole({ code: 'temp_role', name: '临时角色' })).body.data.id;
    const clerk = await userId('clerk01');
    const newstaff = await userId('newstaff');
    expect((await members(id, { add: [clerk, newstaff] })).body).toMatchObject({ code: '201', msg: '成员已更新' });
    const refused = await t.call({ method: 'DELETE', url: `${API}/${id}`, session: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该角色已分配给 2 个用户，请先在「成员」中移除后再删除');
    await members(id, { remove: [clerk, newstaff] });
    await grant(id, [await menuId('PrintTemplates')]);
    const res = await t.call({ method: 'DELETE', url: `${API}/${id}`, session: admin });
    expect(res.body).toMatchObject({ code: '201', msg: '角色已删除' });
    expect(await grants(id)).toEqual([]);
  });

  it('replaces the grants in one transaction, refusing unknown menus', async () => {
    const id = (await createRole({ code: 'grant_test', name: '授权测试' })).body.data.id;
    const [registration, print] = [await menuId('Registration'), await menuId('PrintTemplates')];
    expect((await grant(id, [registration, print, registration])).body).toMatchObject({ code: '201', msg: '权限已保存，用户下次加载路由时生效' });
    expect(await grants(id)).toEqual([registration, print].sort((a, b) => a - b));
    const tree = await t.call({ method: 'GET', url: `${API}/menu-tree`, session: admin });
    expect(tree.body.data.map((n: any) => n.name)).toEqual([
      'Sells',
      'Products',
      'Purchase',
      'Warehouse',
      'Planning',
      'Ordering',
      'AgentPlanning',
      'AfterSales',
      'Finance',
      'Users',
      'System',
    ]);
    const read = await t.call({ method: 'GET', url: `${API}/${id}/menus`, session: admin });
    expect(read.body.data).toEqual([registration, print].sort((a, b) => a - b));
    const bad = await grant(id, [print, 999999]);
    expect(bad.body).toMatchObject({ code: 'A0400', msg: '所选菜单不存在或已被删除，请刷新后重试' });
    expect(await grants(id)).toEqual([registration, print].sort((a, b) => a - b));
    await grant(id, [print]);
    expect(await grants(id)).toEqual([print]);
    await grant(id, []);
    expect(await grants(id)).toEqual([]);
  });

  it('takes a removed button away from the members at the next route load, and the server refuses its call', async () => {
    const id = (await createRole({ code: 'auditor', name: '注册审核员' })).body.data.id;
    const [registration, audit] = [await menuId('Registration'), await menuId('RegistrationAudit')];
    await grant(id, [await menuId('System'), registration, audit]);
    await members(id, { add: [await userId('clerk01')] });
    const clerk = await t.login('clerk01');
    const meta = async () => {
      await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/cleanUserCache', session: clerk });
      const tree = (await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session: clerk })).body.data;
      return leaves(tree).find((n) => n.name === 'Registration').meta.permissions;
    };
    const reject = () => t.call({ method: 'POST', url: '/api/admin/api/v1/registrations/999999/reject', payload: { reason: '资料不全' }, session: clerk });
    expect(await meta()).toEqual(['system:registration:audit']);
    expect((await reject()).status).toBe(404); // allowed through; no such application

    await grant(id, [await menuId('System'), registration]);
    expect(await meta()).toEqual([]);
    const refused = await reject();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('A0301');
  });

  it('refuses to lock everyone out of granting', async () => {
    const adminRole = await roleId('admin');
    const before = await grants(adminRole);
    const grantButton = await menuId('RoleGrant');
    const rolesPage = await menuId('Roles');
    const msg = '总部管理员角色必须保留「角色管理」页面和「权限分配」按钮，否则将无人能再分配权限';
    expect(
      (
        await grant(
          adminRole,
          before.filter((id) => id !== grantButton),
        )
      ).body.msg,
    ).toBe(msg);
    expect(
      (
        await grant(
          adminRole,
          before.filter((id) => id !== rolesPage),
        )
      ).body.msg,
    ).toBe(msg);
    expect(await grants(adminRole)).toEqual(before);
    // the last usable admin cannot be removed either
    const both = [await userId('admin'), await userId('newstaff')];
    expect((await members(adminRole, { remove: both })).body.msg).toBe('总部管理员角色至少要保留一名可用的用户');
    expect((await t.call({ method: 'GET', url: `${API}/${adminRole}`, session: admin })).body.data.userCount).toBe(2);
  });

  it('admits only users of the role type, and lists members and candidates', async () => {
    const custom = (await createRole({ code: 'buyer', name: '采购员' })).body.data.id;
    const agent01 = await userId('agent01');
    const clerk = await userId('clerk01');
    const mismatch = await members(custom, { add: [agent01, clerk] });
    expect(mismatch.body).toMatchObject({ code: 'A0400', msg: '用户 agent01 不是总部用户，不能加入该角色' });
    expect((await members(await roleId('shop'), { add: [clerk] })).body.msg).toBe('用户 clerk01 不是门店用户，不能加入该角色');
    expect((await members(custom, { add: [clerk], remove: [clerk] })).body.msg).toBe('同一用户不能同时加入和移除');
    expect((await members(custom, { add: [999999] })).body.msg).toBe('所选用户不存在或已删除，请刷新后重试');

    const found = await t.call({ method: 'GET', url: `${API}/candidates?roleId=${custom}&keyword=clerk`, session: admin });
    expect(found.body.data.map((u: any) => u.account)).toEqual(['clerk01']);
    const managers = await t.call({ method: 'GET', url: `${API}/candidates?roleId=${custom}`, session: admin });
    expect(managers.body.data.map((u: any) => u.account)).toEqual(['admin', 'clerk01', 'newstaff']);
    await members(custom, { add: [clerk] });
    const after = await t.call({ method: 'GET', url: `${API}/candidates?roleId=${custom}`, session: admin });
    expect(after.body.data.map((u: any) => u.account)).toEqual(['admin', 'newstaff']);
    const list = await t.call({ method: 'GET', url: `${API}/${custom}/users?keyword=${encodeURIComponent('郑')}`, session: admin });
    expect(list.body.data).toEqual({ total: 1, records: [{ id: clerk, account: 'clerk01', name: '郑佳怡', phone: '13800000006', roleType: 'manager', enabled: true }] });
    const agents = await t.call({ method: 'GET', url: `${API}/candidates?roleId=${await roleId('agent')}`, session: admin });
    expect(agents.body.data).toEqual([]);
    const raw = JSON.stringify([list.body, found.body]);
    expect(raw).not.toContain('password');
  });
});
