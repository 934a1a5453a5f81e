import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOrderDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { assertAllocationsConsistent } from './allocation-consistency.ts';
import { ALLOCATION, allocationClient } from './allocation-test-kit.ts';
import { orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// Races of 配货发货. On PostgreSQL (DATABASE_URL) a second app on a pool of 25 connections takes the
// parallel calls, so they overlap and queue on the warehouse's and the orders' row locks; on the
// embedded PGlite they run one after another and the same answers come out.

let t: TestApp;
let w: OrderWorld;
let c: ReturnType<typeof allocationClient>;
let extra: DatabaseHandle | null = null;
let racing: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  c = allocationClient(t, w);
  racing = t.app;
  if (process.env.DATABASE_URL) {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db);
    extra = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: rows[0]!.schema, poolSize: 25 });
    racing = await buildApp({ config: t.config, db: extra.db });
    await racing.ready();
  }
});
afterAll(async () => {
  if (t) await assertAllocationsConsistent(t.db);
  if (extra) {
    await racing.close();
    await extra.close();
  }
  await t?.close();
});

const post = (path: string, session: string, payload: object) =>
  racing.inject({ method: 'POST', url: `${ALLOCATION}${path}`, headers: { session }, payload }).then((res) => ({ status: res.statusCode, body: res.json() }));

describe('racing for the last units', () => {
  it('ten orders of 2 pieces and ten parallel 配货 runs against 7 pieces: 6 are handed out, never more, the balances equal the ledger', async () => {
    const hz = await c.emptyHqWarehouse('WH-RACE');
    const skuId = w.styles[1]!.skus[1]!.id;
    const orders: SalesOrderDetail[] = [];
    for (let i = 0; i < 10; i++) orders.push(await c.auditedOrder(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId, quantity: 2 }] }));
    await c.stockUp({ [skuId]: 7 }, hz);
    // each run names every order, at a full-run rate: a 2-piece line gets 2 or nothing
    const answers = await Promise.all(orders.map(() => post('/allocate', w.admin, { warehouseId: hz, orderIds: orders.map((o) => o.id), targetRatePercent: 100 })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.reduce((sum, a) => sum + a.body.data.pieces, 0)).toBe(6);
    const lines = await t.db
      .selectFrom('sales_order_lines')
      .select('allocated')
      .where('sku_id', '=', skuId)
      .where(
        'order_id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(lines.map((l) => l.allocated).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 2, 2, 2]);
    const balance = await t.db.selectFrom('sales_allocation_balances').select('allocated').where('warehouse_id', '=', hz).where('sku_id', '=', skuId).executeTakeFirstOrThrow();
    expect(balance.allocated).toBe(6);
  });

  it('two parallel 生成出库 for one allocation make one 配货出库; the other finds nothing left', async () => {
    const hz = await c.emptyHqWarehouse('WH-RACE2');
    const skuId = w.styles[0]!.skus[2]!.id;
    const order = await c.auditedOrder(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId, quantity: 3 }] });
    await c.stockUp({ [skuId]: 3 }, hz);
    expect((await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id] }))).pieces).toBe(3);
    const answers = await Promise.all([0, 1, 2].map(() => post('/deliver', w.admin, { warehouseId: hz, orderIds: [order.id] })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    expect(answers.find((a) => a.status === 422)!.body.msg).toBe('该仓库没有可生成出库单的配货');
    const docs = await t.db.selectFrom('stock_docs').select('id').where('warehouse_id', '=', hz).where('kind', '=', 'transfer').execute();
    expect(docs).toHaveLength(1);
  });

  it('five parallel submissions of one draft without a key: one submits, the others are refused, the quota holds it once', async () => {
    const skuId = w.styles[1]!.skus[2]!.id;
    const draft = await c.api.create(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId, quantity: 2 }] });
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map(() =>
        racing.inject({ method: 'POST', url: `/api/admin/api/v1/sales-orders/${draft.id}/submit`, headers: { session: w.shop01 }, payload: {} }).then((res) => res.statusCode),
      ),
    );
    expect(answers.sort()).toEqual([200, 409, 409, 409, 409]);
    const entries = await t.db.selectFrom('ordering_quota_entries').select('move').where('order_id', '=', draft.id).execute();
    expect(entries.map((e) => e.move)).toEqual(entries.length ? ['reserve'] : []);
  });

  it('held stock (issue 26): eight parallel 出库单 of one piece against 3 free pieces: 3 post, the rest are refused naming the order, stock never falls below what is held', async () => {
    const hz = await c.emptyHqWarehouse('WH-RACE3');
    const skuId = w.styles[0]!.skus[3]!.id;
    const order = await c.auditedOrder(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId, quantity: 5 }] });
    await c.stockUp({ [skuId]: 8 }, hz);
    await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id], targetRatePercent: 100 }));
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = await c.docs.draft('outbound', w.admin, { warehouseId: hz, bizType: 'other' }, [{ skuId, quantity: 1 }]);
      expect((await c.docs.act('outbound', w.admin, id, 'submit')).status).toBe(200);
      ids.push(id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        racing
          .inject({ method: 'POST', url: `/api/admin/api/v1/stock-docs/outbound/${id}/post`, headers: { session: w.admin }, payload: {} })
          .then((res) => ({ status: res.statusCode, msg: res.json().msg as string })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(5).fill(409));
    for (const a of refused) expect(a.msg).toContain(order.orderNo);
    const onHand = await t.db
      .selectFrom('stock_balances')
      .select((eb) => eb.fn.sum<string>('quantity').as('q'))
      .where('warehouse_id', '=', hz)
      .where('sku_id', '=', skuId)
      .executeTakeFirstOrThrow();
    expect(Number(onHand.q)).toBe(5);
  });
});
