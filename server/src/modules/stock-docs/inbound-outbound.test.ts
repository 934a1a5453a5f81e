import { sql } from 'kysely';
import { stockDocActionRefused, StockDocMessages, StockMessages } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, shelfIdOf, skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { answer, docsClient } from './stock-docs-test-kit.ts';

// 入库 and 出库 end to end: posting, scanning (scanned quantities post once scanning started),
// the difference rules of outbound and voiding a posted document.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let hz: number;
let a1: number;
let a2: number;
let coat: { id: number; barcode: string };
let coatL: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let shirt: { id: number; barcode: string };

type Line = { skuId: number; quantity: number; actualQuantity: number | null; difference: number | null; boxNo: string };
const linesOf = (doc: { lines: Line[] }) => doc.lines.map((l) => [l.skuId, l.quantity, l.actualQuantity]);

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  admin = await t.login('admin');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
  a2 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-02');
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
  coatL = await skuOf(t.db, 'YS26W1001', 'CA', 'L');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  shirt = await skuOf(t.db, 'YS26M3001', 'BK', 'XL');
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('inbound', () => {
  it("posts the expected quantities to the lines' shelves with their cost, one move per line", async () => {
    const id = await c.posted('inbound', admin, { warehouseId: hz, bizType: 'purchase' }, [
      { skuId: coat.id, shelfId: a1, quantity: 10, unitCostFen: 52000 },
      { skuId: coat.id, shelfId: a2, quantity: 5, unitCostFen: 52000 },
      { skuId: jeans.id, quantity: 7 },
    ]);
    expect(await balanceOf(t.db, hz, { skuId: coat.id }, a1)).toBe(10);
    expect(await balanceOf(t.db, hz, { skuId: coat.id }, a2)).toBe(5);
    expect(await balanceOf(t.db, hz, { skuId: jeans.id })).toBe(7);
    const moves = await t.db
      .selectFrom('stock_moves')
      .select(['quantity', 'unit_cost_fen', 'doc_line_id', 'shelf_id'])
      .where('doc_type', '=', 'inbound')
      .where('doc_id', '=', id)
      .orderBy('id')
      .execute();
    const lineIds = (await c.get('inbound', admin, id)).body.data.lines.map((l: { id: number }) => l.id);
    expect(moves).toEqual([
      { quantity: 10, unit_cost_fen: 52000, doc_line_id: lineIds[0], shelf_id: a1 },
      { quantity: 5, unit_cost_fen: 52000, doc_line_id: lineIds[1], shelf_id: a2 },
      { quantity: 7, unit_cost_fen: null, doc_line_id: lineIds[2], shelf_id: null },
    ]);
  });

  it('scans: unknown, unexpected and over-counted barcodes are refused and logged; undo takes one back', async () => {
    const id = await c.draft('inbound', admin, { warehouseId: hz }, [
      { skuId: coatL.id, shelfId: a1, quantity: 2 },
      { skuId: jeans.id, quantity: 1 },
    ]);
    const scan = (barcode: string, extra: object = {}) => c.scan('inbound', admin, id, { barcode, ...extra });

    let res = await scan('0000000000000');
    expect(res.body.data).toMatchObject({ result: 'unknown', message: StockDocMessages.scanUnknown('0000000000000'), line: null, totalActual: 0 });
    res = await scan(shirt.barcode);
    expect(res.body.data).toMatchObject({ result: 'unexpected', message: StockDocMessages.scanUnexpected(shirt.barcode), line: null });
    // refused beeps do not start the scanning: posting would still use the expected quantities
    expect((await c.get('inbound', admin, id)).body.data.scanStarted).toBe(false);

    res = await scan(` ${coatL.barcode} `, { boxNo: 'X1' });
    expect(res.body.data).toMatchObject({ result: 'ok', message: '', totalActual: 1, line: { skuId: coatL.id, quantity: 2, actualQuantity: 1, difference: -1, boxNo: 'X1' } });
    expect((await scan(coatL.barcode)).body.data).toMatchObject({ result: 'ok', totalActual: 2, line: { actualQuantity: 2, difference: 0 } });
    res = await scan(coatL.barcode);
    expect(res.body.data).toMatchObject({ result: 'over', message: StockDocMessages.scanOver(coatL.barcode, 2), line: null, totalActual: 2 });
    expect((await scan(coatL.barcode, { undo: true })).body.data).toMatchObject({ result: 'ok', totalActual: 1, line: { actualQuantity: 1 } });
    expect(answer(await scan(jeans.barcode, { undo: true }))).toEqual([422, StockDocMessages.scanNothingToUndo]);
    expect(answer(await scan('   '))).toEqual([422, StockDocMessages.scanBarcodeRequired]);
    expect(answer(await scan(coatL.barcode, { shelfId: await shelfIdOf(t.db, 'WH-SH003', 'S-01') }))).toEqual([422, '货架不属于本单仓库']);

    const log = (await c.scans('inbound', admin, id)).body.data;
    expect(log.map((r: { barcode: string; result: string; delta: number }) => [r.barcode, r.result, r.delta])).toEqual([
      [coatL.barcode, 'ok', -1],
      [coatL.barcode, 'over', 1],
      [coatL.barcode, 'ok', 1],
      [coatL.barcode, 'ok', 1],
      [shirt.barcode, 'unexpected', 1],
      ['0000000000000', 'unknown', 1],
    ]);
    expect(log[3]).toMatchObject({ styleNo: 'YS26W1001', colourName: '驼色', sizeName: 'L', boxNo: 'X1', createdByName: '系统管理员' });

    // once scanning started, the scanned quantities post: 1 coat, no jeans (scanned 0)
    const doc = (await c.get('inbound', admin, id)).body.data;
    expect(doc).toMatchObject({ scanStarted: true, totalQuantity: 3, totalActual: 1 });
    expect(linesOf(doc)).toEqual([
      [coatL.id, 2, 1],
      [jeans.id, 1, null],
    ]);
    await c.act('inbound', admin, id, 'submit');
    expect((await scan(coatL.barcode)).body.data.result).toBe('ok');
    const before = await balanceOf(t.db, hz, { skuId: jeans.id });
    expect((await c.act('inbound', admin, id, 'post')).body.data.status).toBe('posted');
    expect(await balanceOf(t.db, hz, { skuId: coatL.id }, a1)).toBe(2);
    expect(await balanceOf(t.db, hz, { skuId: jeans.id })).toBe(before);
    expect(await moveCount(t.db, 'inbound', id)).toBe(1);
    // a posted document takes no more scans
    const no = doc.docNo as string;
    expect(answer(await scan(coatL.barcode))).toEqual([409, stockDocActionRefused(no, '已入库', 'scan')]);
    expect((await c.scans('inbound', admin, id)).body.data).toHaveLength(7);
  });

  it("spreads scans of an SKU over its lines on several shelves; a scan at a shelf goes to that shelf's line", async () => {
    const id = await c.draft('inbound', admin, { warehouseId: hz }, [
      { skuId: shirt.id, shelfId: a1, quantity: 2 },
      { skuId: shirt.id, shelfId: a2, quantity: 1 },
    ]);
    const scan = (extra: object = {}) => c.scan('inbound', admin, id, { barcode: shirt.barcode, ...extra });
    expect((await scan({ shelfId: a2 })).body.data.line).toMatchObject({ shelfId: a2, actualQuantity: 1 });
    expect((await scan()).body.data.line).toMatchObject({ shelfId: a1, actualQuantity: 1 });
    expect((await scan()).body.data.line).toMatchObject({ shelfId: a1, actualQuantity: 2 });
    expect((await scan()).body.data.result).toBe('over');
    expect((await scan({ undo: true })).body.data.line).toMatchObject({ shelfId: a2, actualQuantity: 0 });
    expect((await scan()).body.data.line).toMatchObject({ shelfId: a2, actualQuantity: 1 });
    expect((await c.get('inbound', admin, id)).body.data.totalActual).toBe(3);
    await c.act('inbound', admin, id, 'void');
  });

  it('editing a scanned draft keeps the scanned quantities; the form cannot set them', async () => {
    const forged = await c.create('inbound', admin, { warehouseId: hz }, [{ skuId: shirt.id, quantity: 2, actualQuantity: 2 }]);
    const id = forged.body.data.id as number;
    expect(linesOf((await c.get('inbound', admin, id)).body.data)).toEqual([[shirt.id, 2, null]]);
    await c.scan('inbound', admin, id, { barcode: shirt.barcode });
    const edited = await c.update('inbound', admin, id, { warehouseId: hz }, [
      { skuId: shirt.id, quantity: 3, actualQuantity: 3 },
      { skuId: jeans.id, quantity: 1, actualQuantity: 1 },
    ]);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ scanStarted: true, totalQuantity: 4, totalActual: 1 });
    expect(linesOf((await c.get('inbound', admin, id)).body.data)).toEqual([
      [shirt.id, 3, 1],
      [jeans.id, 1, 0],
    ]);
    await c.act('inbound', admin, id, 'void');
  });

  it('refuses to post a scanned document where nothing was counted', async () => {
    const id = await c.draft('inbound', admin, { warehouseId: hz }, [{ skuId: shirt.id, quantity: 2 }]);
    await c.scan('inbound', admin, id, { barcode: shirt.barcode });
    await c.scan('inbound', admin, id, { barcode: shirt.barcode, undo: true });
    await c.act('inbound', admin, id, 'submit');
    expect(answer(await c.act('inbound', admin, id, 'post'))).toEqual([422, StockDocMessages.noLines]);
    expect((await c.get('inbound', admin, id)).body.data.status).toBe('submitted');
    expect(await moveCount(t.db, 'inbound', id)).toBe(0);
  });

  it('voids a posted inbound by reversing it: balances back, twice is refused', async () => {
    const before = await balanceOf(t.db, hz, { skuId: shirt.id }, a2);
    const id = await c.posted('inbound', admin, { warehouseId: hz }, [{ skuId: shirt.id, shelfId: a2, quantity: 4, unitCostFen: 1000 }]);
    expect(await balanceOf(t.db, hz, { skuId: shirt.id }, a2)).toBe(before + 4);
    expect((await c.act('inbound', admin, id, 'void', { reason: '重复入库' })).body.data).toMatchObject({ status: 'void', voidReason: '重复入库' });
    expect(await balanceOf(t.db, hz, { skuId: shirt.id }, a2)).toBe(before);
    const moves = await t.db
      .selectFrom('stock_moves')
      .select(['id', 'quantity', 'reverses_move_id', 'unit_cost_fen'])
      .where('doc_type', '=', 'inbound')
      .where('doc_id', '=', id)
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { id: moves[0]!.id, quantity: 4, reverses_move_id: null, unit_cost_fen: 1000 },
      { id: moves[1]!.id, quantity: -4, reverses_move_id: moves[0]!.id, unit_cost_fen: 1000 },
    ]);
    const no = (await c.get('inbound', admin, id)).body.data.docNo;
    expect(answer(await c.act('inbound', admin, id, 'void'))).toEqual([409, stockDocActionRefused(no, '已作废', 'void')]);
    expect(await moveCount(t.db, 'inbound', id)).toBe(2);
  });

  it('cannot void an inbound whose goods have left since: the shortfall is named, it stays posted', async () => {
    const id = await c.posted('inbound', admin, { warehouseId: hz }, [{ skuId: shirt.id, shelfId: a1, quantity: 3 }]);
    await c.posted('outbound', admin, { warehouseId: hz }, [{ skuId: shirt.id, shelfId: a1, quantity: 2 }]);
    const res = await c.act('inbound', admin, id, 'void');
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(`库存不足：YS26M3001 黑色 XL（${shirt.barcode}）需要3，可用1`);
    expect((await c.get('inbound', admin, id)).body.data.status).toBe('posted');
    expect(await balanceOf(t.db, hz, { skuId: shirt.id }, a1)).toBe(1);
  });
});

describe('what a write answers', () => {
  it('creating, editing and every action answer the header only; the GET answers every line', async () => {
    const skuIds = (await t.db.selectFrom('skus').select('id').orderBy('id').execute()).map((s) => Number(s.id));
    const shelfIds = [0, ...(await t.db.selectFrom('shelves').select('id').where('warehouse_id', '=', hz).orderBy('id').execute()).map((s) => Number(s.id))];
    const lines = shelfIds.flatMap((shelfId) => skuIds.map((skuId) => ({ skuId, shelfId: shelfId || null, quantity: 1 }))).slice(0, 300);
    expect(lines).toHaveLength(300);
    const created = await c.create('inbound', admin, { warehouseId: hz }, lines);
    expect(created.body.data).toMatchObject({ status: 'draft', lineCount: 300, totalQuantity: 300, actions: expect.arrayContaining(['submit']) });
    expect(created.body.data).not.toHaveProperty('lines');
    const id = created.body.data.id as number;
    const edited = await c.update('inbound', admin, id, { warehouseId: hz }, lines.slice(0, 250));
    expect([edited.body.data.lineCount, 'lines' in edited.body.data]).toEqual([250, false]);
    const submitted = await c.act('inbound', admin, id, 'submit');
    expect([submitted.body.data.status, 'lines' in submitted.body.data]).toEqual(['submitted', false]);
    const posted = await c.act('inbound', admin, id, 'post');
    expect([posted.body.data.status, posted.body.data.lineCount, 'lines' in posted.body.data]).toEqual(['posted', 250, false]);
    const full = await c.get('inbound', admin, id);
    expect(full.body.data.lines.map((l: { lineNo: number }) => l.lineNo)).toEqual(lines.slice(0, 250).map((_, i) => i + 1));
    // every line went in (the incoming posting added to balances it did not read)
    const moved = await t.db.selectFrom('stock_moves').select('quantity').where('document_type', '=', 'stock_doc').where('doc_id', '=', id).execute();
    expect(moved).toHaveLength(250);
  });
});

describe('outbound', () => {
  let stocked = false;
  async function stock() {
    if (stocked) return;
    stocked = true;
    await c.posted('inbound', admin, { warehouseId: hz }, [
      { skuId: coat.id, shelfId: a2, quantity: 20 },
      { skuId: jeans.id, quantity: 20 },
    ]);
  }
  beforeAll(stock);

  it("posts the expected quantities out of the lines' shelves when nothing was scanned, and voids back", async () => {
    const before = await balanceOf(t.db, hz, { skuId: coat.id }, a2);
    const id = await c.posted('outbound', admin, { warehouseId: hz, bizType: 'other' }, [{ skuId: coat.id, shelfId: a2, quantity: 3 }]);
    const doc = (await c.get('outbound', admin, id)).body.data;
    expect(doc).toMatchObject({ status: 'posted', statusLabel: '已出库', bizType: 'other', differenceReason: '' });
    expect(await balanceOf(t.db, hz, { skuId: coat.id }, a2)).toBe(before - 3);
    expect((await c.act('outbound', admin, id, 'void')).body.data.status).toBe('void');
    expect(await balanceOf(t.db, hz, { skuId: coat.id }, a2)).toBe(before);
  });

  it('posting scanned quantities that differ needs 差异出库 (403) and a reason (422); with both it posts what was scanned', async () => {
    const id = await c.draft('outbound', admin, { warehouseId: hz }, [
      { skuId: coat.id, shelfId: a2, quantity: 3 },
      { skuId: jeans.id, quantity: 2 },
    ]);
    for (const barcode of [coat.barcode, coat.barcode, jeans.barcode, jeans.barcode]) expect((await c.scan('outbound', admin, id, { barcode })).body.data.result).toBe('ok');
    expect((await c.scan('outbound', admin, id, { barcode: jeans.barcode })).body.data.result).toBe('over');
    await c.act('outbound', admin, id, 'submit');
    const [coatBefore, jeansBefore] = [await balanceOf(t.db, hz, { skuId: coat.id }, a2), await balanceOf(t.db, hz, { skuId: jeans.id })];

    await sql`DELETE FROM role_menus WHERE role_id = (SELECT id FROM roles WHERE code = 'admin') AND menu_id = (SELECT id FROM menus WHERE name = 'OutboundDifferenceBtn')`.execute(
      t.db,
    );
    t.app.accessCache.clearAll();
    try {
      expect(answer(await c.act('outbound', admin, id, 'post', { reason: '少一件' }))).toEqual([403, StockDocMessages.differenceForbidden]);
    } finally {
      await sql`INSERT INTO role_menus (role_id, menu_id) SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'admin' AND m.name = 'OutboundDifferenceBtn'`.execute(t.db);
      t.app.accessCache.clearAll();
    }
    expect(answer(await c.act('outbound', admin, id, 'post'))).toEqual([422, StockDocMessages.reasonRequired]);
    expect(answer(await c.act('outbound', admin, id, 'post', { reason: '   ' }))).toEqual([422, StockDocMessages.reasonRequired]);
    expect((await c.get('outbound', admin, id)).body.data).toMatchObject({ status: 'submitted', differenceReason: '' });
    expect(await moveCount(t.db, 'outbound', id)).toBe(0);

    const doc = (await c.act('outbound', admin, id, 'post', { reason: ' 货架缺一件 ' })).body.data;
    expect(doc).toMatchObject({ status: 'posted', differenceReason: '货架缺一件', totalQuantity: 5, totalActual: 4 });
    expect(await balanceOf(t.db, hz, { skuId: coat.id }, a2)).toBe(coatBefore - 2);
    expect(await balanceOf(t.db, hz, { skuId: jeans.id })).toBe(jeansBefore - 2);
  });

  it('a fully scanned outbound needs neither the permission nor a reason', async () => {
    const id = await c.draft('outbound', admin, { warehouseId: hz }, [{ skuId: jeans.id, quantity: 1 }]);
    await c.scan('outbound', admin, id, { barcode: jeans.barcode });
    await c.act('outbound', admin, id, 'submit');
    await sql`DELETE FROM role_menus WHERE role_id = (SELECT id FROM roles WHERE code = 'admin') AND menu_id = (SELECT id FROM menus WHERE name = 'OutboundDifferenceBtn')`.execute(
      t.db,
    );
    t.app.accessCache.clearAll();
    try {
      expect((await c.act('outbound', admin, id, 'post')).body.data).toMatchObject({ status: 'posted', differenceReason: '' });
    } finally {
      await sql`INSERT INTO role_menus (role_id, menu_id) SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'admin' AND m.name = 'OutboundDifferenceBtn'`.execute(t.db);
      t.app.accessCache.clearAll();
    }
  });

  it('voiding a posted outbound twice is refused the second time', async () => {
    const id = await c.posted('outbound', admin, { warehouseId: hz }, [{ skuId: jeans.id, quantity: 1 }]);
    expect((await c.act('outbound', admin, id, 'void')).status).toBe(200);
    expect((await c.act('outbound', admin, id, 'void')).status).toBe(409);
    expect(await moveCount(t.db, 'outbound', id)).toBe(2);
    // the ledger layer refuses a second reversal on its own too
    const refused = await t.db.transaction().execute(async (trx) => {
      const { reverseMoves } = await import('../stock/stock-posting.ts');
      return reverseMoves(trx, { type: 'stock_doc', id }, 1).then(
        () => null,
        (e: Error) => e.message,
      );
    });
    expect(refused).toBe(StockMessages.alreadyReversed);
  });
});
