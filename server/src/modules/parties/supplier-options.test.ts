import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashPassword } from '../accounts/password.ts';

const URL = '/api/admin/api/v1/users/supplier/options';
const PASSWORD = 'Sub12345x';

let t: TestApp;
let sp001: number;

const options = async (session: string, keyword?: string) => {
  const res = await t.call({ method: 'GET', url: keyword === undefined ? URL : `${URL}?keyword=${encodeURIComponent(keyword)}`, session });
  expect(res.status, res.raw).toBe(200);
  return res.body.data as { id: number; code: string; name: string }[];
};

beforeAll(async () => {
  t = await createTestApp();
  sp001 = (await t.db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirstOrThrow()).id;
  await t.db
    .insertInto('suppliers')
    .values([
      { code: 'SP003', name: '绍兴柯桥印染厂' },
      { code: 'SP002', name: '苏州100%真丝坊' },
      { code: 'SP_9', name: '停用的辅料商', enabled: false },
      { code: 'SPX9', name: '宁波辅料商' },
    ])
    .execute();
});
afterAll(() => t?.close());

describe('供应商选项', () => {
  it('gives HQ every enabled supplier by code, with only id, code and name', async () => {
    const list = await options(await t.login('admin'));
    expect(list.map((s) => s.code)).toEqual(['SP001', 'SP002', 'SP003', 'SPX9']);
    expect(list[0]).toEqual({ id: sp001, code: 'SP001', name: '广州锦纶纺织有限公司' });
  });

  it('matches the keyword in code or name, with % and _ taken literally', async () => {
    const admin = await t.login('admin');
    expect((await options(admin, 'sp00')).map((s) => s.code)).toEqual(['SP001', 'SP002', 'SP003']);
    expect((await options(admin, '印染')).map((s) => s.code)).toEqual(['SP003']);
    expect((await options(admin, '100%')).map((s) => s.code)).toEqual(['SP002']);
    // "_" is no wildcard: SPX9 does not match SP_9, and the disabled SP_9 is left out
    expect(await options(admin, 'SP_')).toEqual([]);
    expect(await options(admin, '%')).toEqual([{ id: expect.any(Number), code: 'SP002', name: '苏州100%真丝坊' }]);
  });

  it('needs no button code: a manager without the supplier page and a manager sub-user see all', async () => {
    expect((await options(await t.login('clerk01'))).map((s) => s.code)).toEqual(['SP001', 'SP002', 'SP003', 'SPX9']);
    const admin = await t.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    await t.db
      .insertInto('users')
      .values({ account: 'hqsub01', password_hash: await hashPassword(PASSWORD), name: '子账号', role_type: 'manager', parent_id: admin.id, active: true })
      .execute();
    expect((await options(await t.login('hqsub01', PASSWORD))).map((s) => s.code)).toEqual(['SP001', 'SP002', 'SP003', 'SPX9']);
  });

  it('gives a supplier account only its own supplier, agents and shops none', async () => {
    expect(await options(await t.login('supplier01'))).toEqual([{ id: sp001, code: 'SP001', name: '广州锦纶纺织有限公司' }]);
    expect(await options(await t.login('supplier01'), 'SP002')).toEqual([]);
    expect(await options(await t.login('agent01'))).toEqual([]);
    expect(await options(await t.login('shop01'))).toEqual([]);
  });

  it('refuses a caller without a session', async () => {
    expect((await t.call({ method: 'GET', url: URL })).status).toBe(401);
  });

  it('answers at most 200', async () => {
    await t.db
      .insertInto('suppliers')
      .values(Array.from({ length: 210 }, (_, i) => ({ code: `BULK${String(i).padStart(3, '0')}`, name: `批量供应商${i}` })))
      .execute();
    const list = await options(await t.login('admin'));
    expect(list).toHaveLength(200);
    expect(list[0]!.code).toBe('BULK000');
  });
});
