import { shanghaiToday, SHOP_INVENTORY_SOURCE, ShopInventoryMessages, type ShopInventoryDetail } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, shelfIdOf } from '../stock/stock-test-kit.ts';
import { docsClient } from '../stock-docs/stock-docs-test-kit.ts';
import { answer, inventoryCalls, inventoryWorld, receive, type InventoryWorld } from './inventory-test-kit.ts';

// 库存上报 from count to book: shop01 reports, HQ sees counted vs book (and the book's SKUs not
// counted), audits, posts the differences through a 盘点单 (named after the report) and the book
// becomes the count; every refused step (post before audit, a second audit or post, reject without
// a reason) answers 4xx and changes nothing. The stock ledger's invariants hold after every test.

let t: TestApp;
let w: InventoryWorld;
let c: ReturnType<typeof inventoryCalls>;
const today = shanghaiToday();
/** What a warehouse holds of a SKU, shelves together. */
const book = async (warehouseId: number, skuId: number) =>
  Number(
    (
      await t.db
        .selectFrom('stock_balances')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('q'))
        .where('warehouse_id', '=', warehouseId)
        .where('sku_id', '=', skuId)
        .executeTakeFirstOrThrow()
    ).q,
  );
const bookAll = async (warehouseId: number) => {
  const rows = await t.db.selectFrom('stock_balances').select(['sku_id', 'shelf_id', 'quantity']).where('warehouse_id', '=', warehouseId).orderBy('id').execute();
  return rows;
};
const everything = async () => ({
  reports: await t.db.selectFrom('shop_inventory_reports').selectAll().orderBy('id').execute(),
  docs: await t.db.selectFrom('stock_docs').select(['id', 'status']).orderBy('id').execute(),
  moves: await moveCount(t.db),
});

beforeAll(async () => {
  t = await createTestApp();
  w = await inventoryWorld(t);
  c = inventoryCalls(t);
  await receive(t, w.admin, w.wh.sh001, [
    { skuId: w.sku.coat.id, quantity: 5 },
    { skuId: w.sku.jeans.id, quantity: 4 },
    { skuId: w.sku.shirt.id, quantity: 2 },
  ]);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('report, audit and post', () => {
  let id: number;
  let coatBook: number;
  let jeansBook: number;
  let shirtBook: number;

  it('shop01 reports a count blind; HQ sees counted vs book, the difference and the SKUs not counted', async () => {
    [coatBook, jeansBook, shirtBook] = [await book(w.wh.sh001, w.sku.coat.id), await book(w.wh.sh001, w.sku.jeans.id), await book(w.wh.sh001, w.sku.shirt.id)];
    expect(coatBook).toBeGreaterThanOrEqual(5);
    // coat one short, jeans as booked, a dress the book lacks; the shirt is not counted
    id = await c.draft(w.shop01, {
      warehouseId: w.wh.sh001,
      countDate: today,
      remark: '月末盘点',
      lines: [
        { skuId: w.sku.coat.id, quantity: coatBook - 1 },
        { skuId: w.sku.jeans.id, quantity: jeansBook },
        { skuId: w.sku.dress.id, quantity: 2 },
      ],
    });
    const submitted = await c.act(w.shop01, id, 'submit');
    expect([submitted.status, submitted.body.msg, submitted.body.data.statusLabel]).toEqual([200, ShopInventoryMessages.submitted, '待审核']);
    const blind: ShopInventoryDetail = (await c.get(w.shop01, id)).body.data;
    expect(blind).toMatchObject({ showsBook: false, totals: null, reporterType: 'shop', status: 'submitted' });
    expect(blind.lines.map((l) => [l.skuId, l.countedQuantity, l.bookQuantity, l.difference])).toEqual([
      [w.sku.coat.id, coatBook - 1, null, null],
      [w.sku.jeans.id, jeansBook, null, null],
      [w.sku.dress.id, 2, null, null],
    ]);
    // the shop may no longer change a submitted report
    expect(answer(await c.update(w.shop01, id, { warehouseId: w.wh.sh001, countDate: today, lines: [{ skuId: w.sku.coat.id, quantity: 1 }] }))).toEqual([
      409,
      ShopInventoryMessages.refused(blind.docNo, 'submitted', 'edit'),
    ]);

    const hq: ShopInventoryDetail = (await c.get(w.admin, id)).body.data;
    expect(hq.showsBook).toBe(true);
    expect(hq.actions).toEqual(['audit', 'reject']);
    const byId = new Map(hq.lines.map((l) => [l.skuId, l]));
    expect(byId.get(w.sku.coat.id)).toMatchObject({ counted: true, countedQuantity: coatBook - 1, bookQuantity: coatBook, difference: -1 });
    expect(byId.get(w.sku.jeans.id)).toMatchObject({ counted: true, bookQuantity: jeansBook, difference: 0 });
    expect(byId.get(w.sku.dress.id)).toMatchObject({ counted: true, countedQuantity: 2, bookQuantity: await book(w.wh.sh001, w.sku.dress.id) });
    expect(byId.get(w.sku.shirt.id)).toMatchObject({ counted: false, countedQuantity: 0, bookQuantity: shirtBook, difference: -shirtBook });
    // counted lines first, in the order entered
    expect(hq.lines.slice(0, 3).map((l) => l.skuId)).toEqual([w.sku.coat.id, w.sku.jeans.id, w.sku.dress.id]);
    const sum = hq.lines.reduce((s, l) => s + (l.bookQuantity ?? 0), 0);
    expect(hq.totals).toMatchObject({ bookQuantity: sum, countedQuantity: coatBook - 1 + jeansBook + 2 });
  });

  it('refuses a post before the audit, a reject without a reason; audits once', async () => {
    const before = await everything();
    const docNo = (await c.get(w.admin, id)).body.data.docNo;
    expect(answer(await c.act(w.admin, id, 'post'))).toEqual([409, ShopInventoryMessages.refused(docNo, 'submitted', 'post')]);
    expect(answer(await c.act(w.admin, id, 'reject', { reason: '  ' }))).toEqual([422, ShopInventoryMessages.reasonRequired]);
    expect(answer(await c.act(w.admin, id, 'reject', { reason: '长'.repeat(201) }))).toEqual([422, ShopInventoryMessages.reasonTooLong]);
    expect(await everything()).toEqual(before);
    const audited = await c.act(w.admin, id, 'audit');
    expect([audited.status, audited.body.data.status, audited.body.data.actions]).toEqual([200, 'audited', ['post']]);
    const again = await c.act(w.admin, id, 'audit');
    expect(answer(again)).toEqual([409, ShopInventoryMessages.refused(docNo, 'audited', 'audit')]);
  });

  it('posts the differences through a stocktake named after the report: the book becomes the count, once', async () => {
    const movesBefore = await moveCount(t.db);
    const res = await c.act(w.admin, id, 'post', {}, 'inv-post-1');
    expect([res.status, res.body.msg], res.raw).toEqual([200, ShopInventoryMessages.posted]);
    const report: ShopInventoryDetail = res.body.data;
    expect(report).toMatchObject({ status: 'audited', actions: [], stocktakeNo: expect.stringMatching(/^PD\d{8}-\d{4}$/) });
    expect(await book(w.wh.sh001, w.sku.coat.id)).toBe(coatBook - 1);
    expect(await book(w.wh.sh001, w.sku.jeans.id)).toBe(jeansBook);
    expect(await book(w.wh.sh001, w.sku.dress.id)).toBe(2);
    expect(await book(w.wh.sh001, w.sku.shirt.id)).toBe(0);
    // every SKU of the detail now shows no difference
    const after: ShopInventoryDetail = (await c.get(w.admin, id)).body.data;
    expect(after.lines.filter((l) => l.counted).every((l) => l.difference === 0)).toBe(true);
    expect(await moveCount(t.db)).toBeGreaterThan(movesBefore);
    const doc = await docsClient(t).get('stocktake', w.admin, report.stocktakeId!);
    expect(doc.body.data).toMatchObject({ status: 'posted', sourceType: SHOP_INVENTORY_SOURCE, sourceId: id, sourceNo: report.docNo, warehouseId: w.wh.sh001 });
    // nothing stays frozen
    expect(await t.db.selectFrom('stock_freezes').selectAll().execute()).toEqual([]);

    // the same key answers the same; a new post is refused and changes nothing
    const before = await everything();
    const replay = await c.act(w.admin, id, 'post', {}, 'inv-post-1');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(answer(await c.act(w.admin, id, 'post'))).toEqual([409, ShopInventoryMessages.alreadyPosted(report.docNo, report.stocktakeNo)]);
    expect(await everything()).toEqual(before);
  });

  it('lets the report post again once its stocktake is voided (the moves reversed)', async () => {
    const report: ShopInventoryDetail = (await c.get(w.admin, id)).body.data;
    const voided = await docsClient(t).act('stocktake', w.admin, report.stocktakeId!, 'void', { reason: '盘点有误' });
    expect(voided.status, voided.raw).toBe(200);
    expect(await book(w.wh.sh001, w.sku.coat.id)).toBe(coatBook);
    const unlinked: ShopInventoryDetail = (await c.get(w.admin, id)).body.data;
    expect([unlinked.stocktakeId, unlinked.actions]).toEqual([null, ['post']]);
    expect((await c.act(w.admin, id, 'post')).status).toBe(200);
    expect(await book(w.wh.sh001, w.sku.coat.id)).toBe(coatBook - 1);
  });
});

describe('reject and report again; shelves', () => {
  it('a rejected report carries its reason, goes back to draft when edited and may be submitted again', async () => {
    const id = await c.draft(w.agent01, { warehouseId: w.wh.sh002, countDate: today, lines: [{ skuId: w.sku.coat.id, quantity: 1 }] });
    expect((await c.act(w.agent01, id, 'submit')).status).toBe(200);
    const rejected = await c.act(w.admin, id, 'reject', { reason: '请按货架重新盘点' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: '请按货架重新盘点', actions: ['edit'] });
    const docNo = rejected.body.data.docNo;
    expect(answer(await c.act(w.admin, id, 'post'))).toEqual([409, ShopInventoryMessages.refused(docNo, 'rejected', 'post')]);
    const edited = await c.update(w.agent01, id, { warehouseId: w.wh.sh002, countDate: today, lines: [{ skuId: w.sku.coat.id, quantity: 3 }] });
    expect(edited.body.data).toMatchObject({ status: 'draft', rejectReason: '', totalQuantity: 3 });
    expect((await c.act(w.agent01, id, 'submit')).body.data.status).toBe('submitted');
  });

  it('posts a count of a warehouse with shelves: a shortage comes off the last shelf, the rest stays put', async () => {
    const s1 = await shelfIdOf(t.db, 'WH-SH003', 'S-01');
    const s2 = await shelfIdOf(t.db, 'WH-SH003', 'S-02');
    await receive(t, w.admin, w.wh.sh003, [
      { skuId: w.sku.jeans.id, quantity: 3, shelfId: s1 },
      { skuId: w.sku.jeans.id, quantity: 2, shelfId: s2 },
    ]);
    const jeans = await book(w.wh.sh003, w.sku.jeans.id);
    const others = (await bookAll(w.wh.sh003)).filter((b) => b.sku_id !== w.sku.jeans.id && b.quantity !== 0);
    const counts = new Map(others.map((b) => [b.sku_id!, 0]));
    for (const b of others) counts.set(b.sku_id!, (counts.get(b.sku_id!) ?? 0) + b.quantity);
    const lines = [{ skuId: w.sku.jeans.id, quantity: jeans - 1 }, ...[...counts].map(([skuId, quantity]) => ({ skuId, quantity }))];
    const id = await c.draft(w.admin, { warehouseId: w.wh.sh003, countDate: today, lines });
    for (const action of ['submit', 'audit', 'post']) expect((await c.act(w.admin, id, action)).status, action).toBe(200);
    expect(await book(w.wh.sh003, w.sku.jeans.id)).toBe(jeans - 1);
    expect(await balanceOf(t.db, w.wh.sh003, { skuId: w.sku.jeans.id }, s1)).toBe(3);
    expect(await balanceOf(t.db, w.wh.sh003, { skuId: w.sku.jeans.id }, s2)).toBe(1);
    for (const [skuId, quantity] of counts) expect(await book(w.wh.sh003, skuId)).toBe(quantity);
  });
});
