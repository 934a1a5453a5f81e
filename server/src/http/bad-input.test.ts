import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, pngWithExif } from '../../test/upload-fixtures.ts';
import { CONTROL_IN_BODY, controlCharField } from './control-chars.ts';

// Bad input anywhere answers 4xx with the envelope and a Chinese message, never 500 (issue 16).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const V1 = '/api/admin/api/v1';
const get = (url: string, session = admin) => t.call({ method: 'GET', url, session });

/** A refusal: a 4xx status and the envelope with a Chinese message. */
function expectRefused(res: { status: number; body: any }, code = 'A0400') {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toMatchObject({ code, data: null });
  expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
}

const LISTS = [
  'dicts/page',
  'dict-items/page',
  'roles/page',
  'operation-logs/page',
  'registrations/page',
  'users/sessions/page',
  'users/shop/page',
  'products/page',
  'brands/page',
  'warehouses/page',
  'stock/balances',
  'stock/reports/inventory',
  'stock-docs/inbound/page',
  'purchase-orders/page',
  'purchase/payables/entries',
];

describe('page numbers past what a list can skip', () => {
  it('are refused on every list with the validation code, as are pages with an offset past bigint', async () => {
    for (const list of LISTS) {
      for (const query of ['page=1e15', 'page=99999999999', 'page=1e20&limit=500', 'currentpage=1e300&pagesize=500', 'page=1000001']) {
        const res = await get(`${V1}/${list}?${query}`);
        expectRefused(res);
        expect(res.body.msg, `${list}?${query}`).toBe('页码不能大于 1000000');
      }
    }
  });

  it('the last accepted page answers an empty page with the total', async () => {
    const res = await get(`${V1}/dicts/page?page=1000000&limit=500`);
    expect(res.status).toBe(200);
    expect(res.body.data.records).toEqual([]);
    expect(res.body.data.total).toBeGreaterThan(0);
  });
});

describe('dates that do not exist', () => {
  const FILTERS = [
    ['stock-docs/inbound/page', 'from'],
    ['stock-docs/transfer/page', 'to'],
    ['purchase-orders/page', 'from'],
    ['purchase-orders/receivable/page', 'to'],
    ['purchase-refunds/page', 'from'],
    ['purchase/payables/entries', 'to'],
    ['purchase/summary', 'from'],
    ['stock/reports/inventory', 'dateFrom'],
    ['stock/reports/in-transit', 'dateTo'],
    ['operation-logs/page', 'from'],
  ] as const;

  it('are refused by every date filter', async () => {
    for (const [list, param] of FILTERS) {
      for (const day of ['2026-13-01', '0000-00-00', '2026-02-30', '0000-01-01', '2026-04-31', '1899-12-31', '9999-12-31']) {
        const res = await get(`${V1}/${list}?${param}=${day}`);
        expect(res.status, `${list}?${param}=${day}`).toBe(422);
        expectRefused(res);
      }
      expect((await get(`${V1}/${list}?${param}=2024-02-29`)).status, `${list} leap day`).toBe(200);
    }
  });

  it('and by date-time filters', async () => {
    for (const time of ['2026-02-30T10:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T10:61:00+08:00']) {
      expectRefused(await get(`${V1}/operation-logs/page?from=${encodeURIComponent(time)}`));
    }
    expect((await get(`${V1}/operation-logs/page?from=${encodeURIComponent('2026-01-01T10:00:00+08:00')}`)).status).toBe(200);
  });
});

describe('control characters', () => {
  const count = async (table: 'dicts' | 'operation_logs' | 'sessions') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('are refused at sign-in, before the account is looked up or throttled', async () => {
    const sessions = await count('sessions');
    for (const account of ['ad\u0000min', 'admin\u0000', 'admin\u001b', 'admin\u007f']) {
      const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account, password: 'Erp12345' } });
      expect(res.status, JSON.stringify(account)).toBe(422);
      expectRefused(res);
      expect(res.body.msg).toBe('account：不能含有控制字符');
    }
    const nulPassword = await t.call({ method: 'POST', url: '/api/auth/login', payload: { account: 'admin', password: 'Erp\u000012345' } });
    expect(nulPassword.body).toMatchObject({ code: 'A0400', msg: 'password：不能含有控制字符' });
    const sms = await t.call({ method: 'POST', url: '/api/auth/login', payload: { type: 'sms', account: '1380000000\u00001', sms_code: '123456' } });
    expectRefused(sms);
    expect(await count('sessions')).toBe(sessions);
    // the refusals lock nobody out
    await t.login('admin');
  });

  it('are refused in a created name and change nothing', async () => {
    const dicts = await count('dicts');
    for (const name of ['颜\u0000色', '颜色\u0007', '\u0085颜色']) {
      const res = await t.call({ method: 'POST', url: `${V1}/dicts`, session: admin, payload: { dictCode: 'ctl_test', name } });
      expectRefused(res);
      expect(res.body.msg).toBe('name：不能含有控制字符');
    }
    // nested fields and keys are walked too
    const nested = await t.call({ method: 'POST', url: `${V1}/dicts`, session: admin, payload: { dictCode: 'ctl_test', name: '颜色', extra: [{ deep: 'x\u0000' }] } });
    expect(nested.body.msg).toBe('extra.0.deep：不能含有控制字符');
    expect(await count('dicts')).toBe(dicts);
  });

  it('keep tab, line feed and carriage return in bodies (multi-line remarks)', async () => {
    const res = await t.call({ method: 'POST', url: `${V1}/dicts`, session: admin, payload: { dictCode: 'ctl_multiline', name: '多行', remark: '第一行\r\n第二行\t缩进' } });
    expect(res.body.code).toBe('201');
  });

  it('are refused in query strings and path parameters', async () => {
    for (const url of [`${V1}/dicts/page?keyword=%00`, `${V1}/dicts/page?keyword=a%0Ab`, `${V1}/dict-items/select_list/season%1F`, `${V1}/products/page?keyword=%C2%9B`]) {
      const res = await get(url);
      expect(res.status, url).toBe(422);
      expectRefused(res);
      expect(res.body.msg).toMatch(/不能含有控制字符$/);
    }
  });

  it('walks deep bodies without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharField(deep, CONTROL_IN_BODY)).toBe(`${'0.'.repeat(99_999)}0`);
    expect(controlCharField({ a: ['ok\n', { b: 1, c: null }] }, CONTROL_IN_BODY)).toBeNull();
  });
});

describe('invisible characters (issue 26)', () => {
  it('are refused in names, remarks, filters and paths: a look-alike name cannot be made', async () => {
    const before = await t.db.selectFrom('dicts').select('id').execute();
    for (const name of ['颜\u200b色', '颜色\u200d', '\ufeff颜色', '颜\u202e色', '颜色\u2066', '颜\u2060色']) {
      const res = await t.call({ method: 'POST', url: `${V1}/dicts`, session: admin, payload: { dictCode: 'zw_test', name } });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expectRefused(res);
      expect(res.body.msg).toBe('name：不能含有不可见字符（零宽字符或文字方向控制符）');
    }
    expectRefused(await get(`${V1}/products/page?keyword=${encodeURIComponent('YS\u200b26')}`));
    expect((await t.db.selectFrom('dicts').select('id').execute()).length).toBe(before.length);
  });
});

describe('dates outside the business years (issue 26)', () => {
  it('are refused in a document body as in filters', async () => {
    const hz = (await t.db.selectFrom('warehouses').select('id').where('code', '=', 'WH-HZ').executeTakeFirstOrThrow()).id;
    const sku = (await t.db.selectFrom('skus').select('id').limit(1).executeTakeFirstOrThrow()).id;
    for (const expectedDate of ['1899-12-31', '9999-12-31']) {
      const res = await t.call({
        method: 'POST',
        url: `${V1}/stock-docs/inbound`,
        session: admin,
        payload: { header: { warehouseId: hz, expectedDate }, lines: [{ skuId: sku, quantity: 1 }] },
      });
      expect(res.status, expectedDate).toBe(422);
      expect(res.body.msg).toContain('1900—2099');
    }
  });
});

describe('non-text values in text fields (issue 26)', () => {
  it('are refused, never blanked, and change nothing', async () => {
    const agent = (await t.db.selectFrom('agents').select('id').where('code', '=', 'AG001').executeTakeFirstOrThrow()).id;
    const entries = async () => (await t.db.selectFrom('account_entries').select('id').execute()).length;
    const before = await entries();
    const adjustment = await t.call({
      method: 'POST',
      url: `${V1}/finance/adjustments`,
      session: admin,
      payload: { partyType: 'agent', partyId: agent, amountFen: 100, reason: 12345 },
    });
    expect([adjustment.status, adjustment.body.msg]).toEqual([422, '原因须为文字']);
    const credit = await t.call({ method: 'PUT', url: `${V1}/finance/accounts/agent/${agent}/credit`, session: admin, payload: { creditLimitFen: 100, memo: { text: 'x' } } });
    expect([credit.status, credit.body.msg]).toEqual([422, '备注须为文字']);
    expect(await entries()).toBe(before);
  });
});

describe('uploads without a path category', () => {
  it('are refused (not filed under product/baseimage) and store nothing', async () => {
    const rows = async () =>
      Number(
        (
          await t.db
            .selectFrom('uploads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await rows();
    const png = await pngWithExif(20, 20);
    for (const parts of [
      [{ name: 'file', filename: 'a.png', type: 'image/png', data: png }],
      [
        { name: 'path', value: '' },
        { name: 'file', filename: 'a.png', type: 'image/png', data: png },
      ],
    ]) {
      const res = await t.call({ method: 'POST', url: '/api/erp/api/v1/common/uploadImg', session: admin, ...multipart(parts) });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'A0400', msg: '上传分类不正确', data: null });
    }
    expect(await rows()).toBe(before);
  });
});
