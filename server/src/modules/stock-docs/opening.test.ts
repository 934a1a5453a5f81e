import { stockDocActionRefused, StockDocMessages, StockImportMessages, StockKindMessages } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, post, skuOf, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { answer, docsClient, DOCS_API } from './stock-docs-test-kit.ts';

// 期初: once per warehouse, only before any stock moved there, with unit costs; posted = locked.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let shop01: string;
let adminId: number;
const wh: Record<string, number> = {};
let coat: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let s1: { id: number; code: string };

const check = (session: string, body: object) => t.call({ method: 'POST', url: `${DOCS_API}/opening/import/check`, session, payload: body });
const lines = () => [
  { skuId: coat.id, quantity: 6, unitCostFen: 52_000 },
  { skuId: jeans.id, quantity: 4, unitCostFen: 19_950 },
];
const openingsOf = (warehouseId: number) =>
  t.db.selectFrom('stock_docs').select(['id', 'status']).where('kind', '=', 'opening').where('warehouse_id', '=', warehouseId).orderBy('id').execute();

beforeAll(async () => {
  // a route that makes two openings for one warehouse collide in the unique index (the race the
  // header check normally prevents), to see the answer the error handler gives
  t = await createTestApp({
    extend: (app) => {
      app.post('/api/test/opening-race', { config: { public: true } }, async () => {
        await app.db.transaction().execute(async (trx) => {
          const warehouseId = await warehouseIdOf(trx, 'WH-SH003');
          for (const docNo of ['QC-RACE-1', 'QC-RACE-2']) {
            await trx
              .insertInto('stock_docs')
              .values({
                kind: 'opening',
                doc_no: docNo,
                status: 'draft',
                warehouse_id: warehouseId,
                to_warehouse_id: null,
                transit_warehouse_id: null,
                shop_id: null,
                supplier_id: null,
                source_id: null,
                shelf_ids: [],
                created_by: null,
                submitted_by: null,
                shipped_by: null,
                posted_by: null,
                voided_by: null,
              })
              .execute();
          }
        });
        return { ok: true };
      });
    },
  });
  c = docsClient(t);
  [admin, shop01] = await Promise.all(['admin', 'shop01'].map((a) => t.login(a)));
  adminId = await userIdOf(t.db, 'admin');
  for (const code of ['WH-HZ', 'WH-HZ-DEF', 'WH-TRANSIT', 'WH-US-LA', 'WH-SH001', 'WH-SH002', 'WH-SH003']) wh[code] = await warehouseIdOf(t.db, code);
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  s1 = await t.db.selectFrom('shelves').select(['id', 'code']).where('warehouse_id', '=', wh['WH-SH003']!).orderBy('sort').limit(1).executeTakeFirstOrThrow();
  // WH-HZ has moved stock already
  await post(t.db, adminId, 920_001, [{ warehouseId: wh['WH-HZ']!, skuId: coat.id, quantity: 1 }]);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('opening documents', () => {
  it('imports once: posts +q with unit costs, then the warehouse is locked (no second opening, no void)', async () => {
    const def = wh['WH-HZ-DEF']!;
    const id = await c.draft('opening', admin, { warehouseId: def }, lines());
    expect(answer(await c.create('opening', admin, { warehouseId: def }, lines()))).toEqual([409, StockDocMessages.openingExists('杭州总仓次品仓')]);
    expect((await c.act('opening', admin, id, 'submit')).status).toBe(200);
    const posted = await c.act('opening', admin, id, 'post');
    expect(posted.status).toBe(200);
    expect(posted.body.data).toMatchObject({ docNo: expect.stringMatching(/^QC/), status: 'posted', statusLabel: '已锁定', actions: [] });
    expect([await balanceOf(t.db, def, { skuId: coat.id }), await balanceOf(t.db, def, { skuId: jeans.id })]).toEqual([6, 4]);
    const moves = await t.db.selectFrom('stock_moves').select(['quantity', 'unit_cost_fen']).where('doc_type', '=', 'opening').where('doc_id', '=', id).orderBy('id').execute();
    expect(moves).toEqual([
      { quantity: 6, unit_cost_fen: 52_000 },
      { quantity: 4, unit_cost_fen: 19_950 },
    ]);

    const docNo = posted.body.data.docNo;
    expect(answer(await c.act('opening', admin, id, 'void', { reason: '重导' }))).toEqual([409, stockDocActionRefused(docNo, '已锁定', 'void')]);
    expect(answer(await c.act('opening', admin, id, 'withdraw'))[0]).toBe(409);
    expect(answer(await c.update('opening', admin, id, { warehouseId: def }, lines()))[0]).toBe(409);
    // a second import is refused, by the check and by create
    expect(answer(await c.create('opening', admin, { warehouseId: def }, lines()))).toEqual([409, StockDocMessages.openingExists('杭州总仓次品仓')]);
    expect(answer(await check(admin, { warehouseId: def, rows: [{ barcode: coat.barcode, quantity: 1, unitCost: '1' }] }))[0]).toBe(409);
    expect(await moveCount(t.db, 'opening', id)).toBe(2);
  });

  it('refuses a warehouse that already moved stock, at creation and at posting', async () => {
    expect(answer(await c.create('opening', admin, { warehouseId: wh['WH-HZ'] }, lines()))).toEqual([409, StockDocMessages.openingHasMoves('杭州总仓')]);
    expect(answer(await check(admin, { warehouseId: wh['WH-HZ'], rows: [{ barcode: coat.barcode, quantity: 1, unitCost: '1' }] }))).toEqual([
      409,
      StockDocMessages.openingHasMoves('杭州总仓'),
    ]);
    // stock moves into the warehouse after the draft: posting is refused, nothing written
    const sh1 = wh['WH-SH001']!;
    const id = await c.draft('opening', admin, { warehouseId: sh1 }, lines());
    await c.act('opening', admin, id, 'submit');
    await post(t.db, adminId, 920_002, [{ warehouseId: sh1, skuId: jeans.id, quantity: 2 }]);
    expect(answer(await c.act('opening', admin, id, 'post'))).toEqual([409, StockDocMessages.openingHasMoves('湖滨银泰店仓')]);
    expect(await moveCount(t.db, 'opening', id)).toBe(0);
    expect(await balanceOf(t.db, sh1, { skuId: coat.id })).toBe(0);
  });

  it('a voided draft frees the warehouse for a new opening', async () => {
    const la = wh['WH-US-LA']!;
    const first = await c.draft('opening', admin, { warehouseId: la }, lines());
    expect(answer(await c.act('opening', admin, first, 'post'))[0]).toBe(409); // draft → post is not a transition
    expect((await c.act('opening', admin, first, 'void')).status).toBe(200);
    const second = await c.create('opening', admin, { warehouseId: la }, lines());
    expect(second.status).toBe(200);
    expect((await openingsOf(la)).map((d) => d.status)).toEqual(['void', 'draft']);
  });

  it('refuses bad input: missing or bad unit cost, quantities, unknown SKU, transit, shelves of another warehouse', async () => {
    const def2 = wh['WH-SH002']!;
    const bad = async (h: object, l: object[]) => answer(await c.create('opening', admin, h as never, l as never));
    expect(await bad({ warehouseId: def2 }, [{ skuId: coat.id, quantity: 1 }])).toEqual([422, StockKindMessages.openingCostRequired(1)]);
    expect((await bad({ warehouseId: def2 }, [{ skuId: coat.id, quantity: 1, unitCostFen: -5 }]))[0]).toBe(422);
    for (const quantity of [0, -3, 1_000_001]) {
      expect(await bad({ warehouseId: def2 }, [{ skuId: coat.id, quantity, unitCostFen: 100 }])).toEqual([422, StockDocMessages.quantityInvalid(1)]);
    }
    expect((await bad({ warehouseId: def2 }, [{ skuId: 99_999_999, quantity: 1, unitCostFen: 100 }]))[0]).toBe(422);
    expect((await bad({ warehouseId: def2 }, [{ skuId: coat.id, shelfId: s1.id, quantity: 1, unitCostFen: 100 }]))[0]).toBe(422);
    expect(await bad({ warehouseId: wh['WH-TRANSIT'] }, lines())).toEqual([422, StockKindMessages.openingTransit]);
    expect(await openingsOf(def2)).toEqual([]);
  });

  it('the import check lists every bad row (barcode, quantity, unit cost in yuan, shelf code)', async () => {
    const sh3 = wh['WH-SH003']!;
    const res = await check(admin, {
      warehouseId: sh3,
      rows: [
        { row: 2, barcode: coat.barcode, quantity: 5, unitCost: '520.00', shelfCode: s1.code },
        { row: 3, barcode: jeans.barcode, quantity: '2', unitCost: 199.5 },
        { row: 4, barcode: 'NOPE', quantity: 1, unitCost: '1' },
        { row: 5, barcode: jeans.barcode, quantity: 0, unitCost: '' },
        { row: 6, barcode: coat.barcode, quantity: 1, unitCost: '12.345', shelfCode: 'Z-99' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.errors).toEqual([
      { row: 4, barcode: 'NOPE', reason: StockImportMessages.barcodeUnknown('NOPE') },
      {
        row: 5,
        barcode: jeans.barcode,
        reason: `${StockImportMessages.duplicate(jeans.barcode, 3)}；${StockImportMessages.quantityInvalid(1)}；${StockImportMessages.unitCostInvalid}`,
      },
      { row: 6, barcode: coat.barcode, reason: `${StockImportMessages.shelfUnknown('Z-99')}；${StockImportMessages.unitCostInvalid}` },
    ]);
    const good = await check(admin, {
      warehouseId: sh3,
      rows: [
        { row: 2, barcode: coat.barcode, quantity: 5, unitCost: '520.00', shelfCode: s1.code },
        { row: 3, barcode: jeans.barcode, quantity: '2', unitCost: 199.5 },
      ],
    });
    expect(
      good.body.data.lines.map((l: { skuId: number; quantity: number; unitCostFen: number; shelfId: number | null }) => [l.skuId, l.quantity, l.unitCostFen, l.shelfId]),
    ).toEqual([
      [coat.id, 5, 52_000, s1.id],
      [jeans.id, 2, 19_950, null],
    ]);
    expect(await openingsOf(sh3)).toEqual([]);
  });

  it('two openings colliding in the unique index answer 409 with a clear message', async () => {
    expect(answer(await t.call({ method: 'POST', url: '/api/test/opening-race', payload: {} }))).toEqual([409, StockKindMessages.openingTaken]);
    expect(await openingsOf(wh['WH-SH003']!)).toEqual([]);
  });

  it('another party: a shop with the import button still cannot reach other warehouses (404)', async () => {
    expect((await c.create('opening', shop01, { warehouseId: wh['WH-SH002'] }, lines())).status).toBe(403);
    await t.db
      .insertInto('role_menus')
      .columns(['role_id', 'menu_id'])
      .expression((eb) =>
        eb
          .selectFrom('roles')
          .innerJoin('menus', (j) => j.on('menus.name', 'in', ['StockOpening', 'OpeningImportBtn']))
          .select(['roles.id', 'menus.id'])
          .where('roles.code', '=', 'shop'),
      )
      .execute();
    t.app.accessCache.clearAll();
    expect(answer(await c.create('opening', shop01, { warehouseId: wh['WH-SH002'] }, lines()))).toEqual([404, StockDocMessages.warehouseNotFound]);
    expect((await check(shop01, { warehouseId: wh['WH-SH002'], rows: [{ barcode: coat.barcode, quantity: 1, unitCost: '1' }] })).status).toBe(404);
    expect(await openingsOf(wh['WH-SH002']!)).toEqual([]);
  });
});
