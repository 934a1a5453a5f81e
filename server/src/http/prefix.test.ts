import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { apiPrefix: '/gw' } });
});
afterAll(() => t?.close());

describe('a configured gateway prefix', () => {
  it('serves every call under it and nothing under the default', async () => {
    expect((await t.call({ method: 'GET', url: '/gw/admin/config/sysBasicInfo' })).body.code).toBe('201');
    expect((await t.call({ method: 'GET', url: '/api/admin/config/sysBasicInfo' })).status).toBe(404);
  });

  it('points the API document link at the prefix', async () => {
    const res = await t.call({ method: 'POST', url: '/gw/auth/login', payload: { account: 'admin', password: 'Erp12345' } });
    const routes = await t.call({ method: 'GET', url: '/gw/admin/api/v1/menus/route', session: res.body.data.session });
    const system = routes.body.data.find((n: { name: string }) => n.name === 'System');
    const developer = system.children.find((n: { name: string }) => n.name === 'SystemDeveloper');
    expect(developer.children[0].path).toBe('/gw/openapi.json');
    expect((await t.call({ method: 'GET', url: '/gw/openapi.json' })).status).toBe(200);
  });
});
