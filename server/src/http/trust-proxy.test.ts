import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// TRUST_PROXY decides whose address a sign-in failure and the operation log see.
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ config: { trustProxy: 1 } })]);
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

async function failedLoginAddress(t: TestApp): Promise<string> {
  await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { account: 'admin', password: 'wrong-password' },
    remoteAddress: '10.1.1.1',
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });
  await t.app.operationLogsSettled();
  const row = await t.db.selectFrom('operation_logs').select('ip').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.ip;
}

describe('client address behind a proxy', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    expect(await failedLoginAddress(direct)).toBe('10.1.1.1');
    expect(await failedLoginAddress(proxied)).toBe('203.0.113.9');
  });
});
