import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { materialIdOf, openWarehouseMenus, post, shelfIdOf, skuOf, userIdOf } from '../stock/stock-test-kit.ts';

const API = '/api/admin/api/v1';

let t: TestApp;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;
let adminId: number;
const wh: Record<string, number> = {};

const get = (url: string, session: string) => t.call({ method: 'GET', url, session });
const send = (method: 'POST' | 'PUT', url: string, session: string, payload?: unknown) => t.call({ method, url, session, payload: payload as object });
const shelfCount = async (warehouseId: number) =>
  Number(
    (
      await t.db
        .selectFrom('shelves')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('warehouse_id', '=', warehouseId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  await openWarehouseMenus(t);
  [admin, agent01, shop01, supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  adminId = await userIdOf(t.db, 'admin');
  for (const row of await t.db.selectFrom('warehouses').select(['id', 'code']).execute()) wh[row.code] = row.id;
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('shelf lists by scope', () => {
  it("lists a warehouse's shelves in order with filters; other warehouses are 404 outside the scope", async () => {
    const res = await get(`${API}/warehouses/${wh['WH-HZ']}/shelves?limit=20`, admin);
    expect(res.body.data.total).toBe(18);
    expect(res.body.data.records.slice(0, 5).map((s: { code: string }) => s.code)).toEqual(['A-01-01', 'A-01-02', 'A-01-03', 'A-01-04', 'A-02-01']);
    expect(res.body.data.records[0]).toMatchObject({ warehouseId: wh['WH-HZ'], warehouseName: '杭州总仓', enabled: true, quantity: 0 });
    expect((await get(`${API}/warehouses/${wh['WH-HZ']}/shelves?keyword=b-02`, admin)).body.data.total).toBe(3);
    expect((await get(`${API}/warehouses/${wh['WH-HZ']}/shelves?sort=name`, admin)).status).toBe(422);

    expect((await get(`${API}/warehouses/${wh['WH-SH001']}/shelves`, shop01)).body.data.total).toBe(0);
    const foreign = await get(`${API}/warehouses/${wh['WH-SH003']}/shelves`, shop01);
    expect([foreign.status, foreign.body.msg]).toEqual([404, '仓库不存在']);
    const s01 = await shelfIdOf(t.db, 'WH-SH003', 'S-01');
    expect((await get(`${API}/shelves/${s01}`, agent01)).status).toBe(404);
    expect((await get(`${API}/shelves/${s01}/stock`, shop01)).status).toBe(404);
    expect((await get(`${API}/shelves/${s01}`, admin)).body.data).toMatchObject({ code: 'S-01', warehouseName: '上海南京西路旗舰店仓' });
    expect((await get(`${API}/warehouses/${wh['WH-HZ']}/shelves`, supplier01)).status).toBe(403);
    // reading is not editing
    expect((await send('POST', `${API}/warehouses/${wh['WH-SH001']}/shelves`, shop01, { code: 'X1' })).status).toBe(403);
  });
});

describe('creating shelves', () => {
  it('creates one shelf; refuses bad or taken codes (any case) and the in-transit warehouse', async () => {
    const sh001 = wh['WH-SH001'];
    const created = await send('POST', `${API}/warehouses/${sh001}/shelves`, admin, { code: 'C-01', name: '收银台后', sort: 5 });
    expect(created.body).toMatchObject({ code: '201', msg: '新增成功' });
    const before = await shelfCount(sh001);
    const cases: [unknown, number, string][] = [
      [{ code: '' }, 422, '请输入货架编码'],
      [{ code: '货架1' }, 422, '货架编码须为1-32位字母、数字、下划线或短横线，且以字母或数字开头'],
      [{ code: 'C-02', name: '名'.repeat(33) }, 422, '货架名称不能超过32个字符'],
      [{ code: 'C-02', sort: -1 }, 422, '排序须为0-9999的整数'],
      [{ code: 'c-01' }, 409, '货架编码“c-01”在该仓库已存在'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await send('POST', `${API}/warehouses/${sh001}/shelves`, admin, body);
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([status, msg]);
    }
    expect(await shelfCount(sh001)).toBe(before);
    // the same code is fine in another warehouse
    expect((await send('POST', `${API}/warehouses/${wh['WH-SH002']}/shelves`, admin, { code: 'C-01' })).body.code).toBe('201');
    const transit = await send('POST', `${API}/warehouses/${wh['WH-TRANSIT']}/shelves`, admin, { code: 'T-01' });
    expect([transit.status, transit.body.msg]).toEqual([409, '在途仓是虚拟仓，不能建货架']);
    expect((await send('POST', `${API}/warehouses/999999/shelves`, admin, { code: 'T-01' })).status).toBe(404);
  });

  it('creates a batch by pattern, all or nothing, at most 500', async () => {
    const id = wh['WH-SH002'];
    const res = await send('POST', `${API}/warehouses/${id}/shelves/batch`, admin, { prefix: 'A', rowFrom: 1, rowTo: 5, levelFrom: 1, levelTo: 4 });
    expect(res.body).toMatchObject({ code: '201', msg: '已新增20个货架', data: { count: 20 } });
    expect(res.body.data.codes.slice(0, 5)).toEqual(['A-01-01', 'A-01-02', 'A-01-03', 'A-01-04', 'A-02-01']);
    expect(res.body.data.codes.at(-1)).toBe('A-05-04');
    const before = await shelfCount(id);
    const overlap = await send('POST', `${API}/warehouses/${id}/shelves/batch`, admin, { prefix: 'a', rowFrom: 5, rowTo: 6, levelFrom: 4, levelTo: 5 });
    expect([overlap.status, overlap.body.msg]).toEqual([409, '货架编码已存在：A-05-04']);
    const huge = await send('POST', `${API}/warehouses/${id}/shelves/batch`, admin, { prefix: 'B', rowFrom: 1, rowTo: 30, levelFrom: 1, levelTo: 20 });
    expect([huge.status, huge.body.msg]).toEqual([422, '一次最多生成500个货架']);
    const reversed = await send('POST', `${API}/warehouses/${id}/shelves/batch`, admin, { prefix: 'B', rowFrom: 3, rowTo: 1 });
    expect(reversed.body.msg).toBe('排号须为1-999的整数，且起始不大于结束');
    expect(await shelfCount(id)).toBe(before);
    const rows = await send('POST', `${API}/warehouses/${id}/shelves/batch`, admin, { prefix: 'B', rowFrom: 1, rowTo: 500 });
    expect(rows.body.data.count).toBe(500);
    expect(rows.body.data.codes[0]).toBe('B-001');
  });
});

describe('editing, disabling and shelf stock', () => {
  it('edits code, name and sort; refuses a taken code', async () => {
    const id = await shelfIdOf(t.db, 'WH-SH003', 'S-04');
    const res = await send('PUT', `${API}/shelves/${id}`, admin, { code: 'S-09', name: '橱窗', sort: 1 });
    expect(res.body).toMatchObject({ code: '201', data: { code: 'S-09', name: '橱窗', sort: 1 } });
    const taken = await send('PUT', `${API}/shelves/${id}`, admin, { code: 's-01' });
    expect([taken.status, taken.body.msg]).toEqual([409, '货架编码“s-01”在该仓库已存在']);
    expect((await send('PUT', `${API}/shelves/999999`, admin, { code: 'S-10' })).status).toBe(404);
  });

  it("shows a shelf's stock with style no., colour, size and barcode, and refuses to disable it while stocked", async () => {
    const shelf = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
    const coat = await skuOf(t.db, 'YS26W1001', 'BK', 'M');
    const dress = await skuOf(t.db, 'YS26W2003', 'NV', 'S');
    const bag = await materialIdOf(t.db, 'WL-BAG-L');
    await post(t.db, adminId, 7001, [
      { warehouseId: wh['WH-HZ'], shelfId: shelf, skuId: dress.id, quantity: 4, unitCostFen: 18500 },
      { warehouseId: wh['WH-HZ'], shelfId: shelf, skuId: coat.id, quantity: 6, unitCostFen: 52000 },
      { warehouseId: wh['WH-HZ'], shelfId: shelf, materialId: bag, quantity: 100 },
    ]);
    const stock = await get(`${API}/shelves/${shelf}/stock`, admin);
    expect(stock.body.data.total).toBe(3);
    expect(
      stock.body.data.records.map((r: { styleNo: string; colourName: string; sizeName: string; quantity: number; materialCode: string }) => [
        r.styleNo || r.materialCode,
        r.colourName,
        r.sizeName,
        r.quantity,
      ]),
    ).toEqual([
      ['WL-BAG-L', '', '', 100],
      ['YS26W1001', '黑色', 'M', 6],
      ['YS26W2003', '藏青', 'S', 4],
    ]);
    expect(stock.body.data.records[1]).toMatchObject({ itemType: 'sku', barcode: coat.barcode, shelfCode: 'A-01-01', warehouseName: '杭州总仓' });
    expect((await get(`${API}/shelves/${shelf}/stock?keyword=${coat.barcode}`, admin)).body.data.total).toBe(1);
    expect((await get(`${API}/shelves/${shelf}`, admin)).body.data.quantity).toBe(110);

    const disable = await send('POST', `${API}/shelves/${shelf}/disable`, admin);
    expect([disable.status, disable.body.msg]).toEqual([409, '货架“A-01-01”还有库存（3条库存记录，合计110件），不能停用']);
    const empty = await shelfIdOf(t.db, 'WH-HZ', 'A-01-02');
    expect((await send('POST', `${API}/shelves/${empty}/disable`, admin)).body).toMatchObject({ code: '201', msg: '已停用', data: { enabled: false } });
    expect((await send('POST', `${API}/shelves/${empty}/disable`, admin)).body.msg).toBe('该货架已是停用状态');
    expect((await send('POST', `${API}/shelves/${empty}/enable`, admin)).body.data.enabled).toBe(true);
  });
});
