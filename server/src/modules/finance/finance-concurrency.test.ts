import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatYuan } from '@erp/shared';
import { openRacingApp } from '../../../test/racing-app.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { BASE, calls, orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, FINANCE, financeCalls } from './finance-test-kit.ts';

// Races on one account. On PostgreSQL (DATABASE_URL) a second app on a pool of 25 connections takes
// the parallel calls, so they overlap and queue on the party's credit row and the payment's row; on
// the embedded PGlite they run one after another and the same answers come out.

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

const race = (url: string, session: string, payload: object = {}) =>
  racing.inject({ method: 'POST', url, headers: { session }, payload }).then((res) => ({ status: res.statusCode, msg: res.json().msg as string }));

describe('parallel work on one account', () => {
  it('20 submissions of equal orders against room for 8½: exactly 8 go through, 12 are refused with the figures, nothing overdraws', async () => {
    const f = financeCalls(t);
    const api = calls(t);
    const sku = w.styles[0]!.skus[0]!;
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await api.create(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: sku.id, quantity: 2 }] })).id);
    const amount = (await api.call('GET', `/${ids[0]}`, w.shop01)).body.data.totalAmountFen as number;
    const start = await f.account(w.admin, 'agent', w.ids.ag001);
    // room for 8 and a half orders
    const limit = Math.max(-start.balanceFen, 0) + start.unshippedFen + 8 * amount + Math.floor(amount / 2) - Math.max(start.balanceFen, 0);
    expect(limit).toBeGreaterThan(0);
    await f.setCredit(w.admin, 'agent', w.ids.ag001, limit);
    const answers = await Promise.all(ids.map((id) => race(`${BASE}/${id}/submit`, w.shop01)));
    expect(answers.filter((a) => a.status >= 500).map((a) => a.msg)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(8);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(12);
    const left = 8 * amount + Math.floor(amount / 2) - 8 * amount;
    for (const a of refused) expect(a.msg).toBe(`授信额度不足：可用授信 ${formatYuan(left)}，本单 ${formatYuan(amount)}`);
    const after = await f.account(w.admin, 'agent', w.ids.ag001);
    expect(after.availableFen).toBe(left);
    const statuses = await t.db.selectFrom('sales_orders').select('status').where('id', 'in', ids).execute();
    expect(statuses.filter((s) => s.status === 'submitted')).toHaveLength(8);
    await f.setCredit(w.admin, 'agent', w.ids.ag001, null);
  });

  it('five audits of one payment at once: one posts it, four are refused, one entry', async () => {
    const f = financeCalls(t);
    const voucher = await f.voucher(w.agent01);
    const payment = await f.pay(w.agent01, { amountFen: 12_345, method: 'bank', paidOn: dayFromToday(0), voucherImage: voucher });
    const answers = await Promise.all(Array.from({ length: 5 }, () => race(`${FINANCE}/payments/${payment.id}/audit`, w.admin)));
    expect(answers.filter((a) => a.status >= 500).map((a) => a.msg)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const entries = await t.db.selectFrom('account_entries').select('id').where('document_type', '=', 'finance_payment').where('doc_id', '=', payment.id).execute();
    expect(entries).toHaveLength(1);
    await assertMoneyConsistent(t.db);
  });
});
