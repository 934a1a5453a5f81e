import { stockDocActionRefused, StockDocMessages, StockImportMessages, StockKindMessages } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, post, skuOf, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { answer, docsClient, DOCS_API } from './stock-docs-test-kit.ts';

// 海外仓: receipts add what arrived; a snapshot posts counted − book, the book read at posting.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let shop01: string;
let la: number;
let hz: number;
let adminId: number;
let coat: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let dress: { id: number; barcode: string };

const bal = (skuId: number) => balanceOf(t.db, la, { skuId });
const check = (session: string, body: object) => t.call({ method: 'POST', url: `${DOCS_API}/overseas/import/check`, session, payload: body });
const comparison = (session: string, id: number) => t.call({ method: 'GET', url: `${DOCS_API}/overseas/${id}/comparison`, session });

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  [admin, shop01] = await Promise.all(['admin', 'shop01'].map((a) => t.login(a)));
  la = await warehouseIdOf(t.db, 'WH-US-LA');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  adminId = await userIdOf(t.db, 'admin');
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  dress = await skuOf(t.db, 'YS26W1001', 'CA', 'L');
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('overseas documents', () => {
  it('a receipt adds its quantities on posting; void takes them back', async () => {
    const id = await c.posted('overseas', admin, { warehouseId: la, bizType: 'receipt' }, [{ skuId: coat.id, quantity: 10 }]);
    expect(await bal(coat.id)).toBe(10);
    expect(await moveCount(t.db, 'overseas', id)).toBe(1);
    const doc = (await c.get('overseas', admin, id)).body.data;
    expect(doc).toMatchObject({ docNo: expect.stringMatching(/^HW/), bizType: 'receipt', status: 'posted' });
    expect(doc.lines[0]).toMatchObject({ quantity: 10, actualQuantity: null });

    const again = await c.posted('overseas', admin, { warehouseId: la, bizType: 'receipt' }, [{ skuId: coat.id, quantity: 3 }]);
    await c.act('overseas', admin, again, 'void');
    expect(await bal(coat.id)).toBe(10);
  });

  it('a snapshot posts counted − book, with the book read at posting and kept on the lines', async () => {
    // book now: coat 10, jeans 0, dress 2 (counted 0)
    await post(t.db, adminId, 910_001, [{ warehouseId: la, skuId: dress.id, quantity: 2 }], 'transfer_in');
    const created = await c.create('overseas', admin, { warehouseId: la, bizType: 'snapshot' }, [
      { skuId: coat.id, quantity: 1, actualQuantity: 7 },
      { skuId: jeans.id, quantity: 1, actualQuantity: 4 },
      { skuId: dress.id, quantity: 1, actualQuantity: 0 },
    ]);
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    // quantity is the book when saved (the client's value is ignored)
    expect((await c.get('overseas', admin, id)).body.data.lines.map((l: { quantity: number; actualQuantity: number }) => [l.quantity, l.actualQuantity])).toEqual([
      [10, 7],
      [0, 4],
      [2, 0],
    ]);
    await c.act('overseas', admin, id, 'submit');
    // the book moves before posting: 5 more coats arrive
    await c.posted('overseas', admin, { warehouseId: la, bizType: 'receipt' }, [{ skuId: coat.id, quantity: 5 }]);
    const before = (await comparison(admin, id)).body.data;
    expect(before.map((l: { counted: number; bookNow: number; difference: number }) => [l.counted, l.bookNow, l.difference])).toEqual([
      [7, 15, -8],
      [4, 0, 4],
      [0, 2, -2],
    ]);

    const posted = await c.act('overseas', admin, id, 'post');
    expect(posted.status).toBe(200);
    expect((await c.get('overseas', admin, id)).body.data.lines.map((l: { quantity: number; difference: number }) => [l.quantity, l.difference])).toEqual([
      [15, -8],
      [0, 4],
      [2, -2],
    ]);
    expect([await bal(coat.id), await bal(jeans.id), await bal(dress.id)]).toEqual([7, 4, 0]);
    const moves = await t.db.selectFrom('stock_moves').select(['sku_id', 'quantity']).where('doc_type', '=', 'overseas').where('doc_id', '=', id).orderBy('id').execute();
    expect(moves.map((m) => [m.sku_id, m.quantity])).toEqual([
      [coat.id, -8],
      [jeans.id, 4],
      [dress.id, -2],
    ]);

    const after = (await comparison(admin, id)).body.data;
    // received so far: coat 10 + 5 (+3 voided nets out), jeans 0, dress 2 by transfer
    expect(after.map((l: { counted: number; bookNow: number; receivedTotal: number; difference: number }) => [l.counted, l.bookNow, l.receivedTotal, l.difference])).toEqual([
      [7, 7, 15, -8],
      [4, 4, 0, 4],
      [0, 0, 2, -2],
    ]);

    // a snapshot equal to the book posts nothing, and voiding the first puts the book back
    const same = await c.posted('overseas', admin, { warehouseId: la, bizType: 'snapshot' }, [{ skuId: coat.id, quantity: 1, actualQuantity: 7 }]);
    expect(await moveCount(t.db, 'overseas', same)).toBe(0);
    expect((await c.act('overseas', admin, id, 'void')).status).toBe(200);
    expect([await bal(coat.id), await bal(jeans.id), await bal(dress.id)]).toEqual([15, 0, 2]);
  });

  it('refuses bad input: non-overseas warehouse, bad type, quantities, unknown SKU, missing counts', async () => {
    const docs = await moveCount(t.db);
    const bad = async (h: object, lines: object[]) => answer(await c.create('overseas', admin, h as never, lines as never));
    expect(await bad({ warehouseId: hz, bizType: 'receipt' }, [{ skuId: coat.id, quantity: 1 }])).toEqual([422, StockKindMessages.overseasOnly]);
    expect(await bad({ warehouseId: la, bizType: 'count' }, [{ skuId: coat.id, quantity: 1 }])).toEqual([422, StockDocMessages.bizTypeInvalid]);
    for (const quantity of [0, -1, 1_000_001]) {
      expect(await bad({ warehouseId: la, bizType: 'receipt' }, [{ skuId: coat.id, quantity }])).toEqual([422, StockDocMessages.quantityInvalid(1)]);
    }
    expect(await bad({ warehouseId: la, bizType: 'snapshot' }, [{ skuId: coat.id, quantity: 1, actualQuantity: -1 }])).toEqual([422, StockDocMessages.actualInvalid(1)]);
    expect(await bad({ warehouseId: la, bizType: 'snapshot' }, [{ skuId: coat.id, quantity: 1 }])).toEqual([422, StockKindMessages.snapshotCountRequired(1)]);
    expect((await bad({ warehouseId: la, bizType: 'receipt' }, [{ skuId: 99_999_999, quantity: 1 }]))[0]).toBe(422);
    expect((await bad({ warehouseId: 99_999_999, bizType: 'receipt' }, [{ skuId: coat.id, quantity: 1 }]))[0]).toBe(404);
    expect(await moveCount(t.db)).toBe(docs);
  });

  it('answers 409 to transitions the machine does not have', async () => {
    const id = await c.draft('overseas', admin, { warehouseId: la, bizType: 'receipt' }, [{ skuId: jeans.id, quantity: 1 }]);
    const docNo = (await c.get('overseas', admin, id)).body.data.docNo;
    expect(answer(await c.act('overseas', admin, id, 'post'))).toEqual([409, stockDocActionRefused(docNo, '草稿', 'post')]);
    await c.act('overseas', admin, id, 'void');
    expect(answer(await c.act('overseas', admin, id, 'submit'))[0]).toBe(409);
    expect(answer(await c.act('overseas', admin, id, 'void'))[0]).toBe(409);
  });

  it('the import check resolves barcodes and lists every bad row with its number, writing nothing', async () => {
    const docs = await t.db.selectFrom('stock_docs').select('id').execute();
    const res = await check(admin, {
      bizType: 'snapshot',
      rows: [
        { row: 2, barcode: coat.barcode, quantity: '12' },
        { row: 3, barcode: 'NOPE-1', quantity: 1 },
        { row: 4, barcode: '', quantity: 1 },
        { row: 5, barcode: jeans.barcode, quantity: 'abc' },
        { row: 6, barcode: coat.barcode, quantity: 3 },
        { row: 7, barcode: dress.barcode, quantity: 0 },
        { row: 8, barcode: dress.barcode + 'X', quantity: 2_000_000 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.lines).toEqual([]);
    expect(res.body.data.errors).toEqual([
      { row: 3, barcode: 'NOPE-1', reason: StockImportMessages.barcodeUnknown('NOPE-1') },
      { row: 4, barcode: '', reason: StockImportMessages.barcodeRequired },
      { row: 5, barcode: jeans.barcode, reason: StockImportMessages.quantityInvalid(0) },
      { row: 6, barcode: coat.barcode, reason: StockImportMessages.duplicate(coat.barcode, 2) },
      { row: 8, barcode: `${dress.barcode}X`, reason: `${StockImportMessages.barcodeUnknown(`${dress.barcode}X`)}；${StockImportMessages.quantityInvalid(0)}` },
    ]);
    const good = await check(admin, {
      bizType: 'snapshot',
      rows: [
        { barcode: coat.barcode, quantity: 12 },
        { barcode: dress.barcode, quantity: '0' },
      ],
    });
    expect(good.body.data.errors).toEqual([]);
    expect(good.body.data.lines.map((l: { row: number; skuId: number; quantity: number; styleNo: string }) => [l.row, l.skuId, l.quantity, l.styleNo])).toEqual([
      [1, coat.id, 12, 'YS26W1001'],
      [2, dress.id, 0, 'YS26W1001'],
    ]);
    // receipts need at least one piece
    expect((await check(admin, { bizType: 'receipt', rows: [{ barcode: coat.barcode, quantity: 0 }] })).body.data.errors[0].reason).toBe(StockImportMessages.quantityInvalid(1));
    expect(answer(await check(admin, { rows: [] }))).toEqual([422, StockImportMessages.noRows]);
    expect((await check(shop01, { rows: [{ barcode: coat.barcode, quantity: 1 }] })).status).toBe(403);
    expect(await t.db.selectFrom('stock_docs').select('id').execute()).toEqual(docs);
  });

  it('the comparison follows the document scope', async () => {
    expect((await comparison(admin, 99_999_999)).status).toBe(404);
    const id = await c.draft('overseas', admin, { warehouseId: la, bizType: 'receipt' }, [{ skuId: jeans.id, quantity: 2 }]);
    const rows = (await comparison(admin, id)).body.data;
    expect(rows).toEqual([expect.objectContaining({ counted: 2, difference: null, barcode: jeans.barcode })]);
    expect((await comparison(shop01, id)).status).toBe(403);
  });
});
