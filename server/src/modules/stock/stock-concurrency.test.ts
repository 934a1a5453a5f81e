import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assertLedgerConsistent } from './ledger-consistency.ts';
import { postMoves } from './stock-posting.ts';
import type { StockLineInput } from '@erp/shared';
import { balanceOf, moveCount, post, skuOf, userIdOf, warehouseIdOf } from './stock-test-kit.ts';

// Races on the ledger. On PostgreSQL (DATABASE_URL) the postings run at once over a pool of 25
// connections to the test's schema; the embedded PGlite has one connection and runs them one after
// another, where the same answers must come out.

let t: TestApp;
let extra: DatabaseHandle | null = null;
let db: Db;
let adminId: number;
let hz: number;
let sh001: number;
let sh002: number;
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  if (process.env.DATABASE_URL) {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db);
    extra = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: rows[0]!.schema, poolSize: 25 });
    db = extra.db;
  }
  adminId = await userIdOf(t.db, 'admin');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  sh001 = await warehouseIdOf(t.db, 'WH-SH001');
  sh002 = await warehouseIdOf(t.db, 'WH-SH002');
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(async () => {
  await extra?.close();
  await t?.close();
});

/** One posting in a transaction of its own, counting how many run at the same time. */
function racer(docId: number, lines: StockLineInput[], docType = 'outbound') {
  return db.transaction().execute(async (trx) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      return await postMoves(trx, { docType, documentType: 'stock_doc', docId, userId: adminId, lines });
    } finally {
      inFlight--;
    }
  });
}

/** Splits settled results; any rejection that is not a shortfall fails the test. */
function outcome(results: PromiseSettledResult<unknown>[]) {
  const others = results.filter((r) => r.status === 'rejected' && !(r.reason instanceof AppError && r.reason.status === 409 && r.reason.message.startsWith('库存不足：')));
  expect(others.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
  return { posted: results.filter((r) => r.status === 'fulfilled').length, refused: results.filter((r) => r.status === 'rejected').length };
}

describe('concurrent postings', () => {
  it('50 outbounds of the last unit: exactly one posts, the rest are told the shortfall', async () => {
    const sku = await skuOf(t.db, 'YS26W1001', 'CA', 'L');
    await post(t.db, adminId, 1, [{ warehouseId: hz, skuId: sku.id, quantity: 1 }]);
    maxInFlight = 0;
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => racer(100 + i, [{ warehouseId: hz, skuId: sku.id, quantity: -1 }])));
    expect(outcome(results)).toEqual({ posted: 1, refused: 49 });
    const reason = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as AppError;
    expect(reason.message).toBe(`库存不足：YS26W1001 驼色 L（${sku.barcode}）需要1，可用0`);
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(0);
    const outbound = await t.db.selectFrom('stock_moves').select('id').where('doc_type', '=', 'outbound').where('sku_id', '=', sku.id).execute();
    expect(outbound).toHaveLength(1);
    if (process.env.DATABASE_URL) expect(maxInFlight).toBeGreaterThan(1);
  });

  it('50 outbounds of one from ten: exactly ten post', async () => {
    const sku = await skuOf(t.db, 'YS26W1001', 'CA', 'XL');
    await post(t.db, adminId, 2, [{ warehouseId: hz, skuId: sku.id, quantity: 10 }]);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => racer(200 + i, [{ warehouseId: hz, skuId: sku.id, quantity: -1 }])));
    expect(outcome(results)).toEqual({ posted: 10, refused: 40 });
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(0);
    expect(await moveCount(t.db, 'outbound')).toBe(11);
  });

  it('transfers A→B and B→A in parallel never deadlock and leave the ledger in agreement', async () => {
    const sku = await skuOf(t.db, 'YS26W2003', 'NV', 'M');
    await post(t.db, adminId, 3, [
      { warehouseId: sh001, skuId: sku.id, quantity: 50 },
      { warehouseId: sh002, skuId: sku.id, quantity: 50 },
    ]);
    const transfer = (from: number, to: number, docId: number) =>
      racer(
        docId,
        [
          { warehouseId: from, skuId: sku.id, quantity: -1 },
          { warehouseId: to, skuId: sku.id, quantity: 1 },
        ],
        'transfer_out',
      );
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => [transfer(sh001, sh002, 300 + i), transfer(sh002, sh001, 400 + i)]).flat());
    expect(outcome(results)).toEqual({ posted: 80, refused: 0 });
    expect(await balanceOf(t.db, sh001, { skuId: sku.id })).toBe(50);
    expect(await balanceOf(t.db, sh002, { skuId: sku.id })).toBe(50);
    expect(await moveCount(t.db, 'transfer_out')).toBe(160);
  });

  it('50 first inbounds of a new item create one balance row between them', async () => {
    const sku = await skuOf(t.db, 'YS26M3001', 'BK', 'XL');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        racer(
          500 + i,
          [
            { warehouseId: sh002, skuId: sku.id, quantity: 1 },
            { warehouseId: sh001, skuId: sku.id, quantity: 2 },
          ],
          'inbound',
        ),
      ),
    );
    expect(outcome(results)).toEqual({ posted: 50, refused: 0 });
    const rows = await t.db.selectFrom('stock_balances').select(['warehouse_id', 'quantity']).where('sku_id', '=', sku.id).orderBy('warehouse_id').execute();
    expect(rows).toEqual([
      { warehouse_id: sh001, quantity: 100 },
      { warehouse_id: sh002, quantity: 50 },
    ]);
  });
});
