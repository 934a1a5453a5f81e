import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatYuan, Permissions, type SalesOrderDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { seedDemoPurchasing } from '../../demo/demo-purchasing.ts';
import { calls, orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, financeCalls } from './finance-test-kit.ts';
import { actOnPayment } from './payments.service.ts';

let t: TestApp;
let w: OrderWorld;
let f: ReturnType<typeof financeCalls>;
let orders: ReturnType<typeof calls>;
/** agent01's vouchers: each payment takes its own slip and bank reference (issue 26: one live payment each) */
let vouchers: string[];
let used = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  f = financeCalls(t);
  orders = calls(t);
  vouchers = [];
  for (let i = 0; i < 30; i++) vouchers.push(await f.voucher(w.agent01));
});
afterEach(async () => {
  if (t) await assertMoneyConsistent(t.db);
});
afterAll(() => t?.close());

const payment = (extra: object = {}) => {
  used += 1;
  return {
    amountFen: 500_000,
    method: 'bank',
    paidOn: dayFromToday(0),
    bankRef: `ICBC-${String(used).padStart(4, '0')}`,
    voucherImage: vouchers[used]!,
    memo: '十月货款',
    ...extra,
  };
};
const refused = async (res: { status: number; body: { msg: string; data: unknown } }, status: number, msg: string) => {
  expect([res.status, res.body.msg, res.body.data]).toEqual([status, msg, null]);
};
const line = (style: 0 | 1, sku: number, quantity: number) => ({ skuId: w.styles[style]!.skus[sku]!.id, quantity });

describe('payments: recorded by the party, audited by HQ', () => {
  it('agent01 records a payment with a voucher; HQ audits it; the receivable falls by the amount and the entry shows with its running balance', async () => {
    const before = await f.account(w.agent01, 'agent', w.ids.ag001);
    const recorded = await f.pay(w.agent01, payment());
    expect(recorded).toMatchObject({ status: 'submitted', partyType: 'agent', partyId: w.ids.ag001, amountFen: 500_000, voucherImage: vouchers[used], actions: ['cancel'] });
    expect(recorded.docNo).toMatch(/^SK\d{8}-\d+$/);
    // waiting: nothing on the account yet
    expect((await f.account(w.agent01, 'agent', w.ids.ag001)).balanceFen).toBe(before.balanceFen);
    // the agent may not audit its own
    const own = await f.call('POST', `/payments/${recorded.id}/audit`, w.agent01, {});
    expect(own.status).toBe(403);
    const audited = await f.act(w.admin, recorded.id, 'audit');
    expect(audited).toMatchObject({ status: 'posted', actions: ['void'] });
    const after = await f.account(w.agent01, 'agent', w.ids.ag001);
    expect(after.balanceFen - before.balanceFen).toBe(500_000);
    const entries = (await f.call('GET', `/accounts/agent/${w.ids.ag001}/entries/page`, w.agent01)).body.data;
    expect(entries.records[0]).toMatchObject({
      entryType: 'payment',
      entryLabel: '收款',
      documentType: 'finance_payment',
      documentId: recorded.id,
      documentNo: recorded.docNo,
      amountFen: -500_000,
      runningFen: -after.balanceFen,
    });
    // a second audit of the same payment is refused and changes nothing
    const again = await f.call('POST', `/payments/${recorded.id}/audit`, w.admin, {});
    expect(again.status).toBe(409);
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(after.balanceFen);
  });

  it('refuses bad payments with the reason, writing nothing', async () => {
    const count = async () => (await f.call('GET', '/payments/page', w.admin)).body.data.total;
    const n = await count();
    await refused(await f.call('POST', '/payments', w.agent01, payment({ amountFen: 0 })), 422, '金额须大于0且不超过 ¥100,000,000.00，最多两位小数');
    await refused(await f.call('POST', '/payments', w.agent01, payment({ amountFen: -100 })), 422, '金额须大于0且不超过 ¥100,000,000.00，最多两位小数');
    await refused(await f.call('POST', '/payments', w.agent01, payment({ amountFen: 12.5 })), 422, '金额须大于0且不超过 ¥100,000,000.00，最多两位小数');
    await refused(await f.call('POST', '/payments', w.agent01, payment({ paidOn: dayFromToday(400) })), 422, '付款日期不能晚于今天');
    await refused(await f.call('POST', '/payments', w.agent01, payment({ paidOn: '2026-02-30' })), 422, '请填写正确的付款日期');
    await refused(await f.call('POST', '/payments', w.agent01, payment({ method: 'cheque' })), 422, '请选择付款方式');
    await refused(await f.call('POST', '/payments', w.agent01, payment({ voucherImage: '' })), 422, '请上传付款凭证');
    await refused(await f.call('POST', '/payments', w.agent01, payment({ voucherImage: '/files/not-ours.png' })), 422, '付款凭证图片无效，请重新上传');
    // a shop under an agent has no account of its own: its agent pays
    await refused(await f.call('POST', '/payments', w.shop01, payment()), 422, '该门店由所属代理商结算，没有自己的账户');
    // a supplier records no 收款
    expect((await f.call('POST', '/payments', w.supplier01, payment())).status).toBe(403);
    expect(await count()).toBe(n);
  });

  it('another party never reaches the account or the payment', async () => {
    // HQ records for AG002 without a slip (agent01's would not be AG002's)
    const theirs = await f.pay(w.admin, payment({ partyType: 'agent', partyId: w.ids.ag002, voucherImage: '' }));
    expect(theirs.status).toBe('posted');
    expect((await f.call('GET', `/accounts/agent/${w.ids.ag002}`, w.agent01)).status).toBe(404);
    expect((await f.call('GET', `/accounts/agent/${w.ids.ag002}/entries/page`, w.agent01)).status).toBe(404);
    expect((await f.call('GET', `/payments/${theirs.id}`, w.agent01)).status).toBe(404);
    expect((await f.call('POST', `/payments/${theirs.id}/cancel`, w.agent01, {})).status).toBe(404);
    const mine = (await f.call('GET', '/payments/page', w.agent01)).body.data.records as { partyId: number }[];
    expect(mine.every((p) => p.partyId === w.ids.ag001)).toBe(true);
    const list = (await f.call('GET', '/accounts/page', w.agent01)).body.data;
    expect(list.records.map((r: { partyId: number }) => r.partyId)).toEqual([w.ids.ag001]);
  });

  it('rejection and voiding need a reason; a voided payment is reversed, not deleted; the recorder may cancel a waiting one', async () => {
    const waiting = await f.pay(w.agent01, payment({ amountFen: 100 }));
    await refused(await f.call('POST', `/payments/${waiting.id}/reject`, w.admin, {}), 422, '请填写原因');
    expect(await f.act(w.admin, waiting.id, 'reject', { reason: '凭证看不清' })).toMatchObject({ status: 'rejected', reason: '凭证看不清', actions: [] });

    const cancelled = await f.pay(w.agent01, payment({ amountFen: 200 }));
    expect((await f.act(w.agent01, cancelled.id, 'cancel')).status).toBe('cancelled');

    const before = (await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen;
    const posted = await f.pay(w.admin, payment({ partyType: 'agent', partyId: w.ids.ag001, amountFen: 300, voucherImage: '' }));
    expect(posted.status).toBe('posted');
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(before + 300);
    await refused(await f.call('POST', `/payments/${posted.id}/void`, w.admin, {}), 422, '请填写原因');
    expect((await f.act(w.admin, posted.id, 'void', { reason: '重复登记' })).status).toBe('voided');
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(before);
    const entries = (await f.call('GET', `/accounts/agent/${w.ids.ag001}/entries/page`, w.admin)).body.data.records;
    expect(entries.slice(0, 2).map((e: { entryLabel: string; amountFen: number }) => [e.entryLabel, e.amountFen])).toEqual([
      ['收款冲销', 300],
      ['收款', -300],
    ]);
  });
});

describe('adjustments', () => {
  it('need their own permission and a reason; post at once; a void appends the reversal and keeps both', async () => {
    await refused(await f.call('POST', '/adjustments', w.admin, { partyType: 'agent', partyId: w.ids.ag001, amountFen: 1000 }), 422, '请填写原因');
    await refused(
      await f.call('POST', '/adjustments', w.admin, { partyType: 'agent', partyId: w.ids.ag001, amountFen: 0, reason: '运费' }),
      422,
      '调整金额不能为0，绝对值不超过 ¥100,000,000.00，最多两位小数',
    );
    expect((await f.call('POST', '/adjustments', w.agent01, { partyType: 'agent', partyId: w.ids.ag001, amountFen: -1000, reason: '自己减免' })).status).toBe(403);
    const before = await f.account(w.admin, 'agent', w.ids.ag001);
    const made = await f.call('POST', '/adjustments', w.admin, { partyType: 'agent', partyId: w.ids.ag001, amountFen: 1000, reason: '代垫运费' });
    expect(made.body.data, made.raw).toMatchObject({ status: 'posted', amountFen: 1000, reason: '代垫运费' });
    expect(
      (await f.account(w.admin, 'agent', w.ids.ag001)).receivableFen -
        before.receivableFen +
        (before.prepaymentFen - (await f.account(w.admin, 'agent', w.ids.ag001)).prepaymentFen),
    ).toBe(1000);
    const id = made.body.data.id;
    await refused(await f.call('POST', `/adjustments/${id}/void`, w.admin, {}), 422, '请填写原因');
    expect((await f.call('POST', `/adjustments/${id}/void`, w.admin, { reason: '录错' })).body.data).toMatchObject({ status: 'voided', voidReason: '录错' });
    await refused(await f.call('POST', `/adjustments/${id}/void`, w.admin, { reason: '再来' }), 409, '该调整单已冲销');
    // the void went through the document kernel: one event says who, when and why (and the refusal wrote none)
    const events = await t.db
      .selectFrom('document_events as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.action', 'e.from_status', 'e.to_status', 'e.reason', 'u.account', 'e.created_at'])
      .where('e.document_type', '=', 'finance_adjustment')
      .where('e.doc_id', '=', id)
      .execute();
    expect(events).toMatchObject([{ action: 'void', from_status: 'posted', to_status: 'voided', reason: '录错', account: 'admin' }]);
    expect(events[0]!.created_at).toBeInstanceOf(Date);
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(before.balanceFen);
  });
});

describe('credit: orders are held to the available amount at submission and at audit', () => {
  let first: SalesOrderDetail;

  it('an order over the limit is refused with the figures; one within goes through and lowers what is available', async () => {
    // the payments above left money on the account: an adjustment brings it back to zero
    const held = (await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen;
    if (held !== 0) expect((await f.call('POST', '/adjustments', w.admin, { partyType: 'agent', partyId: w.ids.ag001, amountFen: held, reason: '清零' })).status).toBe(200);
    const start = await f.account(w.admin, 'agent', w.ids.ag001);
    expect([start.balanceFen, start.availableFen]).toEqual([0, null]);
    first = await orders.create(w.shop01, { seasonId: w.ids.spot, lines: [line(0, 0, 2)] });
    // the limit leaves room for exactly this order
    const limit = first.totalAmountFen + start.unshippedFen;
    const set = await f.setCredit(w.admin, 'agent', w.ids.ag001, limit);
    expect(set.availableFen).toBe(first.totalAmountFen);
    const big = await orders.create(w.shop01, { seasonId: w.ids.spot, lines: [line(0, 0, 3)] });
    const res = await orders.call('POST', `/${big.id}/submit`, w.shop01, {});
    await refused(res, 409, `授信额度不足：可用授信 ${formatYuan(first.totalAmountFen)}，本单 ${formatYuan(big.totalAmountFen)}`);
    expect((await orders.call('GET', `/${big.id}`, w.shop01)).body.data.status).toBe('draft');
    first = await orders.act(w.shop01, first.id, 'submit');
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).availableFen).toBe(0);
    // the agent sees its own figures too
    expect((await f.account(w.agent01, 'agent', w.ids.ag001)).unshippedFen).toBe(start.unshippedFen + first.totalAmountFen);
  });

  it('audit checks again; 超额度放行 with a reason lets it through and the order event keeps it', async () => {
    // the limit is lowered after submission: the audit is refused with the figures
    const now = await f.account(w.admin, 'agent', w.ids.ag001);
    await f.setCredit(w.admin, 'agent', w.ids.ag001, (now.creditLimitFen ?? 0) - 100);
    const lines = first.lines.map((l) => ({ lineId: l.id, approved: l.ordered }));
    const res = await orders.call('POST', `/${first.id}/audit`, w.admin, { lines });
    expect([res.status, res.body.msg]).toEqual([409, `授信额度不足：可用授信 ${formatYuan(first.totalAmountFen - 100)}，本单 ${formatYuan(first.totalAmountFen)}`]);
    const let_ = await orders.call('POST', `/${first.id}/audit`, w.admin, { lines, creditOverrideReason: '老客户，月底回款' });
    expect(let_.body.code, let_.raw).toBe('201');
    const events = await t.db
      .selectFrom('document_events')
      .select(['action', 'reason'])
      .where('document_type', '=', 'sales_order')
      .where('doc_id', '=', first.id)
      .orderBy('id')
      .execute();
    expect(events.at(-1)!.reason).toContain('超额度放行：老客户，月底回款（授信额度不足');
  });

  it('without the override permission the reason does not help; no limit means no control', async () => {
    const order = await orders.create(w.shop01, { seasonId: w.ids.spot, lines: [line(0, 1, 1)] });
    const res = await orders.call('POST', `/${order.id}/submit`, w.shop01, { creditOverrideReason: '我保证' });
    expect([res.status, res.body.msg]).toEqual([403, '无超额度放行权限']);
    await f.setCredit(w.admin, 'agent', w.ids.ag001, null);
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).availableFen).toBeNull();
    await orders.act(w.shop01, order.id, 'submit');
  });

  it('a credit limit is HQ’s, within bounds, for billed parties only', async () => {
    expect((await f.call('PUT', `/accounts/agent/${w.ids.ag001}/credit`, w.agent01, { creditLimitFen: 1 })).status).toBe(403);
    await refused(
      await f.call('PUT', `/accounts/agent/${w.ids.ag001}/credit`, w.admin, { creditLimitFen: -1 }),
      422,
      '授信额度须为 ¥0.00 到 ¥10,000,000,000.00 之间、最多两位小数的金额，不控制请留空',
    );
    await refused(await f.call('PUT', `/accounts/shop/${w.ids.sh001}/credit`, w.admin, { creditLimitFen: 100 }), 422, '该门店由所属代理商结算，没有自己的账户');
  });
});

describe('supplier payments against payables', () => {
  let supplierId: number;
  beforeAll(async () => {
    await seedDemoPurchasing(t.db);
    supplierId = (await t.db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirstOrThrow()).id;
  });

  it('pays chosen purchase orders within what each still owes; the rest goes on account; a void restores the payable', async () => {
    const orders = (await f.call('GET', `/supplier-payments/payable-orders/${supplierId}`, w.admin)).body.data as {
      purchaseOrderId: number;
      orderNo: string;
      payableFen: number;
    }[];
    expect(orders.length).toBeGreaterThan(0);
    const [first] = orders;
    const before = await f.account(w.admin, 'supplier', supplierId);
    const body = {
      partyId: supplierId,
      amountFen: first!.payableFen + 100,
      method: 'bank',
      paidOn: dayFromToday(0),
      bankRef: 'CMB-1',
      orders: [{ purchaseOrderId: first!.purchaseOrderId, amountFen: first!.payableFen }],
    };
    // a share beyond what the order owes, shares beyond the payment, an order named twice
    await refused(
      await f.call('POST', '/supplier-payments', w.admin, { ...body, orders: [{ purchaseOrderId: first!.purchaseOrderId, amountFen: first!.payableFen + 1 }] }),
      422,
      `采购订单${first!.orderNo}的付款金额超出其应付余额 ${formatYuan(first!.payableFen)}`,
    );
    await refused(await f.call('POST', '/supplier-payments', w.admin, { ...body, amountFen: 100 }), 422, '各采购订单的付款金额合计超出付款金额');
    await refused(await f.call('POST', '/supplier-payments', w.admin, { ...body, orders: [body.orders[0], body.orders[0]] }), 422, '同一采购订单只能选择一次');
    const paid = await f.call('POST', '/supplier-payments', w.admin, body);
    expect(paid.body.data, paid.raw).toMatchObject({
      status: 'posted',
      direction: 'out',
      orders: [{ purchaseOrderId: first!.purchaseOrderId, amountFen: first!.payableFen }],
      actions: ['void'],
    });
    expect(paid.body.data.docNo).toMatch(/^FK/);
    const after = await f.account(w.admin, 'supplier', supplierId);
    expect(before.payableFen - after.payableFen - (after.prepaymentFen - before.prepaymentFen)).toBe(body.amountFen);
    // 应付账款 shows what was paid, per supplier and per order, and the entry with the payment's number
    const payables = async () =>
      (await t.call({ method: 'GET', url: `/api/admin/api/v1/purchase/payables/page?supplierId=${supplierId}`, session: w.admin })).body.data.records[0] as {
        paidAmountFen: number;
      };
    expect((await payables()).paidAmountFen).toBe(body.amountFen);
    const perOrder = (await t.call({ method: 'GET', url: `/api/admin/api/v1/purchase/payables/orders?supplierId=${supplierId}&limit=100`, session: w.admin })).body.data
      .records as {
      purchaseOrderId: number;
      paidAmountFen: number;
      payableFen: number;
    }[];
    expect(perOrder.find((o) => o.purchaseOrderId === first!.purchaseOrderId)).toMatchObject({ paidAmountFen: first!.payableFen, payableFen: 0 });
    const entries = (await t.call({ method: 'GET', url: `/api/admin/api/v1/purchase/payables/entries?supplierId=${supplierId}&sort=id&order=desc`, session: w.admin })).body.data
      .records;
    expect(entries[0]).toMatchObject({ entryType: 'supplier_payment', entryLabel: '付款', memo: `付款单${paid.body.data.docNo}` });
    // the order is paid off: no longer offered
    const left = (await f.call('GET', `/supplier-payments/payable-orders/${supplierId}`, w.admin)).body.data as { purchaseOrderId: number }[];
    expect(left.map((o) => o.purchaseOrderId)).not.toContain(first!.purchaseOrderId);
    // the supplier reads its own account, not the payment screens
    expect((await f.account(w.supplier01, 'supplier', supplierId)).balanceFen).toBe(after.balanceFen);
    expect((await f.call('GET', '/supplier-payments/page', w.supplier01)).status).toBe(403);
    expect((await f.call('POST', `/supplier-payments/${paid.body.data.id}/audit`, w.admin, {})).status).toBe(409);
    expect((await f.act(w.admin, paid.body.data.id, 'void', { reason: '付错供应商' }, 'supplier-payments')).status).toBe('voided');
    expect((await f.account(w.admin, 'supplier', supplierId)).balanceFen).toBe(before.balanceFen);
    expect((await payables()).paidAmountFen).toBe(0);
  });
});

describe('a posting cut off before its commit', () => {
  it('leaves nothing written: the payment still waits, no entry, the balance as it was', async () => {
    const waiting = await f.pay(w.agent01, payment({ amountFen: 777 }));
    const before = await f.account(w.admin, 'agent', w.ids.ag001);
    const admin = await t.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    const hq = { userId: admin.id, scope: { kind: 'all' as const }, permissions: new Set<string>(Object.values(Permissions)) };
    await expect(
      t.db.transaction().execute(async (trx) => {
        await actOnPayment(trx, hq, 'in', waiting.id, 'audit');
        // inside the transaction the audit wrote its status and its entry …
        const written = await trx.selectFrom('account_entries').select('id').where('document_type', '=', 'finance_payment').where('doc_id', '=', waiting.id).execute();
        expect(written).toHaveLength(1);
        // … and then the process dies before COMMIT (the database rolls an unfinished transaction back)
        throw new Error('process killed');
      }),
    ).rejects.toThrow('process killed');
    expect((await f.call('GET', `/payments/${waiting.id}`, w.admin)).body.data.status).toBe('submitted');
    const entries = await t.db.selectFrom('account_entries').select('id').where('document_type', '=', 'finance_payment').where('doc_id', '=', waiting.id).execute();
    expect(entries).toHaveLength(0);
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(before.balanceFen);
  });
});
