import { shanghaiToday, SHOP_INVENTORY_QUANTITY_MAX, ShopInventoryMessages } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { answer, INV, inventoryCalls, inventoryWorld, type InventoryWorld } from './inventory-test-kit.ts';

// 库存上报: who may call what (403), whose reports and warehouses one sees (404 otherwise: shop01
// against other shops, agent01 against AG009's shop and HQ's), and every bad input refused with a
// Chinese message and nothing written.

let t: TestApp;
let w: InventoryWorld;
let c: ReturnType<typeof inventoryCalls>;
const today = shanghaiToday();
const rows = async () => {
  const [reports, lines] = await Promise.all([
    t.db.selectFrom('shop_inventory_reports').selectAll().orderBy('id').execute(),
    t.db.selectFrom('shop_inventory_lines').selectAll().orderBy('id').execute(),
  ]);
  return { reports, lines };
};

beforeAll(async () => {
  t = await createTestApp();
  w = await inventoryWorld(t);
  c = inventoryCalls(t);
});
afterAll(() => t?.close());

const body = (warehouseId: number, lines: object[] = [{ skuId: w.sku.coat.id, quantity: 2 }]) => ({ warehouseId, countDate: today, lines });

describe('who may call what', () => {
  it('refuses a supplier and an HQ clerk without the codes every call, and a shop or agent the audit and post, with 403', async () => {
    const id = await c.draft(w.shop01, body(w.wh.sh001));
    expect((await c.act(w.shop01, id, 'submit')).status).toBe(200);
    const before = await rows();
    for (const session of [w.supplier01, w.clerk01]) {
      for (const [method, url, payload] of [
        ['GET', `${INV}/page`, undefined],
        ['GET', `${INV}/warehouses`, undefined],
        ['GET', `${INV}/${id}`, undefined],
        ['GET', `${INV}/barcode/${w.sku.coat.barcode}`, undefined],
        ['POST', INV, body(w.wh.sh001)],
        ['PUT', `${INV}/${id}`, body(w.wh.sh001)],
        ['POST', `${INV}/${id}/submit`, {}],
        ['POST', `${INV}/${id}/audit`, {}],
        ['POST', `${INV}/${id}/post`, {}],
      ] as const) {
        const res = await t.call({ method, url, session, payload });
        expect([res.status, res.body.code], `${method} ${url}`).toEqual([403, 'A0301']);
      }
    }
    for (const session of [w.shop01, w.agent01]) {
      for (const action of ['audit', 'reject', 'post']) expect((await c.act(session, id, action, { reason: '不对' })).status, action).toBe(403);
    }
    expect(await rows()).toEqual(before);
  });
});

describe('data scope', () => {
  it('lets a shop report for its own warehouse only and hides other shops’ reports (404)', async () => {
    const warehouses = (await t.call({ method: 'GET', url: `${INV}/warehouses`, session: w.shop01 })).body.data;
    expect(warehouses.map((o: { code: string }) => o.code)).toEqual(['WH-SH001']);
    for (const other of [w.wh.sh002, w.wh.sh003, w.wh.sh009]) expect(answer(await c.create(w.shop01, body(other)))).toEqual([404, ShopInventoryMessages.warehouseNotFound]);
    const ofSh002 = await c.draft(w.agent01, body(w.wh.sh002));
    expect(answer(await c.get(w.shop01, ofSh002))).toEqual([404, ShopInventoryMessages.notFound]);
    expect(answer(await c.update(w.shop01, ofSh002, body(w.wh.sh001)))).toEqual([404, ShopInventoryMessages.notFound]);
    expect(answer(await c.act(w.shop01, ofSh002, 'submit'))).toEqual([404, ShopInventoryMessages.notFound]);
    const listed = (await c.page(w.shop01)).body.data.records.map((r: { warehouseCode: string }) => r.warehouseCode);
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed)).toEqual(new Set(['WH-SH001']));
  });

  it('lets an agent report for its shops’ warehouses, not for HQ’s shop or another agent’s, and each sees only its own', async () => {
    const options = (await t.call({ method: 'GET', url: `${INV}/warehouses`, session: w.agent01 })).body.data.map((o: { code: string }) => o.code);
    expect(options).toEqual(['WH-SH001', 'WH-SH002']);
    expect(answer(await c.create(w.agent01, body(w.wh.sh003)))).toEqual([404, ShopInventoryMessages.warehouseNotFound]);
    expect(answer(await c.create(w.agent01, body(w.wh.sh009)))).toEqual([404, ShopInventoryMessages.warehouseNotFound]);
    const mine = await c.draft(w.agent01, body(w.wh.sh001));
    const theirs = await c.draft(w.agent09, body(w.wh.sh009));
    expect((await c.get(w.agent01, mine)).body.data).toMatchObject({ reporterType: 'agent', reporterName: '杭州衣尚服饰贸易有限公司', shopName: '衣尚·杭州湖滨银泰店' });
    // the shop sees what its agent reported for it
    expect((await c.get(w.shop01, mine)).status).toBe(200);
    for (const [session, id] of [
      [w.agent01, theirs],
      [w.agent09, mine],
      [w.shop01, theirs],
    ] as const) {
      expect(answer(await c.get(session, id))).toEqual([404, ShopInventoryMessages.notFound]);
      expect(answer(await c.act(session, id, 'submit'))).toEqual([404, ShopInventoryMessages.notFound]);
    }
    const agent09Sees = (await c.page(w.agent09)).body.data.records.map((r: { id: number }) => r.id);
    expect(agent09Sees).toEqual([theirs]);
    const agent01Sees = (await c.page(w.agent01)).body.data.records.map((r: { id: number }) => r.id);
    expect(agent01Sees).toContain(mine);
    expect(agent01Sees).not.toContain(theirs);
    // HQ sees every report, and filters
    const all = (await c.page(w.admin, `&warehouseId=${w.wh.sh009}`)).body.data.records.map((r: { id: number }) => r.id);
    expect(all).toEqual([theirs]);
  });
});

describe('bad input', () => {
  it('refuses every bad field with a Chinese message and writes nothing', async () => {
    const before = await rows();
    const line = (quantity: unknown, skuId: unknown = w.sku.coat.id) => [{ skuId, quantity }];
    const cases: [object, number, string][] = [
      [{ countDate: today, lines: line(1) }, 422, ShopInventoryMessages.warehouseRequired],
      [{ warehouseId: 'WH-SH001', countDate: today, lines: line(1) }, 422, ShopInventoryMessages.warehouseRequired],
      [{ warehouseId: 99_999_999, countDate: today, lines: line(1) }, 404, ShopInventoryMessages.warehouseNotFound],
      [{ warehouseId: w.wh.hz, countDate: today, lines: line(1) }, 422, ShopInventoryMessages.warehouseNotShop],
      [{ warehouseId: w.wh.sh001, lines: line(1) }, 422, ShopInventoryMessages.countDateInvalid],
      [{ warehouseId: w.wh.sh001, countDate: '2026-02-30', lines: line(1) }, 422, ShopInventoryMessages.countDateInvalid],
      [{ warehouseId: w.wh.sh001, countDate: '2098-01-01', lines: line(1) }, 422, ShopInventoryMessages.countDateFuture],
      [{ ...body(w.wh.sh001), remark: '长'.repeat(201) }, 422, ShopInventoryMessages.remarkTooLong],
      [{ ...body(w.wh.sh001), remark: 12345 }, 422, '备注须为文字'],
      [{ warehouseId: w.wh.sh001, countDate: today }, 422, ShopInventoryMessages.linesRequired],
      [{ warehouseId: w.wh.sh001, countDate: today, lines: [] }, 422, ShopInventoryMessages.linesRequired],
      [body(w.wh.sh001, line(-1)), 422, ShopInventoryMessages.lineQuantityInvalid(1)],
      [body(w.wh.sh001, line(1.5)), 422, ShopInventoryMessages.lineQuantityInvalid(1)],
      [body(w.wh.sh001, line('3')), 422, ShopInventoryMessages.lineQuantityInvalid(1)],
      [body(w.wh.sh001, line(SHOP_INVENTORY_QUANTITY_MAX + 1)), 422, ShopInventoryMessages.lineQuantityInvalid(1)],
      [body(w.wh.sh001, line(1, 99_999_999)), 422, ShopInventoryMessages.skuNotFound(1)],
      [body(w.wh.sh001, line(1, 'abc')), 422, ShopInventoryMessages.lineSkuInvalid(1)],
      [body(w.wh.sh001, [...line(1), { skuId: w.sku.jeans.id, quantity: 1 }, ...line(2)]), 422, ShopInventoryMessages.lineDuplicate(3)],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await c.create(w.admin, payload);
      expect([res.status, res.body.msg, res.body.code === '201'], JSON.stringify(payload)).toEqual([status, msg, false]);
    }
    for (const [path, msg] of [
      ['/page?status=posted', 'status：状态无效'],
      ['/page?sort=secret', '不支持按“secret”排序，可用：createdAt、countDate、docNo、totalQuantity'],
      ['/abc', 'id：单据编号必须是正整数'],
    ] as const) {
      const res = await t.call({ method: 'GET', url: `${INV}${path}`, session: w.admin });
      expect([res.status, res.body.msg], path).toEqual([422, msg]);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses an edit with bad lines and keeps the draft as it was', async () => {
    const id = await c.draft(w.shop01, body(w.wh.sh001));
    const before = await rows();
    expect(answer(await c.update(w.shop01, id, body(w.wh.sh001, [{ skuId: w.sku.coat.id, quantity: -3 }])))).toEqual([422, ShopInventoryMessages.lineQuantityInvalid(1)]);
    expect(answer(await c.update(w.shop01, id, body(w.wh.sh002)))).toEqual([404, ShopInventoryMessages.warehouseNotFound]);
    expect(await rows()).toEqual(before);
  });

  it('looks a barcode up as the stock documents’ scanning does', async () => {
    const hit = await t.call({ method: 'GET', url: `${INV}/barcode/${w.sku.coat.barcode}`, session: w.shop01 });
    expect(hit.body.data).toMatchObject({ skuId: w.sku.coat.id, styleNo: 'YS26W1001', sizeName: 'M', barcode: w.sku.coat.barcode });
    expect(answer(await t.call({ method: 'GET', url: `${INV}/barcode/0000000000000`, session: w.shop01 }))).toEqual([404, ShopInventoryMessages.scanUnknown('0000000000000')]);
  });
});
