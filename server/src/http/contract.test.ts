import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let adminSession: string;

beforeAll(async () => {
  t = await createTestApp();
  adminSession = await t.login('admin');
});
afterAll(() => t?.close());

describe('wire contract', () => {
  it('answers sysBasicInfo without a session in the envelope with success "201"', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/config/sysBasicInfo' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: '201',
      msg: expect.any(String),
      data: { titleName: '衣尚服饰 ERP 管理系统', logoUrl: '', icp: '', mpsIcp: '', loginMethods: { sms: true, wechat: true } },
    });
  });

  it('answers users/info with the profile, masked phone and data scope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: adminSession });
    expect(res.body.code).toBe('201');
    expect(res.body.data).toMatchObject({
      account: 'admin',
      roleType: 'manager',
      phone: '138****0001',
      scope: { kind: 'all' },
      roles: [{ code: 'admin', name: '总部管理员' }],
    });
  });

  it('shows the previous sign-in as lastLoginAt', async () => {
    const first = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: await t.login('supplier01') });
    expect(first.body.data.lastLoginAt).toBeNull();
    const { last_login_at } = await t.db.selectFrom('users').select('last_login_at').where('account', '=', 'supplier01').executeTakeFirstOrThrow();
    const second = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: await t.login('supplier01') });
    expect(second.body.data.lastLoginAt).toBe(last_login_at!.toISOString());
  });

  it('gives the agent and the shop their own scope', async () => {
    const agent = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: await t.login('agent01') });
    expect(agent.body.data.scope).toMatchObject({ kind: 'agent', agentName: '杭州衣尚服饰贸易有限公司' });
    const shop = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: await t.login('shop01') });
    expect(shop.body.data.scope).toMatchObject({ kind: 'shop', shopName: '衣尚·杭州湖滨银泰店' });
    expect(shop.body.data.scope.agentId).toBe(agent.body.data.scope.agentId);
    const supplier = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: await t.login('supplier01') });
    expect(supplier.body.data.scope).toMatchObject({ kind: 'supplier', supplierName: '广州锦纶纺织有限公司' });
  });

  it('serves an OpenAPI document naming every call', async () => {
    const res = await t.call({ method: 'GET', url: '/api/openapi.json' });
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const path of [
      '/api/auth/login',
      '/api/auth/apilogout',
      '/api/admin/config/sysBasicInfo',
      '/api/admin/api/v1/menus/route',
      '/api/admin/api/v1/menus/cleanUserCache',
      '/api/admin/api/v1/users/info',
      '/api/admin/api/v1/users/sessions/page',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nothing/here', session: adminSession });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'A0404', msg: '接口不存在', data: null });
  });

  it('refuses malformed JSON with a clear message', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'A0400', msg: '请求内容不是有效的 JSON' });
  });

  it('validates the login body with the SPEC messages', async () => {
    const noAccount = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: '', password: 'x' } });
    expect(noAccount.status).toBe(422);
    expect(noAccount.body).toMatchObject({ code: 'A0400', msg: '请输入账号' });
    const noPassword = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'admin' } });
    expect(noPassword.body).toMatchObject({ code: 'A0400', msg: '请输入密码' });
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/api/admin/config/sysBasicInfo', '/api/nothing']) {
      const res = await t.call({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('path tricks never reach a handler', () => {
  const tricks = [
    '/api/admin/config/sysBasicInfo;.ico',
    '/api/admin/api/v1/users/info;.css',
    '/api/..;/admin/config/sysBasicInfo',
    '/api/%2e%2e/api/admin/config/sysBasicInfo',
    '/api/admin/%2E%2E/config/sysBasicInfo',
    '/api/admin/config%2fsysBasicInfo',
    '//api/admin/config/sysBasicInfo',
    '/api/admin//config/sysBasicInfo',
    '/api/admin/./config/sysBasicInfo',
    '/api/admin/../admin/config/sysBasicInfo',
    '/api/admin\\config/sysBasicInfo',
    '/api/admin/config/sysBasicInfo%00',
  ];
  // Over a real socket: inject() would normalise dot segments before the server saw them.
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  const rawGet = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers: { session: adminSession } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  for (const url of tricks) {
    it(`refuses ${url}`, async () => {
      const res = await rawGet(url);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ code: 'A0400', msg: '非法的请求路径', data: null });
    });
  }

  it('still answers a normal query string containing dots and slashes', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/config/sysBasicInfo?next=/a/../b;c' });
    expect(res.status).toBe(200);
  });
});

describe('list parameters', () => {
  const url = '/api/admin/api/v1/users/sessions/page';

  beforeAll(async () => {
    for (let i = 0; i < 11; i++) await t.login('admin');
  });

  it('pages with page/limit (new table)', async () => {
    const res = await t.call({ method: 'GET', url: `${url}?page=2&limit=10&sort=createdAt&order=asc`, session: adminSession });
    expect(res.body.code).toBe('201');
    expect(res.body.data.total).toBe(12);
    expect(res.body.data.records).toHaveLength(2);
  });

  it('pages with currentpage/pagesize (old table) and defaults to 10 per page', async () => {
    const old = await t.call({ method: 'GET', url: `${url}?currentpage=1&pagesize=500`, session: adminSession });
    expect(old.body.data.records).toHaveLength(12);
    const byDefault = await t.call({ method: 'GET', url, session: adminSession });
    expect(byDefault.body.data.records).toHaveLength(10);
  });

  it('sorts by an allowed column in both directions', async () => {
    const asc = await t.call({ method: 'GET', url: `${url}?limit=100&sort=createdAt&order=asc`, session: adminSession });
    const desc = await t.call({ method: 'GET', url: `${url}?limit=100&sort=createdAt&order=desc`, session: adminSession });
    const ids = (r: typeof asc) => r.body.data.records.map((x: { id: number }) => x.id);
    expect(ids(asc)).toEqual([...ids(desc)].reverse());
    expect(asc.body.data.records.filter((r: { current: boolean }) => r.current)).toHaveLength(1);
  });

  it('refuses a sort outside the allow-list with a clear message, never SQL', async () => {
    const res = await t.call({ method: 'GET', url: `${url}?sort=password_hash;drop table users`, session: adminSession });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('A0400');
    expect(res.body.msg).toContain('不支持按');
    expect(res.body.msg).toContain('createdAt');
  });

  it('refuses a bad order, page size or page', async () => {
    const order = await t.call({ method: 'GET', url: `${url}?order=sideways`, session: adminSession });
    expect(order.body).toMatchObject({ code: 'A0400', msg: '排序方向只能是 asc 或 desc' });
    const size = await t.call({ method: 'GET', url: `${url}?limit=7`, session: adminSession });
    expect(size.body).toMatchObject({ code: 'A0400', msg: '每页条数只能是 10、20、50、100、500 之一' });
    const page = await t.call({ method: 'GET', url: `${url}?page=0`, session: adminSession });
    expect(page.body).toMatchObject({ code: 'A0400', msg: '页码必须是正整数' });
  });
});

describe('no secret ever leaves the server', () => {
  it('has no password hash or session hash in any answer', async () => {
    const urls = ['/api/admin/api/v1/users/info', '/api/admin/api/v1/menus/route', '/api/admin/api/v1/users/sessions/page?limit=100', '/api/admin/config/sysBasicInfo'];
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'admin', password: 'Erp12345' } });
    const bodies = [login.raw];
    for (const url of urls) bodies.push((await t.call({ method: 'GET', url, session: adminSession })).raw);
    const hashes = await t.db.selectFrom('sessions').select('token_hash').execute();
    for (const raw of bodies) {
      expect(raw).not.toMatch(/argon2|password_hash|passwordHash|token_hash/i);
      for (const { token_hash } of hashes) expect(raw).not.toContain(token_hash);
    }
  });
});
