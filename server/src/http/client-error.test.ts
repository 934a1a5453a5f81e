import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// What Node's HTTP parser refuses never reaches inject(): these go over a real socket.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

describe('requests Node refuses before routing', () => {
  it('a URL over 16 kB answers 431 with the envelope', async () => {
    const res = await fetch(`${base}/api/admin/api/v1/dicts/page?keyword=${'a'.repeat(17 * 1024)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ code: 'A0413', msg: '请求地址或请求头过长', data: null });
  });

  it('so do headers over 16 kB', async () => {
    const res = await fetch(`${base}/api/admin/api/v1/system/info`, { headers: { 'x-big': 'b'.repeat(17 * 1024) } });
    expect(res.status).toBe(431);
    expect((await res.json()).code).toBe('A0413');
  });

  it('a URL just under the limit is routed as usual', async () => {
    const res = await fetch(`${base}/api/admin/api/v1/dicts/page?keyword=${'a'.repeat(8 * 1024)}`);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('401');
  });

  it('a malformed URL encoding answers the envelope', async () => {
    const res = await fetch(`${base}/api/admin/api/v1/dicts/%E0%A4%A`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toEqual({ code: 'A0400', msg: '非法的请求路径', data: null });
  });

  it('a path parameter over 100 characters answers the envelope', async () => {
    const res = await fetch(`${base}/api/admin/api/v1/dict-items/select_list/${'c'.repeat(120)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ code: 'A0400', msg: '请求路径参数过长', data: null });
  });
});
