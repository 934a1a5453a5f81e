import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockLineInput } from '@erp/shared';
import { countStatements } from '../../../test/statement-count.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { post, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';

// The reports against a few thousand moves: the figures still add up and each answer costs a few
// statements whatever the number of moves (SQL aggregation; nothing is read row by row into JS).

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
  it('add up to the balances, each in a few statements', async () => {
    expect(
      Number(
        (
          await t.db
            .selectFrom('stock_moves')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(POSTINGS * LINES);
    const balance = Number(
      (
        await t.db
          .selectFrom('stock_balances')
          .select((eb) => eb.fn.sum<string>('quantity').as('q'))
          .executeTakeFirstOrThrow()
      ).q,
    );
    const read = async (url: string) => {
      const { value: res, statements } = await countStatements(() => t.call({ method: 'GET', url: `${API}${url}`, session: admin }));
      expect(res.status).toBe(200);
      return { data: res.body.data, statements: statements.length };
    };
    const bySku = await read('/inventory?limit=100');
    expect(bySku.data.totals.closingQuantity).toBe(balance);
    expect(bySku.data.totals.inboundIn - bySku.data.totals.outboundOut).toBe(balance);
    const byStyle = await read('/inventory?groupBy=style&dateFrom=2020-01-01&limit=100');
    expect(byStyle.data.totals.closingQuantity).toBe(balance);
    const grid = await read('/style-grid/totals?byWarehouse=true');
    expect(grid.data.quantity).toBe(balance);
    await read('/style-grid?byWarehouse=true&limit=100');
    const summary = await read('/warehouse-summary');
    expect(summary.data.totals.quantity).toBe(balance);
    const skuId = (await t.db.selectFrom('skus').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await read(`/moves?skuId=${skuId}&limit=100`);
    // the session check and a handful of aggregates, not a statement per move, SKU or warehouse
    console.info(
      'statements per report',
      [bySku, byStyle, grid, summary].map((r) => r.statements),
    );
    for (const r of [bySku, byStyle, grid, summary]) expect(r.statements).toBeLessThanOrEqual(8);
  });

  it('pages the grid in style order without counting: every grid once, as summing and sorting in SQL gives, as many as the totals say', async () => {
    for (const byWarehouse of [false, true]) {
      const totals = (await t.call({ method: 'GET', url: `${API}/style-grid/totals?byWarehouse=${byWarehouse}`, session: admin })).body.data;
      const expected = await t.db
        .selectFrom('stock_balances as b')
        .innerJoin('skus as k', 'k.id', 'b.sku_id')
        .innerJoin('products as p', 'p.id', 'k.product_id')
        .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
        .where('b.quantity', '<>', 0)
        .select(['p.style_no', byWarehouse ? 'w.code' : sql<string>`''`.as('code'), sql<string>`sum(b.quantity)`.as('q')])
        .groupBy(byWarehouse ? ['p.style_no', 'w.code'] : ['p.style_no'])
        .orderBy('p.style_no')
        .orderBy('code')
        .execute();
      const codes = new Map((await t.db.selectFrom('warehouses').select(['id', 'code']).execute()).map((w) => [w.id, w.code]));
      const seen: string[] = [];
      for (let page = 1; page < 100; page++) {
        const data = (await t.call({ method: 'GET', url: `${API}/style-grid?byWarehouse=${byWarehouse}&limit=10&page=${page}`, session: admin })).body.data;
        seen.push(
          ...data.records.map((g: { styleNo: string; warehouseId: number | null; total: number }) => `${g.styleNo} ${g.warehouseId ? codes.get(g.warehouseId) : ''} ${g.total}`),
        );
        if (!data.totalCapped) {
          expect(data.total).toBe(seen.length);
          break;
        }
        expect(data.records).toHaveLength(10);
        expect(data.total).toBe(page * 10 + 1);
      }
      expect(seen).toEqual(expected.map((r) => `${r.style_no} ${r.code} ${r.q}`));
      expect(totals.total).toBe(expected.length);
    }
  });
});
