import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { shanghaiToday, stockDocActionRefused, type StockDocKind } from '@erp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { assertLedgerConsistent } from '../stock/ledger-consistency.ts';
import { balanceOf, moveCount, skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { DOCS_API, docsClient } from './stock-docs-test-kit.ts';

// Races through the HTTP routes. On PostgreSQL (DATABASE_URL) a second app on a pool of 25
// connections to the test's schema takes the parallel calls, so they really overlap and queue on
// the row locks; the embedded PGlite has one connection and runs them one after another, where the
// same answers must come out. No call may end in a 500.

let t: TestApp;
let c: ReturnType<typeof docsClient>;
let extra: DatabaseHandle | null = null;
let racing: FastifyInstance;
let admin: string;
let hz: number;
let sh001: number;
let sh002: number;

beforeAll(async () => {
  t = await createTestApp();
  c = docsClient(t);
  racing = t.app;
  if (process.env.DATABASE_URL) {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db);
    extra = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: rows[0]!.schema, poolSize: 25 });
    racing = await buildApp({ config: t.config, db: extra.db });
    await racing.ready();
  }
  admin = await t.login('admin');
  hz = await warehouseIdOf(t.db, 'WH-HZ');
  sh001 = await warehouseIdOf(t.db, 'WH-SH001');
  sh002 = await warehouseIdOf(t.db, 'WH-SH002');
});
afterEach(async () => {
  if (t) await assertLedgerConsistent(t.db);
});
afterAll(async () => {
  if (extra) {
    await racing.close();
    await extra.close();
  }
  await t?.close();
});

interface Answer {
  status: number;
  msg: string;
  replayed: boolean;
  data: any;
}

/** One call on the racing app. */
async function race(kind: StockDocKind, id: number, action: string, body: object = {}, key?: string): Promise<Answer> {
  const res = await racing.inject({
    method: 'POST',
    url: `${DOCS_API}/${kind}/${id}/${action}`,
    headers: { session: admin, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
  const json = res.json();
  return { status: res.statusCode, msg: json.msg, replayed: res.headers['idempotent-replayed'] === 'true', data: json.data };
}

/** Counts answers by status; a 5xx fails the test with its message. */
function tally(answers: Answer[]) {
  expect(answers.filter((a) => a.status >= 500).map((a) => a.msg)).toEqual([]);
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

async function submittedOutbounds(n: number, skuId: number, warehouseId = hz): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const id = await c.draft('outbound', admin, { warehouseId }, [{ skuId, quantity: 1 }]);
    await c.act('outbound', admin, id, 'submit');
    ids.push(id);
  }
  return ids;
}

const statuses = async (ids: number[]) => {
  const counts: Record<string, number> = {};
  for (const r of await t.db.selectFrom('stock_docs').select('status').where('id', 'in', ids).execute()) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('parallel document calls', () => {
  it('50 parallel creates get 50 distinct numbers of one daily series (gaps allowed: numbering never serialises creation)', async () => {
    const sku = await skuOf(t.db, 'YS26W1001', 'CA', 'S');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        racing.inject({
          method: 'POST',
          url: `${DOCS_API}/inbound`,
          headers: { session: admin },
          payload: { header: { warehouseId: hz }, lines: [{ skuId: sku.id, quantity: 1 }] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const numbers = answers.map((a) => a.json().data.docNo as string);
    const day = shanghaiToday().replaceAll('-', '');
    expect(new Set(numbers).size).toBe(50);
    for (const no of numbers) expect(no).toMatch(new RegExp(`^RK${day}-\\d{4}$`));
    // once the day's series exists, numbers follow each other again
    const next = await racing.inject({
      method: 'POST',
      url: `${DOCS_API}/inbound`,
      headers: { session: admin },
      payload: { header: { warehouseId: hz }, lines: [{ skuId: sku.id, quantity: 1 }] },
    });
    const last = Math.max(...numbers.map((no) => Number(no.slice(-4))));
    expect(next.json().data.docNo).toBe(`RK${day}-${String(last + 1).padStart(4, '0')}`);
  });

  it('50 outbounds of the last unit posted at once: exactly one posts, the rest are told the shortfall', async () => {
    const sku = await skuOf(t.db, 'YS26W1001', 'CA', 'L');
    await c.posted('inbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 1 }]);
    const ids = await submittedOutbounds(50, sku.id);
    const answers = await Promise.all(ids.map((id) => race('outbound', id, 'post')));
    expect(tally(answers)).toEqual({ 200: 1, 409: 49 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.msg).toMatch(/^库存不足：YS26W1001 驼色 L（\d+）需要1，可用0$/);
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(0);
    const moves = await t.db.selectFrom('stock_moves').select('id').where('doc_type', '=', 'outbound').where('sku_id', '=', sku.id).execute();
    expect(moves).toHaveLength(1);
    expect(await statuses(ids)).toEqual({ posted: 1, submitted: 49 });
  });

  it('50 outbounds of one from ten: exactly ten post', async () => {
    const sku = await skuOf(t.db, 'YS26W1001', 'CA', 'XL');
    await c.posted('inbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 10 }]);
    const ids = await submittedOutbounds(50, sku.id);
    const answers = await Promise.all(ids.map((id) => race('outbound', id, 'post')));
    expect(tally(answers)).toEqual({ 200: 10, 409: 40 });
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(0);
    expect(await statuses(ids)).toEqual({ posted: 10, submitted: 40 });
    const moved = await t.db.selectFrom('stock_moves').select('id').where('doc_type', '=', 'outbound').where('sku_id', '=', sku.id).execute();
    expect(moved).toHaveLength(10);
  });

  it('transfers A→B and B→A shipped and received at once: no error, balances and ledger agree', async () => {
    const sku = await skuOf(t.db, 'YS26W2003', 'NV', 'M');
    await c.posted('inbound', admin, { warehouseId: sh001 }, [{ skuId: sku.id, quantity: 30 }]);
    await c.posted('inbound', admin, { warehouseId: sh002 }, [{ skuId: sku.id, quantity: 30 }]);
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      for (const [from, to] of [
        [sh001, sh002],
        [sh002, sh001],
      ]) {
        const id = await c.draft('transfer', admin, { warehouseId: from, toWarehouseId: to }, [{ skuId: sku.id, quantity: 1 + (i % 2) }]);
        expect((await c.act('transfer', admin, id, 'submit')).status).toBe(200);
        ids.push(id);
      }
    }
    expect(tally(await Promise.all(ids.map((id) => race('transfer', id, 'ship'))))).toEqual({ 200: 40 });
    const transit = await warehouseIdOf(t.db, 'WH-TRANSIT');
    expect(await balanceOf(t.db, transit, { skuId: sku.id })).toBe(60);
    expect(await balanceOf(t.db, sh001, { skuId: sku.id })).toBe(0);
    expect(tally(await Promise.all(ids.map((id) => race('transfer', id, 'receive'))))).toEqual({ 200: 40 });
    expect(await balanceOf(t.db, transit, { skuId: sku.id })).toBe(0);
    expect(await balanceOf(t.db, sh001, { skuId: sku.id })).toBe(30);
    expect(await balanceOf(t.db, sh002, { skuId: sku.id })).toBe(30);
    expect(await statuses(ids)).toEqual({ posted: 40 });
  });

  it('the same document posted ten times at once posts once; the others are refused by the status machine', async () => {
    const sku = await skuOf(t.db, 'YS26M3001', 'BK', 'XL');
    await c.posted('inbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 5 }]);
    const [id] = await submittedOutbounds(1, sku.id);
    const no = (await c.get('outbound', admin, id!)).body.data.docNo as string;
    const answers = await Promise.all(Array.from({ length: 10 }, () => race('outbound', id!, 'post')));
    expect(tally(answers)).toEqual({ 200: 1, 409: 9 });
    for (const a of answers.filter((x) => x.status === 409)) expect(a.msg).toBe(stockDocActionRefused(no, '已出库', 'post'));
    expect(await moveCount(t.db, 'outbound', id)).toBe(1);
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(4);
    // and voided ten times at once: one reversal
    const voids = await Promise.all(Array.from({ length: 10 }, () => race('outbound', id!, 'void')));
    expect(tally(voids)).toEqual({ 200: 1, 409: 9 });
    expect(await moveCount(t.db, 'outbound', id)).toBe(2);
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(5);
  });

  it('one Idempotency-Key sent ten times at once posts once; afterwards the stored answer is replayed', async () => {
    const sku = await skuOf(t.db, 'YS26M3001', 'BK', 'L');
    await c.posted('inbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 3 }]);
    const [id] = await submittedOutbounds(1, sku.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => race('outbound', id!, 'post', {}, 'race-key')));
    // the key is claimed inside the posting transaction: the others wait for it and replay its answer
    expect(tally(answers)).toEqual({ 200: 10 });
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const first = answers.find((a) => !a.replayed)!;
    for (const a of answers) expect(a.data).toEqual(first.data);
    const again = await race('outbound', id!, 'post', {}, 'race-key');
    expect([again.status, again.replayed, again.data]).toEqual([200, true, first.data]);
    expect(await moveCount(t.db, 'outbound', id)).toBe(1);
    expect(await balanceOf(t.db, hz, { skuId: sku.id })).toBe(2);
  });

  it('20 scans at once on a line expecting 10 count exactly 10', async () => {
    const sku = await skuOf(t.db, 'YS26M3102', 'BK', 'M');
    const id = await c.draft('inbound', admin, { warehouseId: hz }, [{ skuId: sku.id, quantity: 10 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => racing.inject({ method: 'POST', url: `${DOCS_API}/inbound/${id}/scan`, headers: { session: admin }, payload: { barcode: sku.barcode } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const results = answers.map((a) => a.json().data.result as string);
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'over')).toHaveLength(10);
    expect((await c.get('inbound', admin, id)).body.data).toMatchObject({ totalActual: 10, scanStarted: true });
  });
});
