import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;
let clerk01: string;
const ids: Record<string, number> = {};

const URL = '/api/admin/api/v1/users/shop';
const get = (url: string, session: string) => t.call({ method: 'GET', url, session });
const codes = (res: { body: any }) => res.body.data.records.map((r: { code: string }) => r.code);

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent01, shop01, supplier01, clerk01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01', 'clerk01'].map((a) => t.login(a)));
  for (const row of await t.db.selectFrom('shops').select(['id', 'code']).execute()) ids[row.code] = row.id;
  for (const row of await t.db.selectFrom('agents').select(['id', 'code']).execute()) ids[row.code] = row.id;
});
afterAll(() => t?.close());

const shopForm = (overrides: Record<string, unknown> = {}) => ({
  code: 'SH101',
  name: '衣尚·苏州观前街店',
  kind: 'franchise',
  agentId: ids.AG001,
  region: 'east',
  contactName: '钱多多',
  phone: '0512-65201234',
  managerName: '钱多多',
  province: '江苏省',
  city: '苏州市',
  address: '姑苏区观前街 88 号',
  areaSqm: 160,
  openedOn: '2024-05-01',
  remark: '',
  ...overrides,
});

describe('shop list and detail by data scope', () => {
  it('HQ sees every shop with its agent, region and shop edit fields', async () => {
    const res = await get(`${URL}/page`, admin);
    expect(codes(res)).toEqual(['SH001', 'SH002', 'SH003']);
    const sh001 = res.body.data.records[0];
    expect(sh001).toMatchObject({
      name: '衣尚·杭州湖滨银泰店',
      kind: 'franchise',
      agentName: '杭州衣尚服饰贸易有限公司',
      region: 'east',
      managerName: '王晓燕',
      areaSqm: 180,
      openedOn: '2021-09-18',
      status: 'enabled',
      accountCount: 1,
    });
    expect(res.body.data.records[2]).toMatchObject({ kind: 'direct', agentId: null, agentName: '' });
  });

  it("an agent sees only its own shops; another agent's shop is 404", async () => {
    const list = await get(`${URL}/page`, agent01);
    expect(codes(list)).toEqual(['SH001', 'SH002']);
    // a filter cannot widen the scope
    expect((await get(`${URL}/page?kind=direct`, agent01)).body.data.total).toBe(0);
    expect((await get(`${URL}/page?keyword=${encodeURIComponent('上海')}`, agent01)).body.data.total).toBe(0);
    expect((await get(`${URL}/${ids.SH002}`, agent01)).body.data.code).toBe('SH002');
    const foreign = await get(`${URL}/${ids.SH003}`, agent01);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'A0404', msg: '门店不存在' });
    const options = await get('/api/admin/api/v1/users/agent/select_list', agent01);
    expect(options.body.data.map((a: { code: string }) => a.code)).toEqual(['AG001']);
  });

  it('a shop sees only itself; SH002 and SH003 are 404', async () => {
    expect(codes(await get(`${URL}/page`, shop01))).toEqual(['SH001']);
    expect((await get(`${URL}/${ids.SH001}`, shop01)).body.data.code).toBe('SH001');
    for (const code of ['SH002', 'SH003']) {
      expect((await get(`${URL}/${ids[code]}`, shop01)).status).toBe(404);
      expect((await get(`${URL}/${ids[code]}/accounts`, shop01)).status).toBe(404);
    }
    // read-only: no edit, add or disable code
    const put = await t.call({ method: 'PUT', url: `${URL}/${ids.SH001}`, session: shop01, payload: { name: 'x' } });
    expect(put.status).toBe(403);
    expect((await get('/api/admin/api/v1/users/agent/select_list', shop01)).body.data).toEqual([]);
  });

  it('a supplier and a clerk without the codes are refused every shop call', async () => {
    for (const session of [supplier01, clerk01]) {
      for (const url of [`${URL}/page`, `${URL}/${ids.SH001}`, `${URL}/${ids.SH001}/accounts`, '/api/admin/api/v1/users/agent/select_list']) {
        const res = await get(url, session);
        expect(res.status, url).toBe(403);
        expect(res.body.code).toBe('A0301');
      }
      const post = await t.call({ method: 'POST', url: URL, session, payload: shopForm() });
      expect(post.status).toBe(403);
      const disable = await t.call({ method: 'POST', url: `${URL}/${ids.SH001}/disable`, session });
      expect(disable.status).toBe(403);
    }
  });

  it('filters by keyword, kind, agent and region, and sorts from the allow-list', async () => {
    expect(codes(await get(`${URL}/page?kind=direct`, admin))).toEqual(['SH003']);
    expect(codes(await get(`${URL}/page?agentId=${ids.AG001}`, admin))).toEqual(['SH001', 'SH002']);
    expect(codes(await get(`${URL}/page?keyword=${encodeURIComponent('周建国')}`, admin))).toEqual(['SH002']);
    expect(codes(await get(`${URL}/page?keyword=021-6258`, admin))).toEqual(['SH003']);
    expect((await get(`${URL}/page?region=south`, admin)).body.data.total).toBe(0);
    expect(codes(await get(`${URL}/page?sort=areaSqm&order=desc`, admin))).toEqual(['SH003', 'SH001', 'SH002']);
    expect(codes(await get(`${URL}/page?sort=openedOn&order=asc`, admin))).toEqual(['SH003', 'SH001', 'SH002']);
    const bad = await get(`${URL}/page?sort=password_hash`, admin);
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toContain('不支持按“password_hash”排序');
    expect((await get(`${URL}/page?kind=boss`, admin)).status).toBe(422);
  });
});

describe('shop create and edit', () => {
  it('checks each field with a clear message and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: '' }, '请输入编码'],
      [{ code: '门店1' }, '编码须为2-32位字母、数字、下划线或短横线，且以字母或数字开头'],
      [{ name: ' ' }, '请输入门店名称'],
      [{ kind: 'boss' }, '请选择门店类型'],
      [{ kind: 'direct' }, '直营店不属于代理商，请清空所属代理商'],
      [{ region: 'mars' }, '请选择正确的区域'],
      [{ phone: '' }, '请输入联系电话'],
      [{ phone: '12345' }, '请输入正确的联系电话（手机号或座机号，如 0571-87001234）'],
      [{ areaSqm: 0 }, '营业面积须为1-100000的正整数（平方米）'],
      [{ areaSqm: 12.5 }, '营业面积须为1-100000的正整数（平方米）'],
      [{ openedOn: '2024-02-30' }, '开业日期格式不正确'],
      [{ openedOn: '2098-01-01' }, '开业日期不能晚于今天'],
      [{ remark: 'x'.repeat(201) }, '备注不能超过200个字符'],
    ];
    for (const [overrides, msg] of cases) {
      const res = await t.call({ method: 'POST', url: URL, session: admin, payload: shopForm(overrides) });
      expect(res.status, msg).toBe(422);
      expect(res.body).toMatchObject({ code: 'A0400', msg });
    }
    const missingAgent = await t.call({ method: 'POST', url: URL, session: admin, payload: shopForm({ agentId: 999999 }) });
    expect(missingAgent.body.msg).toBe('所属代理商不存在');
    const taken = await t.call({ method: 'POST', url: URL, session: admin, payload: shopForm({ code: 'sh001' }) });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('编码“sh001”已存在');
    expect((await get(`${URL}/page`, admin)).body.data.total).toBe(3);
  });

  it('HQ creates a franchise shop under an agent, which the agent then sees', async () => {
    const created = await t.call({ method: 'POST', url: URL, session: admin, payload: shopForm() });
    expect(created.body).toMatchObject({ code: '201', msg: '新增成功' });
    ids.SH101 = created.body.data.id;
    expect(codes(await get(`${URL}/page`, agent01))).toEqual(['SH001', 'SH002', 'SH101']);
    const direct = await t.call({
      method: 'POST',
      url: URL,
      session: admin,
      payload: shopForm({ code: 'SH102', kind: 'direct', agentId: null, areaSqm: null, openedOn: null, region: '' }),
    });
    expect(direct.body.code).toBe('201');
    const record = (await get(`${URL}/${direct.body.data.id}`, admin)).body.data;
    expect(record).toMatchObject({ kind: 'direct', agentId: null, areaSqm: null, openedOn: null, region: '' });
  });

  it('HQ creates a franchise shop without an agent, which HQ supplies and bills directly (issue 26)', async () => {
    const created = await t.call({ method: 'POST', url: URL, session: admin, payload: shopForm({ code: 'SH103', agentId: null }) });
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: '201' });
    const record = (await get(`${URL}/${created.body.data.id}`, admin)).body.data;
    expect(record).toMatchObject({ kind: 'franchise', agentId: null });
    // it keeps an account of its own in 往来账户
    const account = await t.call({ method: 'GET', url: `/api/admin/api/v1/finance/accounts/shop/${created.body.data.id}`, session: admin });
    expect(account.status, account.raw).toBe(200);
    expect(codes(await get(`${URL}/page`, agent01))).not.toContain('SH103');
  });

  it('an agent cannot create shops (HQ does)', async () => {
    const res = await t.call({ method: 'POST', url: URL, session: agent01, payload: shopForm({ code: 'SH199' }) });
    expect(res.status).toBe(403);
  });

  it('an agent edits its own shop but cannot change its code, kind or agent', async () => {
    const own = (await get(`${URL}/${ids.SH002}`, agent01)).body.data;
    const edit = await t.call({
      method: 'PUT',
      url: `${URL}/${ids.SH002}`,
      session: agent01,
      payload: { ...own, managerName: '周小军', areaSqm: 168, openedOn: '2022-05-01', region: 'east' },
    });
    expect(edit.body).toMatchObject({ code: '201', msg: '修改成功', data: { managerName: '周小军', areaSqm: 168, openedOn: '2022-05-01', code: 'SH002' } });
    // left out: kept
    const partial = await t.call({ method: 'PUT', url: `${URL}/${ids.SH002}`, session: agent01, payload: { name: own.name, phone: own.phone, managerName: '周小军' } });
    expect(partial.body.data).toMatchObject({ kind: 'franchise', agentId: ids.AG001, code: 'SH002', areaSqm: null });

    for (const change of [{ kind: 'direct', agentId: null }, { agentId: 999 }, { code: 'SH900' }]) {
      const refused = await t.call({ method: 'PUT', url: `${URL}/${ids.SH002}`, session: agent01, payload: { ...own, ...change } });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe('只有总部可以修改门店的编码、类型和所属代理商');
    }
    const foreign = await t.call({ method: 'PUT', url: `${URL}/${ids.SH003}`, session: agent01, payload: { ...own, code: 'SH003' } });
    expect(foreign.status).toBe(404);
    const sh003 = (await get(`${URL}/${ids.SH003}`, admin)).body.data;
    expect(sh003.name).toBe('衣尚·上海南京西路旗舰店');
    const disable = await t.call({ method: 'POST', url: `${URL}/${ids.SH002}/disable`, session: agent01 });
    expect(disable.status).toBe(403);
  });

  it('HQ may move a shop to direct and back, never under a disabled agent', async () => {
    const sh101 = (await get(`${URL}/${ids.SH101}`, admin)).body.data;
    const direct = await t.call({ method: 'PUT', url: `${URL}/${ids.SH101}`, session: admin, payload: { ...sh101, kind: 'direct', agentId: null } });
    expect(direct.body.data).toMatchObject({ kind: 'direct', agentId: null });
    expect(codes(await get(`${URL}/page`, agent01))).not.toContain('SH101');

    const agent = await t.call({
      method: 'POST',
      url: '/api/admin/api/v1/users/agent',
      session: admin,
      payload: { code: 'AG077', name: '温州鹿城服饰代理', phone: '0577-88001234' },
    });
    await t.call({ method: 'POST', url: `/api/admin/api/v1/users/agent/${agent.body.data.id}/disable`, session: admin });
    const refused = await t.call({ method: 'PUT', url: `${URL}/${ids.SH101}`, session: admin, payload: { ...sh101, agentId: agent.body.data.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('所属代理商已停用，请选择其他代理商');
  });
});
