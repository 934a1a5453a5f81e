import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;
let clerk01: string;
let ag001: number;
let sp001: number;

const AGENTS = '/api/admin/api/v1/users/agent';
const SUPPLIERS = '/api/admin/api/v1/users/supplier';
const get = (url: string, session: string) => t.call({ method: 'GET', url, session });
const codes = (res: { body: any }) => res.body.data.records.map((r: { code: string }) => r.code);

/** Grants a builtin role one more page, as 角色管理 would, so the query's own scope is what is tested. */
async function grant(role: string, menu: string) {
  const r = await t.db.selectFrom('roles').select('id').where('code', '=', role).executeTakeFirstOrThrow();
  const m = await t.db.selectFrom('menus').select('id').where('name', '=', menu).executeTakeFirstOrThrow();
  await t.db
    .insertInto('role_menus')
    .values({ role_id: r.id, menu_id: m.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  t.app.accessCache.clearAll();
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent01, shop01, supplier01, clerk01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01', 'clerk01'].map((a) => t.login(a)));
  ag001 = (await t.db.selectFrom('agents').select('id').where('code', '=', 'AG001').executeTakeFirstOrThrow()).id;
  sp001 = (await t.db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

describe('代理商', () => {
  let ag002: number;

  it('HQ lists agents with their shop and account counts, creates and edits one', async () => {
    const list = await get(`${AGENTS}/page`, admin);
    expect(list.body.data.records).toEqual([
      expect.objectContaining({ code: 'AG001', name: '杭州衣尚服饰贸易有限公司', shopCount: 2, accountCount: 1, status: 'enabled', phone: '0571-87001234' }),
    ]);
    const bad = [
      [{ code: '' }, '请输入编码'],
      [{ name: '' }, '请输入代理商名称'],
      [{ phone: '0571' }, '请输入正确的联系电话（手机号或座机号，如 0571-87001234）'],
      [{ contactName: '张'.repeat(33) }, '联系人不能超过32个字符'],
    ] as const;
    for (const [overrides, msg] of bad) {
      const res = await t.call({ method: 'POST', url: AGENTS, session: admin, payload: { code: 'AG002', name: '南京衣尚代理', phone: '13912345678', ...overrides } });
      expect(res.body).toMatchObject({ code: 'A0400', msg });
    }
    const created = await t.call({
      method: 'POST',
      url: AGENTS,
      session: admin,
      payload: { code: 'AG002', name: '南京衣尚代理', contactName: '孙悦', phone: '13912345678', province: '江苏省', city: '南京市', address: '鼓楼区中山路 1 号' },
    });
    expect(created.body).toMatchObject({ code: '201', msg: '新增成功' });
    ag002 = created.body.data.id;
    const taken = await t.call({ method: 'POST', url: AGENTS, session: admin, payload: { code: 'ag002', name: '重复', phone: '13912345678' } });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('编码“ag002”已存在');

    const edited = await t.call({
      method: 'PUT',
      url: `${AGENTS}/${ag002}`,
      session: admin,
      payload: { code: 'AG002', name: '南京衣尚服饰代理', phone: '025-84561234', remark: '2026 新签' },
    });
    expect(edited.body.data).toMatchObject({ name: '南京衣尚服饰代理', phone: '025-84561234', remark: '2026 新签', contactName: '', shopCount: 0 });
    const clash = await t.call({ method: 'PUT', url: `${AGENTS}/${ag002}`, session: admin, payload: { code: 'AG001', name: 'x', phone: '13912345678' } });
    expect(clash.status).toBe(409);
    expect((await get(`${AGENTS}/page?keyword=${encodeURIComponent('南京')}`, admin)).body.data.records.map((r: any) => r.code)).toEqual(['AG002']);
    expect((await get(`${AGENTS}/page?status=disabled`, admin)).body.data.total).toBe(0);
  });

  it('an agent has no 代理商 page; granted one, it still sees only itself', async () => {
    for (const url of [`${AGENTS}/page`, `${AGENTS}/${ag001}`, `${AGENTS}/${ag002}`, `${AGENTS}/${ag002}/accounts`]) {
      expect((await get(url, agent01)).status, url).toBe(403);
    }
    await grant('agent', 'AgentList');
    expect(codes(await get(`${AGENTS}/page`, agent01))).toEqual(['AG001']);
    expect((await get(`${AGENTS}/${ag001}`, agent01)).body.data.code).toBe('AG001');
    const other = await get(`${AGENTS}/${ag002}`, agent01);
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe('代理商不存在');
    expect((await get(`${AGENTS}/${ag002}/accounts`, agent01)).status).toBe(404);
    // still no add, edit or disable button
    expect((await t.call({ method: 'PUT', url: `${AGENTS}/${ag001}`, session: agent01, payload: { code: 'AG001', name: 'x', phone: '13912345678' } })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: `${AGENTS}/${ag001}/disable`, session: agent01 })).status).toBe(403);
  });

  it('shops, suppliers and a clerk without the codes are refused', async () => {
    for (const session of [shop01, supplier01, clerk01]) {
      expect((await get(`${AGENTS}/page`, session)).status).toBe(403);
      expect((await get(`${AGENTS}/${ag001}`, session)).status).toBe(403);
      expect((await t.call({ method: 'POST', url: AGENTS, session, payload: { code: 'AG009', name: 'x', phone: '13912345678' } })).status).toBe(403);
      expect((await t.call({ method: 'PUT', url: `${AGENTS}/${ag001}`, session, payload: {} })).status).toBe(403);
      expect((await t.call({ method: 'POST', url: `${AGENTS}/${ag001}/disable`, session })).status).toBe(403);
    }
  });
});

describe('供应商', () => {
  let sp002: number;

  it('HQ creates a supplier; the supplier sees only itself, read-only', async () => {
    const created = await t.call({
      method: 'POST',
      url: SUPPLIERS,
      session: admin,
      payload: { code: 'SP002', name: '绍兴柯桥印染有限公司', contactName: '何强', phone: '0575-84123456', address: '柯桥区轻纺城大道 1 号' },
    });
    expect(created.body.code).toBe('201');
    sp002 = created.body.data.id;
    expect(codes(await get(`${SUPPLIERS}/page`, admin))).toEqual(['SP001', 'SP002']);

    expect(codes(await get(`${SUPPLIERS}/page`, supplier01))).toEqual(['SP001']);
    expect((await get(`${SUPPLIERS}/page?keyword=SP002`, supplier01)).body.data.total).toBe(0);
    expect((await get(`${SUPPLIERS}/${sp001}`, supplier01)).body.data).toMatchObject({ code: 'SP001', accountCount: 1 });
    const foreign = await get(`${SUPPLIERS}/${sp002}`, supplier01);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('供应商不存在');
    expect((await get(`${SUPPLIERS}/${sp002}/accounts`, supplier01)).status).toBe(404);
    expect((await get(`${SUPPLIERS}/${sp001}/accounts`, supplier01)).body.data.map((a: any) => a.account)).toEqual(['supplier01']);
    const put = await t.call({ method: 'PUT', url: `${SUPPLIERS}/${sp001}`, session: supplier01, payload: { code: 'SP001', name: 'x', phone: '13912345678' } });
    expect(put.status).toBe(403);
    expect((await t.call({ method: 'POST', url: `${SUPPLIERS}/${sp001}/accounts`, session: supplier01, payload: {} })).status).toBe(403);
  });

  it('agents, shops and a clerk have no 供应商 page', async () => {
    for (const session of [agent01, shop01, clerk01]) {
      for (const url of [`${SUPPLIERS}/page`, `${SUPPLIERS}/${sp001}`, `${SUPPLIERS}/${sp001}/accounts`]) {
        const res = await get(url, session);
        expect(res.status, url).toBe(403);
        expect(res.body.code).toBe('A0301');
      }
    }
  });

  it('disabling a supplier disables its accounts and ends their sessions (S0001); enabling leaves them off', async () => {
    const before = await get('/api/admin/api/v1/users/info', supplier01);
    expect(before.body.code).toBe('201');
    const disabled = await t.call({ method: 'POST', url: `${SUPPLIERS}/${sp001}/disable`, session: admin });
    expect(disabled.body).toMatchObject({ code: '201', msg: '已停用，1 个账号同时停用', data: { disabledAccounts: 1 } });
    const after = await get('/api/admin/api/v1/users/info', supplier01);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('S0001');
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'supplier01', password: 'Erp12345' } });
    expect(login.body.code).toBe('S0001');
    const twice = await t.call({ method: 'POST', url: `${SUPPLIERS}/${sp001}/disable`, session: admin });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('该单位已是停用状态');
    expect(codes(await get(`${SUPPLIERS}/page?status=disabled`, admin))).toEqual(['SP001']);

    const enabled = await t.call({ method: 'POST', url: `${SUPPLIERS}/${sp001}/enable`, session: admin });
    expect(enabled.body.msg).toBe('已启用；单位下的账号不会自动启用，请在“账号”中逐个启用');
    const accounts = await get(`${SUPPLIERS}/${sp001}/accounts`, admin);
    expect(accounts.body.data).toEqual([expect.objectContaining({ account: 'supplier01', status: 'disabled', phone: '138****0004' })]);
    expect(JSON.stringify(accounts.body)).not.toMatch(/argon2|password_hash/);
    const again = await t.call({ method: 'POST', url: `/api/admin/api/v1/users/party-accounts/${accounts.body.data[0].id}/enable`, session: admin });
    expect(again.body.code).toBe('201');
    expect((await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'supplier01', password: 'Erp12345' } })).body.code).toBe('201');
  });
});
