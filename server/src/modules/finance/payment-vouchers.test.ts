import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinanceMessages, VoucherMessages, type PaymentRecord } from '@erp/shared';
import { cloneAccount } from '../../../test/party-account.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { multipart, pngWithExif } from '../../../test/upload-fixtures.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, financeCalls } from './finance-test-kit.ts';

// Issue 26: a 收款单's voucher is bound to its payer (the paying party's own upload, made as a
// voucher, on no other live payment; one bank reference once per party), and it is served only to
// those who may see the payment, privately. A negative or zero amount is refused with its reason.

let t: TestApp;
let w: OrderWorld;
let f: ReturnType<typeof financeCalls>;
let agent09: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  f = financeCalls(t);
  agent09 = await cloneAccount(t, 'agent01', 'agent09', { agent_id: w.ids.ag002 });
});
afterAll(async () => {
  if (t) await assertMoneyConsistent(t.db);
  await t?.close();
});

const upload = async (session: string, path = 'cashier/voucherImage'): Promise<string> => {
  const res = await t.call({
    method: 'POST',
    url: '/api/erp/api/v1/common/uploadImg',
    session,
    ...multipart([
      { name: 'path', value: path },
      { name: 'file', filename: 'slip.png', data: await pngWithExif(120, 80) },
    ]),
  });
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data.url;
};
const body = (voucherImage: string, extra: object = {}) => ({ amountFen: 50_000, method: 'bank', paidOn: dayFromToday(0), bankRef: '', voucherImage, memo: '', ...extra });
const paymentCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('finance_payments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const refused = async (session: string, payload: object, message: string) => {
  const before = await paymentCount();
  const res = await f.call('POST', '/payments', session, payload);
  expect([res.status, res.body.code, res.body.msg, res.body.data], res.raw).toEqual([422, 'A0400', message, null]);
  expect(await paymentCount()).toBe(before);
};
const file = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const voucherGet = (url: string, session?: string, thumb = false) =>
  t.call({ method: 'GET', url: `/api/admin/api/v1/finance/vouchers/${file(url)}${thumb ? '-200.jpg' : ''}`, ...(session ? { session } : {}) });

describe('收款单 evidence is bound to its payer', () => {
  let first: PaymentRecord;
  let slip: string;

  it('refuses another party’s upload and a product picture', async () => {
    await refused(w.agent01, body(await upload(agent09)), VoucherMessages.notOwn);
    await refused(w.agent01, body(await upload(w.agent01, 'product/baseimage')), VoucherMessages.notVoucher);
    await refused(w.agent01, body('/files/0123456789abcdef0123456789abcdef.png'), FinanceMessages.voucherInvalid);
  });

  it('refuses one slip or one bank reference for a second live payment; a rejected payment frees both', async () => {
    slip = await upload(w.agent01);
    first = await f.pay(w.agent01, body(slip, { bankRef: 'ICBC-REF-1' }));
    await refused(w.agent01, body(slip, { bankRef: 'ICBC-REF-2' }), VoucherMessages.reused(first.docNo));
    await refused(w.agent01, body(await upload(w.agent01), { bankRef: 'ICBC-REF-1' }), VoucherMessages.bankRefReused(first.docNo));
    // another party may use the same bank reference text: it is its own bank's
    await f.pay(agent09, body(await upload(agent09), { bankRef: 'ICBC-REF-1' }));
    await f.act(w.admin, first.id, 'reject', { reason: '金额与凭证不符' });
    first = await f.pay(w.agent01, body(slip, { bankRef: 'ICBC-REF-1', amountFen: 60_000 }));
    expect(first.status).toBe('submitted');
  });

  it('two payments with one slip at once: one is recorded, the other refused (on PostgreSQL the index decides)', async () => {
    const shared = await upload(w.agent01);
    const before = await paymentCount();
    const both = await Promise.all([0, 1].map((i) => f.call('POST', '/payments', w.agent01, body(shared, { bankRef: `PAR-${i}` }))));
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.status === 422)!.body.msg).toMatch(/^该付款凭证已用于/);
    expect(await paymentCount()).toBe(before + 1);
  });

  it('refuses a negative or zero amount with the reason', async () => {
    for (const amountFen of [-500, 0, 1.5]) await refused(w.agent01, body(await upload(w.agent01), { amountFen }), FinanceMessages.amountInvalid);
  });

  it('serves the voucher only to those who may see the payment, privately; never at /files/', async () => {
    expect((await t.call({ method: 'GET', url: slip })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `${slip}-200.jpg` })).status).toBe(404);
    expect((await voucherGet(slip)).status).toBe(401);
    for (const session of [agent09, w.shop01]) expect((await voucherGet(slip, session)).status, session).toBe(404);
    for (const session of [w.agent01, w.admin]) {
      for (const thumb of [false, true]) {
        const res = await voucherGet(slip, session, thumb);
        expect([res.status, res.headers['cache-control']]).toEqual([200, 'private, max-age=600']);
        expect(res.headers['content-type']).toBe(thumb ? 'image/jpeg' : 'image/png');
      }
    }
    // a product picture stays public
    const picture = await upload(w.admin, 'product/baseimage');
    const res = await t.call({ method: 'GET', url: picture });
    expect([res.status, res.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });
});
