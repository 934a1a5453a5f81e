import { sql } from 'kysely';
import { shanghaiToday, stockDocActionRefused, StockDocMessages, stockLineMessages } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, shelfIdOf, skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { nextDocNo } from '../../kernel/documents/numbering.ts';
import { answer, docsClient } from './stock-docs-test-kit.ts';
import { HEADER_DEFAULTS } from './doc-create.repo.ts';
import { LINE_ARRAYS } from './stock-docs.repo.ts';

// The part every stock document shares, shown on 入库/出库: numbering, the status machine, refusing
// bad input without changing anything, and the data scope.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let admin: string;
let agent01: string;
let shop01: string;
let supplier01: string;
const wh: Record<string, number> = {};
let coat: { id: number; barcode: string };
let jeans: { id: number; barcode: string };
let a1: number;
const day = shanghaiToday().replaceAll('-', '');

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  [admin, agent01, shop01, supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  for (const code of ['WH-HZ', 'WH-HZ-DEF', 'WH-TRANSIT', 'WH-SH001', 'WH-SH002', 'WH-SH003']) wh[code] = await warehouseIdOf(t.db, code);
  coat = await skuOf(t.db, 'YS26W1001', 'CA', 'M');
  jeans = await skuOf(t.db, 'YS26M3102', 'BK', 'L');
  a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

/** Everything a refused call must leave alone. */
async function snapshot() {
  const [docs, lines, moves, seq, balances] = await Promise.all([
    t.db.selectFrom('stock_docs').select(['id', 'status', 'total_quantity', 'updated_at']).orderBy('id').execute(),
    t.db.selectFrom('stock_doc_lines').selectAll().orderBy('id').execute(),
    moveCount(t.db),
    t.db.selectFrom('doc_number_days').selectAll().orderBy('prefix').execute(),
    t.db.selectFrom('stock_balances').select(['id', 'quantity']).orderBy('id').execute(),
  ]);
  return { docs, lines, moves, seq, balances };
}

describe('numbering', () => {
  it('numbers RK/CK per day from 0001 upwards, each kind its own series, no gap after a refused create', async () => {
    const first = await c.create('inbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ docNo: `RK${day}-0001`, status: 'draft', kind: 'inbound', bizType: 'other', totalQuantity: 1, lineCount: 1 });
    const out = await c.create('outbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]);
    expect(out.body.data.docNo).toBe(`CK${day}-0001`);
    expect((await c.create('inbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 0 }])).status).toBe(422);
    const second = await c.create('inbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 2 }]);
    expect(second.body.data.docNo).toBe(`RK${day}-0002`);
    // yesterday's series does not carry over; past 9999 the number grows a digit
    await sql`INSERT INTO doc_number_days (prefix, day, base) VALUES ('RK', (now() AT TIME ZONE 'Asia/Shanghai')::date - 1, -57)`.execute(t.db);
    expect((await c.create('inbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 3 }])).body.data.docNo).toBe(`RK${day}-0003`);
    // CK0001 was the day's last number: the next is 10000
    await sql`UPDATE doc_number_days SET base = base - 9998 WHERE prefix = 'CK'`.execute(t.db);
    expect((await c.create('outbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }])).body.data.docNo).toBe(`CK${day}-10000`);
  });

  it("takes the day in Asia/Shanghai whatever the database session's time zone", async () => {
    // a zone whose calendar day differs from Shanghai's right now
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const zone = hour < 18 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const no = await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT set_config('TimeZone', ${zone}, true)`.execute(trx);
        const { rows } = await sql<{ d: string }>`SELECT to_char(current_date, 'YYYYMMDD') AS d`.execute(trx);
        expect(rows[0]!.d).not.toBe(day);
        const docNo = await nextDocNo(trx, 'RK');
        throw Object.assign(new Error('rollback'), { docNo });
      })
      .catch((e: { docNo?: string }) => e.docNo);
    expect(no).toMatch(new RegExp(`^RK${day}-\\d{4}$`));
  });
});

describe('the status machine', () => {
  it('walks an inbound through edit, submit, withdraw, post and void; every refused step is 409 with the shared message', async () => {
    const id = await c.draft('inbound', admin, { warehouseId: wh['WH-HZ'], bizType: 'purchase', remark: ' 首批 ' }, [
      { skuId: coat.id, shelfId: a1, quantity: 5, unitCostFen: 52000 },
    ]);
    let doc = (await c.get('inbound', admin, id)).body.data;
    expect(doc).toMatchObject({ status: 'draft', statusLabel: '草稿', remark: '首批', actions: ['edit', 'scan', 'submit', 'void'], createdByName: '系统管理员' });
    const no = doc.docNo as string;
    const refused = (status: string, action: Parameters<typeof stockDocActionRefused>[2]) => [409, stockDocActionRefused(no, status, action)];

    expect(answer(await c.act('inbound', admin, id, 'post'))).toEqual(refused('草稿', 'post'));
    expect(answer(await c.act('inbound', admin, id, 'withdraw'))).toEqual(refused('草稿', 'withdraw'));
    const edited = await c.update('inbound', admin, id, { warehouseId: wh['WH-HZ'], bizType: 'purchase' }, [
      { skuId: coat.id, shelfId: a1, quantity: 6, unitCostFen: 52000 },
      { skuId: jeans.id, quantity: 2 },
    ]);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ totalQuantity: 8, lineCount: 2, remark: '' });
    expect((await c.get('inbound', admin, id)).body.data.lines.map((l: { lineNo: number; quantity: number; shelfCode: string }) => [l.lineNo, l.quantity, l.shelfCode])).toEqual([
      [1, 6, 'A-01-01'],
      [2, 2, ''],
    ]);

    doc = (await c.act('inbound', admin, id, 'submit')).body.data;
    expect(doc).toMatchObject({ status: 'submitted', actions: ['scan', 'withdraw', 'post', 'void'] });
    expect(doc.submittedAt).not.toBeNull();
    expect(answer(await c.update('inbound', admin, id, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]))).toEqual(refused('已提交', 'edit'));
    expect(answer(await c.act('inbound', admin, id, 'submit'))).toEqual(refused('已提交', 'submit'));
    expect((await c.act('inbound', admin, id, 'withdraw')).body.data).toMatchObject({ status: 'draft', submittedAt: null });
    await c.act('inbound', admin, id, 'submit');

    doc = (await c.act('inbound', admin, id, 'post')).body.data;
    expect(doc).toMatchObject({ status: 'posted', statusLabel: '已入库', postedByName: '系统管理员', actions: ['void'] });
    expect(await balanceOf(t.db, wh['WH-HZ']!, { skuId: coat.id }, a1)).toBe(6);
    expect(await balanceOf(t.db, wh['WH-HZ']!, { skuId: jeans.id })).toBe(2);
    for (const action of ['post', 'submit', 'withdraw'] as const) expect(answer(await c.act('inbound', admin, id, action))).toEqual(refused('已入库', action));
    expect(answer(await c.update('inbound', admin, id, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]))).toEqual(refused('已入库', 'edit'));

    doc = (await c.act('inbound', admin, id, 'void', { reason: '供应商发错货' })).body.data;
    expect(doc).toMatchObject({ status: 'void', voidReason: '供应商发错货', actions: [] });
    expect(await balanceOf(t.db, wh['WH-HZ']!, { skuId: coat.id }, a1)).toBe(0);
    expect(await balanceOf(t.db, wh['WH-HZ']!, { skuId: jeans.id })).toBe(0);
    for (const action of ['void', 'post', 'submit'] as const) expect(answer(await c.act('inbound', admin, id, action))).toEqual(refused('已作废', action));
    expect(await moveCount(t.db, 'inbound', id)).toBe(4);
  });

  it('voids a draft or a submitted document without touching stock; a voided one cannot be posted', async () => {
    const draft = await c.draft('outbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]);
    expect((await c.act('outbound', admin, draft, 'void')).body.data.status).toBe('void');
    const submitted = await c.draft('outbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]);
    await c.act('outbound', admin, submitted, 'submit');
    expect((await c.act('outbound', admin, submitted, 'void')).body.data.status).toBe('void');
    const no = (await c.get('outbound', admin, submitted)).body.data.docNo;
    expect(answer(await c.act('outbound', admin, submitted, 'post'))).toEqual([409, stockDocActionRefused(no, '已作废', 'post')]);
    expect(await moveCount(t.db, 'outbound', submitted)).toBe(0);
  });

  it('answers 404 for a missing document, one of another kind and a malformed id; 422 for a reason that is too long', async () => {
    const id = await c.draft('inbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]);
    expect(answer(await c.get('inbound', admin, 99_999_999))).toEqual([404, StockDocMessages.notFound]);
    expect(answer(await c.get('outbound', admin, id))).toEqual([404, StockDocMessages.notFound]);
    expect(answer(await c.act('outbound', admin, id, 'submit'))).toEqual([404, StockDocMessages.notFound]);
    expect((await c.get('inbound', admin, -1 as number)).status).toBe(422);
    expect(answer(await c.act('inbound', admin, id, 'void', { reason: '长'.repeat(201) }))).toEqual([422, StockDocMessages.reasonTooLong]);
    expect((await c.get('inbound', admin, id)).body.data.status).toBe('draft');
  });
});

describe('bad input changes nothing', () => {
  it("leaves out of a new document's insert only values that are their column's default", async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; column_default: string | null; is_nullable: string }>`
      SELECT table_name, column_name, column_default, is_nullable FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name IN ('stock_docs', 'stock_doc_lines')`.execute(t.db);
    const column = (table: string, name: string) => rows.find((r) => r.table_name === table && r.column_name === name);
    // what the database fills in for a column left out, as the app writes that value
    const databaseDefault = (table: string, name: string) => {
      const c = column(table, name);
      if (!c) return 'no such column';
      if (c.column_default === null) return c.is_nullable === 'YES' ? null : 'no default';
      if (/^''(::text)?$/.test(c.column_default)) return '';
      if (c.column_default === '0') return 0;
      return c.column_default;
    };
    for (const [name, value] of Object.entries(HEADER_DEFAULTS)) expect([name, databaseDefault('stock_docs', name)]).toEqual([name, value]);
    expect(column('stock_docs', 'shelf_ids')?.column_default).toMatch(/^'\{\}'::bigint\[\]$/);
    for (const [name, , value] of LINE_ARRAYS) if (name !== 'quantity') expect([name, databaseDefault('stock_doc_lines', name)]).toEqual([name, value]);
  });

  it('refuses bad lines and headers on create and edit with a clear message', async () => {
    const id = await c.draft('inbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 4 }]);
    const before = await snapshot();
    const hz = { warehouseId: wh['WH-HZ'] };
    const b1 = await shelfIdOf(t.db, 'WH-HZ-DEF', 'D-01');
    const cases: [object, object[], number, string][] = [
      [hz, [{ skuId: coat.id, quantity: -1 }], 422, StockDocMessages.quantityInvalid(1)],
      [hz, [{ skuId: coat.id, quantity: 0 }], 422, StockDocMessages.quantityInvalid(1)],
      [hz, [{ skuId: coat.id, quantity: 1_000_001 }], 422, StockDocMessages.quantityInvalid(1)],
      [hz, [{ skuId: coat.id, quantity: 1e300 }], 422, StockDocMessages.quantityInvalid(1)],
      [hz, [{ skuId: coat.id, quantity: 1.5 }], 422, StockDocMessages.quantityInvalid(1)],
      [hz, [{ skuId: coat.id, quantity: 1, actualQuantity: -2 }], 422, StockDocMessages.actualInvalid(1)],
      [hz, [{ skuId: 99_999_999, quantity: 1 }], 422, stockLineMessages.skuNotFound(1)],
      [hz, [{ quantity: 1 }], 422, stockLineMessages.itemOne(1)],
      [
        hz,
        [
          { skuId: coat.id, quantity: 1 },
          { skuId: jeans.id, quantity: 1 },
          { skuId: coat.id, quantity: 2 },
        ],
        422,
        StockDocMessages.duplicateLine(3),
      ],
      [hz, [{ skuId: coat.id, quantity: 1, shelfId: b1 }], 422, '第1行：货架“D-01”不属于本单仓库'],
      [hz, [{ skuId: coat.id, quantity: 1, shelfId: 99_999_999 }], 422, stockLineMessages.shelfNotFound(1)],
      [hz, [{ materialId: 99_999_999, quantity: 1 }], 422, stockLineMessages.materialNotFound(1)],
      [
        hz,
        [
          { skuId: coat.id, quantity: 1 },
          { skuId: 99_999_999, quantity: 1, shelfId: 99_999_998 },
        ],
        422,
        stockLineMessages.skuNotFound(2),
      ],
      [hz, [{ skuId: coat.id, quantity: 1, unitCostFen: -1 }], 422, stockLineMessages.unitCostInvalid(1)],
      [hz, [], 422, StockDocMessages.noLines],
      [{}, [{ skuId: coat.id, quantity: 1 }], 422, StockDocMessages.warehouseRequired],
      [{ warehouseId: 99_999_999 }, [{ skuId: coat.id, quantity: 1 }], 404, StockDocMessages.warehouseNotFound],
      [{ warehouseId: wh['WH-TRANSIT'] }, [{ skuId: coat.id, quantity: 1 }], 422, '在途仓是虚拟仓，不能直接入库'],
      [{ ...hz, bizType: 'gift' }, [{ skuId: coat.id, quantity: 1 }], 422, StockDocMessages.bizTypeInvalid],
      [{ ...hz, expectedDate: '2026-02-30' }, [{ skuId: coat.id, quantity: 1 }], 422, 'header.expectedDate：日期不存在或不在1900—2099年之间，请输入正确的日期'],
      [{ ...hz, supplierId: 99_999_999 }, [{ skuId: coat.id, quantity: 1 }], 422, '供应商不存在'],
      [{ ...hz, remark: '备'.repeat(201) }, [{ skuId: coat.id, quantity: 1 }], 422, StockDocMessages.remarkTooLong],
    ];
    for (const [header, lines, status, msg] of cases) {
      const created = await t.call({ method: 'POST', url: '/api/admin/api/v1/stock-docs/inbound', session: admin, payload: { header, lines } });
      expect([JSON.stringify(lines).slice(0, 60), ...answer(created)]).toEqual([JSON.stringify(lines).slice(0, 60), status, msg]);
      const edited = await t.call({ method: 'PUT', url: `/api/admin/api/v1/stock-docs/inbound/${id}`, session: admin, payload: { header, lines } });
      expect(answer(edited)).toEqual([status, msg]);
    }
    expect(
      (
        await c.create(
          'inbound',
          admin,
          hz,
          Array.from({ length: 5001 }, (_, i) => ({ skuId: i + 1, quantity: 1 })),
        )
      ).status,
    ).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an outbound the stock cannot cover, naming the item, and leaves it submitted', async () => {
    const id = await c.draft('outbound', admin, { warehouseId: wh['WH-SH002'] }, [{ skuId: jeans.id, quantity: 3 }]);
    await c.act('outbound', admin, id, 'submit');
    const before = await snapshot();
    const res = await c.act('outbound', admin, id, 'post');
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(`库存不足：YS26M3102 黑色 L（${jeans.barcode}）需要3，可用0`);
    expect(await snapshot()).toEqual(before);
  });
});

describe('data scope', () => {
  let hzDoc: number;
  let sh1Doc: number;
  let sh2Doc: number;
  beforeAll(async () => {
    hzDoc = await c.draft('inbound', admin, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]);
    sh1Doc = await c.draft('inbound', admin, { warehouseId: wh['WH-SH001'] }, [{ skuId: coat.id, quantity: 1 }]);
    sh2Doc = await c.draft('inbound', admin, { warehouseId: wh['WH-SH002'] }, [{ skuId: coat.id, quantity: 1 }]);
  });

  it("a shop sees only its own warehouse's documents, an agent its shops', a supplier is refused", async () => {
    const ids = async (session: string) => new Set((await c.page('inbound', session)).body.data.records.map((r: { id: number }) => r.id));
    const shop = await ids(shop01);
    expect(shop.has(sh1Doc) && !shop.has(sh2Doc) && !shop.has(hzDoc)).toBe(true);
    for (const r of (await c.page('inbound', shop01)).body.data.records) expect(r.warehouseId).toBe(wh['WH-SH001']);
    const agent = await ids(agent01);
    expect(agent.has(sh1Doc) && agent.has(sh2Doc) && !agent.has(hzDoc)).toBe(true);
    expect((await ids(admin)).has(hzDoc)).toBe(true);
    expect((await c.get('inbound', shop01, sh1Doc)).status).toBe(200);
    expect(answer(await c.get('inbound', shop01, sh2Doc))).toEqual([404, StockDocMessages.notFound]);
    expect(answer(await c.get('inbound', agent01, hzDoc))).toEqual([404, StockDocMessages.notFound]);
    expect((await c.page('inbound', shop01, `&warehouseId=${wh['WH-HZ']}`)).body.data.total).toBe(0);
    expect((await c.page('inbound', supplier01)).status).toBe(403);
    expect((await c.get('inbound', supplier01, sh1Doc)).status).toBe(403);
    // a shop may read its documents but not change them
    expect((await c.act('inbound', shop01, sh1Doc, 'submit')).status).toBe(403);
    expect((await c.create('inbound', shop01, { warehouseId: wh['WH-SH001'] }, [{ skuId: coat.id, quantity: 1 }])).status).toBe(403);
  });

  it("a shop allowed to add documents cannot reach another party's warehouse or document (404), nothing changes", async () => {
    await sql`INSERT INTO role_menus (role_id, menu_id) SELECT r.id, m.id FROM roles r, menus m WHERE r.code = 'shop' AND m.name IN ('InboundEditBtn', 'InboundAuditBtn')`.execute(
      t.db,
    );
    t.app.accessCache.clearAll();
    try {
      const before = await snapshot();
      expect(answer(await c.create('inbound', shop01, { warehouseId: wh['WH-SH002'] }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([404, StockDocMessages.warehouseNotFound]);
      expect(answer(await c.create('inbound', shop01, { warehouseId: wh['WH-HZ'] }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([404, StockDocMessages.warehouseNotFound]);
      expect(answer(await c.update('inbound', shop01, sh2Doc, { warehouseId: wh['WH-SH001'] }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([404, StockDocMessages.notFound]);
      expect(answer(await c.act('inbound', shop01, hzDoc, 'submit'))).toEqual([404, StockDocMessages.notFound]);
      // its own document cannot be moved to another warehouse either
      expect(answer(await c.update('inbound', shop01, sh1Doc, { warehouseId: wh['WH-SH002'] }, [{ skuId: coat.id, quantity: 1 }]))).toEqual([
        404,
        StockDocMessages.warehouseNotFound,
      ]);
      expect(await snapshot()).toEqual(before);
      const own = await c.posted('inbound', shop01, { warehouseId: wh['WH-SH001'] }, [{ skuId: coat.id, quantity: 2 }]);
      expect((await c.get('inbound', shop01, own)).body.data.status).toBe('posted');
      expect(await balanceOf(t.db, wh['WH-SH001']!, { skuId: coat.id })).toBe(2);
    } finally {
      await sql`DELETE FROM role_menus WHERE role_id = (SELECT id FROM roles WHERE code = 'shop') AND menu_id IN (SELECT id FROM menus WHERE name IN ('InboundEditBtn', 'InboundAuditBtn'))`.execute(
        t.db,
      );
      t.app.accessCache.clearAll();
    }
  });

  it("scanning needs the scanning side's warehouse: the source shop of a transfer may see it but not count its receipt", async () => {
    await c.posted('inbound', admin, { warehouseId: wh['WH-SH001'] }, [{ skuId: jeans.id, quantity: 2 }]);
    const id = await c.draft('transfer', admin, { warehouseId: wh['WH-SH001'], toWarehouseId: wh['WH-SH002'] }, [{ skuId: jeans.id, quantity: 2 }]);
    await c.act('transfer', admin, id, 'submit');
    expect((await c.act('transfer', admin, id, 'ship')).status).toBe(200);
    const before = await snapshot();
    expect((await c.get('transfer', shop01, id)).status).toBe(200);
    expect(answer(await c.scan('transfer', shop01, id, { barcode: jeans.barcode }))).toEqual([404, StockDocMessages.notFound]);
    expect(answer(await c.act('transfer', shop01, id, 'receive'))).toEqual([404, StockDocMessages.notFound]);
    expect(await snapshot()).toEqual(before);
    expect((await t.db.selectFrom('stock_doc_scans').select('id').where('doc_id', '=', id).execute()).length).toBe(0);
    // the agent of both shops receives it
    expect((await c.scan('transfer', agent01, id, { barcode: jeans.barcode })).body.data.result).toBe('ok');
  });

  it('filters the list by status, warehouse and number', async () => {
    const drafts = (await c.page('inbound', admin, '&status=draft')).body.data.records;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((r: { status: string }) => r.status === 'draft')).toBe(true);
    const sh2 = (await c.page('inbound', admin, `&warehouseId=${wh['WH-SH002']}`)).body.data.records;
    expect(sh2.map((r: { id: number }) => r.id)).toEqual([sh2Doc]);
    const no = (await c.get('inbound', admin, sh2Doc)).body.data.docNo as string;
    expect((await c.page('inbound', admin, `&docNo=${no.slice(-6)}`)).body.data.records.map((r: { id: number }) => r.id)).toContain(sh2Doc);
    expect((await c.page('inbound', admin, '&sort=warehouse')).status).toBe(422);
    expect((await c.page('inbound', admin, '&status=done')).status).toBe(422);
  });
});
