import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinanceMessages, type PaymentRecord } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { calls, orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, financeCalls } from './finance-test-kit.ts';

// Issue 26: a 收款单 may name the 订货单 it pays — one billed to the paying party and submitted at
// least; another party's order answers like a number that does not exist. HQ records them here
// (no voucher needed), so the test is about the order only.

let t: TestApp;
let w: OrderWorld;
let f: ReturnType<typeof financeCalls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  f = financeCalls(t);
});
afterAll(async () => t?.close());

const body = (extra: object) => ({
  partyType: 'agent',
  partyId: w.ids.ag001,
  amountFen: 10_000,
  method: 'bank',
  paidOn: dayFromToday(0),
  bankRef: '',
  voucherImage: '',
  memo: '',
  ...extra,
});

describe('a 收款单 names its 订货单', () => {
  it('keeps an order billed to the payer, shows it in the list, and refuses others with a reason', async () => {
    const orders = calls(t);
    const line = { skuId: w.styles[0]!.skus[0]!.id, quantity: 1 };
    // shop01 is billed through AG001; a draft is nothing to pay for yet
    const draft = await orders.create(w.shop01, { seasonId: w.ids.spot, lines: [line] });
    const submitted = await orders.act(w.shop01, (await orders.create(w.shop01, { seasonId: w.ids.spot, lines: [line] })).id, 'submit');

    const made = await f.call('POST', '/payments', w.admin, body({ salesOrderNo: submitted.orderNo.toLowerCase() }));
    expect(made.body.code, made.raw).toBe('201');
    expect(made.body.data as PaymentRecord).toMatchObject({ salesOrderNo: submitted.orderNo, salesOrderId: submitted.id });
    const listed = await f.call('GET', `/payments/page?keyword=${(made.body.data as PaymentRecord).docNo}`, w.admin);
    expect(listed.body.data.records[0]).toMatchObject({ salesOrderNo: submitted.orderNo });

    const before = (await t.db.selectFrom('finance_payments').select('id').execute()).length;
    for (const [salesOrderNo, message] of [
      ['DH-1', FinanceMessages.paymentOrderInvalid],
      [12345, FinanceMessages.paymentOrderInvalid],
      ['DH20991231-9999', FinanceMessages.paymentOrderNotBilled],
      [draft.orderNo, FinanceMessages.paymentOrderNotOpen],
    ] as const) {
      const res = await f.call('POST', '/payments', w.admin, body({ salesOrderNo }));
      expect([res.status, res.body.msg], String(salesOrderNo)).toEqual([422, message]);
    }
    // AG002 does not pay AG001's orders
    const foreign = await f.call('POST', '/payments', w.admin, body({ partyId: w.ids.ag002, salesOrderNo: submitted.orderNo }));
    expect([foreign.status, foreign.body.msg]).toEqual([422, FinanceMessages.paymentOrderNotBilled]);
    expect((await t.db.selectFrom('finance_payments').select('id').execute()).length).toBe(before);
  });
});
