import { sql } from 'kysely';
import { stockDocActionRefused, StockDocMessages, stockLineMessages, stockWarehouseFrozen, type StockDocAction } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, shelfIdOf, skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { TransferMessages } from './doc-kinds.service.ts';
import { answer, docsClient } from './stock-docs-test-kit.ts';

// 调拨: source → transit on ship, transit → destination on receive; differences need a reason;
// void reverses; the destination's shop receives but cannot ship.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let shop01: string;
let agent01: string;
const wh: Record<string, number> = {};
let coat: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let dress: { id: number; barcode: string };
let a1: number;
let s3: number;

const HZ = () => wh['WH-HZ']!;
const SH1 = () => wh['WH-SH001']!;
const TR = () => wh['WH-TRANSIT']!;
const bal = (w: number, skuId: number, shelf: number | null = null) => balanceOf(t.db, w, { skuId }, shelf);

async function snapshot() {
  const [docs, lines, moves, balances] = await Promise.all([
    t.db.selectFrom('stock_docs').select(['id', 'status', 'total_quantity', 'total_actual', 'difference_reason']).orderBy('id').execute(),
    t.db.selectFrom('stock_doc_lines').selectAll().orderBy('id').execute(),
    moveCount(t.db),
    t.db.selectFrom('stock_balances').select(['id', 'quantity']).orderBy('id').execute(),
  ]);
  return { docs, lines, moves, balances };
}

/** A transfer HQ (shelf A-01-01) → WH-SH001 of 5 coats and 3 jeans, taken to `until`. */
async function transfer(until: 'draft' | 'submitted' | 'shipped' = 'shipped', session = admin) {
  const id = await c.draft('transfer', session, { warehouseId: HZ(), toWarehouseId: SH1() }, [
    { skuId: coat.id, shelfId: a1, quantity: 5 },
    { skuId: jeans.id, quantity: 3 },
  ]);
  const steps = { draft: [], submitted: ['submit'], shipped: ['submit', 'ship'] }[until];
  for (const action of steps) {
    const res = await c.act('transfer', session, id, action);
    if (res.status !== 200) throw new Error(`${action}: ${res.raw}`);
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  [admin, shop01, agent01] = await Promise.all(['admin', 'shop01', 'agent01'].map((a) => t.login(a)));
  for (const code of ['WH-HZ', 'WH-TRANSIT', 'WH-SH001', 'WH-SH002', 'WH-SH003']) wh[code] = await warehouseIdOf(t.db, code);
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  dress = await skuOf(t.db, 'YS26W1001', 'CA', 'L');
  a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
  s3 = await shelfIdOf(t.db, 'WH-SH003', 'S-01');
  await c.posted('inbound', admin, { warehouseId: HZ() }, [
    { skuId: coat.id, shelfId: a1, quantity: 100 },
    { skuId: jeans.id, quantity: 100 },
  ]);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('transfer header and lines', () => {
  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await snapshot();
    const line = [{ skuId: coat.id, quantity: 1 }];
    const cases: [object, object[], number, string][] = [
      [{ warehouseId: HZ() }, line, 422, StockDocMessages.toWarehouseRequired],
      [{ toWarehouseId: SH1() }, line, 422, StockDocMessages.warehouseRequired],
      [{ warehouseId: HZ(), toWarehouseId: HZ() }, line, 422, StockDocMessages.sameWarehouse],
      [{ warehouseId: TR(), toWarehouseId: SH1() }, line, 422, TransferMessages.transitSource],
      [{ warehouseId: HZ(), toWarehouseId: TR() }, line, 422, TransferMessages.transitTarget],
      [{ warehouseId: HZ(), toWarehouseId: 99_999_999 }, line, 404, StockDocMessages.warehouseNotFound],
      [{ warehouseId: HZ(), toWarehouseId: SH1() }, [], 422, StockDocMessages.noLines],
      [{ warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: 0 }], 422, StockDocMessages.quantityInvalid(1)],
      [{ warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: -2 }], 422, StockDocMessages.quantityInvalid(1)],
      [{ warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: 1_000_001 }], 422, StockDocMessages.quantityInvalid(1)],
      [{ warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: 1.5 }], 422, StockDocMessages.quantityInvalid(1)],
      [{ warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: 99_999_999, quantity: 1 }], 422, stockLineMessages.skuNotFound(1)],
      [{ warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, shelfId: s3, quantity: 1 }], 422, '第1行：货架“S-01”不属于本单仓库'],
    ];
    for (const [header, lines, status, msg] of cases) {
      const res = await c.create('transfer', admin, header, lines as never);
      expect([header, lines, answer(res)]).toEqual([header, lines, [status, msg]]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another party's warehouse (404) and a missing transit warehouse", async () => {
    await sql`INSERT INTO role_menus (role_id, menu_id) SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'shop' AND m.name = 'TransferEditBtn'`.execute(t.db);
    t.app.accessCache.clearAll();
    try {
      const before = await snapshot();
      expect(answer(await c.create('transfer', shop01, { warehouseId: SH1(), toWarehouseId: wh['WH-SH002'] }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([
        404,
        StockDocMessages.warehouseNotFound,
      ]);
      expect(answer(await c.create('transfer', shop01, { warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([
        404,
        StockDocMessages.warehouseNotFound,
      ]);
      expect(await snapshot()).toEqual(before);
    } finally {
      await sql`DELETE FROM role_menus WHERE role_id = (SELECT id FROM roles WHERE code = 'shop') AND menu_id = (SELECT id FROM menus WHERE name = 'TransferEditBtn')`.execute(
        t.db,
      );
      t.app.accessCache.clearAll();
    }
    await t.db.updateTable('warehouses').set({ enabled: false }).where('type', '=', 'transit').execute();
    try {
      expect(answer(await c.create('transfer', admin, { warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([
        422,
        StockDocMessages.transitMissing,
      ]);
    } finally {
      await t.db.updateTable('warehouses').set({ enabled: true }).where('type', '=', 'transit').execute();
    }
  });

  it('stores a draft with the transit warehouse and no received quantities', async () => {
    const res = await c.create('transfer', admin, { warehouseId: HZ(), toWarehouseId: SH1(), remark: ' 补货 ' }, [{ skuId: coat.id, shelfId: a1, quantity: 2, actualQuantity: 2 }]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'transfer',
      status: 'draft',
      warehouseId: HZ(),
      toWarehouseId: SH1(),
      toWarehouseName: '湖滨银泰店仓',
      transitWarehouseId: TR(),
      remark: '补货',
      totalQuantity: 2,
    });
    expect(res.body.data.docNo).toMatch(/^DB\d{8}-\d{4}$/);
    expect((await c.get('transfer', admin, res.body.data.id)).body.data.lines[0]).toMatchObject({
      skuId: coat.id,
      shelfId: a1,
      quantity: 2,
      actualQuantity: null,
      difference: null,
    });
  });
});

describe('transfer status machine', () => {
  it('refuses every illegal transition with 409 and changes nothing', async () => {
    const id = await transfer('draft');
    const no = (await c.get('transfer', admin, id)).body.data.docNo as string;
    const refused = async (status: string, actions: StockDocAction[]) => {
      const before = await snapshot();
      const paths: Partial<Record<StockDocAction, string>> = { startCount: 'start-count' };
      for (const action of actions) expect(answer(await c.act('transfer', admin, id, paths[action] ?? action))).toEqual([409, stockDocActionRefused(no, status, action)]);
      expect(await snapshot()).toEqual(before);
    };
    await refused('草稿', ['withdraw', 'ship', 'receive']);
    expect((await c.act('transfer', admin, id, 'post')).status).toBe(404); // no such route for a transfer
    expect((await c.act('transfer', admin, id, 'start-count')).status).toBe(404);
    expect(answer(await c.scan('transfer', admin, id, { barcode: coat.barcode }))).toEqual([409, stockDocActionRefused(no, '草稿', 'scan')]);
    expect((await c.act('transfer', admin, id, 'submit')).body.data).toMatchObject({ status: 'submitted', actions: ['withdraw', 'ship', 'void'] });
    await refused('已提交', ['submit', 'receive']);
    expect(answer(await c.update('transfer', admin, id, { warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([
      409,
      stockDocActionRefused(no, '已提交', 'edit'),
    ]);
    expect(answer(await c.scan('transfer', admin, id, { barcode: coat.barcode }))).toEqual([409, stockDocActionRefused(no, '已提交', 'scan')]);
    expect((await c.act('transfer', admin, id, 'withdraw')).body.data.status).toBe('draft');
    await c.act('transfer', admin, id, 'submit');
    const shipped = (await c.act('transfer', admin, id, 'ship')).body.data;
    expect(shipped).toMatchObject({ status: 'shipped', statusLabel: '已发货（在途）', actions: ['scan', 'receive', 'void'] });
    // an action's answer (its joins chosen by the parties the document names) is the GET's header
    const { lines: _lines, ...header } = (await c.get('transfer', admin, id)).body.data;
    expect(shipped).toEqual(header);
    expect(header.toWarehouseName).toBe('湖滨银泰店仓');
    await refused('已发货（在途）', ['submit', 'withdraw', 'ship']);
    expect(answer(await c.update('transfer', admin, id, { warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([
      409,
      stockDocActionRefused(no, '已发货（在途）', 'edit'),
    ]);
    expect((await c.act('transfer', admin, id, 'receive')).body.data).toMatchObject({ status: 'posted', statusLabel: '已收货' });
    await refused('已收货', ['submit', 'withdraw', 'ship', 'receive']);
    expect((await c.act('transfer', admin, id, 'void', { reason: '录错' })).body.data).toMatchObject({ status: 'void', voidReason: '录错' });
    await refused('已作废', ['submit', 'withdraw', 'ship', 'receive', 'void']);
  });
});

describe('shipping and receiving', () => {
  it('ship moves the goods from the source shelf into transit; receive from transit into the destination', async () => {
    const [hz, hzJeans, tr, sh] = [await bal(HZ(), coat.id, a1), await bal(HZ(), jeans.id), await bal(TR(), coat.id), await bal(SH1(), coat.id)];
    const id = await transfer('submitted');
    await c.act('transfer', admin, id, 'ship');
    expect([await bal(HZ(), coat.id, a1), await bal(HZ(), jeans.id), await bal(TR(), coat.id), await bal(TR(), jeans.id)]).toEqual([hz - 5, hzJeans - 3, tr + 5, 3]);
    expect(await moveCount(t.db, 'transfer_out', id)).toBe(4);
    const done = (await c.act('transfer', admin, id, 'receive')).body.data;
    expect(done).toMatchObject({ status: 'posted', totalQuantity: 8, totalActual: 8, differenceReason: '' });
    expect((await c.get('transfer', admin, id)).body.data.lines.map((l: { actualQuantity: number; difference: number }) => [l.actualQuantity, l.difference])).toEqual([
      [5, 0],
      [3, 0],
    ]);
    expect([await bal(TR(), coat.id), await bal(TR(), jeans.id), await bal(SH1(), coat.id), await bal(SH1(), jeans.id)]).toEqual([tr, 0, sh + 5, 3]);
    await c.act('transfer', admin, id, 'void');
  });

  it('a shipment beyond the stock is refused naming the shortfall; a frozen source refuses shipping', async () => {
    const id = await c.draft('transfer', admin, { warehouseId: HZ(), toWarehouseId: SH1() }, [{ skuId: dress.id, quantity: 1 }]);
    await c.act('transfer', admin, id, 'submit');
    const before = await snapshot();
    const res = await c.act('transfer', admin, id, 'ship');
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('YS26W1001');
    expect(await snapshot()).toEqual(before);
    const frozen = await t.db
      .insertInto('stock_freezes')
      .values({ warehouse_id: HZ(), shelf_id: null, doc_type: 'stocktake', doc_id: 99_999 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const other = await transfer('submitted');
      expect(answer(await c.act('transfer', admin, other, 'ship'))).toEqual([409, stockWarehouseFrozen('杭州总仓')]);
      expect((await c.get('transfer', admin, other)).body.data.status).toBe('submitted');
    } finally {
      await t.db.deleteFrom('stock_freezes').where('id', '=', frozen.id).execute();
    }
  });

  it('a received quantity that differs needs a reason; the difference stays on the lines', async () => {
    const id = await transfer('shipped');
    const doc = (await c.get('transfer', admin, id)).body.data;
    const [coatLine, jeansLine] = doc.lines as { id: number }[];
    const sh = [await bal(SH1(), coat.id), await bal(SH1(), jeans.id)];
    const before = await snapshot();
    const actuals = [{ lineId: coatLine!.id, actualQuantity: 4 }];
    expect(answer(await c.act('transfer', admin, id, 'receive', { actuals }))).toEqual([422, StockDocMessages.reasonRequired]);
    expect(answer(await c.act('transfer', admin, id, 'receive', { actuals: [{ lineId: coatLine!.id, actualQuantity: -1 }], reason: 'x' }))).toEqual([
      422,
      StockDocMessages.actualInvalid(1),
    ]);
    expect(answer(await c.act('transfer', admin, id, 'receive', { actuals: [{ lineId: coatLine!.id, actualQuantity: 1_000_001 }], reason: 'x' }))).toEqual([
      422,
      StockDocMessages.actualInvalid(1),
    ]);
    expect((await c.act('transfer', admin, id, 'receive', { actuals: [{ lineId: 99_999_999, actualQuantity: 1 }], reason: 'x' })).status).toBe(422);
    expect((await c.act('transfer', admin, id, 'receive', { actuals: [...actuals, ...actuals], reason: 'x' })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
    const done = (await c.act('transfer', admin, id, 'receive', { actuals, reason: ' 少一件，破损 ' })).body.data;
    expect(done).toMatchObject({ status: 'posted', differenceReason: '少一件，破损', totalActual: 7 });
    expect(
      (await c.get('transfer', admin, id)).body.data.lines.map((l: { id: number; actualQuantity: number; difference: number }) => [l.id, l.actualQuantity, l.difference]),
    ).toEqual([
      [coatLine!.id, 4, -1],
      [jeansLine!.id, 3, 0],
    ]);
    // transit gives up all it held; the destination gets what arrived
    expect([await bal(TR(), coat.id), await bal(TR(), jeans.id)]).toEqual([0, 0]);
    expect([await bal(SH1(), coat.id), await bal(SH1(), jeans.id)]).toEqual([sh[0]! + 4, sh[1]! + 3]);
  });

  it('scanning on receive counts what arrived (over and unexpected refused); unscanned lines arrive as 0', async () => {
    const id = await transfer('shipped');
    for (let i = 0; i < 5; i++) expect((await c.scan('transfer', shop01, id, { barcode: coat.barcode })).body.data.result).toBe('ok');
    const over = (await c.scan('transfer', shop01, id, { barcode: coat.barcode })).body.data;
    expect(over).toMatchObject({ result: 'over', message: StockDocMessages.scanOver(coat.barcode, 5) });
    expect((await c.scan('transfer', shop01, id, { barcode: dress.barcode })).body.data.result).toBe('unexpected');
    expect((await c.scan('transfer', admin, id, { barcode: jeans.barcode })).body.data).toMatchObject({ result: 'ok', totalActual: 6 });
    const sh = await bal(SH1(), jeans.id);
    expect(answer(await c.act('transfer', shop01, id, 'receive'))).toEqual([422, StockDocMessages.reasonRequired]);
    expect((await c.act('transfer', shop01, id, 'receive', { reason: '牛仔裤少两条' })).body.data.status).toBe('posted');
    expect((await c.get('transfer', shop01, id)).body.data.lines.map((l: { actualQuantity: number }) => l.actualQuantity)).toEqual([5, 1]);
    expect(await bal(SH1(), jeans.id)).toBe(sh + 1);
  });
});

describe('voiding', () => {
  it('voiding a shipped transfer puts the goods back from transit', async () => {
    const [hz, tr] = [await bal(HZ(), coat.id, a1), await bal(TR(), coat.id)];
    const id = await transfer('shipped');
    expect(await bal(TR(), coat.id)).toBe(tr + 5);
    expect((await c.act('transfer', admin, id, 'void')).body.data.status).toBe('void');
    expect([await bal(HZ(), coat.id, a1), await bal(TR(), coat.id)]).toEqual([hz, tr]);
  });

  it('voiding a received transfer reverses both postings', async () => {
    const [hz, tr, sh] = [await bal(HZ(), coat.id, a1), await bal(TR(), coat.id), await bal(SH1(), coat.id)];
    const id = await transfer('shipped');
    await c.act('transfer', admin, id, 'receive');
    expect(await bal(SH1(), coat.id)).toBe(sh + 5);
    const res = await c.act('transfer', admin, id, 'void', { reason: '调错门店' });
    expect(answer(res)[0]).toBe(200);
    expect([await bal(HZ(), coat.id, a1), await bal(TR(), coat.id), await bal(SH1(), coat.id)]).toEqual([hz, tr, sh]);
  });

  it('a void that would leave the destination short is refused, nothing changes', async () => {
    const id = await transfer('shipped');
    await c.act('transfer', admin, id, 'receive');
    // the shop sold the goods meanwhile
    await c.posted('outbound', admin, { warehouseId: SH1() }, [{ skuId: jeans.id, quantity: await bal(SH1(), jeans.id) }]);
    const before = await snapshot();
    expect((await c.act('transfer', admin, id, 'void')).status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });
});

describe('shops', () => {
  it('a shop sees and receives a transfer into its own warehouse, but cannot ship one from HQ', async () => {
    const id = await transfer('submitted');
    expect((await c.page('transfer', shop01)).body.data.records.map((r: { id: number }) => r.id)).toContain(id);
    expect((await c.act('transfer', shop01, id, 'ship')).status).toBe(403);
    await sql`INSERT INTO role_menus (role_id, menu_id) SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'shop' AND m.name = 'TransferShipBtn'`.execute(t.db);
    t.app.accessCache.clearAll();
    try {
      // even with the permission, shipping needs the source in the shop's scope
      expect(answer(await c.act('transfer', shop01, id, 'ship'))).toEqual([404, StockDocMessages.notFound]);
    } finally {
      await sql`DELETE FROM role_menus WHERE role_id = (SELECT id FROM roles WHERE code = 'shop') AND menu_id = (SELECT id FROM menus WHERE name = 'TransferShipBtn')`.execute(
        t.db,
      );
      t.app.accessCache.clearAll();
    }
    expect((await c.get('transfer', admin, id)).body.data.status).toBe('submitted');
    await c.act('transfer', admin, id, 'ship');
    const sh = await bal(SH1(), coat.id);
    expect((await c.act('transfer', shop01, id, 'receive')).body.data).toMatchObject({ status: 'posted', postedByName: expect.any(String) });
    expect(await bal(SH1(), coat.id)).toBe(sh + 5);
    expect((await c.act('transfer', shop01, id, 'void')).status).toBe(403);
  });

  it("another shop's transfer is invisible (404) to a shop and its agent sees its shops' only", async () => {
    const id = await c.draft('transfer', admin, { warehouseId: HZ(), toWarehouseId: wh['WH-SH003']! }, [{ skuId: coat.id, shelfId: a1, quantity: 1 }]);
    await c.act('transfer', admin, id, 'submit');
    await c.act('transfer', admin, id, 'ship');
    expect(answer(await c.get('transfer', shop01, id))).toEqual([404, StockDocMessages.notFound]);
    expect(answer(await c.act('transfer', shop01, id, 'receive'))).toEqual([404, StockDocMessages.notFound]);
    expect((await c.scan('transfer', shop01, id, { barcode: coat.barcode })).status).toBe(404);
    expect((await c.page('transfer', agent01)).body.data.records.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await c.get('transfer', admin, id)).body.data.status).toBe('shipped');
    await c.act('transfer', admin, id, 'void');
  });
});
