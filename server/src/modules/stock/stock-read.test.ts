import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from './ledger-consistency.ts';
import { materialIdOf, openWarehouseMenus, post, reverse, shelfIdOf, skuOf, userIdOf, warehouseIdOf } from './stock-test-kit.ts';

const API = '/api/admin/api/v1/stock';

let t: TestApp;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;
const wh: Record<string, number> = {};
let coat: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let bag: number;

const get = (url: string, session: string) => t.call({ method: 'GET', url, session });
type Balance = { warehouseName: string; shelfCode: string; styleNo: string; colourName: string; sizeName: string; materialCode: string; quantity: number };
const rowsOf = (res: { body: any }) =>
  (res.body.data.records as Balance[]).map((r) => [r.warehouseName, r.shelfCode, r.styleNo || r.materialCode, r.colourName, r.sizeName, r.quantity]);

beforeAll(async () => {
  t = await createTestApp();
  await openWarehouseMenus(t);
  [admin, agent01, shop01, supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  for (const code of ['WH-HZ', 'WH-SH001', 'WH-SH002', 'WH-SH003']) wh[code] = await warehouseIdOf(t.db, code);
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'S');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  bag = await materialIdOf(t.db, 'WL-BAG-M');
  const adminId = await userIdOf(t.db, 'admin');
  const a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
  await post(t.db, adminId, 1, [
    { warehouseId: wh['WH-HZ'], shelfId: a1, skuId: coat.id, quantity: 10, unitCostFen: 52000 },
    { warehouseId: wh['WH-HZ'], skuId: jeans.id, quantity: 7 },
    { warehouseId: wh['WH-HZ'], materialId: bag, quantity: 300 },
  ]);
  for (const [doc, code, q] of [
    [2, 'WH-SH001', 3],
    [3, 'WH-SH002', 2],
    [4, 'WH-SH003', 4],
  ] as const) {
    await post(t.db, adminId, doc, [{ warehouseId: wh['WH-HZ'], shelfId: a1, skuId: coat.id, quantity: -q }], 'transfer_out');
    await post(t.db, adminId, doc, [{ warehouseId: wh[code]!, skuId: coat.id, quantity: q }], 'transfer_in');
  }
  await post(t.db, adminId, 5, [{ warehouseId: wh['WH-SH001'], skuId: coat.id, quantity: -1 }], 'outbound');
  await post(t.db, adminId, 6, [{ warehouseId: wh['WH-SH001'], skuId: coat.id, quantity: -1 }], 'outbound');
  await reverse(t.db, adminId, 6);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('stock balances', () => {
  it('HQ sees every non-zero balance with its place and item, filtered by warehouse, shelf, keyword and item type', async () => {
    const all = await get(`${API}/balances?limit=20`, admin);
    expect(rowsOf(all)).toEqual([
      ['杭州总仓', '', 'WL-BAG-M', '', '', 300],
      ['杭州总仓', '', 'YS26M3102', '黑色', 'L', 7],
      ['杭州总仓', 'A-01-01', 'YS26W1001', '驼色', 'S', 1],
      ['湖滨银泰店仓', '', 'YS26W1001', '驼色', 'S', 2],
      ['宁波天一广场店仓', '', 'YS26W1001', '驼色', 'S', 2],
      ['上海南京西路旗舰店仓', '', 'YS26W1001', '驼色', 'S', 4],
    ]);
    expect(all.body.data.records[2]).toMatchObject({ itemType: 'sku', skuId: coat.id, barcode: coat.barcode, productName: '女式双面羊毛大衣', warehouseCode: 'WH-HZ' });
    expect(rowsOf(await get(`${API}/balances?warehouseId=${wh['WH-HZ']}&itemType=material`, admin))).toEqual([['杭州总仓', '', 'WL-BAG-M', '', '', 300]]);
    expect((await get(`${API}/balances?keyword=${coat.barcode}`, admin)).body.data.total).toBe(4);
    expect((await get(`${API}/balances?keyword=ys26m`, admin)).body.data.total).toBe(1);
    const shelf = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
    expect((await get(`${API}/balances?shelfId=${shelf}`, admin)).body.data.total).toBe(1);
    expect((await get(`${API}/balances?sort=quantity&order=desc`, admin)).body.data.records[0].quantity).toBe(300);
    expect((await get(`${API}/balances?sort=price`, admin)).status).toBe(422);
    expect((await get(`${API}/balances?itemType=box`, admin)).status).toBe(422);
  });

  it("an agent sees its shops' stock, a shop its own; a supplier is refused", async () => {
    expect(rowsOf(await get(`${API}/balances`, agent01)).map((r) => r[0])).toEqual(['湖滨银泰店仓', '宁波天一广场店仓']);
    expect(rowsOf(await get(`${API}/balances`, shop01))).toEqual([['湖滨银泰店仓', '', 'YS26W1001', '驼色', 'S', 2]]);
    // another warehouse's id in the filter finds nothing
    expect((await get(`${API}/balances?warehouseId=${wh['WH-HZ']}`, shop01)).body.data.total).toBe(0);
    expect((await get(`${API}/balances`, supplier01)).status).toBe(403);
  });
});

describe("an item's movements", () => {
  it('lists moves newest first with the running balance per warehouse and the document for drill-down', async () => {
    const res = await get(`${API}/moves?skuId=${coat.id}&warehouseId=${wh['WH-SH001']}`, admin);
    expect(res.body.data.records.map((m: { docType: string; docId: number; quantity: number; balanceAfter: number }) => [m.docType, m.docId, m.quantity, m.balanceAfter])).toEqual([
      ['outbound', 6, 1, 2],
      ['outbound', 6, -1, 1],
      ['outbound', 5, -1, 2],
      ['transfer_in', 2, 3, 3],
    ]);
    expect(res.body.data.records[0]).toMatchObject({ docTypeName: '出库', createdByName: '系统管理员', warehouseName: '湖滨银泰店仓' });
    expect(res.body.data.records[0].reversesMoveId).toBe(res.body.data.records[1].id);

    const hq = await get(`${API}/moves?skuId=${coat.id}&order=asc&limit=10`, admin);
    const inHz = hq.body.data.records.filter((m: { warehouseId: number }) => m.warehouseId === wh['WH-HZ']);
    expect(inHz.map((m: { balanceAfter: number }) => m.balanceAfter)).toEqual([10, 7, 5, 1]);
    expect(inHz[0]).toMatchObject({ shelfCode: 'A-01-01', unitCostFen: 52000, docTypeName: '入库' });
    expect(hq.body.data.total).toBe(10);
    const material = await get(`${API}/moves?materialId=${bag}`, admin);
    expect(material.body.data.records).toHaveLength(1);
  });

  it('needs exactly one item and follows the scope', async () => {
    expect((await get(`${API}/moves`, admin)).body).toMatchObject({ code: 'A0400', msg: '查询流水须指定一个商品SKU或一个物料' });
    expect((await get(`${API}/moves?skuId=${coat.id}&materialId=${bag}`, admin)).status).toBe(422);
    const own = await get(`${API}/moves?skuId=${coat.id}`, shop01);
    expect(new Set(own.body.data.records.map((m: { warehouseName: string }) => m.warehouseName))).toEqual(new Set(['湖滨银泰店仓']));
    expect((await get(`${API}/moves?skuId=${coat.id}&warehouseId=${wh['WH-HZ']}`, shop01)).body.data.total).toBe(0);
    expect((await get(`${API}/moves?materialId=${bag}`, agent01)).body.data.total).toBe(0);
  });

  it('keeps a material with stock records from being deleted', async () => {
    const res = await t.call({ method: 'DELETE', url: `/api/admin/api/v1/materials/${bag}`, session: admin });
    expect([res.status, res.body.msg]).toEqual([409, '该物料已有库存记录，不能删除，可改为停用']);
  });
});

describe('the default order, read page by page', () => {
  it('pages goods and materials in item order exactly as sorting every balance would, either way, with or without zero balances', async () => {
    const adminId = await userIdOf(t.db, 'admin');
    const skus = (await t.db.selectFrom('skus').select('id').orderBy('id').execute()).map((r) => r.id);
    const materials = (await t.db.selectFrom('materials').select('id').orderBy('id').execute()).map((r) => r.id);
    const shelves = (await t.db.selectFrom('shelves').select('id').where('warehouse_id', '=', wh['WH-HZ']!).orderBy('id').execute()).map((r) => r.id);
    const shops = [wh['WH-SH001']!, wh['WH-SH002']!, wh['WH-SH003']!];
    const lines = [
      ...skus.flatMap((skuId, i) => [
        { warehouseId: wh['WH-HZ']!, shelfId: i % 3 ? shelves[i % shelves.length]! : null, skuId, quantity: 1 + (i % 5) },
        ...(i % 2 ? [{ warehouseId: shops[i % 3]!, skuId, quantity: 2 }] : []),
      ]),
      ...materials.map((materialId, i) => ({ warehouseId: i % 2 ? wh['WH-HZ']! : shops[i % 3]!, materialId, quantity: 5 })),
    ];
    // a keyword held by many products (more than the list starts from; it walks and tests instead)
    const ref = async (table: 'brands' | 'size_groups' | 'colours', column: 'id') => (await t.db.selectFrom(table).select(column).orderBy('id').executeTakeFirstOrThrow()).id;
    const category = (await t.db.selectFrom('product_categories').select('id').where('level', '=', 3).orderBy('id').executeTakeFirstOrThrow()).id;
    const [brand, group, colour] = [await ref('brands', 'id'), await ref('size_groups', 'id'), await ref('colours', 'id')];
    const size = (await t.db.selectFrom('sizes').select('id').where('group_id', '=', group).orderBy('id').executeTakeFirstOrThrow()).id;
    const many = await t.db
      .insertInto('products')
      .values(
        Array.from({ length: 600 }, (_, i) => ({
          style_no: `PL${String(i).padStart(4, '0')}`,
          name: `批量款 ${i}`,
          brand_id: brand,
          category_id: category,
          year: 2026,
          season: 'winter',
          gender: 'female',
          unit: 'jian',
          retail_price_fen: 1,
          wholesale_price_fen: 1,
          cost_price_fen: 1,
          size_group_id: group,
        })),
      )
      .returning('id')
      .execute();
    const stocked = await t.db
      .insertInto('skus')
      .values([many[5]!, many[300]!, many[599]!].map((p, i) => ({ product_id: p.id, colour_id: colour, size_id: size, barcode: `PL-BAR-${i}` })))
      .returning('id')
      .execute();
    lines.push(...stocked.map((k, i) => ({ warehouseId: i ? wh['WH-HZ']! : shops[0]!, skuId: k.id, quantity: 3 })));
    await post(t.db, adminId, 100, lines);
    // one balance back to zero
    await post(t.db, adminId, 101, [{ warehouseId: shops[1]!, skuId: skus[1]!, quantity: -2 }], 'outbound');

    const everyBalance = (desc: boolean, includeZero: boolean, itemType?: 'sku' | 'material', extra: { warehouseId?: number; keyword?: string } = {}) => {
      let q = t.db
        .selectFrom('stock_balances as b')
        .innerJoin('warehouses as w', 'w.id', 'b.warehouse_id')
        .leftJoin('shelves as s', 's.id', 'b.shelf_id')
        .leftJoin('skus as k', 'k.id', 'b.sku_id')
        .leftJoin('products as p', 'p.id', 'k.product_id')
        .leftJoin('colours as c', 'c.id', 'k.colour_id')
        .leftJoin('sizes as z', 'z.id', 'k.size_id')
        .leftJoin('materials as m', 'm.id', 'b.material_id')
        .select('b.id');
      if (!includeZero) q = q.where('b.quantity', '<>', 0);
      if (itemType === 'sku') q = q.where('b.sku_id', 'is not', null);
      if (itemType === 'material') q = q.where('b.material_id', 'is not', null);
      if (extra.warehouseId) q = q.where('b.warehouse_id', '=', extra.warehouseId);
      if (extra.keyword) {
        const like = `%${extra.keyword}%`;
        q = q.where((eb) =>
          eb.or([eb('p.style_no', 'ilike', like), eb('p.name', 'ilike', like), eb('k.barcode', '=', extra.keyword!), eb('m.code', 'ilike', like), eb('m.name', 'ilike', like)]),
        );
      }
      const direction = desc ? sql`desc` : sql`asc`;
      return q.orderBy(sql`coalesce(p.style_no, m.code) ${direction}, c.sort, c.id, z.sort, z.id, w.code, s.code, b.id`).execute();
    };
    const barcode = (await t.db.selectFrom('skus').select('barcode').where('id', '=', skus[3]!).executeTakeFirstOrThrow()).barcode;
    const cases = [
      [false, undefined, {}],
      [true, undefined, {}],
      [false, 'sku', {}],
      [true, 'material', {}],
      // a keyword: a barcode, a style no. part, a name part, a material code part
      [false, undefined, { keyword: barcode }],
      [false, undefined, { keyword: '26W' }],
      [false, undefined, { keyword: '羊毛' }],
      [false, undefined, { keyword: 'WL-' }],
      [false, undefined, { keyword: '批量款' }],
      [true, undefined, { keyword: 'PL-BAR-1' }],
      // one warehouse: few balances, sorted rather than walked
      [false, undefined, { warehouseId: wh['WH-HZ']! }],
      [true, 'sku', { warehouseId: shops[0]! }],
    ] as const;
    for (const desc of [false, true]) {
      for (const [includeZero, itemType, extra] of cases) {
        const expected = (await everyBalance(desc, includeZero, itemType, extra)).map((r) => r.id);
        expect(expected.length).toBeGreaterThan(0);
        const seen: number[] = [];
        for (let page = 1; page < 100; page++) {
          const filters = `${includeZero ? '&includeZero=true' : ''}${itemType ? `&itemType=${itemType}` : ''}${'keyword' in extra ? `&keyword=${encodeURIComponent(extra.keyword)}` : ''}${'warehouseId' in extra ? `&warehouseId=${extra.warehouseId}` : ''}`;
          const query = `sort=styleNo&order=${desc ? 'desc' : 'asc'}&limit=10&page=${page}${filters}`;
          const data = (await get(`${API}/balances?${query}`, admin)).body.data;
          seen.push(...data.records.map((r: { id: number }) => r.id));
          expect(data.total).toBe(expected.length);
          if (data.records.length < 10) break;
        }
        expect(seen).toEqual(expected);
      }
    }
  });
});

describe("a style's stock in one warehouse (按款号添加)", () => {
  it('sums every shelf per SKU of the style, and answers only for the caller’s own warehouses', async () => {
    const adminId = await userIdOf(t.db, 'admin');
    const coatM = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
    const { product_id: productId } = await t.db.selectFrom('skus').select('product_id').where('id', '=', coat.id).executeTakeFirstOrThrow();
    const url = (warehouseId: number) => `${API}/style-stock?warehouseId=${warehouseId}&productId=${productId}`;
    const quantities = async (warehouseId: number, session: string) => {
      const res = await get(url(warehouseId), session);
      expect(res.status).toBe(200);
      return new Map((res.body.data.items as { skuId: number; quantity: number }[]).map((i) => [i.skuId, i.quantity]));
    };
    const before = await quantities(wh['WH-HZ']!, admin);
    await post(t.db, adminId, 900, [
      { warehouseId: wh['WH-HZ']!, shelfId: await shelfIdOf(t.db, 'WH-HZ', 'A-01-01'), skuId: coatM.id, quantity: 4 },
      { warehouseId: wh['WH-HZ']!, skuId: coatM.id, quantity: 3 },
    ]);
    const after = await quantities(wh['WH-HZ']!, admin);
    expect(after.get(coatM.id)).toBe((before.get(coatM.id) ?? 0) + 7);
    expect(after.get(coat.id)).toBe(before.get(coat.id));
    // only the style's SKUs, never another style's (jeans are in WH-HZ too)
    expect(after.has(jeans.id)).toBe(false);
    const { balance } = await t.db
      .selectFrom('stock_balances')
      .select((eb) => eb.fn.sum<string>('quantity').as('balance'))
      .where('warehouse_id', '=', wh['WH-SH001']!)
      .where('sku_id', '=', coat.id)
      .executeTakeFirstOrThrow();
    // a shop its own warehouse; its agent the shop's warehouse too
    expect((await quantities(wh['WH-SH001']!, shop01)).get(coat.id)).toBe(Number(balance));
    expect((await quantities(wh['WH-SH001']!, agent01)).get(coat.id)).toBe(Number(balance));

    // another's warehouse is not there for a shop or an agent; a supplier may not ask at all
    const foreign = await get(url(wh['WH-HZ']!), shop01);
    expect([foreign.status, foreign.body.msg]).toEqual([404, '仓库不存在']);
    expect((await get(url(wh['WH-SH003']!), agent01)).status).toBe(404);
    expect((await get(url(wh['WH-SH001']!), supplier01)).status).toBe(403);
    expect((await get(`${API}/style-stock?warehouseId=abc&productId=${productId}`, admin)).status).toBe(422);
    expect((await get(`${API}/style-stock?warehouseId=${wh['WH-HZ']}`, admin)).status).toBe(422);
  });
});
