import { stockDocActionRefused, StockDocMessages, StockKindMessages, stockLineMessages } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, post, shelfIdOf, skuOf, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { answer, docsClient } from './stock-docs-test-kit.ts';

// 换货: leg 'in' shop → HQ side, leg 'out' HQ side → shop, both in one posting or none.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let shop01: string;
const wh: Record<string, number> = {};
let coat: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let a1: number;
let sh002: number;

const HZ = () => wh['WH-HZ']!;
const SH2 = () => wh['WH-SH002']!;
const bal = (w: number, skuId: number, shelf: number | null = null) => balanceOf(t.db, w, { skuId }, shelf);
const docCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('stock_docs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** 2 coats back from SH002 onto HQ shelf A-01-01, 3 jeans out of HQ to the shop. */
const header = () => ({ warehouseId: HZ(), shopId: sh002 });
const legs = () => [
  { leg: 'in' as const, skuId: coat.id, shelfId: a1, quantity: 2 },
  { leg: 'out' as const, skuId: jeans.id, quantity: 3 },
];

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  [admin, shop01] = await Promise.all(['admin', 'shop01'].map((a) => t.login(a)));
  for (const code of ['WH-HZ', 'WH-TRANSIT', 'WH-SH001', 'WH-SH002']) wh[code] = await warehouseIdOf(t.db, code);
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
  sh002 = (await t.db.selectFrom('shops').select('id').where('code', '=', 'SH002').executeTakeFirstOrThrow()).id;
  const adminId = await userIdOf(t.db, 'admin');
  // stock outside any document of this kind: HQ has 10 jeans on the floor, the shop 4 coats
  await post(t.db, adminId, 900_001, [{ warehouseId: HZ(), skuId: jeans.id, quantity: 10 }]);
  await post(t.db, adminId, 900_002, [{ warehouseId: SH2(), skuId: coat.id, quantity: 4 }]);
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

describe('exchange documents', () => {
  it('posts both legs together (shop → HQ and HQ → shop) and void reverses them', async () => {
    const created = await c.create('exchange', admin, header(), legs());
    expect(created.status).toBe(200);
    // a write answers the header; the lines come with the GET
    expect(created.body.data).not.toHaveProperty('lines');
    const doc = (await c.get('exchange', admin, created.body.data.id)).body.data;
    expect(doc).toMatchObject({ docNo: expect.stringMatching(/^HH\d{8}-\d{4}$/), toWarehouseId: SH2(), toWarehouseName: '宁波天一广场店仓', shopId: sh002, status: 'draft' });
    // the creation's answer (its joins chosen by the parties the draft names) is the GET's header
    const { lines: _lines, ...docHeader } = doc;
    expect(created.body.data).toEqual(docHeader);
    expect(docHeader.shopName).toEqual(expect.any(String));
    expect(doc.lines.map((l: { leg: string; quantity: number }) => [l.leg, l.quantity])).toEqual([
      ['in', 2],
      ['out', 3],
    ]);

    expect((await c.act('exchange', admin, doc.id, 'submit')).status).toBe(200);
    const posted = await c.act('exchange', admin, doc.id, 'post');
    expect(posted.status).toBe(200);
    expect(posted.body.data.status).toBe('posted');
    expect([await bal(SH2(), coat.id), await bal(HZ(), coat.id, a1), await bal(HZ(), jeans.id), await bal(SH2(), jeans.id)]).toEqual([2, 2, 7, 3]);
    expect(await moveCount(t.db, 'exchange', doc.id)).toBe(4);

    expect((await c.act('exchange', admin, doc.id, 'void', { reason: '录错' })).status).toBe(200);
    expect([await bal(SH2(), coat.id), await bal(HZ(), coat.id, a1), await bal(HZ(), jeans.id), await bal(SH2(), jeans.id)]).toEqual([4, 0, 10, 0]);
  });

  it('a shortfall on the in-leg refuses the out-leg too: nothing posts', async () => {
    const id = await c.draft('exchange', admin, header(), [
      { leg: 'in', skuId: coat.id, quantity: 5 }, // the shop holds 4
      { leg: 'out', skuId: jeans.id, quantity: 1 },
    ]);
    await c.act('exchange', admin, id, 'submit');
    const moves = await moveCount(t.db);
    const res = await c.act('exchange', admin, id, 'post');
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('YS26W1001');
    expect(await moveCount(t.db)).toBe(moves);
    expect([await bal(SH2(), coat.id), await bal(HZ(), jeans.id), await bal(SH2(), jeans.id)]).toEqual([4, 10, 0]);
    expect((await c.get('exchange', admin, id)).body.data.status).toBe('submitted');
  });

  it('refuses bad headers and lines with a clear message, writing nothing', async () => {
    const before = await docCount();
    const bad = async (h: object, lines: object[]) => answer(await c.create('exchange', admin, h as never, lines as never));
    expect(await bad(header(), [legs()[0]])).toEqual([422, StockKindMessages.exchangeBothLegs]);
    expect(await bad(header(), [legs()[1]])).toEqual([422, StockKindMessages.exchangeBothLegs]);
    expect(await bad(header(), [{ skuId: coat.id, quantity: 1 }, legs()[1]])).toEqual([422, StockKindMessages.exchangeLegRequired(1)]);
    for (const quantity of [0, -2, 1_000_001, 2.5]) {
      expect(await bad(header(), [{ ...legs()[0], quantity }, legs()[1]])).toEqual([422, StockDocMessages.quantityInvalid(1)]);
    }
    expect(await bad(header(), [legs()[0], { ...legs()[1], skuId: 99_999_999 }])).toEqual([422, stockLineMessages.skuNotFound(2)]);
    expect(await bad({ warehouseId: HZ() }, legs())).toEqual([422, StockKindMessages.exchangeShopRequired]);
    expect(await bad({ warehouseId: HZ(), shopId: 99_999_999 }, legs())).toEqual([422, '门店不存在']);
    expect(await bad({ warehouseId: wh['WH-SH001'], shopId: sh002 }, legs())).toEqual([422, StockKindMessages.exchangeHqSide]);
    expect(await bad({ warehouseId: wh['WH-TRANSIT'], shopId: sh002 }, legs())).toEqual([422, StockKindMessages.exchangeHqSide]);
    // a shop without a warehouse of its own
    const lonely = await t.db.insertInto('shops').values({ code: 'SH-T1', name: '测试无仓门店', kind: 'direct' }).returning('id').executeTakeFirstOrThrow();
    expect(await bad({ warehouseId: HZ(), shopId: lonely.id }, legs())).toEqual([422, StockKindMessages.exchangeShopNoWarehouse('测试无仓门店')]);
    expect(await docCount()).toBe(before);
  });

  it('answers 409 to transitions the machine does not have', async () => {
    const id = await c.draft('exchange', admin, header(), legs());
    expect(answer(await c.act('exchange', admin, id, 'post'))[0]).toBe(409);
    expect(answer(await c.act('exchange', admin, id, 'withdraw'))[0]).toBe(409);
    await c.act('exchange', admin, id, 'submit');
    const docNo = (await c.get('exchange', admin, id)).body.data.docNo;
    expect(answer(await c.update('exchange', admin, id, header(), legs()))).toEqual([409, stockDocActionRefused(docNo, '已提交', 'edit')]);
    await c.act('exchange', admin, id, 'void');
    expect(answer(await c.act('exchange', admin, id, 'post'))).toEqual([409, stockDocActionRefused(docNo, '已作废', 'post')]);
  });

  it('another party: a shop sees only exchanges with its own warehouse; out-of-scope warehouses answer 404', async () => {
    const id = await c.draft('exchange', admin, header(), legs());
    expect((await c.get('exchange', shop01, id)).status).toBe(404);
    expect((await c.page('exchange', shop01)).body.data.total).toBe(0);
    expect((await c.create('exchange', shop01, header(), legs())).status).toBe(403);
    // with the button granted, another party's warehouses are still out of reach
    await t.db
      .insertInto('role_menus')
      .columns(['role_id', 'menu_id'])
      .expression((eb) =>
        eb
          .selectFrom('roles')
          .innerJoin('menus', (j) => j.on('menus.name', '=', 'ExchangeEditBtn'))
          .select(['roles.id', 'menus.id'])
          .where('roles.code', '=', 'shop'),
      )
      .execute();
    t.app.accessCache.clearAll();
    expect(answer(await c.create('exchange', shop01, header(), legs()))).toEqual([404, StockDocMessages.warehouseNotFound]);
    expect((await c.act('exchange', shop01, id, 'submit')).status).toBe(404);
  });
});
