import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRacingApp } from '../../../test/racing-app.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { RETURN_API, returnCalls, returnsWorld, type ReturnsWorld } from './returns-test-kit.ts';

// Races on the last returnable pieces. On PostgreSQL (DATABASE_URL) a second app on a pool of 25
// connections takes the parallel submissions, so they overlap and queue on the buyer's season lock
// and the order lines; on the embedded PGlite they run one after another and the same answers come out.

let t: TestApp;
let w: ReturnsWorld;
let racing: FastifyInstance;
let closeRacing = async () => {};

beforeAll(async () => {
  t = await createTestApp();
  w = await returnsWorld(t);
  ({ app: racing, close: closeRacing } = await openRacingApp(t));
});
afterAll(async () => {
  await closeRacing();
  await t?.close();
});

const race = (url: string, session: string) =>
  racing.inject({ method: 'POST', url, headers: { session }, payload: {} }).then((res) => ({ status: res.statusCode, msg: res.json().msg as string }));

describe('parallel returns of one shop', () => {
  it('ten returns of the last 3 pieces submitted at once: one goes through, nine are refused, nothing is returned twice', async () => {
    const r = returnCalls(t, 'return');
    const ids: number[] = [];
    const body = { shopId: w.ids.sh001, seasonId: w.ids.spot, reason: '退回', lines: [{ skuId: w.sku.a, quantity: 3 }] };
    for (let i = 0; i < 10; i += 1) ids.push((await r.create(w.shop01, body)).id);
    const answers = await Promise.all(ids.map((id) => race(`${RETURN_API.return}/${id}/submit`, w.shop01)));
    expect(answers.filter((a) => a.status >= 500).map((a) => a.msg)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const barcode = w.order.lines.find((l) => l.skuId === w.sku.a)!.barcode;
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.msg]).toEqual([422, `${barcode}最多可退0件（已收货减去已退）`]);
    const held = await t.db
      .selectFrom('sales_return_lines as l')
      .innerJoin('sales_returns as s', 's.id', 'l.return_id')
      .select((eb) => eb.fn.sum<string>('l.quantity').as('n'))
      .where('s.status', '=', 'submitted')
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(3);
  });

  it('a return and a swap racing for the last pieces of another SKU: exactly one holds them', async () => {
    const body = { shopId: w.ids.sh001, seasonId: w.ids.spot, reason: '退回', lines: [{ skuId: w.sku.b, quantity: 2 }] };
    const ret = await returnCalls(t, 'return').create(w.shop01, body);
    const swap = await returnCalls(t, 'swap').create(w.shop01, { ...body, outLines: [{ skuId: w.sku.other, quantity: 1 }] });
    const answers = await Promise.all([race(`${RETURN_API.return}/${ret.id}/submit`, w.shop01), race(`${RETURN_API.swap}/${swap.id}/submit`, w.shop01)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });
});
