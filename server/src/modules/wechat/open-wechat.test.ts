import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { OpenWechatProvider } from './open-wechat-provider.ts';

const APP_ID = 'wx-test-app';
const APP_SECRET = 'wx-test-secret';

/** A local stand-in for api.weixin.qq.com: one good code, checked credentials, a userinfo call. */
function fakeWechat() {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = Object.fromEntries(url.searchParams);
    calls.push(url.pathname);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/sns/oauth2/access_token') {
      const valid = q.appid === APP_ID && q.secret === APP_SECRET && q.grant_type === 'authorization_code';
      if (!valid) return res.end(JSON.stringify({ errcode: 40125, errmsg: 'invalid appsecret' }));
      if (q.code === 'code-for-bound') return res.end(JSON.stringify({ access_token: 'at-1', openid: 'wx-open-agent', unionid: 'u-1', expires_in: 7200 }));
      if (q.code === 'code-for-stranger') return res.end(JSON.stringify({ access_token: 'at-2', openid: 'wx-open-stranger', expires_in: 7200 }));
      return res.end(JSON.stringify({ errcode: 40029, errmsg: 'invalid code' }));
    }
    if (url.pathname === '/sns/userinfo') {
      return res.end(JSON.stringify({ openid: q.openid, nickname: q.openid === 'wx-open-agent' ? '陈立华' : '陌生人' }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  return { server, calls };
}

let fake: ReturnType<typeof fakeWechat>;
let server: Server;
let t: TestApp;
beforeAll(async () => {
  fake = fakeWechat();
  server = fake.server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    config: {
      wechatProvider: 'open',
      wechatOpen: { appId: APP_ID, appSecret: APP_SECRET, apiBase, authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect' },
    },
  });
  const agent = await t.db.selectFrom('users').select('id').where('account', '=', 'agent01').executeTakeFirstOrThrow();
  await t.db.deleteFrom('wechat_bindings').where('user_id', '=', agent.id).execute();
  await t.db.insertInto('wechat_bindings').values({ user_id: agent.id, openid: 'wx-open-agent', nickname: '陈立华' }).execute();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const qr = async () => (await t.call({ method: 'GET', url: '/api/auth/wechat/login_qr' })).body.data as { sign: string };
const callback = (code: string, state: string) => t.call({ method: 'GET', url: `/api/auth/wechat/callback?code=${code}&state=${state}` });
const state = async (sign: string) => (await t.call({ method: 'GET', url: `/api/auth/wechat/login_state?sign=${sign}` })).body.data;

describe('WeChat Open Platform website login', () => {
  it('puts the authorize URL with our sign as state into the QR', () => {
    const provider = new OpenWechatProvider(t.config.wechatOpen!, t.app.log);
    const url = new URL(provider.qrContent('ab'.repeat(16), 'https://erp.example.com'));
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: APP_ID,
      redirect_uri: 'https://erp.example.com/authresult',
      response_type: 'code',
      scope: 'snsapi_login',
      state: 'ab'.repeat(16),
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('exchanges the code from /authresult and signs the bound user in on the polling page', async () => {
    const { sign } = await qr();
    expect(await state(sign)).toEqual({ status: 'pending' });
    const res = await callback('code-for-bound', sign);
    expect(res.body).toMatchObject({ code: '201', msg: '已确认' });
    expect(fake.calls).toEqual(expect.arrayContaining(['/sns/oauth2/access_token', '/sns/userinfo']));
    expect(await state(sign)).toMatchObject({ status: 'confirmed', account: 'agent01' });
    expect((await callback('code-for-bound', sign)).body.msg).toBe('二维码已过期，已为您刷新');
  });

  it('answers result null for a WeChat user bound to no account', async () => {
    const { sign } = await qr();
    await callback('code-for-stranger', sign);
    expect(await state(sign)).toEqual({ status: 'confirmed', result: null });
  });

  it('refuses a code WeChat rejects, leaving the QR pending', async () => {
    const { sign } = await qr();
    const res = await callback('stolen-code', sign);
    expect(res.body).toMatchObject({ code: 'A0400', msg: '微信授权失败，请重新扫码' });
    expect(await state(sign)).toEqual({ status: 'pending' });
  });

  it('has no demo confirm route', async () => {
    expect((await t.call({ method: 'POST', url: '/api/auth/wechat/demo/confirm', payload: { sign: 'a', openid: 'b' } })).status).toBe(404);
  });
});
