import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoPricing } from '../../demo/demo-pricing.ts';
import { seedDemoSeasons } from '../../demo/demo-seasons.ts';
import { docNoOfAnswer, inferAction } from './operation-log.hook.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) OperationLogTest/1.0';

const login = (account: string, password: string, remoteAddress: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { account, password }, remoteAddress, headers: { 'user-agent': UA } });

const page = (query: Record<string, string | number> = {}, session = admin) =>
  t.call({ method: 'GET', url: '/api/admin/api/v1/operation-logs/page', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), session });

/** The rows written so far, newest first. */
async function rows() {
  await t.app.operationLogsSettled();
  return t.db.selectFrom('operation_logs').selectAll().orderBy('id', 'desc').execute();
}

async function lastRow() {
  const [row] = await rows();
  return row!;
}

async function pendingRegistration(account: string, phone: string) {
  const { id } = await t.db
    .insertInto('registrations')
    .values({ account, password_hash: 'x', phone, applicant_type: 'shop', business_name: `${account} 店`, contact_name: '测试', ip: '10.0.0.1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const adminId = async () => (await t.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;

describe('recording', () => {
  it('records a sign-in with who, when, how and from where', async () => {
    const before = Date.now();
    const res = await login('admin', 'Erp12345', '10.20.0.1');
    expect(res.body.code).toBe('201');
    const row = await lastRow();
    expect(row).toMatchObject({
      user_id: await adminId(),
      account: 'admin',
      user_name: '系统管理员',
      role_type: 'manager',
      action: 'login',
      module: 'auth',
      summary: '账号密码登录',
      method: 'POST',
      path: '/api/auth/login',
      result: 'success',
      code: '201',
      message: '',
      ip: '10.20.0.1',
      user_agent: UA,
    });
    expect(row.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('records a failed sign-in with the account tried, on its user when the account exists', async () => {
    await login('ADMIN', 'wrong-password', '10.20.0.2');
    expect(await lastRow()).toMatchObject({
      user_id: await adminId(),
      account: 'admin',
      user_name: '系统管理员',
      action: 'login_failed',
      result: 'failure',
      code: 'A0210',
      message: '账号或密码错误',
      ip: '10.20.0.2',
    });
    await login('ghost-account', 'whatever', '10.20.0.3');
    expect(await lastRow()).toMatchObject({ user_id: null, account: 'ghost-account', user_name: '', action: 'login_failed', code: 'A0210' });
  });

  it('records a sign-in refused for missing input too', async () => {
    await login('', 'x', '10.20.0.4');
    expect(await lastRow()).toMatchObject({ account: '', action: 'login_failed', code: 'A0400', message: '请输入账号' });
  });

  it('records a sign-out, though it is a GET', async () => {
    const session = await t.login('agent01');
    const res = await t.call({ method: 'GET', url: '/api/auth/apilogout', session, remoteAddress: '10.20.0.5' });
    expect(res.body.data).toBe('success');
    expect(await lastRow()).toMatchObject({
      account: 'agent01',
      user_name: '陈立华',
      role_type: 'agent',
      action: 'logout',
      summary: '退出登录',
      method: 'GET',
      path: '/api/auth/apilogout',
      result: 'success',
      ip: '10.20.0.5',
    });
  });

  it('records SMS and WeChat sign-ins, and not the polls before the scan', async () => {
    await t.call({ method: 'GET', url: '/api/auth/sms_code/13800000003' });
    const outbox = (await t.call({ method: 'GET', url: '/api/dev/sms-outbox?phone=13800000003' })).body.data;
    const code = outbox.at(-1).code as string;
    await t.call({ method: 'POST', url: '/api/auth/login', payload: { type: 'sms', account: '13800000003', sms_code: code === '000000' ? '111111' : '000000' } });
    expect(await lastRow()).toMatchObject({ account: 'shop01', action: 'login_failed', summary: '手机验证码登录', message: '验证码错误或已失效' });
    await t.call({ method: 'POST', url: '/api/auth/login', payload: { type: 'sms', account: '13800000003', sms_code: code } });
    expect(await lastRow()).toMatchObject({ account: 'shop01', user_name: '王晓燕', action: 'login', summary: '手机验证码登录', result: 'success' });

    const count = (await rows()).length;
    const qr = async () => (await t.call({ method: 'GET', url: '/api/auth/wechat/login_qr' })).body.data.sign as string;
    const poll = (sign: string) => t.call({ method: 'GET', url: `/api/auth/wechat/login_state?sign=${sign}` });
    const bound = await qr();
    await poll(bound);
    expect((await rows()).length).toBe(count);
    await t.call({ method: 'POST', url: '/api/auth/wechat/demo/confirm', payload: { sign: bound, openid: 'demo-wx-agent01' } });
    expect((await poll(bound)).body.data.account).toBe('agent01');
    expect(await lastRow()).toMatchObject({ account: 'agent01', action: 'login', module: 'auth', summary: '微信扫码登录', result: 'success' });
    await poll(bound);
    const guest = await qr();
    await t.call({ method: 'POST', url: '/api/auth/wechat/demo/confirm', payload: { sign: guest, openid: 'demo-wx-guest' } });
    await poll(guest);
    expect(await lastRow()).toMatchObject({ user_id: null, action: 'login_failed', summary: '微信扫码登录', result: 'failure', message: '该微信未绑定账号' });
    expect((await rows()).length).toBe(count + 2);
  });

  it('records an approval and a rejection with the route summary and the target id', async () => {
    const approveId = await pendingRegistration('oplog_shop1', '13912349001');
    const res = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${approveId}/approve`, session: admin, remoteAddress: '10.20.0.6' });
    expect(res.body.code).toBe('201');
    expect(await lastRow()).toMatchObject({
      account: 'admin',
      user_name: '系统管理员',
      action: 'audit',
      module: 'registrations',
      summary: '审核通过：生成账号',
      path: '/api/admin/api/v1/registrations/:id/approve',
      target_id: String(approveId),
      result: 'success',
      code: '201',
      ip: '10.20.0.6',
    });

    const rejectId = await pendingRegistration('oplog_shop2', '13912349002');
    await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${rejectId}/reject`, session: admin, payload: { reason: '资料不全-机密原因' } });
    const row = await lastRow();
    expect(row).toMatchObject({ action: 'reject', summary: '驳回注册申请', target_id: String(rejectId), result: 'success' });
    expect(JSON.stringify(row)).not.toContain('机密原因');
  });

  it('records a refused call as a failure with its code and message', async () => {
    const id = await pendingRegistration('oplog_shop3', '13912349003');
    const empty = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${id}/reject`, session: admin, payload: { reason: ' ' } });
    expect(empty.status).toBe(422);
    expect(await lastRow()).toMatchObject({ action: 'reject', result: 'failure', code: 'A0400', message: '请输入驳回原因', target_id: String(id) });

    await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${id}/approve`, session: admin });
    const twice = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${id}/approve`, session: admin });
    expect(twice.status).toBe(409);
    expect(await lastRow()).toMatchObject({ result: 'failure', code: 'A0409' });
  });

  it('records a call refused for lack of permission, with who tried', async () => {
    const clerk = await t.login('clerk01');
    const id = await pendingRegistration('oplog_shop4', '13912349004');
    const res = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${id}/approve`, session: clerk });
    expect(res.status).toBe(403);
    expect(await lastRow()).toMatchObject({ account: 'clerk01', user_name: '郑佳怡', action: 'audit', result: 'failure', code: 'A0301' });
  });

  it('keeps no request body: passwords of sign-ins and password changes never reach a row', async () => {
    const session = await t.login('supplier01');
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/api/v1/users/changePassword',
      session,
      payload: { oldPassword: 'Erp12345', password: 'Secret-Pass-9x' },
    });
    expect(res.body.code).toBe('201');
    expect(await lastRow()).toMatchObject({ account: 'supplier01', action: 'update', module: 'users', result: 'success' });
    await login('supplier01', 'Secret-Pass-9x', '10.20.0.7');
    await t.call({ method: 'POST', url: '/api/admin/api/v1/users/updatePassword', payload: { account: 'supplier01', password: 'Other-Pass-9x', ticket: 'f'.repeat(32) } });
    expect(await lastRow()).toMatchObject({ account: 'supplier01', action: 'update', module: 'auth', result: 'failure', code: 'A0400' });
    const all = JSON.stringify(await rows());
    for (const secret of ['Erp12345', 'Secret-Pass-9x', 'Other-Pass-9x', 'f'.repeat(32)]) expect(all).not.toContain(secret);
  });

  it('skips reads and calls without a session', async () => {
    const count = (await rows()).length;
    await t.call({ method: 'GET', url: '/api/admin/api/v1/registrations/page', session: admin });
    await t.call({ method: 'POST', url: '/api/admin/api/v1/registrations/1/approve' });
    expect((await rows()).length).toBe(count);
  });
});

describe('operation log page', () => {
  it('lists newest first, without secrets, and filters', async () => {
    const all = await page({ limit: 100 });
    expect(all.body.code).toBe('201');
    const records = all.body.data.records as { id: number; action: string; account: string }[];
    expect(all.body.data.total).toBeGreaterThan(5);
    expect(records.map((r) => r.id)).toEqual([...records.map((r) => r.id)].sort((a, b) => b - a));
    expect(JSON.stringify(all.body)).not.toMatch(/passwordHash|password_hash|\$argon2|Erp12345/i);

    const failed = await page({ action: 'login_failed', keyword: 'ghost' });
    expect(failed.body.data.records.map((r: { account: string }) => r.account)).toEqual(['ghost-account']);

    const byName = await page({ keyword: '郑佳怡', result: 'failure' });
    expect(byName.body.data.records).toHaveLength(1);
    expect(byName.body.data.records[0]).toMatchObject({ account: 'clerk01', code: 'A0301', module: 'registrations' });

    const audits = await page({ module: 'registrations', action: 'audit', result: 'success' });
    expect(audits.body.data.records.map((r: { summary: string }) => r.summary).sort()).toEqual(['审核通过：生成账号', '审核通过：生成账号']);
    const rejects = await page({ module: 'registrations', action: 'reject', result: 'success' });
    expect(rejects.body.data.records.map((r: { summary: string }) => r.summary)).toEqual(['驳回注册申请']);

    const byIp = await page({ ip: '10.20.0.6' });
    expect(byIp.body.data.records).toHaveLength(1);

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    expect((await page({ from: today, to: today })).body.data.total).toBe(all.body.data.total);
    expect((await page({ to: '2000-01-01' })).body.data.total).toBe(0);
    expect((await page({ from: new Date(Date.now() + 3_600_000).toISOString() })).body.data.total).toBe(0);

    const slowest = await page({ sort: 'duration', order: 'desc', limit: 100 });
    const durations = slowest.body.data.records.map((r: { durationMs: number }) => r.durationMs);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
  });

  it('refuses bad filters with a clear message', async () => {
    expect((await page({ from: '2026-02-31' })).body).toMatchObject({ code: 'A0400', msg: '开始时间格式不正确' });
    expect((await page({ to: 'yesterday' })).body).toMatchObject({ code: 'A0400', msg: '结束时间格式不正确' });
    expect((await page({ from: '2026-03-02', to: '2026-03-01' })).body.msg).toBe('开始时间不能晚于结束时间');
    expect((await page({ sort: 'ip' })).body.msg).toContain('不支持按“ip”排序');
    expect((await page({ action: 'drop' })).status).toBe(422);
    expect((await page({ keyword: 'x'.repeat(65) })).body.msg).toContain('关键字不能超过64个字符');
  });

  it('shows one row in full, and 404 for an unknown one', async () => {
    const [first] = (await page()).body.data.records;
    const detail = await t.call({ method: 'GET', url: `/api/admin/api/v1/operation-logs/${first.id}`, session: admin });
    expect(detail.body.data).toEqual(first);
    const missing = await t.call({ method: 'GET', url: '/api/admin/api/v1/operation-logs/999999', session: admin });
    expect(missing.body).toMatchObject({ code: 'A0404', msg: '操作日志不存在' });
  });

  it('offers the modules whose calls are logged', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/api/v1/operation-logs/modules', session: admin });
    const values = res.body.data.map((m: { value: string }) => m.value);
    expect(values).toEqual(expect.arrayContaining(['auth', 'registrations', 'users', 'wechat']));
    expect(res.body.data.find((m: { value: string }) => m.value === 'registrations').label).toBe('注册审核');
    // every module by a Chinese name of its own: none shows as its key, no two share a name
    const labels = res.body.data.map((m: { label: string }) => m.label);
    expect(res.body.data.filter((m: { value: string; label: string }) => !/[\u4e00-\u9fff]/.test(m.label))).toEqual([]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('is for managers holding the code only', async () => {
    const clerk = await t.login('clerk01');
    for (const url of ['page', '1', 'modules']) {
      const res = await t.call({ method: 'GET', url: `/api/admin/api/v1/operation-logs/${url}`, session: clerk });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('A0301');
    }
    const shop = await t.login('shop01');
    expect((await page({}, shop)).status).toBe(403);
  });
});

describe('action of a route', () => {
  it('reads the verb of the path, then the summary, then the method', () => {
    expect(inferAction('POST', '/api/admin/api/v1/registrations/:id/approve', '')).toBe('audit');
    expect(inferAction('POST', '/api/erp/api/v1/inbound/:id/post', '')).toBe('post');
    expect(inferAction('POST', '/api/admin/api/v1/users/changePassword', '')).toBe('update');
    expect(inferAction('POST', '/api/erp/api/v1/goods/batchDelete', '')).toBe('delete');
    expect(inferAction('POST', '/api/erp/api/v1/common/uploadImg', '')).toBe('create');
    expect(inferAction('POST', '/api/admin/api/v1/users/logoff', '注销本账号')).toBe('update');
    expect(inferAction('POST', '/api/admin/api/v1/dicts', '新增字典')).toBe('create');
    expect(inferAction('POST', '/api/admin/api/v1/dicts', '')).toBe('create');
    expect(inferAction('PUT', '/api/admin/api/v1/dicts/:id', '')).toBe('update');
    expect(inferAction('DELETE', '/api/admin/api/v1/dicts/:id', '')).toBe('delete');
    expect(inferAction('POST', '/api/erp/api/v1/orders/:id/confirm', '审核订单')).toBe('audit');
    // issue 26: a cancel whose notes mention 审核 is a cancel; adding to the cart (0 removes a cell) is no deletion
    expect(inferAction('POST', '/api/admin/api/v1/sales-orders/:id/cancel', '取消订货单（须填写原因；已审核的只能由总部取消）')).toBe('cancel');
    expect(inferAction('PUT', '/api/admin/api/v1/ordering/cart/lines', '加入或修改购物车：一个款式的若干颜色；0 移除该格')).toBe('create');
    expect(inferAction('POST', '/api/admin/api/v1/stock-docs/transfer/:id/ship', '发货')).toBe('ship');
    expect(inferAction('POST', '/api/admin/api/v1/sales-orders/:id/submit', '')).toBe('submit');
  });

  it('says what was done in the words of the screen, on which document (issue 26)', async () => {
    expect(await seedDemoPricing(t.db)).toBe(true);
    expect(await seedDemoSeasons(t.db)).toBe(true);
    const session = await t.login('shop01');
    const season = (await t.db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirstOrThrow()).id;
    const sku = (
      await t.db
        .selectFrom('skus as k')
        .innerJoin('products as p', 'p.id', 'k.product_id')
        .select('k.id')
        .where('p.style_no', '=', 'YS26W2005')
        .where('k.status', '=', 'active')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
    const made = await t.call({ method: 'POST', url: '/api/admin/api/v1/sales-orders', session, payload: { seasonId: season, lines: [{ skuId: sku, quantity: 1 }] } });
    expect(made.body.code, made.raw).toBe('201');
    const orderNo = made.body.data.orderNo as string;
    await t.call({ method: 'POST', url: `/api/admin/api/v1/sales-orders/${made.body.data.id}/cancel`, session, payload: { reason: '不要了' } });
    await t.app.operationLogsSettled();
    expect(await lastRow()).toMatchObject({ action: 'cancel', summary: `取消订货单 ${orderNo}`, result: 'success' });
  });

  it('reads the document number of a successful answer', () => {
    expect(docNoOfAnswer('{"code":"201","msg":"已取消","data":{"id":7,"orderNo":"DH20261129-0003","status":"cancelled"}}')).toBe('DH20261129-0003');
    expect(docNoOfAnswer('{"code":"201","msg":"ok","data":{"id":3,"docNo":"DB20261129-0001"}}')).toBe('DB20261129-0001');
    expect(docNoOfAnswer('{"code":"201","msg":"ok","data":null}')).toBe('');
  });
});
