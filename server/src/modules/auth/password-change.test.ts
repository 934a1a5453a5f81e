import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const info = (session: string) => t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session });
const change = (session: string, payload: Record<string, string>) => t.call({ method: 'POST', url: '/api/admin/api/v1/users/changePassword', session, payload });

describe('修改密码 in the personal centre', () => {
  it('needs the current password and the strong rule, and changes nothing otherwise', async () => {
    const session = await t.login('shop01');
    expect((await change(session, { oldPassword: 'wrong', password: 'Shop-2026x' })).body).toMatchObject({ code: 'A0400', msg: '当前密码不正确' });
    expect((await change(session, { oldPassword: 'Erp12345', password: 'shopshop' })).body.msg).toBe('密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种');
    expect((await change(session, { oldPassword: 'Erp12345', password: '' })).status).toBe(422);
    expect((await info(session)).body.code).toBe('201');
    expect(await t.login('shop01', 'Erp12345')).toBeTruthy();
  });

  it('ends every session of the account, this one included', async () => {
    const session = await t.login('shop01');
    const other = await t.login('shop01');
    const res = await change(session, { oldPassword: 'Erp12345', password: 'Shop-2026x' });
    expect(res.body).toEqual({ code: '201', msg: '修改成功,请输入新密码登录', data: null });
    expect((await info(session)).body.code).toBe('A0200');
    expect((await info(other)).body.code).toBe('A0200');
    await expect(t.login('shop01', 'Erp12345')).rejects.toThrow();
    expect(await t.login('shop01', 'Shop-2026x')).toBeTruthy();
  });

  it('needs a session', async () => {
    const res = await t.call({ method: 'POST', url: '/api/admin/api/v1/users/changePassword', payload: { oldPassword: 'a', password: 'b' } });
    expect(res.body.code).toBe('401');
  });
});

describe('注销账号', () => {
  it('needs the password, then disables the account and ends its sessions', async () => {
    const session = await t.login('supplier01');
    const wrong = await t.call({ method: 'POST', url: '/api/admin/api/v1/users/logoff', session, payload: { password: 'nope' } });
    expect(wrong.body).toMatchObject({ code: 'A0400', msg: '密码不正确' });
    expect((await info(session)).body.code).toBe('201');
    const res = await t.call({ method: 'POST', url: '/api/admin/api/v1/users/logoff', session, payload: { password: 'Erp12345' } });
    expect(res.body).toMatchObject({ code: '201', msg: '账号已注销' });
    expect((await info(session)).body.code).toBe('A0200');
    const again = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'supplier01', password: 'Erp12345' } });
    expect(again.body).toMatchObject({ code: 'S0001', msg: '账号已停用，请联系管理员' });
  });
});
