import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRacingApp } from '../../../test/racing-app.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { BASE, calls, orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { assertQuotasMatchEntries, QUOTAS } from './quotas-test-kit.ts';

// Twenty submissions of different orders against one quota at once. On PostgreSQL (DATABASE_URL) a
// second app on a pool of 25 connections takes the parallel calls, so they overlap and queue on the
// quota's row lock; on the embedded PGlite they run one after another and the same answers come out.

let t: TestApp;
let w: OrderWorld;
let racing: FastifyInstance;
let closeRacing = async () => {};

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  ({ app: racing, close: closeRacing } = await openRacingApp(t));
});
afterAll(async () => {
  await closeRacing();
  await t?.close();
});

describe('parallel submissions against one quota', () => {
  it('20 orders of 3 pieces against a quota of 25: exactly 8 are reserved, the rest refused, the row equals its entries', async () => {
    const api = calls(t);
    const created = await t.call({
      method: 'POST',
      url: QUOTAS,
      session: w.admin,
      payload: { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh001, limitPieces: 25 },
    });
    expect(created.body.code, created.raw).toBe('201');
    const quotaId = created.body.data.id as number;
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const sku = w.styles[i % 2]!.skus[i % w.styles[i % 2]!.skus.length]!;
      ids.push((await api.create(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: sku.id, quantity: 3 }] })).id);
    }
    const answers = await Promise.all(
      ids.map(async (id) => {
        const res = await racing.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: { session: w.shop01 }, payload: {} });
        return { status: res.statusCode, msg: res.json().msg as string };
      }),
    );
    expect(answers.filter((a) => a.status >= 500).map((a) => a.msg)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(8);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(12);
    for (const a of refused) expect(a.msg).toBe('超出订货额度：剩余1件，本单3件');
    const row = await t.db.selectFrom('ordering_quotas').selectAll().where('id', '=', quotaId).executeTakeFirstOrThrow();
    expect([row.reserved_pieces, row.consumed_pieces]).toEqual([24, 0]);
    const statuses = await t.db.selectFrom('sales_orders').select('status').where('id', 'in', ids).execute();
    expect(statuses.filter((s) => s.status === 'submitted')).toHaveLength(8);
    const entries = await t.db.selectFrom('ordering_quota_entries').select('order_id').where('quota_id', '=', quotaId).execute();
    expect(entries).toHaveLength(8);
    await assertQuotasMatchEntries(t.db);
  });
});
