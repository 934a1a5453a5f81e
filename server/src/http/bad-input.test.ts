import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

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
      for (const day of ['2026-13-01', '0000-00-00', '2026-02-30', '0000-01-01', '2026-04-31']) {
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
