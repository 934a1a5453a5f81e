import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { popEncode, signAliyunQuery } from './aliyun-sms-provider.ts';

const SECRET = 'test-secret-不可泄露';

/** RFC 3986 encoding written independently of the provider: byte by byte. */
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A local stand-in for dysmsapi that checks every request the way the documentation describes. */
function fakeAliyun() {
  const received: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const { Signature, ...signed } = params;
    const canonical = Object.keys(signed)
      .sort()
      .map((k) => `${rfc3986(k)}=${rfc3986(signed[k]!)}`)
      .join('&');
    const expected = createHmac('sha1', `${SECRET}&`)
      .update(`GET&%2F&${rfc3986(canonical)}`)
      .digest('base64');
    res.setHeader('content-type', 'application/json');
    if (Signature !== expected) {
      res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched', RequestId: 'r-sig' }));
      return;
    }
    received.push(params);
    const refused = params.PhoneNumbers === '13800000004';
    res.end(
      JSON.stringify(refused ? { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控', RequestId: 'r-2' } : { Code: 'OK', Message: 'OK', RequestId: 'r-1', BizId: 'b-1' }),
    );
  });
  return { server, received };
}

describe('Aliyun request signing', () => {
  it('encodes like POP: unreserved characters stay, space is %20, * ! ( ) are encoded', () => {
    expect(popEncode('a b*c~d!(e)')).toBe('a%20b%2Ac~d%21%28e%29');
    expect(popEncode('{"code":"123456"}')).toBe(rfc3986('{"code":"123456"}'));
    expect(popEncode('阿里云短信测试')).toBe(rfc3986('阿里云短信测试'));
  });

  it('signs the sorted, encoded query with HMAC-SHA1 of the secret plus &', () => {
    const { canonical, signature } = signAliyunQuery({ B: '2', A: '1 1' }, 'key');
    expect(canonical).toBe('A=1%201&B=2');
    expect(signature).toBe(createHmac('sha1', 'key&').update('GET&%2F&A%3D1%25201%26B%3D2').digest('base64'));
  });
});

describe('SMS through the Aliyun provider', () => {
  let fake: ReturnType<typeof fakeAliyun>;
  let server: Server;
  let t: TestApp;
  beforeAll(async () => {
    fake = fakeAliyun();
    server = fake.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp({
      config: {
        smsProvider: 'aliyun',
        aliyunSms: { accessKeyId: 'test-id', accessKeySecret: SECRET, signName: '衣尚服饰', templateCode: 'SMS_123456789', endpoint },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('sends a signed SendSms request carrying the code, and the code signs the user in', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/sms_code/13800000003' });
    expect(res.body).toEqual({ code: '201', msg: '验证码已发送', data: null });
    expect(fake.received).toHaveLength(1);
    const request = fake.received[0]!;
    expect(request).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: 'test-id',
      PhoneNumbers: '13800000003',
      SignName: '衣尚服饰',
      TemplateCode: 'SMS_123456789',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Format: 'JSON',
    });
    expect(request.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const { code } = JSON.parse(request.TemplateParam!);
    expect(code).toMatch(/^\d{6}$/);
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { type: 'sms', account: '13800000003', sms_code: code } });
    expect(login.body.data.account).toBe('shop01');
  });

  it('sends nothing for an unknown phone and answers alike', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/sms_code/13912345678' });
    expect(res.body).toEqual({ code: '201', msg: '验证码已发送', data: null });
    expect(fake.received.map((r) => r.PhoneNumbers)).not.toContain('13912345678');
  });

  it('reports a carrier refusal as a send failure', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/sms_code/13800000004' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'B0001', msg: '短信发送失败，请稍后再试' });
  });

  it('has no dev outbox', async () => {
    expect((await t.call({ method: 'GET', url: '/api/dev/sms-outbox?phone=13800000003' })).status).toBe(404);
  });
});

describe('Aliyun configuration', () => {
  it('names every missing setting', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'x' })).toThrow(
      'SMS_PROVIDER=aliyun needs ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE',
    );
  });
});
