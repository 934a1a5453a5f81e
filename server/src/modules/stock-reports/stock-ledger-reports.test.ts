import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_COLUMN_KEYS } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { docsClient } from '../stock-docs/stock-docs-test-kit.ts';
import { seedScenario, type Scenario } from './stock-reports-test-kit.ts';

const API = '/api/admin/api/v1/stock/reports';

let t: TestApp;
let s: Scenario;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;

const get = (url: string, session: string) => t.call({ method: 'GET', url: `${API}${url}`, session });
type Row = Record<string, number | string | null>;
/** The non-zero figures of a row, e.g. { openingQuantity: 18, inboundIn: 6, … } */
const figuresOf = (row: Row) =>
  Object.fromEntries(['openingQuantity', ...INVENTORY_COLUMN_KEYS, 'inQuantity', 'outQuantity', 'closingQuantity'].filter((k) => row[k] !== 0).map((k) => [k, row[k]]));

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent01, shop01, supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  s = await seedScenario(t);
});
afterAll(() => t?.close());

describe('inventory report', () => {
  it('per style for a period: opening, ins and outs by document type, closing', async () => {
    const res = await get('/inventory?groupBy=style&dateFrom=2026-02-01&dateTo=2026-02-28', admin);
    expect(res.status).toBe(200);
    const rows = res.body.data.records as Row[];
    expect(rows.map((r) => [r.key, r.styleNo])).toEqual([
      [`style:${s.jeansId}`, 'YS26M3102'],
      [`style:${s.coatId}`, 'YS26W1001'],
    ]);
    // the voided inbound nets to nothing in 入库
    expect(figuresOf(rows[0]!)).toEqual({ openingQuantity: 4, closingQuantity: 4 });
    expect(figuresOf(rows[1]!)).toEqual({ openingQuantity: 18, inboundIn: 6, transferIn: 8, transferOut: 8, inQuantity: 14, outQuantity: 8, closingQuantity: 24 });
    expect(figuresOf(res.body.data.totals)).toEqual({ openingQuantity: 22, inboundIn: 6, transferIn: 8, transferOut: 8, inQuantity: 14, outQuantity: 8, closingQuantity: 28 });
    expect(res.body.data.total).toBe(2);
  });

  it('per SKU in one warehouse over all time; closing equals the balance; rows without any figure are left out', async () => {
    const res = await get(`/inventory?warehouseId=${s.wh['WH-HZ']}`, admin);
    const rows = res.body.data.records as Row[];
    expect(rows.map((r) => [r.styleNo, r.colourName, r.sizeName, figuresOf(r)])).toEqual([
      ['YS26M3102', '藏青', 'M', { openingIn: 4, stocktakeGain: 1, transferOut: 1, inQuantity: 5, outQuantity: 1, closingQuantity: 4 }],
      ['YS26W1001', '黑色', 'L', { openingIn: 3, stocktakeLoss: 1, inQuantity: 3, outQuantity: 1, closingQuantity: 2 }],
      ['YS26W1001', '驼色', 'S', { openingIn: 10, inboundIn: 6, transferOut: 3, inQuantity: 16, outQuantity: 3, closingQuantity: 13 }],
      ['YS26W1001', '驼色', 'M', { openingIn: 5, transferOut: 2, inQuantity: 5, outQuantity: 2, closingQuantity: 3 }],
    ]);
    // jeans BK-XL came in and was voided: every figure is 0, so no row
    expect(rows.some((r) => r.skuId === s.jeans['BK-XL'])).toBe(false);
    expect(rows[2]).toMatchObject({ key: `sku:${s.coat['CA-S']}`, skuId: s.coat['CA-S'], productId: s.coatId, productName: '女式双面羊毛大衣' });
    const balances = await t.db
      .selectFrom('stock_balances')
      .select((eb) => eb.fn.sum<string>('quantity').as('q'))
      .where('warehouse_id', '=', s.wh['WH-HZ']!)
      .where('sku_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(res.body.data.totals.closingQuantity).toBe(Number(balances.q));
  });

  it('the period after the last move: opening = closing, nothing moved', async () => {
    const res = await get('/inventory?dateFrom=2026-03-06&groupBy=style', admin);
    expect(res.body.data.records.map((r: Row) => [r.styleNo, figuresOf(r)])).toEqual([
      ['YS26M3102', { openingQuantity: 5, closingQuantity: 5 }],
      ['YS26W1001', { openingQuantity: 22, closingQuantity: 22 }],
    ]);
  });

  it('filters, sorts and pages; refuses bad dates', async () => {
    expect((await get('/inventory?keyword=YS26M', admin)).body.data.records.map((r: Row) => r.styleNo)).toEqual(['YS26M3102']);
    const sorted = await get('/inventory?sort=closingQuantity&order=desc&limit=10', admin);
    expect(sorted.body.data.records[0]).toMatchObject({ styleNo: 'YS26W1001', sizeName: 'S', closingQuantity: 15 });
    expect((await get('/inventory?page=2&limit=10', admin)).body.data).toMatchObject({ records: [], total: 4 });
    expect((await get('/inventory?dateFrom=2026-13-01', admin)).body.msg).toBe('开始日期不正确，格式为 YYYY-MM-DD');
    expect((await get('/inventory?dateTo=tomorrow', admin)).body.msg).toBe('结束日期不正确，格式为 YYYY-MM-DD');
    expect((await get('/inventory?dateFrom=2026-03-01&dateTo=2026-02-01', admin)).status).toBe(422);
    expect((await get('/inventory?groupBy=colour', admin)).status).toBe(422);
  });

  it("follows the scope: a shop sees its own warehouse's figures, a supplier is refused", async () => {
    const shop = await get('/inventory', shop01);
    expect(shop.body.data.records.map((r: Row) => [r.styleNo, r.sizeName, figuresOf(r)])).toEqual([
      ['YS26W1001', 'S', { transferIn: 3, outboundOut: 1, inQuantity: 3, outQuantity: 1, closingQuantity: 2 }],
    ]);
    expect((await get('/inventory', agent01)).body.data.totals.closingQuantity).toBe(2);
    expect((await get(`/inventory?warehouseId=${s.wh['WH-HZ']}`, shop01)).body.data.total).toBe(0);
    expect((await get('/inventory', supplier01)).status).toBe(403);
  });

  it('each figure equals the sum of the moves its drill-down lists', async () => {
    const report = await get(`/inventory?groupBy=style&dateFrom=2026-02-01&dateTo=2026-03-31&warehouseId=${s.wh['WH-HZ']}`, admin);
    for (const row of report.body.data.records as Row[]) {
      for (const column of INVENTORY_COLUMN_KEYS) {
        const moves = await get(`/moves?productId=${row.productId}&warehouseId=${s.wh['WH-HZ']}&dateFrom=2026-02-01&dateTo=2026-03-31&column=${column}&limit=100`, admin);
        const sum = (moves.body.data.records as { quantity: number }[]).reduce((a, m) => a + m.quantity, 0);
        expect([row.styleNo, column, Math.abs(sum)]).toEqual([row.styleNo, column, row[column]]);
      }
    }
  });
});

describe('in transit', () => {
  type Transit = {
    docNo: string;
    warehouseName: string;
    toWarehouseName: string;
    quantity: number;
    lineCount: number;
    valueFen?: number;
    shippedAt: string;
    shippedByName: string;
  };

  it("lists shipped, unreceived transfers with totals equal to the transit warehouse's stock", async () => {
    const res = await get('/in-transit', admin);
    expect(res.body.data.records.map((r: Transit) => [r.docNo, r.warehouseName, r.toWarehouseName, r.quantity, r.lineCount, r.valueFen])).toEqual([
      ['DB20260301-9001', '杭州总仓', '湖滨银泰店仓', 1, 1, 12800],
      ['DB20260220-9001', '杭州总仓', '上海南京西路旗舰店仓', 2, 1, 104000],
    ]);
    expect(res.body.data.records[1]).toMatchObject({ id: s.docs.toSh003.id, shippedAt: '2026-02-20T02:00:00.000Z', shippedByName: '系统管理员' });
    expect(res.body.data.records[1].daysInTransit).toBeGreaterThan(0);
    expect(res.body.data.totals).toEqual({ quantity: 3, lineCount: 2, valueFen: 116800 });
    const transit = await t.db
      .selectFrom('stock_balances')
      .select((eb) => eb.fn.sum<string>('quantity').as('q'))
      .where('warehouse_id', '=', s.wh['WH-TRANSIT']!)
      .executeTakeFirstOrThrow();
    expect(Number(transit.q)).toBe(res.body.data.totals.quantity);
  });

  it('filters by warehouse (either side), shipping date and doc no.', async () => {
    const docNos = async (query: string) => (await get(`/in-transit?${query}`, admin)).body.data.records.map((r: Transit) => r.docNo);
    expect(await docNos(`warehouseId=${s.wh['WH-SH003']}`)).toEqual(['DB20260220-9001']);
    expect(await docNos(`warehouseId=${s.wh['WH-HZ']}`)).toHaveLength(2);
    expect(await docNos('dateFrom=2026-02-21')).toEqual(['DB20260301-9001']);
    expect(await docNos('dateTo=2026-02-20')).toEqual(['DB20260220-9001']);
    expect(await docNos('keyword=0220')).toEqual(['DB20260220-9001']);
    expect(await docNos('sort=quantity&order=asc')).toEqual(['DB20260301-9001', 'DB20260220-9001']);
    expect((await get('/in-transit?dateFrom=2026-02-31', admin)).status).toBe(422);
  });

  it('shows a transfer to those who see its source or destination, without value outside HQ', async () => {
    const shop = await get('/in-transit', shop01);
    expect(shop.body.data.records.map((r: Transit) => r.docNo)).toEqual(['DB20260301-9001']);
    expect(shop.body.data.records[0]).not.toHaveProperty('valueFen');
    expect(shop.body.data.totals).toEqual({ quantity: 1, lineCount: 1 });
    expect((await get('/in-transit', agent01)).body.data.records.map((r: Transit) => r.docNo)).toEqual(['DB20260301-9001']);
    expect((await get('/in-transit', supplier01)).status).toBe(403);
  });
});

describe('with documents posted through the stock documents API', () => {
  it('a shipped transfer is in transit with its lines; its moves carry its number; receiving clears it', async () => {
    const docs = docsClient(t);
    const inboundId = await docs.posted('inbound', admin, { warehouseId: s.wh['WH-SH002'], bizType: 'other' }, [{ skuId: s.jeans['BK-XL'], quantity: 4 }]);
    const id = await docs.draft('transfer', admin, { warehouseId: s.wh['WH-SH002'], toWarehouseId: s.wh['WH-SH001'] }, [{ skuId: s.jeans['BK-XL'], quantity: 3 }]);
    for (const action of ['submit', 'ship']) expect((await docs.act('transfer', admin, id, action)).status).toBe(200);
    const docNo = (await docs.get('transfer', admin, id)).body.data.docNo as string;

    const listed = (await get(`/in-transit?keyword=${docNo}`, agent01)).body.data;
    expect(listed.records).toEqual([
      expect.objectContaining({ id, docNo, warehouseName: '宁波天一广场店仓', toWarehouseName: '湖滨银泰店仓', quantity: 3, lineCount: 1, daysInTransit: 0 }),
    ]);
    const moves = await get(`/moves?skuId=${s.jeans['BK-XL']}&warehouseId=${s.wh['WH-SH002']}&order=asc`, agent01);
    expect(
      moves.body.data.records.map((m: { docKind: string; docId: number; quantity: number; balanceAfter: number }) => [m.docKind, m.docId, m.quantity, m.balanceAfter]),
    ).toEqual([
      ['inbound', inboundId, 4, 4],
      ['transfer', id, -3, 1],
    ]);

    expect((await docs.act('transfer', admin, id, 'receive')).status).toBe(200);
    expect((await get(`/in-transit?keyword=${docNo}`, admin)).body.data.total).toBe(0);
    const shop = await get(`/inventory?keyword=YS26M3102`, shop01);
    expect(shop.body.data.records.map((r: Row) => [r.colourName, r.sizeName, r.transferIn, r.closingQuantity])).toEqual([['黑色', 'XL', 3, 3]]);
  });
});
