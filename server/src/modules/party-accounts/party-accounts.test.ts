import { checkResetPassword } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { temporaryPassword } from '../accounts/password.ts';

let t: TestApp;
let admin: string;
let agent01: string;
const ids: Record<string, number> = {};

const ACCOUNTS = '/api/admin/api/v1/users/party-accounts';
const accountsOf = (kind: string, id: number) => `/api/admin/api/v1/users/${kind}/${id}/accounts`;
const userId = async (account: string) => (await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const loginAs = (account: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { account, password } });

const form = (overrides: Record<string, unknown> = {}) => ({ account: 'sp_huang02', name: '黄小强', phone: '13912340101', password: 'Init-2026a', ...overrides });

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent01] = await Promise.all([t.login('admin'), t.login('agent01')]);
  for (const row of await t.db.selectFrom('shops').select(['id', 'code']).execute()) ids[row.code] = row.id;
  ids.AG001 = (await t.db.selectFrom('agents').select('id').where('code', '=', 'AG001').executeTakeFirstOrThrow()).id;
  ids.SP001 = (await t.db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

describe('creating a sign-in account', () => {
  it('checks each field with a clear message', async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ account: '' }, '请输入账号', 422],
      [{ account: 'a b' }, '账号须为3-32位字母、数字、下划线、点或短横线', 422],
      [{ name: '' }, '请输入姓名', 422],
      [{ phone: '' }, '请输入手机号', 422],
      [{ phone: '0571-87001234' }, '请输入正确的手机号', 422],
      [{ password: 'weakweak' }, '密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种', 422],
      [{ account: 'Supplier01' }, '该账号已被使用，请换一个', 409],
      [{ phone: '13800000001' }, '该手机号已被其他账号使用', 409],
    ];
    for (const [overrides, msg, status] of cases) {
      const res = await t.call({ method: 'POST', url: accountsOf('supplier', ids.SP001!), session: admin, payload: form(overrides) });
      expect(res.status, msg).toBe(status);
      expect(res.body.msg).toBe(msg);
    }
    expect((await t.call({ method: 'GET', url: accountsOf('supplier', ids.SP001!), session: admin })).body.data).toHaveLength(1);
  });

  it('creates it inactive with the builtin role: the first sign-in must set a new password', async () => {
    const res = await t.call({ method: 'POST', url: accountsOf('supplier', ids.SP001!), session: admin, payload: form() });
    expect(res.body).toMatchObject({ code: '201', msg: '账号已创建，首次登录须设置新密码' });
    const list = await t.call({ method: 'GET', url: accountsOf('supplier', ids.SP001!), session: admin });
    expect(list.body.data.map((a: any) => [a.account, a.active, a.status, a.phone])).toEqual([
      ['supplier01', true, 'enabled', '138****0004'],
      ['sp_huang02', false, 'enabled', '139****0101'],
    ]);
    const login = await loginAs('SP_HUANG02', 'Init-2026a');
    expect(login.body.data).toMatchObject({ active: false, session: '', roleType: 'supplier' });
    expect(login.body.data.ticket).toBeTruthy();
    const row = await t.db.selectFrom('users').select(['role_type', 'supplier_id']).where('account', '=', 'sp_huang02').executeTakeFirstOrThrow();
    expect(row).toEqual({ role_type: 'supplier', supplier_id: ids.SP001 });
    const roles = await t.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.code')
      .where('user_roles.user_id', '=', res.body.data.id)
      .execute();
    expect(roles).toEqual([{ code: 'supplier' }]);
  });

  it('an agent adds accounts to its own shops only, never to other parties', async () => {
    const own = await t.call({ method: 'POST', url: accountsOf('shop', ids.SH002!), session: agent01, payload: form({ account: 'nb_shop01', phone: '13912340102' }) });
    expect(own.body.code).toBe('201');
    const foreign = await t.call({ method: 'POST', url: accountsOf('shop', ids.SH003!), session: agent01, payload: form({ account: 'sh_shop09', phone: '13912340103' }) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('门店不存在');
    expect((await t.call({ method: 'GET', url: accountsOf('shop', ids.SH003!), session: agent01 })).status).toBe(404);
    const ownAgent = await t.call({ method: 'POST', url: accountsOf('agent', ids.AG001!), session: agent01, payload: form({ account: 'ag_sub01', phone: '13912340104' }) });
    expect(ownAgent.status).toBe(403);
    const supplier = await t.call({ method: 'POST', url: accountsOf('supplier', ids.SP001!), session: agent01, payload: form({ account: 'sp_x01', phone: '13912340105' }) });
    expect(supplier.status).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('account', 'in', ['sh_shop09', 'ag_sub01', 'sp_x01']).execute()).toEqual([]);
  });

  it('a shop, a supplier and a clerk cannot manage accounts', async () => {
    const target = await userId('shop01');
    for (const account of ['shop01', 'supplier01', 'clerk01']) {
      const session = await t.login(account);
      const create = await t.call({ method: 'POST', url: accountsOf('shop', ids.SH001!), session, payload: form({ account: 'x_shop', phone: '13912340106' }) });
      expect(create.status).toBe(403);
      for (const action of ['reset-password', 'disable', 'enable']) {
        const res = await t.call({ method: 'POST', url: `${ACCOUNTS}/${target}/${action}`, session });
        expect(res.status, `${account} ${action}`).toBe(403);
        expect(res.body.code).toBe('A0301');
      }
    }
  });
});

describe('reset password, disable and enable', () => {
  it('makes temporary passwords that pass the reset rule', () => {
    for (let i = 0; i < 50; i++) expect(checkResetPassword(temporaryPassword())).toBeNull();
  });

  it('an agent resets its shop user: a one-time password, old sessions end, a new password is due', async () => {
    const shopSession = await t.login('shop01');
    const shop01 = await userId('shop01');
    const res = await t.call({ method: 'POST', url: `${ACCOUNTS}/${shop01}/reset-password`, session: agent01 });
    expect(res.body).toMatchObject({ code: '201', msg: '密码已重置，首次登录须设置新密码' });
    const temporary = res.body.data.password as string;
    expect(checkResetPassword(temporary)).toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: shopSession })).body.code).toBe('A0200');
    expect((await loginAs('shop01', 'Erp12345')).body.code).toBe('A0210');
    expect((await loginAs('shop01', temporary)).body.data).toMatchObject({ active: false, session: '' });
    const list = await t.call({ method: 'GET', url: accountsOf('shop', ids.SH001!), session: agent01 });
    expect(list.body.data[0]).toMatchObject({ account: 'shop01', active: false });
    expect(JSON.stringify(list.body)).not.toContain(temporary);
  });

  it("another party's account, an HQ account and the caller itself are out of reach", async () => {
    const sh003User = await t.db
      .insertInto('users')
      .values({ account: 'sh003_mgr', password_hash: 'x', name: '李敏', phone: '13912340110', role_type: 'shop', shop_id: ids.SH003! })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const target of [sh003User.id, await userId('supplier01'), await userId('admin'), await userId('clerk01'), 999999]) {
      for (const action of ['reset-password', 'disable', 'enable']) {
        const res = await t.call({ method: 'POST', url: `${ACCOUNTS}/${target}/${action}`, session: agent01 });
        expect(res.status, `${target} ${action}`).toBe(404);
        expect(res.body.msg).toBe('账号不存在');
      }
    }
    // its own account belongs to the agent, whose 账号 button it does not have
    expect((await t.call({ method: 'POST', url: `${ACCOUNTS}/${await userId('agent01')}/disable`, session: agent01 })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: `${ACCOUNTS}/${await userId('admin')}/reset-password`, session: admin })).status).toBe(404);
    const bad = await t.call({ method: 'POST', url: `${ACCOUNTS}/abc/disable`, session: admin });
    expect(bad.status).toBe(422);
  });

  it('disabling an account ends its sessions (S0001); it cannot be enabled while its party is disabled', async () => {
    const nb = await userId('nb_shop01');
    await t.db.updateTable('users').set({ active: true }).where('id', '=', nb).execute();
    const session = await t.login('nb_shop01', 'Init-2026a');
    const disabled = await t.call({ method: 'POST', url: `${ACCOUNTS}/${nb}/disable`, session: agent01 });
    expect(disabled.body).toMatchObject({ code: '201', msg: '账号已停用' });
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session })).body.code).toBe('S0001');
    expect((await t.call({ method: 'POST', url: `${ACCOUNTS}/${nb}/disable`, session: agent01 })).body.msg).toBe('该账号已停用');

    await t.call({ method: 'POST', url: `/api/admin/api/v1/users/shop/${ids.SH002}/disable`, session: admin });
    const refused = await t.call({ method: 'POST', url: `${ACCOUNTS}/${nb}/enable`, session: agent01 });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('所属单位已停用，请先启用单位');
    const noNew = await t.call({ method: 'POST', url: accountsOf('shop', ids.SH002!), session: admin, payload: form({ account: 'nb_shop02', phone: '13912340120' }) });
    expect(noNew.body.msg).toBe('所属单位已停用，请先启用单位');

    await t.call({ method: 'POST', url: `/api/admin/api/v1/users/shop/${ids.SH002}/enable`, session: admin });
    const enabled = await t.call({ method: 'POST', url: `${ACCOUNTS}/${nb}/enable`, session: agent01 });
    expect(enabled.body).toMatchObject({ code: '201', msg: '账号已启用' });
    expect((await t.login('nb_shop01', 'Init-2026a')).length).toBeGreaterThan(10);
  });
});
