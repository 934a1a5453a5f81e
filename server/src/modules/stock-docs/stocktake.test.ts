import { sql } from 'kysely';
import { stockDocActionRefused, StockDocMessages, stockShelfFrozen, stockWarehouseFrozen, type StockDocAction } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, materialIdOf, moveCount, shelfIdOf, skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { StocktakeMessages } from './kinds/stocktake.ts';
import { answer, docsClient } from './stock-docs-test-kit.ts';

// 盘点: 开始盘点 freezes the scope and snapshots the book; blind counting by scan or typed counts;
// 审核过账 posts counted − book and lifts the freeze; void lifts it or reverses the variances.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let shop01: string;
const wh: Record<string, number> = {};
let coat: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let dress: { id: number; barcode: string };
let bag: number;
let a1: number;
let a2: number;
let s3: number;

const HZ = () => wh['WH-HZ']!;
const bal = (w: number, skuId: number, shelf: number | null = null) => balanceOf(t.db, w, { skuId }, shelf);
const freezes = (docId: number) => t.db.selectFrom('stock_freezes').select(['warehouse_id', 'shelf_id', 'doc_type']).where('doc_id', '=', docId).orderBy('id').execute();
type Line = {
  id: number;
  skuId: number | null;
  materialId: number | null;
  shelfId: number | null;
  quantity: number;
  actualQuantity: number | null;
  difference: number | null;
  remark: string;
};
const linesOf = async (id: number) => (await c.get('stocktake', admin, id)).body.data.lines as Line[];
const lineOf = (lines: Line[], skuId: number, shelfId: number | null) => lines.find((l) => l.skuId === skuId && l.shelfId === shelfId)!;

async function snapshot() {
  const [docs, lines, moves, balances, frozen] = await Promise.all([
    t.db.selectFrom('stock_docs').select(['id', 'status', 'total_quantity', 'total_actual']).orderBy('id').execute(),
    t.db.selectFrom('stock_doc_lines').selectAll().orderBy('id').execute(),
    moveCount(t.db),
    t.db.selectFrom('stock_balances').select(['id', 'quantity']).orderBy('id').execute(),
    t.db.selectFrom('stock_freezes').selectAll().orderBy('id').execute(),
  ]);
  return { docs, lines, moves, balances, frozen };
}

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  [admin, shop01] = await Promise.all(['admin', 'shop01'].map((a) => t.login(a)));
  for (const code of ['WH-HZ', 'WH-TRANSIT', 'WH-SH001', 'WH-SH002', 'WH-SH003']) wh[code] = await warehouseIdOf(t.db, code);
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  dress = await skuOf(t.db, 'YS26W1001', 'CA', 'L');
  bag = await materialIdOf(t.db, 'WL-BAG-M');
  a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
  a2 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-02');
  s3 = await shelfIdOf(t.db, 'WH-SH003', 'S-01');
  await c.posted('inbound', admin, { warehouseId: HZ() }, [
    { skuId: coat.id, shelfId: a1, quantity: 5 },
    { skuId: jeans.id, quantity: 10 },
    { skuId: coat.id, shelfId: a2, quantity: 4 },
    { materialId: bag, quantity: 50 },
  ]);
  await c.posted('inbound', admin, { warehouseId: wh['WH-SH001']! }, [{ skuId: coat.id, quantity: 3 }]);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('stocktake header', () => {
  it("refuses bad input and another party's warehouse; nothing changes", async () => {
    const before = await snapshot();
    expect(answer(await c.create('stocktake', admin, {}, []))).toEqual([422, StockDocMessages.warehouseRequired]);
    expect(answer(await c.create('stocktake', admin, { warehouseId: wh['WH-TRANSIT'] }, []))).toEqual([422, StocktakeMessages.transit]);
    expect(answer(await c.create('stocktake', admin, { warehouseId: HZ(), shelfIds: [s3] }, []))).toEqual([422, StocktakeMessages.shelfElsewhere]);
    expect(answer(await c.create('stocktake', admin, { warehouseId: HZ(), shelfIds: [99_999_999] }, []))).toEqual([422, StocktakeMessages.shelfElsewhere]);
    expect(answer(await c.create('stocktake', admin, { warehouseId: HZ() }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([422, StocktakeMessages.noLinesAtCreate]);
    expect((await c.create('stocktake', admin, { warehouseId: HZ(), shelfIds: [-1] }, [])).status).toBe(422);
    expect(answer(await c.create('stocktake', shop01, { warehouseId: wh['WH-SH002'] }, []))).toEqual([404, StockDocMessages.warehouseNotFound]);
    expect(answer(await c.create('stocktake', shop01, { warehouseId: HZ() }, []))).toEqual([404, StockDocMessages.warehouseNotFound]);
    expect(await snapshot()).toEqual(before);
    const ok = await c.create('stocktake', admin, { warehouseId: HZ(), shelfIds: [a2, a1, a1] }, []);
    expect(ok.body.data).toMatchObject({ kind: 'stocktake', status: 'draft', shelfIds: [a1, a2].sort((x, y) => x - y), lineCount: 0, actions: ['edit', 'startCount', 'void'] });
    expect(ok.body.data.docNo).toMatch(/^PD\d{8}-\d{4}$/);
    await c.act('stocktake', admin, ok.body.data.id, 'void');
  });
});

describe('stocktake status machine', () => {
  it('refuses every illegal transition with 409 and changes nothing', async () => {
    const id = await c.draft('stocktake', admin, { warehouseId: wh['WH-SH003']! }, []);
    const no = (await c.get('stocktake', admin, id)).body.data.docNo as string;
    const paths: Partial<Record<StockDocAction, string>> = { startCount: 'start-count' };
    const refused = async (status: string, actions: StockDocAction[]) => {
      const before = await snapshot();
      for (const action of actions) expect(answer(await c.act('stocktake', admin, id, paths[action] ?? action))).toEqual([409, stockDocActionRefused(no, status, action)]);
      expect(await snapshot()).toEqual(before);
    };
    await refused('草稿', ['post']);
    expect(answer(await c.scan('stocktake', admin, id, { barcode: coat.barcode }))).toEqual([409, stockDocActionRefused(no, '草稿', 'scan')]);
    for (const path of ['submit', 'withdraw', 'ship', 'receive']) expect((await c.act('stocktake', admin, id, path)).status).toBe(404);
    expect((await c.act('stocktake', admin, id, 'start-count')).body.data).toMatchObject({ status: 'counting', statusLabel: '盘点中', actions: ['scan', 'post', 'void'] });
    await refused('盘点中', ['startCount']);
    expect(answer(await c.update('stocktake', admin, id, { warehouseId: wh['WH-SH003']! }, []))).toEqual([409, stockDocActionRefused(no, '盘点中', 'edit')]);
    expect((await c.act('stocktake', admin, id, 'post')).body.data.status).toBe('posted');
    expect(await freezes(id)).toEqual([]);
    await refused('已过账', ['startCount', 'post']);
    expect(answer(await c.scan('stocktake', admin, id, { barcode: coat.barcode }))).toEqual([409, stockDocActionRefused(no, '已过账', 'scan')]);
    expect((await c.act('stocktake', admin, id, 'void')).body.data.status).toBe('void');
    await refused('已作废', ['startCount', 'post', 'void']);
  });
});

describe('counting a whole warehouse', () => {
  it('freezes the warehouse, snapshots the book, counts blind and posts the variances, then lifts the freeze', async () => {
    const id = await c.draft('stocktake', admin, { warehouseId: HZ() }, []);
    const started = (await c.act('stocktake', admin, id, 'start-count')).body.data;
    expect(started).toMatchObject({ status: 'counting', lineCount: 4, totalQuantity: 69, totalActual: 0, scanStarted: false });
    expect(await freezes(id)).toEqual([{ warehouse_id: HZ(), shelf_id: null, doc_type: 'stocktake' }]);
    const book = await linesOf(id);
    expect(book.map((l) => [l.skuId ?? `m${l.materialId}`, l.shelfId, l.quantity, l.actualQuantity])).toEqual([
      [jeans.id, null, 10, null],
      [`m${bag}`, null, 50, null],
      [coat.id, a1, 5, null],
      [coat.id, a2, 4, null],
    ]);

    // nothing else posts into the frozen warehouse, and no second count of it may start
    const before = await snapshot();
    const inbound = await c.draft('inbound', admin, { warehouseId: HZ() }, [{ skuId: coat.id, quantity: 1 }]);
    await c.act('inbound', admin, inbound, 'submit');
    expect(answer(await c.act('inbound', admin, inbound, 'post'))).toEqual([409, stockWarehouseFrozen('杭州总仓')]);
    const other = await c.draft('stocktake', admin, { warehouseId: HZ(), shelfIds: [a1] }, []);
    const otherNo = (await c.get('stocktake', admin, other)).body.data.docNo;
    const clash = await c.act('stocktake', admin, other, 'start-count');
    expect(answer(clash)).toEqual([409, StocktakeMessages.overlap('杭州总仓', null, started.docNo)]);
    expect((await c.get('stocktake', admin, other)).body.data.status).toBe('draft');
    expect((await snapshot()).balances).toEqual(before.balances);
    expect(otherNo).not.toBe(started.docNo);

    // blind counting: A-01-01 has 3 coats and a dress the book lacks; jeans typed in by hand
    for (let i = 0; i < 3; i++) expect((await c.scan('stocktake', admin, id, { barcode: coat.barcode, shelfId: a1 })).body.data.result).toBe('ok');
    const found = (await c.scan('stocktake', admin, id, { barcode: dress.barcode, shelfId: a1 })).body.data;
    expect(found).toMatchObject({ result: 'ok', line: { skuId: dress.id, shelfId: a1, quantity: 0, actualQuantity: 1 } });
    expect((await c.scan('stocktake', admin, id, { barcode: coat.barcode, shelfId: a2 })).body.data.line).toMatchObject({ shelfId: a2, actualQuantity: 1 });
    expect((await c.scan('stocktake', admin, id, { barcode: coat.barcode, shelfId: a2, undo: true })).body.data.line).toMatchObject({ shelfId: a2, actualQuantity: 0 });
    expect((await c.scan('stocktake', admin, id, { barcode: '0000000000000' })).body.data.result).toBe('unknown');
    const lines = await linesOf(id);
    const jeansLine = lineOf(lines, jeans.id, null);
    const bagLine = lines.find((l) => l.materialId === bag)!;
    expect(answer(await c.act('stocktake', admin, id, 'post', { actuals: [{ lineId: jeansLine.id, actualQuantity: -1 }] }))).toEqual([422, StockDocMessages.actualInvalid(1)]);
    expect((await c.act('stocktake', admin, id, 'post', { actuals: [{ lineId: 99_999_999, actualQuantity: 1 }] })).status).toBe(422);

    const posted = (
      await c.act('stocktake', admin, id, 'post', {
        actuals: [
          { lineId: jeansLine.id, actualQuantity: 10 },
          { lineId: bagLine.id, actualQuantity: 48 },
        ],
      })
    ).body.data;
    expect(posted.status).toBe('posted');
    const variances = (await linesOf(id)).filter((l) => l.difference !== 0).map((l) => [l.skuId ?? `m${l.materialId}`, l.shelfId, l.quantity, l.actualQuantity, l.difference]);
    expect(variances).toEqual([
      [`m${bag}`, null, 50, 48, -2],
      [coat.id, a1, 5, 3, -2],
      [coat.id, a2, 4, 0, -4],
      [dress.id, a1, 0, 1, 1],
    ]);
    expect(await moveCount(t.db, 'stocktake', id)).toBe(4);
    expect([
      await bal(HZ(), coat.id, a1),
      await bal(HZ(), coat.id, a2),
      await bal(HZ(), dress.id, a1),
      await bal(HZ(), jeans.id),
      await balanceOf(t.db, HZ(), { materialId: bag }),
    ]).toEqual([3, 0, 1, 10, 48]);
    expect(await freezes(id)).toEqual([]);
    // the freeze is lifted: the waiting inbound posts now
    expect((await c.act('inbound', admin, inbound, 'post')).body.data.status).toBe('posted');
    expect(await bal(HZ(), coat.id)).toBe(1);
    await c.act('stocktake', admin, other, 'void');
  });

  it('voiding a posted count reverses its variances; voiding while counting lifts the freeze', async () => {
    const [coatA1, dressA1] = [await bal(HZ(), coat.id, a1), await bal(HZ(), dress.id, a1)];
    const id = await c.draft('stocktake', admin, { warehouseId: HZ(), shelfIds: [a1] }, []);
    await c.act('stocktake', admin, id, 'start-count');
    await c.scan('stocktake', admin, id, { barcode: coat.barcode, shelfId: a1 });
    await c.act('stocktake', admin, id, 'post'); // dress not found: −1; coat 1 of 3: −2
    expect([await bal(HZ(), coat.id, a1), await bal(HZ(), dress.id, a1)]).toEqual([1, 0]);
    expect((await c.act('stocktake', admin, id, 'void', { reason: '漏盘' })).body.data.status).toBe('void');
    expect([await bal(HZ(), coat.id, a1), await bal(HZ(), dress.id, a1)]).toEqual([coatA1, dressA1]);

    const counting = await c.draft('stocktake', admin, { warehouseId: HZ() }, []);
    await c.act('stocktake', admin, counting, 'start-count');
    expect((await freezes(counting)).length).toBe(1);
    await c.act('stocktake', admin, counting, 'void');
    expect(await freezes(counting)).toEqual([]);
    expect((await c.posted('inbound', admin, { warehouseId: HZ() }, [{ skuId: jeans.id, quantity: 1 }])) > 0).toBe(true);
  });
});

describe('counting chosen shelves', () => {
  it('freezes only those shelves; the rest of the warehouse keeps moving; a scan off the shelves cannot post', async () => {
    const id = await c.draft('stocktake', admin, { warehouseId: HZ(), shelfIds: [a2] }, []);
    const started = (await c.act('stocktake', admin, id, 'start-count')).body.data;
    expect(await freezes(id)).toEqual([{ warehouse_id: HZ(), shelf_id: a2, doc_type: 'stocktake' }]);
    // a2 holds no coats after the first count: only non-zero balances make lines
    expect(started.lineCount).toBe(0);
    expect(await linesOf(id)).toEqual([]);
    const intoShelf = await c.draft('inbound', admin, { warehouseId: HZ() }, [{ skuId: coat.id, shelfId: a2, quantity: 1 }]);
    await c.act('inbound', admin, intoShelf, 'submit');
    expect(answer(await c.act('inbound', admin, intoShelf, 'post'))).toEqual([409, stockShelfFrozen('A-01-02', '杭州总仓')]);
    await c.act('inbound', admin, intoShelf, 'void');
    await c.posted('inbound', admin, { warehouseId: HZ() }, [{ skuId: coat.id, shelfId: a1, quantity: 2 }]);
    const whole = await c.draft('stocktake', admin, { warehouseId: HZ() }, []);
    expect((await c.act('stocktake', admin, whole, 'start-count')).status).toBe(409);
    await c.act('stocktake', admin, whole, 'void');

    // a shelf-scoped count scans on its own shelves only, naming the shelf
    const outside = await shelfIdOf(t.db, 'WH-HZ', 'A-02-01');
    expect(answer(await c.scan('stocktake', admin, id, { barcode: jeans.barcode }))).toEqual([422, StockDocMessages.scanShelfRequired]);
    expect(answer(await c.scan('stocktake', admin, id, { barcode: jeans.barcode, shelfId: outside }))).toEqual([422, StockDocMessages.scanShelfOutOfScope]);
    // a line typed outside the scope (floor) refuses the post, changing nothing
    await t.db.insertInto('stock_doc_lines').values({ doc_id: id, line_no: 99, sku_id: jeans.id, shelf_id: null, quantity: 0, actual_quantity: 1 }).execute();
    const before = await snapshot();
    expect(answer(await c.act('stocktake', admin, id, 'post'))).toEqual([422, StocktakeMessages.lineOutOfScope(99)]);
    expect(await snapshot()).toEqual(before);
    await t.db.deleteFrom('stock_doc_lines').where('doc_id', '=', id).where('line_no', '=', 99).execute();
    await c.scan('stocktake', admin, id, { barcode: coat.barcode, shelfId: a2 });
    const jeansBefore = await bal(HZ(), jeans.id);
    expect((await c.act('stocktake', admin, id, 'post')).body.data.status).toBe('posted');
    expect([await bal(HZ(), coat.id, a2), await bal(HZ(), jeans.id)]).toEqual([1, jeansBefore]);
  });
});

describe('shops and negative stock', () => {
  it('a shop counts its own warehouse but cannot post the count', async () => {
    const id = await c.draft('stocktake', shop01, { warehouseId: wh['WH-SH001']! }, []);
    const started = (await c.act('stocktake', shop01, id, 'start-count')).body.data;
    // 盲盘: the counter (no 审核过账 code) sees no book — per line, in the scan answer or in the list
    expect((await c.get('stocktake', shop01, id)).body.data.lines.map((l: Line) => [l.skuId, l.quantity, l.difference])).toEqual([[coat.id, 0, null]]);
    expect(started.totalQuantity).toBe(0);
    expect((await c.get('stocktake', admin, id)).body.data.lines.map((l: Line) => [l.skuId, l.quantity])).toEqual([[coat.id, 3]]);
    const scanned = (await c.scan('stocktake', shop01, id, { barcode: coat.barcode })).body.data;
    expect([scanned.result, scanned.line.quantity, scanned.line.actualQuantity]).toEqual(['ok', 0, 1]);
    const listed = (await c.page('stocktake', shop01)).body.data.records.find((r: { id: number }) => r.id === id);
    expect(listed.totalQuantity).toBe(0);
    expect((await c.act('stocktake', shop01, id, 'post')).status).toBe(403);
    expect((await c.act('stocktake', admin, id, 'post')).body.data.status).toBe('posted');
    expect((await linesOf(id)).map((l) => l.difference)).toEqual([-2]);
    expect(await bal(wh['WH-SH001']!, coat.id)).toBe(1);
  });

  it('a negative book (warehouse allowing it) counts against the live balance', async () => {
    const sh2 = wh['WH-SH002']!;
    await t.db.updateTable('warehouses').set({ allow_negative: true }).where('id', '=', sh2).execute();
    try {
      await c.posted('outbound', admin, { warehouseId: sh2 }, [{ skuId: coat.id, quantity: 2 }]);
      expect(await bal(sh2, coat.id)).toBe(-2);
      const id = await c.draft('stocktake', admin, { warehouseId: sh2 }, []);
      const started = (await c.act('stocktake', admin, id, 'start-count')).body.data;
      expect(started.lineCount).toBe(1);
      expect((await linesOf(id)).map((l) => [l.quantity, l.remark])).toEqual([[0, '账面-2']]);
      await c.scan('stocktake', admin, id, { barcode: coat.barcode });
      await c.act('stocktake', admin, id, 'post');
      expect(await bal(sh2, coat.id)).toBe(1);
    } finally {
      await sql`UPDATE warehouses SET allow_negative = false WHERE id = ${sh2} AND NOT EXISTS (SELECT 1 FROM stock_balances WHERE warehouse_id = ${sh2} AND quantity < 0)`.execute(
        t.db,
      );
    }
  });
});
