import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { smsDailyPerPhone: 6 } });
});
afterAll(() => t?.close());

const SHOP = '13800000003';
const AGENT = '13800000002';
const SUPPLIER = '13800000004';

const sendLogin = (phone: string, remoteAddress = '127.0.0.1') => t.call({ method: 'GET', url: `/api/auth/sms_code/${phone}`, remoteAddress });
const sendReset = (phone: string) => t.call({ method: 'GET', url: `/api/admin/api/v1/sms/getSmsCode?account=${phone}&ftype=losepassword` });
const checkReset = (phone: string, code: string) => t.call({ method: 'GET', url: `/api/admin/api/v1/sms/checkSmsCode?account=${phone}&code=${code}` });
const smsLogin = (phone: string, code: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { type: 'sms', account: phone, sms_code: code } });
const updatePassword = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/admin/api/v1/users/updatePassword', payload });

async function newestCode(phone: string, purpose: 'login' | 'reset'): Promise<string> {
  const res = await t.call({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  const mine = res.body.data.filter((m: { purpose: string }) => m.purpose === purpose);
  return mine[mine.length - 1].code;
}

/** Lets the next send through the 60 s throttle without waiting. */
async function age(phone: string, seconds = 61) {
  await t.db
    .updateTable('sms_codes')
    .set({ created_at: sql`created_at - make_interval(secs => ${seconds})` } as never)
    .where('phone', '=', phone)
    .execute();
}

describe('sending codes', () => {
  it('sends 6 random digits and answers 验证码已发送', async () => {
    const res = await sendLogin(SHOP);
    expect(res.body).toEqual({ code: '201', msg: '验证码已发送', data: null });
    expect(await newestCode(SHOP, 'login')).toMatch(/^\d{6}$/);
    const row = await t.db.selectFrom('sms_codes').selectAll().where('phone', '=', SHOP).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(await newestCode(SHOP, 'login'));
  });

  it('answers an unknown phone exactly like a known one, and delivers nothing', async () => {
    const unknown = await sendLogin('13912345678');
    const known = await sendLogin(AGENT);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect((await t.call({ method: 'GET', url: '/api/dev/sms-outbox?phone=13912345678' })).body.data).toEqual([]);
  });

  it('waits 60 s between sends to one phone, for known and unknown phones alike', async () => {
    for (const phone of [SHOP, '13912345678']) {
      const again = await sendLogin(phone);
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('A0429');
      expect(again.body.msg).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/);
    }
    await age(SHOP);
    expect((await sendLogin(SHOP)).body.code).toBe('201');
  });

  it('refuses a malformed phone', async () => {
    const res = await sendLogin('2380000000');
    expect(res.body).toMatchObject({ code: 'A0400', msg: '请输入正确的手机号' });
  });

  it('caps sends per phone per day', async () => {
    const phone = '13700000009';
    for (let i = 0; i < 6; i++) {
      expect((await sendLogin(phone)).body.code).toBe('201');
      await age(phone);
    }
    const capped = await sendLogin(phone);
    expect(capped.status).toBe(429);
    expect(capped.body.msg).toBe('今日验证码发送次数已达上限，请明天再试');
  });
});

describe('SMS sign-in', () => {
  it('signs in with the newest code, once', async () => {
    await age(SHOP);
    await sendLogin(SHOP);
    const code = await newestCode(SHOP, 'login');
    const res = await smsLogin(SHOP, code);
    expect(res.body.code).toBe('201');
    expect(res.body.data).toMatchObject({ account: 'shop01', active: true, roleType: 'shop' });
    expect(res.body.data.session).toMatch(/^[0-9a-f]{32}$/);
    const reuse = await smsLogin(SHOP, code);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ code: 'A0210', msg: '验证码错误或已失效', data: null });
  });

  it('refuses a code sent to phone A on phone B', async () => {
    await age(AGENT);
    await age(SUPPLIER);
    await sendLogin(AGENT);
    await sendLogin(SUPPLIER);
    const agentCode = await newestCode(AGENT, 'login');
    const supplierCode = await newestCode(SUPPLIER, 'login');
    if (agentCode !== supplierCode) expect((await smsLogin(SUPPLIER, agentCode)).body.code).toBe('A0210');
    expect((await smsLogin(AGENT, agentCode)).body.code).toBe('201');
  });

  it('refuses a login code for a reset', async () => {
    await age(SUPPLIER);
    await sendLogin(SUPPLIER);
    const code = await newestCode(SUPPLIER, 'login');
    const res = await checkReset(SUPPLIER, code);
    expect(res.body).toMatchObject({ code: 'A0400', msg: '验证码错误或已失效' });
    expect((await smsLogin(SUPPLIER, code)).body.code).toBe('201');
  });

  it('refuses an expired code', async () => {
    await age(SHOP);
    await sendLogin(SHOP);
    await t.db.updateTable('sms_codes').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('phone', '=', SHOP).execute();
    expect((await smsLogin(SHOP, await newestCode(SHOP, 'login'))).body.code).toBe('A0210');
  });

  it('kills the code after five wrong tries, even when the sixth is right', async () => {
    await age(SHOP);
    await sendLogin(SHOP);
    const code = await newestCode(SHOP, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(SHOP, wrong)).body.code).toBe('A0210');
    expect((await smsLogin(SHOP, code)).body.code).toBe('A0210');
  });

  it('validates the SMS login body with the SPEC messages', async () => {
    const missingPhone = await t.call({ method: 'POST', url: '/api/auth/login', payload: { type: 'sms', sms_code: '123456' } });
    expect(missingPhone.body.msg).toBe('请输入手机号');
    expect((await smsLogin('12345', '123456')).body.msg).toBe('请输入正确的手机号');
    expect((await smsLogin(SHOP, '')).body.msg).toBe('请输入验证码');
  });
});

describe('password reset and tickets', () => {
  it('checks the reset phone with the reset page messages', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/sms/getSmsCode?ftype=losepassword' })).body.msg).toBe('手机号码不能为空');
    expect((await sendReset('16800000001')).body.msg).toBe('请输入正确的手机号');
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/sms/checkSmsCode?code=123456' })).body.msg).toBe('手机号不能为空');
  });

  it('resets a password through the three steps and ends every session', async () => {
    const oldSession = await t.login('agent01');
    await sendReset(AGENT);
    const check = await checkReset(AGENT, await newestCode(AGENT, 'reset'));
    expect(check.body.code).toBe('201');
    const { ticket } = check.body.data;
    expect(ticket).toMatch(/^[0-9a-f]{32}$/);

    // a weak password changes nothing and leaves the ticket usable
    const weak = await updatePassword({ account: AGENT, password: 'abcdefgh', ticket });
    expect(weak.body).toMatchObject({ code: 'A0400', msg: '密码须为8-30位，且包含数字、小写字母、大写字母、特殊字符中的至少三种' });
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: oldSession })).body.code).toBe('201');

    const done = await updatePassword({ account: AGENT, password: 'Agent-2026x', ticket });
    expect(done.body).toEqual({ code: '201', msg: '修改成功,请输入新密码登录', data: null });
    expect((await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session: oldSession })).body.code).toBe('A0200');
    expect(await t.login('agent01', 'Agent-2026x')).toMatch(/^[0-9a-f]{32}$/);

    const replay = await updatePassword({ account: AGENT, password: 'Agent-2027y', ticket });
    expect(replay.body).toMatchObject({ code: 'A0400', msg: '操作已失效，请重新验证' });
  });

  it('never changes a password on an account name alone or with a foreign ticket', async () => {
    const before = await t.db.selectFrom('users').select('password_hash').where('account', '=', 'admin').executeTakeFirstOrThrow();
    const none = await updatePassword({ account: 'admin', password: 'Admin-2026x' });
    expect(none.status).toBe(422);
    const forged = await updatePassword({ account: 'admin', password: 'Admin-2026x', ticket: 'f'.repeat(32) });
    expect(forged.body).toMatchObject({ code: 'A0400', msg: '操作已失效，请重新验证' });

    await age(SHOP);
    await sendReset(SHOP);
    const { ticket } = (await checkReset(SHOP, await newestCode(SHOP, 'reset'))).body.data;
    const foreign = await updatePassword({ account: 'admin', password: 'Admin-2026x', ticket });
    expect(foreign.body.msg).toBe('操作已失效，请重新验证');
    const after = await t.db.selectFrom('users').select('password_hash').where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  it('activates an inactive account through its sign-in ticket with the dialog rules', async () => {
    const first = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'newstaff', password: 'Erp12345' } });
    expect(first.body.data).toMatchObject({ active: false, session: '' });
    const { ticket } = first.body.data;
    expect((await updatePassword({ account: 'newstaff', password: '12345678', ticket })).body.msg).toBe('密码格式不正确，请重新输入');
    expect((await updatePassword({ account: 'newstaff', password: 'abc123', ticket })).body.msg).toBe('密码长度必须大于8位，请重新输入');
    expect((await updatePassword({ account: 'newstaff', password: 'Erp12345', ticket })).body.msg).toBe('新密码不能与原密码相同');
    expect((await updatePassword({ account: 'newstaff', password: 'Newstaff2026', ticket })).body.code).toBe('201');
    const again = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'newstaff', password: 'Newstaff2026' } });
    expect(again.body.data).toMatchObject({ active: true, account: 'newstaff' });
    expect(again.body.data.session).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('without the log provider', () => {
  it('has no outbox and refuses to send', async () => {
    const other = await createTestApp({ config: { smsProvider: 'none' } });
    try {
      expect((await other.call({ method: 'GET', url: '/api/dev/sms-outbox?phone=13800000003' })).status).toBe(404);
      for (const phone of ['13800000003', '13912345678']) {
        const res = await other.call({ method: 'GET', url: `/api/auth/sms_code/${phone}` });
        expect(res.status).toBe(503);
        expect(res.body.msg).toBe('短信服务未配置，请联系管理员');
      }
      expect(await other.db.selectFrom('sms_codes').select('id').execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
