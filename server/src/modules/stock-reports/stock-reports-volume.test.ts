import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockLineInput } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { post, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';

// The reports against a few thousand moves: the figures still add up and each answer stays quick
// (SQL aggregation; nothing is summed row by row in JS).

const API = '/api/admin/api/v1/stock/reports';
const POSTINGS = 30;
const LINES = 100;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const userId = await userIdOf(t.db, 'admin');
  const warehouses = await Promise.all(['WH-HZ', 'WH-SH001', 'WH-SH002', 'WH-SH003'].map((c) => warehouseIdOf(t.db, c)));
  const skus = (await t.db.selectFrom('skus').select('id').orderBy('id').execute()).map((r) => r.id);
  for (let doc = 1; doc <= POSTINGS; doc++) {
    const lines: StockLineInput[] = [];
    for (let i = 0; i < LINES; i++) {
      const n = doc * LINES + i;
      // receipts first, then mostly small issues, spread over SKUs and warehouses
      lines.push({ warehouseId: warehouses[n % warehouses.length]!, skuId: skus[Math.floor(n / warehouses.length) % skus.length]!, quantity: doc <= 10 ? 50 : -((n % 3) + 1) });
    }
    await post(t.db, userId, doc, lines, doc <= 10 ? 'inbound' : 'outbound');
  }
}, 120_000);
afterAll(() => t?.close());

describe('reports over a few thousand moves', () => {
  it('add up to the balances and answer quickly', async () => {
    expect(Number((await t.db.selectFrom('stock_moves').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)).toBe(POSTINGS * LINES);
    const balance = Number((await t.db.selectFrom('stock_balances').select((eb) => eb.fn.sum<string>('quantity').as('q')).executeTakeFirstOrThrow()).q);
    const timed = async (url: string) => {
      const started = performance.now();
      const res = await t.call({ method: 'GET', url: `${API}${url}`, session: admin });
      const ms = performance.now() - started;
      expect(res.status).toBe(200);
      return { data: res.body.data, ms };
    };
    const bySku = await timed('/inventory?limit=100');
    expect(bySku.data.totals.closingQuantity).toBe(balance);
    expect(bySku.data.totals.inboundIn - bySku.data.totals.outboundOut).toBe(balance);
    const byStyle = await timed('/inventory?groupBy=style&dateFrom=2020-01-01&limit=100');
    expect(byStyle.data.totals.closingQuantity).toBe(balance);
    const grid = await timed('/style-grid?byWarehouse=true&limit=100');
    expect(grid.data.totals.quantity).toBe(balance);
    const summary = await timed('/warehouse-summary');
    expect(summary.data.totals.quantity).toBe(balance);
    const skuId = (await t.db.selectFrom('skus').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await timed(`/moves?skuId=${skuId}&limit=100`);
    // generous: an embedded database in a busy test run; a scan row by row would take far longer
    for (const r of [bySku, byStyle, grid, summary]) expect(r.ms).toBeLessThan(3000);
  });
});
