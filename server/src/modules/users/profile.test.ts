import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let session: string;
beforeAll(async () => {
  t = await createTestApp();
  session = await t.login('shop01');
});
afterAll(() => t?.close());

const info = async () => (await t.call({ method: 'GET', url: '/api/admin/api/v1/users/info', session })).body.data;
const sendCode = (phone: string) => t.call({ method: 'GET', url: `/api/admin/api/v1/users/phone/sms_code?phone=${phone}`, session });
const change = (phone: string, code: string) => t.call({ method: 'POST', url: '/api/admin/api/v1/users/phone', session, payload: { phone, code } });
async function newestCode(phone: string) {
  const outbox = (await t.call({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` })).body.data;
  return outbox.filter((m: { purpose: string }) => m.purpose === 'phone').at(-1)?.code as string;
}

describe('profile', () => {
  it('renames the own account, refusing an empty name', async () => {
    const empty = await t.call({ method: 'POST', url: '/api/admin/api/v1/users/profile', session, payload: { name: '  ' } });
    expect(empty.body).toMatchObject({ code: 'A0400', msg: '请输入姓名' });
    const res = await t.call({ method: 'POST', url: '/api/admin/api/v1/users/profile', session, payload: { name: '王晓燕（店长）' } });
    expect(res.body.code).toBe('201');
    expect((await info()).name).toBe('王晓燕（店长）');
  });
});

describe('更换手机号', () => {
  it('refuses a phone that another account uses, or the own one', async () => {
    expect((await sendCode('13800000001')).body).toMatchObject({ code: 'A0409', msg: '该手机号已被其他账号使用' });
    expect((await sendCode('13800000003')).body.msg).toBe('新手机号与当前手机号相同');
    expect((await sendCode('123')).body.msg).toBe('请输入正确的手机号');
  });

  it('changes the phone with the code sent to the new phone only', async () => {
    expect((await sendCode('13911112222')).body).toMatchObject({ code: '201', msg: '验证码已发送' });
    const code = await newestCode('13911112222');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await change('13911112222', code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ code: 'A0400', msg: '验证码错误或已失效' });
    // the code belongs to the new phone: it proves nothing for another number
    expect((await change('13911113333', code)).body.msg).toBe('验证码错误或已失效');
    expect((await change('13911112222', code)).body).toMatchObject({ code: '201', msg: '手机号已更换' });
    expect((await info()).phone).toBe('139****2222');
    expect((await change('13911112222', code)).body.msg).toBe('验证码错误或已失效');
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'POST', url: '/api/admin/api/v1/users/phone', payload: { phone: '13911112222', code: '1' } })).body.code).toBe('401');
  });
});
