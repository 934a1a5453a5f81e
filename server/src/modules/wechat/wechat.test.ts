import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const loginQr = async () => (await t.call({ method: 'GET', url: '/api/auth/wechat/login_qr' })).body.data as { img: string; sign: string };
const state = async (sign: string) => (await t.call({ method: 'GET', url: `/api/auth/wechat/login_state?sign=${sign}` })).body;
const confirm = (sign: string, openid: string) => t.call({ method: 'POST', url: '/api/auth/wechat/demo/confirm', payload: { sign, openid } });

describe('WeChat QR sign-in (demo provider)', () => {
  it('answers a base64 PNG QR and a sign, pending until confirmed', async () => {
    const qr = await loginQr();
    expect(qr.img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(qr.sign).toMatch(/^[0-9a-f]{32}$/);
    expect((await state(qr.sign)).data).toEqual({ status: 'pending' });
    const ticket = await t.call({ method: 'GET', url: `/api/auth/wechat/demo/ticket?sign=${qr.sign}` });
    expect(ticket.body.data).toEqual({ purpose: 'login', status: 'pending' });
  });

  it('signs a bound identity in exactly like a password login, once', async () => {
    const qr = await loginQr();
    expect((await confirm(qr.sign, 'demo-wx-agent01')).body).toMatchObject({ code: '201', msg: '已确认' });
    const done = await state(qr.sign);
    expect(done.data).toMatchObject({ status: 'confirmed', account: 'agent01', active: true, roleType: 'agent', landing: '/erp/sells/fullstatist/agent' });
    const info = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: done.data.session });
    expect(info.body.data).toMatchObject({ account: 'agent01', wechat: { bound: true, nickname: '陈立华' } });
    expect((await state(qr.sign)).data).toEqual({ status: 'expired' });
    expect((await confirm(qr.sign, 'demo-wx-agent01')).body).toMatchObject({ code: 'A0400', msg: '二维码已过期，已为您刷新' });
  });

  it('answers result null for an identity bound to no account', async () => {
    const qr = await loginQr();
    await confirm(qr.sign, 'demo-wx-guest');
    expect((await state(qr.sign)).data).toEqual({ status: 'confirmed', result: null });
  });

  it('expires tickets after five minutes and refuses unknown signs and identities', async () => {
    const qr = await loginQr();
    await t.db.updateTable('wechat_tickets').set({ expires_at: sql<Date>`now() - interval '1 second'` }).execute();
    expect((await state(qr.sign)).data).toEqual({ status: 'expired' });
    expect((await confirm(qr.sign, 'demo-wx-agent01')).body.code).toBe('A0400');
    expect((await state('f'.repeat(32))).data).toEqual({ status: 'expired' });
    expect((await state('garbage')).data).toEqual({ status: 'expired' });
    const fresh = await loginQr();
    expect((await confirm(fresh.sign, 'someone-else')).body.msg).toBe('未知的微信身份');
  });
});

describe('binding in 个人中心', () => {
  it('binds, signs in with it, refuses a second account, and unbinds', async () => {
    const session = await t.login('supplier01');
    const info = async (s: string) => (await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: s })).body.data;
    expect((await info(session)).wechat).toEqual({ bound: false, nickname: '' });

    const qr = (await t.call({ method: 'GET', url: '/api/admin/api/v1/users/wechat/bind_qr', session })).body.data;
    const bindState = async (s: string, sign: string) => (await t.call({ method: 'GET', url: `/api/admin/api/v1/users/wechat/bind_state?sign=${sign}`, session: s })).body.data;
    expect(await bindState(session, qr.sign)).toEqual({ status: 'pending' });
    expect((await t.call({ method: 'GET', url: `/api/auth/wechat/demo/ticket?sign=${qr.sign}` })).body.data.purpose).toBe('bind');
    expect((await confirm(qr.sign, 'demo-wx-guest2')).body.code).toBe('201');
    // another user cannot read someone else's bind ticket
    expect(await bindState(await t.login('admin'), qr.sign)).toEqual({ status: 'expired' });
    expect(await bindState(session, qr.sign)).toEqual({ status: 'bound', nickname: '访客小周' });
    expect((await info(session)).wechat).toEqual({ bound: true, nickname: '访客小周' });

    const login = await loginQr();
    await confirm(login.sign, 'demo-wx-guest2');
    expect((await state(login.sign)).data).toMatchObject({ status: 'confirmed', account: 'supplier01' });

    const adminSession = await t.login('admin');
    const other = (await t.call({ method: 'GET', url: '/api/admin/api/v1/users/wechat/bind_qr', session: adminSession })).body.data;
    const taken = await confirm(other.sign, 'demo-wx-guest2');
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该微信已绑定其他账号');

    const unbind = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/unbindAccount', session });
    expect(unbind.body).toMatchObject({ code: '201', msg: '已解除微信绑定' });
    expect((await info(session)).wechat.bound).toBe(false);
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/unbindAccount', session })).body.msg).toBe('当前账号未绑定微信');
    const after = await loginQr();
    await confirm(after.sign, 'demo-wx-guest2');
    expect((await state(after.sign)).data).toEqual({ status: 'confirmed', result: null });
  });

  it('needs a session to bind or unbind', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/wechat/bind_qr' })).body.code).toBe('401');
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/unbindAccount' })).body.code).toBe('401');
  });
});

describe('without the demo provider', () => {
  it('has no demo routes and refuses QR codes', async () => {
    const other = await createTestApp({ config: { wechatProvider: 'none' } });
    try {
      const qr = await other.call({ method: 'GET', url: '/api/auth/wechat/login_qr' });
      expect(qr.status).toBe(503);
      expect(qr.body.msg).toBe('微信登录未配置，请联系管理员');
      expect((await other.call({ method: 'POST', url: '/api/auth/wechat/demo/confirm', payload: { sign: 'a', openid: 'b' } })).status).toBe(404);
      const info = await other.call({ method: 'GET', url: '/api/admin/config/sysBasicInfo' });
      expect(info.body.data.loginMethods).toEqual({ sms: true, wechat: false });
    } finally {
      await other.close();
    }
  });
});
