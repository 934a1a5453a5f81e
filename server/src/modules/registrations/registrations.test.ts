import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const PHONE = '13912340001';

async function registerCode(phone: string): Promise<string> {
  await t.db
    .updateTable('sms_codes')
    .set({ created_at: sql`created_at - interval '61 seconds'` } as never)
    .where('phone', '=', phone)
    .execute();
  const sent = await t.call({ method: 'GET', url: `/api/auth/sms_code/${phone}?purpose=register` });
  expect(sent.body.code).toBe('201');
  const outbox = await t.call({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  const mine = outbox.body.data.filter((m: { purpose: string }) => m.purpose === 'register');
  return mine[mine.length - 1]?.code ?? '';
}

const form = (overrides: Record<string, string> = {}) => ({
  username: 'hz_shop02',
  password: 'Shop-2026x',
  phone: PHONE,
  smsCode: '',
  applicantType: 'shop',
  businessName: '衣尚·杭州西湖银泰店',
  contactName: '赵敏',
  ...overrides,
});
const register = (payload: Record<string, string>, remoteAddress = '127.0.0.1') => t.call({ method: 'POST', url: '/api/user/register', payload, remoteAddress });

describe('registration', () => {
  it('checks each field with a clear message', async () => {
    expect((await register(form({ username: '' }))).body.msg).toBe('请输入账号');
    expect((await register(form({ username: 'a b' }))).body.msg).toBe('账号须为3-32位字母、数字、下划线、点或短横线');
    expect((await register(form({ password: 'weakweak' }))).body.msg).toBe('密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种');
    expect((await register(form({ phone: '123' }))).body.msg).toBe('请输入正确的手机号');
    expect((await register(form({ smsCode: '' }))).body.msg).toBe('请输入验证码');
    expect((await register(form({ smsCode: '123456', applicantType: 'boss' }))).body.msg).toBe('请选择申请类型');
    expect((await register(form({ smsCode: '123456', businessName: '' }))).body.msg).toBe('请输入单位名称');
  });

  it('sends no register code to a phone that already has an account, answering alike', async () => {
    const known = await t.call({ method: 'GET', url: '/api/auth/sms_code/13800000001?purpose=register' });
    expect(known.body).toMatchObject({ code: '201', msg: '验证码已发送' });
    const outbox = await t.call({ method: 'GET', url: '/api/dev/sms-outbox?phone=13800000001' });
    expect(outbox.body.data.filter((m: { purpose: string }) => m.purpose === 'register')).toEqual([]);
  });

  it('refuses a wrong code and keeps the count', async () => {
    const code = await registerCode(PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await register(form({ smsCode: wrong }));
    expect(res.body).toMatchObject({ code: 'A0400', msg: '验证码错误或已失效' });
    const row = await t.db.selectFrom('sms_codes').select('wrong_tries').where('phone', '=', PHONE).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(1);
  });

  it('refuses a taken account without spending the code, then accepts a free one', async () => {
    const code = await registerCode(PHONE);
    const taken = await register(form({ username: 'Admin', smsCode: code }));
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该账号已被使用，请换一个');
    const res = await register(form({ smsCode: code }));
    expect(res.body).toMatchObject({ code: '201', msg: '注册申请已提交，请等待审核' });
    expect(await t.db.selectFrom('users').select('id').where('account', '=', 'hz_shop02').executeTakeFirst()).toBeUndefined();
  });

  it('keeps a pending applicant out, telling only the right password why', async () => {
    const right = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'hz_shop02', password: 'Shop-2026x' } });
    expect(right.body).toMatchObject({ code: 'S0001', msg: '注册申请正在审核中，审核通过后即可登录' });
    const wrong = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'hz_shop02', password: 'nope' }, remoteAddress: '10.9.0.1' });
    expect(wrong.body).toMatchObject({ code: 'A0210', msg: '账号或密码错误' });
  });

  it('lets only a manager with the audit permission list and approve', async () => {
    const shop = await t.login('shop01');
    const refused = await t.call({ method: 'GET', url: '/api/admin/api/v1/registrations/page?status=pending', session: shop });
    expect(refused.status).toBe(403);
    const list = await t.call({ method: 'GET', url: '/api/admin/api/v1/registrations/page?status=pending', session: admin });
    expect(list.body.data.total).toBe(1);
    const [application] = list.body.data.records;
    expect(application).toMatchObject({ account: 'hz_shop02', applicantType: 'shop', businessName: '衣尚·杭州西湖银泰店', status: 'pending' });
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|password/i);

    const approve = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${application.id}/approve`, session: admin });
    expect(approve.body.code).toBe('201');
    const twice = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${application.id}/approve`, session: admin });
    expect(twice.status).toBe(409);

    const session = await t.login('hz_shop02', 'Shop-2026x');
    const info = await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session });
    expect(info.body.data).toMatchObject({ roleType: 'shop', scope: { kind: 'shop', shopName: '衣尚·杭州西湖银泰店' }, roles: [{ code: 'shop' }] });
    const menu = await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session });
    expect(JSON.stringify(menu.body.data)).toContain('/erp/sells/fullstatist/shop');
  });

  it('rejects with a reason, and the applicant still cannot sign in', async () => {
    const phone = '13912340002';
    const code = await registerCode(phone);
    await register(form({ username: 'sp_wool', phone, smsCode: code, applicantType: 'supplier', businessName: '宁波羊毛衫厂' }));
    const list = await t.call({ method: 'GET', url: '/api/admin/api/v1/registrations/page?status=pending', session: admin });
    const id = list.body.data.records[0].id;
    const noReason = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${id}/reject`, session: admin, payload: { reason: ' ' } });
    expect(noReason.body.msg).toBe('请输入驳回原因');
    const rejected = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${id}/reject`, session: admin, payload: { reason: '资质不全' } });
    expect(rejected.body.code).toBe('201');
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'sp_wool', password: 'Shop-2026x' } });
    expect(login.body.code).toBe('A0210');
  });

  it('filters by keyword (literal %) and type; a clerk with the page but not the button may list, not audit', async () => {
    await t.db
      .insertInto('registrations')
      .values([
        { account: 'kw_agent', password_hash: 'x', phone: '13912349001', applicant_type: 'agent', business_name: '苏州100%纯棉商行', contact_name: '钱多', ip: '10.7.0.1' },
        { account: 'kw_shop', password_hash: 'x', phone: '13912349002', applicant_type: 'shop', business_name: '苏州观前街店', contact_name: '孙丽', ip: '10.7.0.1' },
      ])
      .execute();
    const page = (query: string, session = admin) => t.call({ method: 'GET', url: `/api/admin/api/v1/registrations/page?${query}`, session });
    const names = (res: Awaited<ReturnType<typeof page>>) => res.body.data.records.map((r: { account: string }) => r.account).sort();
    expect(names(await page(`keyword=${encodeURIComponent('苏州')}`))).toEqual(['kw_agent', 'kw_shop']);
    expect(names(await page(`keyword=${encodeURIComponent('100%')}`))).toEqual(['kw_agent']);
    expect((await page(`keyword=${encodeURIComponent('%')}`)).body.data.records.map((r: { account: string }) => r.account)).toEqual(['kw_agent']);
    expect(names(await page('keyword=13912349002'))).toEqual(['kw_shop']);
    expect(names(await page(`keyword=${encodeURIComponent('苏州')}&applicantType=agent`))).toEqual(['kw_agent']);
    expect((await page('applicantType=boss')).status).toBe(422);

    const clerk = await t.login('clerk01');
    const listed = await page('keyword=kw_', clerk);
    expect(listed.body.data.total).toBe(2);
    const id = listed.body.data.records[0].id;
    const approve = await t.call({ method: 'POST', url: `/api/admin/api/v1/registrations/${id}/approve`, session: clerk });
    expect(approve.status).toBe(403);
    expect(approve.body.code).toBe('A0301');
    const menu = await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session: clerk });
    expect(JSON.stringify(menu.body.data)).toContain('/erp/system/registration');
    expect(JSON.stringify(menu.body.data)).not.toContain('system:registration');
    const adminMenu = await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session: admin });
    expect(JSON.stringify(adminMenu.body.data)).toContain('"permissions":["system:registration:audit"]');
    const after = await t.db.selectFrom('registrations').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.status).toBe('pending');
  });

  it('limits registrations per client address', async () => {
    for (let i = 0; i < 5; i++) {
      await t.db
        .insertInto('registrations')
        .values({ account: `spam${i}`, password_hash: 'x', phone: `1391234100${i}`, applicant_type: 'shop', business_name: '测试', ip: '10.8.0.1' })
        .execute();
    }
    const res = await register(form({ username: 'late_one', smsCode: '123456' }), '10.8.0.1');
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe('注册申请过于频繁，请稍后再试');
  });
});
