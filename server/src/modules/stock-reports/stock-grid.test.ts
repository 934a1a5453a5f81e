import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stockDocInfoPath } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { seedScenario, type Scenario } from './stock-reports-test-kit.ts';

const API = '/api/admin/api/v1/stock/reports';

let t: TestApp;
let s: Scenario;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;

const get = (url: string, session: string) => t.call({ method: 'GET', url: `${API}${url}`, session });
type Grid = {
  styleNo: string;
  warehouseName: string;
  sizes: { name: string }[];
  rows: { colourName: string; quantities: number[]; total: number }[];
  sizeTotals: number[];
  total: number;
};
const gridOf = (g: Grid) => ({
  style: g.styleNo + (g.warehouseName ? `@${g.warehouseName}` : ''),
  sizes: g.sizes.map((z) => z.name).join(' '),
  rows: g.rows.map((r) => `${r.colourName}:${r.quantities.join(',')}=${r.total}`),
  sizeTotals: g.sizeTotals.join(','),
  total: g.total,
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, agent01, shop01, supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  s = await seedScenario(t);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('size-run grid', () => {
  it('shows each style as colour rows × size columns in size order, with totals and HQ value at cost', async () => {
    const res = await get('/style-grid', admin);
    expect(res.status).toBe(200);
    const { records, total } = res.body.data;
    expect(total).toBe(2);
    expect(records.map(gridOf)).toEqual([
      { style: 'YS26M3102', sizes: 'M L XL', rows: ['藏青:5,0,0=5'], sizeTotals: '5,0,0', total: 5 },
      { style: 'YS26W1001', sizes: 'S M L XL', rows: ['黑色:0,0,2,0=2', '驼色:15,5,0,0=20'], sizeTotals: '15,5,2,0', total: 22 },
    ]);
    expect(records[1]).toMatchObject({ productName: '女式双面羊毛大衣', costPriceFen: 52000, valueFen: 22 * 52000, warehouseId: null });
    // each cell names its SKU, for the movements drill-down
    expect(records[1].rows[1].skuIds.slice(0, 2)).toEqual([s.coat['CA-S'], s.coat['CA-M']]);
    // the whole filter's count and sums come on their own (paging does not change them)
    expect((await get('/style-grid/totals', admin)).body.data).toEqual({ total: 2, quantity: 27, valueFen: 22 * 52000 + 5 * 12800 });
    expect((await get('/style-grid/totals?byWarehouse=true', admin)).body.data).toMatchObject({ total: 5, quantity: 27 });
    expect((await get(`/style-grid/totals?keyword=${encodeURIComponent('牛仔')}`, admin)).body.data).toEqual({ total: 1, quantity: 5, valueFen: 5 * 12800 });
  });

  it('lists the grids in style-no. order either way (warehouses in code order within a style)', async () => {
    const first = (await get('/style-grid?byWarehouse=true&limit=10', admin)).body.data;
    expect(first.records).toHaveLength(5);
    // a page that is not full tells the exact total
    expect(first).toMatchObject({ total: 5 });
    expect(first).not.toHaveProperty('totalCapped');
    const asc = (await get('/style-grid?byWarehouse=true&limit=10&order=asc', admin)).body.data.records.map((g: Grid) => gridOf(g).style);
    const desc = (await get('/style-grid?byWarehouse=true&limit=10&order=desc', admin)).body.data.records.map((g: Grid) => gridOf(g).style);
    expect(desc.map((style: string) => style.split('@')[0])).toEqual([...asc].reverse().map((style: string) => style.split('@')[0]));
  });

  it('splits by warehouse and filters by warehouse, shelf, keyword, brand and category', async () => {
    const split = await get('/style-grid?byWarehouse=true&limit=20', admin);
    expect(split.body.data.records.map((g: Grid) => `${gridOf(g).style} ${g.total}`)).toEqual([
      // style no., then warehouse code (WH-HZ, WH-SH001, WH-TRANSIT)
      'YS26M3102@杭州总仓 4',
      'YS26M3102@在途仓 1',
      'YS26W1001@杭州总仓 18',
      'YS26W1001@湖滨银泰店仓 2',
      'YS26W1001@在途仓 2',
    ]);
    const shelf = await get(`/style-grid?warehouseId=${s.wh['WH-HZ']}&shelfId=${s.shelfA1}`, admin);
    expect(shelf.body.data.records.map(gridOf)).toEqual([{ style: 'YS26W1001', sizes: 'S M L XL', rows: ['驼色:7,0,0,0=7'], sizeTotals: '7,0,0,0', total: 7 }]);
    expect((await get('/style-grid?keyword=ys26w', admin)).body.data.records.map((g: Grid) => g.styleNo)).toEqual(['YS26W1001']);
    expect((await get(`/style-grid?keyword=${encodeURIComponent('牛仔')}`, admin)).body.data.records.map((g: Grid) => g.styleNo)).toEqual(['YS26M3102']);
    // a style-no. keyword matches from the start only
    expect((await get('/style-grid?keyword=26W', admin)).body.data.total).toBe(0);
    const brand = await t.db.selectFrom('products').select(['brand_id', 'category_id']).where('id', '=', s.coatId).executeTakeFirstOrThrow();
    expect((await get(`/style-grid?brandId=${brand.brand_id}`, admin)).body.data.total).toBe(2);
    expect((await get(`/style-grid?brandId=${brand.brand_id + 999}`, admin)).body.data.total).toBe(0);
    const parent = await t.db.selectFrom('product_categories').select('parent_id').where('id', '=', brand.category_id).executeTakeFirstOrThrow();
    expect((await get(`/style-grid?categoryId=${parent.parent_id}`, admin)).body.data.records.map((g: Grid) => g.styleNo)).toEqual(['YS26W1001']);
    expect((await get('/style-grid?sort=quantity&order=desc', admin)).body.data.records[0].styleNo).toBe('YS26W1001');
    expect((await get('/style-grid?page=2&limit=10', admin)).body.data).toMatchObject({ records: [], total: 2 });
  });

  it('follows the scope and keeps cost from everyone but HQ', async () => {
    const shop = await get('/style-grid', shop01);
    expect(shop.body.data.records.map(gridOf)).toEqual([{ style: 'YS26W1001', sizes: 'S M L XL', rows: ['驼色:2,0,0,0=2'], sizeTotals: '2,0,0,0', total: 2 }]);
    expect(shop.body.data.records[0]).not.toHaveProperty('costPriceFen');
    expect(shop.body.data.records[0]).not.toHaveProperty('valueFen');
    expect((await get('/style-grid/totals', shop01)).body.data).toEqual({ total: 1, quantity: 2 });
    expect(shop.raw).not.toContain('52000');
    expect((await get(`/style-grid?warehouseId=${s.wh['WH-HZ']}`, shop01)).body.data.total).toBe(0);
    expect((await get('/style-grid/totals', agent01)).body.data).toEqual({ total: 1, quantity: 2 });
    expect((await get('/style-grid/totals', supplier01)).status).toBe(403);
    expect((await get('/style-grid', supplier01)).status).toBe(403);
    expect((await get('/style-grid?byWarehouse=yes', admin)).status).toBe(422);
    expect((await get(`/style-grid?keyword=${'x'.repeat(61)}`, admin)).body.msg).toMatch('关键字不能超过60个字符');
  });
});

describe('summary by warehouse', () => {
  it('adds up goods per warehouse with HQ value at cost', async () => {
    const res = await get('/warehouse-summary', admin);
    const rows = res.body.data.records.map((r: { warehouseName: string; styleCount: number; skuCount: number; quantity: number; valueFen: number }) => [
      r.warehouseName,
      r.styleCount,
      r.skuCount,
      r.quantity,
      r.valueFen,
    ]);
    expect(rows).toEqual([
      ['杭州总仓', 2, 4, 22, 18 * 52000 + 4 * 12800],
      ['湖滨银泰店仓', 1, 1, 2, 2 * 52000],
      ['在途仓', 2, 2, 3, 2 * 52000 + 12800],
    ]);
    expect(res.body.data.totals).toEqual({ styleCount: 2, skuCount: 4, quantity: 27, valueFen: 22 * 52000 + 5 * 12800 });
    expect((await get('/warehouse-summary?sort=value&order=desc', admin)).body.data.records[0].warehouseName).toBe('杭州总仓');
    expect((await get('/warehouse-summary?keyword=YS26M', admin)).body.data.totals).toMatchObject({ quantity: 5, valueFen: 5 * 12800 });
  });

  it('shows a shop its own warehouse without value', async () => {
    const res = await get('/warehouse-summary', shop01);
    expect(res.body.data.records).toEqual([
      { warehouseId: s.wh['WH-SH001'], warehouseCode: 'WH-SH001', warehouseName: '湖滨银泰店仓', warehouseType: 'shop', styleCount: 1, skuCount: 1, quantity: 2 },
    ]);
    expect(res.body.data.totals).toEqual({ styleCount: 1, skuCount: 1, quantity: 2 });
    expect((await get('/warehouse-summary', supplier01)).status).toBe(403);
  });
});

describe('movements with documents', () => {
  type Move = {
    warehouseName: string;
    docNo: string;
    docKind: string | null;
    docId: number;
    docTypeName: string;
    quantity: number;
    balanceAfter: number;
    direction: string;
    isReversal: boolean;
  };

  it("lists an item's moves with document no. and kind for drill-down, and the running balance per warehouse", async () => {
    const res = await get(`/moves?skuId=${s.coat['CA-S']}&order=asc&limit=20`, admin);
    const rows = res.body.data.records.map((m: Move) => [m.warehouseName, m.docNo, m.docKind, m.quantity, m.balanceAfter]);
    expect(rows).toEqual([
      ['杭州总仓', 'QC20260105-9001', 'opening', 10, 10],
      ['杭州总仓', 'RK20260210-9001', 'inbound', 6, 16],
      ['杭州总仓', 'DB20260215-9001', 'transfer', -3, 13],
      ['在途仓', 'DB20260215-9001', 'transfer', 3, 3],
      ['在途仓', 'DB20260215-9001', 'transfer', -3, 0],
      ['湖滨银泰店仓', 'DB20260215-9001', 'transfer', 3, 3],
      ['湖滨银泰店仓', 'CK20260302-9001', 'outbound', -1, 2],
    ]);
    const transferRow = res.body.data.records[2];
    expect(stockDocInfoPath(transferRow.docKind, transferRow.docId)).toBe(`/erp/warehouse/transfer/info?id=${s.docs.toSh001.id}`);
    expect(res.body.data.records[1]).toMatchObject({
      docTypeName: '入库',
      unitCostFen: 50000,
      styleNo: 'YS26W1001',
      colourName: '驼色',
      sizeName: 'S',
      createdByName: '系统管理员',
    });
    // newest first by default
    expect((await get(`/moves?skuId=${s.coat['CA-S']}`, admin)).body.data.records[0].docNo).toBe('CK20260302-9001');
  });

  it('marks reversals and counts them against the move they reverse', async () => {
    const res = await get(`/moves?skuId=${s.jeans['BK-XL']}&order=asc`, admin);
    expect(res.body.data.records.map((m: Move) => [m.quantity, m.direction, m.isReversal, m.balanceAfter, m.docNo])).toEqual([
      [5, 'in', false, 5, 'RK20260211-9001'],
      [-5, 'in', true, 0, 'RK20260211-9001'],
    ]);
  });

  it("filters a style's moves by warehouse, dates and inventory column", async () => {
    const transfers = await get(`/moves?productId=${s.coatId}&column=transferIn&dateFrom=2026-02-01&dateTo=2026-02-28&order=asc`, admin);
    expect(transfers.body.data.records.map((m: Move) => [m.warehouseName, m.quantity, m.docNo])).toEqual([
      ['在途仓', 3, 'DB20260215-9001'],
      ['湖滨银泰店仓', 3, 'DB20260215-9001'],
      ['在途仓', 2, 'DB20260220-9001'],
    ]);
    const hz = await get(`/moves?productId=${s.coatId}&warehouseId=${s.wh['WH-HZ']}&dateTo=2026-02-10&order=asc`, admin);
    expect(hz.body.data.records.map((m: Move) => m.balanceAfter)).toEqual([10, 5, 3, 16]);
    const loss = await get(`/moves?productId=${s.coatId}&column=stocktakeLoss`, admin);
    expect(loss.body.data.records.map((m: Move) => [m.quantity, m.docKind, m.docNo])).toEqual([[-1, 'stocktake', 'PD20260305-9001']]);
    expect((await get(`/moves?skuId=${s.coat['CA-S']}&column=otherIn`, admin)).body.data.total).toBe(0);
  });

  it('needs one item, valid dates and a known column; follows the scope; hides unit cost from non-HQ', async () => {
    expect((await get('/moves', admin)).body.msg).toBe('查询流水须指定一个商品SKU、一个款或一个物料');
    expect((await get(`/moves?skuId=${s.coat['CA-S']}&productId=${s.coatId}`, admin)).status).toBe(422);
    expect((await get(`/moves?skuId=${s.coat['CA-S']}&dateFrom=2026-02-30`, admin)).body.msg).toBe('开始日期不正确，格式为 YYYY-MM-DD');
    expect((await get(`/moves?skuId=${s.coat['CA-S']}&dateFrom=2026-03-02&dateTo=2026-03-01`, admin)).body.msg).toBe('开始日期不能晚于结束日期');
    expect((await get(`/moves?skuId=${s.coat['CA-S']}&column=gift`, admin)).body.msg).toMatch('报表栏目不正确');
    const shop = await get(`/moves?skuId=${s.coat['CA-S']}&order=asc`, shop01);
    expect(shop.body.data.records.map((m: Move) => [m.warehouseName, m.quantity, m.balanceAfter])).toEqual([
      ['湖滨银泰店仓', 3, 3],
      ['湖滨银泰店仓', -1, 2],
    ]);
    expect(shop.body.data.records[0]).not.toHaveProperty('unitCostFen');
    expect((await get(`/moves?skuId=${s.coat['CA-S']}&warehouseId=${s.wh['WH-HZ']}`, shop01)).body.data.total).toBe(0);
    expect((await get(`/moves?skuId=${s.coat['CA-S']}`, supplier01)).status).toBe(403);
  });
});
