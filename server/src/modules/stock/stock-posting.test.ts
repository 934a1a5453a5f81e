import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertLedgerConsistent, ledgerProblems } from './ledger-consistency.ts';
import { balanceOf, materialIdOf, moveCount, post, reverse, shelfIdOf, skuOf, userIdOf, warehouseIdOf } from './stock-test-kit.ts';

let t: TestApp;
let adminId: number;
let hz: number;
let sh001: number;
let coat: { id: number; barcode: string };
let dress: { id: number; barcode: string };
let bag: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = await userIdOf(t.db, 'admin');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  sh001 = await warehouseIdOf(t.db, 'WH-SH001');
  coat = await skuOf(t.db, 'YS26W1001', 'BK', 'M');
  dress = await skuOf(t.db, 'YS26W2003', 'BG', 'L');
  bag = await materialIdOf(t.db, 'WL-BAG-L');
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(() => t?.close());

/** The promise's rejection as { status, message }. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await work;
  } catch (error) {
    const e = error as { status?: number; message: string };
    return { status: e.status ?? 0, message: e.message };
  }
  throw new Error('expected a refusal');
}

describe('posting', () => {
  it('posts in and out, writes one move per line and merges lines per balance', async () => {
    const result = await post(t.db, adminId, 1, [
      { lineId: 11, warehouseId: hz, skuId: coat.id, quantity: 5, unitCostFen: 52000 },
      { lineId: 12, warehouseId: hz, skuId: coat.id, quantity: 3, unitCostFen: 52000 },
      { lineId: 13, warehouseId: hz, materialId: bag, quantity: 200 },
    ]);
    expect(result.moveIds).toHaveLength(3);
    // incoming stock is added unread (no balances answered)
    expect(result.balances).toBeNull();
    expect(await balanceOf(t.db, hz, { skuId: coat.id })).toBe(8);
    expect(await balanceOf(t.db, hz, { materialId: bag })).toBe(200);
    const moves = await t.db.selectFrom('stock_moves').selectAll().where('doc_id', '=', 1).orderBy('id').execute();
    expect(moves.map((m) => [m.doc_type, m.doc_line_id, m.quantity, m.unit_cost_fen, m.created_by])).toEqual([
      ['inbound', 11, 5, 52000, adminId],
      ['inbound', 12, 3, 52000, adminId],
      ['inbound', 13, 200, null, adminId],
    ]);
    await post(t.db, adminId, 2, [{ warehouseId: hz, skuId: coat.id, quantity: -8 }], 'outbound');
    expect(await balanceOf(t.db, hz, { skuId: coat.id })).toBe(0);
  });

  it('refuses a shortfall naming every short item, and writes nothing', async () => {
    await post(t.db, adminId, 3, [{ warehouseId: hz, skuId: coat.id, quantity: 1 }]);
    const before = await moveCount(t.db);
    const res = await refusal(
      post(
        t.db,
        adminId,
        4,
        [
          { warehouseId: hz, skuId: coat.id, quantity: -2 },
          { warehouseId: hz, skuId: coat.id, quantity: -1 },
          { warehouseId: hz, skuId: dress.id, quantity: -2 },
          { warehouseId: hz, materialId: bag, quantity: -50 },
        ],
        'outbound',
      ),
    );
    expect(res).toEqual({
      status: 409,
      message: `库存不足：YS26W1001 黑色 M（${coat.barcode}）需要3，可用1；YS26W2003 米色 L（${dress.barcode}）需要2，可用0`,
    });
    expect(await moveCount(t.db)).toBe(before);
    expect(await balanceOf(t.db, hz, { skuId: coat.id })).toBe(1);
    expect(await balanceOf(t.db, hz, { materialId: bag })).toBe(200);
  });

  it('names the place when a posting touches several, and checks each shelf on its own', async () => {
    const a1 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-01');
    const a2 = await shelfIdOf(t.db, 'WH-HZ', 'A-01-02');
    await post(t.db, adminId, 5, [{ warehouseId: hz, shelfId: a1, skuId: dress.id, quantity: 2 }]);
    // two on the warehouse, but none on A-01-02
    const res = await refusal(
      post(
        t.db,
        adminId,
        6,
        [
          { warehouseId: hz, shelfId: a1, skuId: dress.id, quantity: -1 },
          { warehouseId: hz, shelfId: a2, skuId: dress.id, quantity: -1 },
        ],
        'outbound',
      ),
    );
    expect(res.message).toBe(`库存不足：【杭州总仓 A-01-02】YS26W2003 米色 L（${dress.barcode}）需要1，可用0`);
    expect(await balanceOf(t.db, hz, { skuId: dress.id }, a1)).toBe(2);
    expect(await balanceOf(t.db, hz, { materialId: bag }, a1)).toBe(0);
  });

  it('lets a warehouse that allows negative stock go below zero', async () => {
    const sh002 = await warehouseIdOf(t.db, 'WH-SH002');
    await t.db.updateTable('warehouses').set({ allow_negative: true }).where('id', '=', sh002).execute();
    await post(t.db, adminId, 7, [{ warehouseId: sh002, skuId: coat.id, quantity: -4 }], 'outbound');
    expect(await balanceOf(t.db, sh002, { skuId: coat.id })).toBe(-4);
    await post(t.db, adminId, 8, [{ warehouseId: sh002, skuId: coat.id, quantity: 4 }]);
    await t.db.updateTable('warehouses').set({ allow_negative: false }).where('id', '=', sh002).execute();
  });

  it('follows a warehouse whose negative stock setting changes between postings', async () => {
    const sh002 = await warehouseIdOf(t.db, 'WH-SH002');
    const skirt = await skuOf(t.db, 'YS26W2003', 'BG', 'M');
    // allowed: the first posting after the change creates the missing row (a second round trip), the next at once
    await t.db.updateTable('warehouses').set({ allow_negative: true }).where('id', '=', sh002).execute();
    await post(t.db, adminId, 9, [{ warehouseId: sh002, skuId: dress.id, quantity: -2 }], 'outbound');
    await post(t.db, adminId, 10, [{ warehouseId: sh002, skuId: skirt.id, quantity: -1 }], 'outbound');
    expect(await balanceOf(t.db, sh002, { skuId: dress.id })).toBe(-2);
    expect(await balanceOf(t.db, sh002, { skuId: skirt.id })).toBe(-1);
    await post(t.db, adminId, 11, [
      { warehouseId: sh002, skuId: dress.id, quantity: 2 },
      { warehouseId: sh002, skuId: skirt.id, quantity: 1 },
    ]);
    // no longer allowed: taking out what is not there is a shortfall, whatever the last posting saw
    await t.db.updateTable('warehouses').set({ allow_negative: false }).where('id', '=', sh002).execute();
    const before = await moveCount(t.db);
    const res = await refusal(post(t.db, adminId, 12, [{ warehouseId: sh002, skuId: coat.id, quantity: -1 }], 'outbound'));
    expect(res.status).toBe(409);
    expect(res.message).toContain('库存不足');
    expect(await moveCount(t.db)).toBe(before);
  });

  it('refuses bad lines with the line number (422) and unknown or disabled places', async () => {
    const before = await moveCount(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, '第1行：数量须为非零整数，绝对值不超过1000000'],
      [{ quantity: 1.5 }, '第1行：数量须为非零整数，绝对值不超过1000000'],
      [{ quantity: 1_000_001 }, '第1行：数量须为非零整数，绝对值不超过1000000'],
      [{ quantity: -1_000_001 }, '第1行：数量须为非零整数，绝对值不超过1000000'],
      [{ materialId: bag }, '第1行：须指定一个商品SKU或一个物料（不能同时指定）'],
      [{ skuId: null }, '第1行：须指定一个商品SKU或一个物料（不能同时指定）'],
      [{ skuId: 99999999 }, '第1行：商品SKU不存在'],
      [{ skuId: null, materialId: 99999999 }, '第1行：物料不存在'],
      [{ warehouseId: 99999999 }, '第1行：仓库不存在'],
      [{ shelfId: 99999999 }, '第1行：货架不存在'],
      [{ unitCostFen: -1 }, '第1行：单位成本须为0-100000000分的整数'],
    ];
    for (const [overrides, message] of cases) {
      const line = { warehouseId: hz, skuId: coat.id, quantity: 1, ...overrides } as never;
      expect(await refusal(post(t.db, adminId, 10, [line])), JSON.stringify(overrides)).toEqual({ status: 422, message });
    }
    const elsewhere = await shelfIdOf(t.db, 'WH-SH003', 'S-01');
    expect(
      (
        await refusal(
          post(t.db, adminId, 10, [
            { warehouseId: hz, skuId: coat.id, quantity: 1 },
            { warehouseId: hz, shelfId: elsewhere, skuId: coat.id, quantity: 1 },
          ]),
        )
      ).message,
    ).toBe('第2行：货架“S-01”不属于仓库“杭州总仓”');
    expect((await refusal(post(t.db, adminId, 10, []))).message).toBe('没有要过账的明细');
    expect((await refusal(post(t.db, adminId, 10, [{ warehouseId: hz, skuId: coat.id, quantity: 1 }], 'magic'))).message).toBe('单据类型不正确');

    const def = await warehouseIdOf(t.db, 'WH-HZ-DEF');
    await t.db.updateTable('warehouses').set({ enabled: false }).where('id', '=', def).execute();
    expect(await refusal(post(t.db, adminId, 10, [{ warehouseId: def, skuId: coat.id, quantity: 1 }]))).toEqual({ status: 409, message: '仓库“杭州总仓次品仓”已停用，不能出入库' });
    await t.db.updateTable('warehouses').set({ enabled: true }).where('id', '=', def).execute();
    const d1 = await shelfIdOf(t.db, 'WH-HZ-DEF', 'D-01');
    await t.db.updateTable('shelves').set({ enabled: false }).where('id', '=', d1).execute();
    expect((await refusal(post(t.db, adminId, 10, [{ warehouseId: def, shelfId: d1, skuId: coat.id, quantity: 1 }]))).message).toBe(
      '货架“D-01”（仓库“杭州总仓次品仓”）已停用，不能出入库',
    );
    expect(await moveCount(t.db)).toBe(before);
  });
});

describe('reversal', () => {
  it('writes the reversing moves once; a second call is refused', async () => {
    await post(t.db, adminId, 20, [
      { lineId: 1, warehouseId: sh001, skuId: dress.id, quantity: 6, unitCostFen: 18500 },
      { lineId: 2, warehouseId: sh001, materialId: bag, quantity: 10 },
    ]);
    const result = await reverse(t.db, adminId, 20);
    expect(result.balances?.map((b) => b.quantity)).toEqual([0, 0]);
    const moves = await t.db.selectFrom('stock_moves').selectAll().where('doc_type', '=', 'inbound').where('doc_id', '=', 20).orderBy('id').execute();
    expect(moves.map((m) => [m.quantity, m.doc_line_id, m.unit_cost_fen, m.reverses_move_id])).toEqual([
      [6, 1, 18500, null],
      [10, 2, null, null],
      [-6, 1, 18500, moves[0]!.id],
      [-10, 2, null, moves[1]!.id],
    ]);
    expect(await refusal(reverse(t.db, adminId, 20))).toEqual({ status: 409, message: '该单据的库存流水已冲销，不能重复冲销' });
    expect(await refusal(reverse(t.db, adminId, 21))).toEqual({ status: 409, message: '该单据没有库存流水，无需冲销' });
  });

  it('refuses to reverse an inbound whose goods have left', async () => {
    await post(t.db, adminId, 22, [{ warehouseId: sh001, skuId: coat.id, quantity: 2 }]);
    await post(t.db, adminId, 23, [{ warehouseId: sh001, skuId: coat.id, quantity: -2 }], 'outbound');
    expect((await refusal(reverse(t.db, adminId, 22))).message).toBe(`库存不足：YS26W1001 黑色 M（${coat.barcode}）需要2，可用0`);
    await reverse(t.db, adminId, 23);
    await reverse(t.db, adminId, 22);
    expect(await balanceOf(t.db, sh001, { skuId: coat.id })).toBe(0);
  });
});

describe('what the database itself guards', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on stock moves', async () => {
    const id = (await t.db.selectFrom('stock_moves').select('id').limit(1).executeTakeFirstOrThrow()).id;
    await expect(t.db.updateTable('stock_moves').set({ quantity: 999 }).where('id', '=', id).execute()).rejects.toThrow('库存流水只能追加');
    await expect(t.db.deleteFrom('stock_moves').where('id', '=', id).execute()).rejects.toThrow('库存流水只能追加');
    await expect(sql`TRUNCATE stock_moves CASCADE`.execute(t.db)).rejects.toThrow('库存流水只能追加');
  });

  it('checks that a balance stays at or above zero where negatives are not allowed', async () => {
    const row = await t.db
      .selectFrom('stock_balances')
      .select(['id', 'quantity'])
      .where('warehouse_id', '=', hz)
      .where('sku_id', '=', coat.id)
      .where('shelf_id', 'is', null)
      .executeTakeFirstOrThrow();
    await expect(t.db.updateTable('stock_balances').set({ quantity: -1 }).where('id', '=', row.id).execute()).rejects.toMatchObject({ constraint: 'stock_balances_not_negative' });
    // the invariant helper notices a balance that disagrees with its moves
    await t.db
      .updateTable('stock_balances')
      .set({ quantity: row.quantity + 1 })
      .where('id', '=', row.id)
      .execute();
    expect(await ledgerProblems(t.db)).toEqual([`balance ${row.id}: quantity ${row.quantity + 1}, moves sum to ${row.quantity}`]);
    await t.db.updateTable('stock_balances').set({ quantity: row.quantity }).where('id', '=', row.id).execute();
  });

  it('holds the balance limit, which incoming stock (added unread) meets only there', async () => {
    await post(t.db, adminId, 30, [{ warehouseId: sh001, skuId: coat.id, quantity: 1 }]);
    const row = await t.db
      .selectFrom('stock_balances')
      .select(['id', 'quantity'])
      .where('warehouse_id', '=', sh001)
      .where('sku_id', '=', coat.id)
      .where('shelf_id', 'is', null)
      .executeTakeFirstOrThrow();
    await expect(t.db.updateTable('stock_balances').set({ quantity: 2_000_000_001 }).where('id', '=', row.id).execute()).rejects.toMatchObject({
      constraint: 'stock_balances_limit',
    });
    // a book near the limit (set by hand, put back below): one more piece fits, two do not
    await t.db.updateTable('stock_balances').set({ quantity: 1_999_999_999 }).where('id', '=', row.id).execute();
    const before = await moveCount(t.db);
    expect(await refusal(post(t.db, adminId, 31, [{ warehouseId: sh001, skuId: coat.id, quantity: 2 }]))).toEqual({ status: 409, message: '库存数量超出上限' });
    // the sum passing int4's own range (148 lines of a million on 2 000 000 000) answers the same
    await t.db.updateTable('stock_balances').set({ quantity: 2_000_000_000 }).where('id', '=', row.id).execute();
    const many = Array.from({ length: 148 }, () => ({ warehouseId: sh001, skuId: coat.id, quantity: 1_000_000 }));
    expect(await refusal(post(t.db, adminId, 31, many))).toEqual({ status: 409, message: '库存数量超出上限' });
    expect(await moveCount(t.db)).toBe(before);
    await t.db.updateTable('stock_balances').set({ quantity: row.quantity }).where('id', '=', row.id).execute();
  });
});

describe('stocktake freezes', () => {
  it("refuses postings into a frozen warehouse or shelf, except the freezing document's own", async () => {
    const b1 = await shelfIdOf(t.db, 'WH-HZ', 'B-01-01');
    const b2 = await shelfIdOf(t.db, 'WH-HZ', 'B-01-02');
    await t.db.insertInto('stock_freezes').values({ warehouse_id: hz, shelf_id: b1, doc_type: 'stocktake', doc_id: 1 }).execute();
    const line = (shelfId: number) => ({ warehouseId: hz, shelfId, skuId: coat.id, quantity: 1 });
    expect(await refusal(post(t.db, adminId, 30, [line(b1)]))).toEqual({ status: 409, message: '货架“B-01-01”（仓库“杭州总仓”）正在盘点，暂停出入库' });
    await post(t.db, adminId, 31, [line(b2)]);
    await post(t.db, adminId, 1, [line(b1)], 'stocktake');

    await t.db.insertInto('stock_freezes').values({ warehouse_id: hz, shelf_id: null, doc_type: 'stocktake', doc_id: 2 }).execute();
    expect(await refusal(post(t.db, adminId, 32, [line(b2)]))).toEqual({ status: 409, message: '仓库“杭州总仓”正在盘点，暂停出入库' });
    await t.db.deleteFrom('stock_freezes').execute();
  });
});
