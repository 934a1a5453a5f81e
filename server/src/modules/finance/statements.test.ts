import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgeingRecord, StatementRecord } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, financeCalls } from './finance-test-kit.ts';
import { owingCharges } from './statements.repo.ts';

let t: TestApp;
let w: OrderWorld;
let f: ReturnType<typeof financeCalls>;
let supplierId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  f = financeCalls(t);
  supplierId = Number((await t.db.selectFrom('users').select('supplier_id').where('account', '=', 'supplier01').executeTakeFirstOrThrow()).supplier_id);
});
afterEach(async () => {
  if (t) await assertMoneyConsistent(t.db);
});
afterAll(() => t?.close());

const refused = async (res: { status: number; body: { msg: string; data: unknown } }, status: number, msg: string) => {
  expect([res.status, res.body.msg, res.body.data]).toEqual([status, msg, null]);
};
const period = (from: string, to: string) => `from=${from}&to=${to}`;
const statement = async (session: string, partyType: string, partyId: number, from: string, to: string): Promise<StatementRecord> => {
  const res = await f.call('GET', `/statements/${partyType}/${partyId}?${period(from, to)}`, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};
const adjust = async (partyType: string, partyId: number, amountFen: number) => {
  const res = await f.call('POST', '/adjustments', w.admin, { partyType, partyId, amountFen, reason: '对账测试' });
  expect(res.body.code, res.raw).toBe('201');
};
const today = dayFromToday(0);

describe('对账单 figures', () => {
  it('opening + increases − decreases = closing; an open-ended period closes on the account balance; entries run from the opening', async () => {
    await adjust('agent', w.ids.ag001, 12_345);
    await adjust('agent', w.ids.ag001, -2_345);
    const s = await statement(w.agent01, 'agent', w.ids.ag001, dayFromToday(-30), today);
    expect(s).toMatchObject({ partyType: 'agent', partyId: w.ids.ag001, partyCode: 'AG001', accountKind: 'receivable', confirmation: null, canConfirm: true });
    expect(s.openingFen + s.increaseFen - s.decreaseFen).toBe(s.closingFen);
    expect(s.increaseFen).toBeGreaterThanOrEqual(12_345);
    expect(s.decreaseFen).toBeGreaterThanOrEqual(2_345);
    const account = await f.account(w.admin, 'agent', w.ids.ag001);
    expect(s.closingFen).toBe(-account.balanceFen);
    // a period before every entry: nothing happened, and it opens and closes at 0
    expect(await statement(w.admin, 'agent', w.ids.ag001, '2001-01-01', '2001-12-31')).toMatchObject({
      openingFen: 0,
      increaseFen: 0,
      decreaseFen: 0,
      closingFen: 0,
      entryCount: 0,
    });
    // a period after today: opens on the balance
    expect(await statement(w.admin, 'agent', w.ids.ag001, dayFromToday(1), dayFromToday(2))).toMatchObject({
      openingFen: s.closingFen,
      closingFen: s.closingFen,
      entryCount: 0,
      canConfirm: false,
    });

    const page = (await f.call('GET', `/statements/agent/${w.ids.ag001}/entries/page?${period(dayFromToday(-30), today)}&limit=10`, w.agent01)).body.data;
    expect(page.total).toBe(s.entryCount);
    const last = (await f.call('GET', `/statements/agent/${w.ids.ag001}/entries/page?${period(dayFromToday(-30), today)}&limit=10&order=desc`, w.agent01)).body.data.records;
    expect(last[0]).toMatchObject({ entryType: 'adjustment', documentType: 'finance_adjustment', amountFen: -2_345, runningFen: s.closingFen });
    expect(last[0].documentNo).toMatch(/^TZ\d{8}-\d+$/);
    expect(last[1]).toMatchObject({ amountFen: 12_345, runningFen: s.closingFen + 2_345 });
    // ascending, the first entry runs from the opening
    expect(page.records[0].runningFen).toBe(s.openingFen + page.records[0].amountFen);
    // every page in order walks from the opening to the closing (as the Excel export reads them)
    let running = s.openingFen;
    for (let p = 1; (p - 1) * 10 < s.entryCount; p++) {
      const rows = (await f.call('GET', `/statements/agent/${w.ids.ag001}/entries/page?${period(dayFromToday(-30), today)}&limit=10&page=${p}`, w.agent01)).body.data.records;
      for (const r of rows) {
        running += r.amountFen;
        expect(r.runningFen).toBe(running);
      }
    }
    expect(running).toBe(s.closingFen);
  });

  it('a supplier reads its 应付 statement, in its own sign', async () => {
    const s = await statement(w.supplier01, 'supplier', supplierId, dayFromToday(-365), today);
    expect(s.accountKind).toBe('payable');
    expect(s.openingFen + s.increaseFen - s.decreaseFen).toBe(s.closingFen);
    expect(s.closingFen).toBe((await f.account(w.admin, 'supplier', supplierId)).payableFen);
  });
});

describe('对账单 scope and bad input', () => {
  it("a party reaches only its own statement (another's answers 404); a shop billed through its agent has none", async () => {
    const p = period(dayFromToday(-30), today);
    await refused(await f.call('GET', `/statements/agent/${w.ids.ag002}?${p}`, w.agent01), 404, '往来单位不存在');
    await refused(await f.call('GET', `/statements/agent/${w.ids.ag002}/entries/page?${p}`, w.agent01), 404, '往来单位不存在');
    await refused(await f.call('GET', `/statements/supplier/${supplierId}?${p}`, w.agent01), 404, '往来单位不存在');
    await refused(await f.call('GET', `/statements/agent/${w.ids.ag001}?${p}`, w.supplier01), 404, '往来单位不存在');
    await refused(await f.call('GET', `/statements/shop/${w.ids.sh001}?${p}`, w.shop01), 422, '该门店由所属代理商结算，没有自己的账户');
    await refused(await f.call('GET', `/statements/agent/99999999?${p}`, w.admin), 404, '往来单位不存在');
    // HQ reads any party's
    expect((await f.call('GET', `/statements/agent/${w.ids.ag002}?${p}`, w.admin)).status).toBe(200);
    // 应收账龄 is HQ's
    expect((await f.call('GET', '/ageing/page', w.agent01)).status).toBe(403);
  });

  it('refuses bad periods with a clear message', async () => {
    const url = (q: string) => `/statements/agent/${w.ids.ag001}?${q}`;
    await refused(await f.call('GET', url(''), w.agent01), 422, '请选择对账期间');
    await refused(await f.call('GET', url('from=2026-01-01'), w.agent01), 422, '请选择对账期间');
    await refused(await f.call('GET', url(period('2026-02-01', '2026-01-31')), w.agent01), 422, '开始日期不能晚于结束日期');
    await refused(await f.call('GET', url(period('2026-02-30', '2026-03-31')), w.agent01), 422, '对账日期须为 yyyy-mm-dd 格式的有效日期');
    await refused(await f.call('GET', url(period('20260101', '2026-03-31')), w.agent01), 422, '对账日期须为 yyyy-mm-dd 格式的有效日期');
    await refused(await f.call('GET', url(period('2025-01-01', '2026-01-02')), w.agent01), 422, '对账期间不能超过366天');
    await refused(await f.call('GET', `/statements/agent/${w.ids.ag001}/entries/page?${period('2026-02-01', '2026-01-01')}`, w.agent01), 422, '开始日期不能晚于结束日期');
    await refused(
      await f.call('GET', `/statements/agent/${w.ids.ag001}/entries/page?${period('2026-01-01', '2026-01-31')}&limit=7`, w.agent01),
      422,
      '每页条数只能是 10、20、50、100、500 之一',
    );
    await refused(await f.call('GET', `/statements/vendor/1?${period('2026-01-01', '2026-01-31')}`, w.admin), 422, 'partyType：往来单位类型只能是代理商、门店或供应商');
  });
});

describe('对账单 confirmation', () => {
  it('the party confirms its own ended period once; HQ cannot; a later entry in the period shows as a mismatch', async () => {
    const from = dayFromToday(-10);
    const url = `/statements/agent/${w.ids.ag001}/confirm`;
    await refused(await f.call('POST', url, w.admin, { from, to: today }), 403, '对账单须由往来单位自己确认，总部不能代为确认');
    await refused(await f.call('POST', `/statements/agent/${w.ids.ag002}/confirm`, w.agent01, { from, to: today }), 404, '往来单位不存在');
    await refused(await f.call('POST', url, w.agent01, { from, to: dayFromToday(1) }), 422, '对账期间尚未结束（结束日期晚于今天），不能确认');
    await refused(await f.call('POST', url, w.agent01, { from: today, to: from }), 422, '开始日期不能晚于结束日期');
    await refused(await f.call('POST', url, w.agent01, {}), 422, '请选择对账期间');
    expect(await t.db.selectFrom('finance_statement_confirmations').select('id').execute()).toEqual([]);

    const before = await statement(w.agent01, 'agent', w.ids.ag001, from, today);
    const done = await f.call('POST', url, w.agent01, { from, to: today });
    expect(done.body, done.raw).toMatchObject({ code: '201', msg: '对账单已确认' });
    expect(done.body.data).toMatchObject({
      canConfirm: false,
      confirmation: { confirmedByName: '陈立华', openingFen: before.openingFen, closingFen: before.closingFen, entryCount: before.entryCount, matches: true },
    });
    await refused(await f.call('POST', url, w.agent01, { from, to: today }), 409, '该期间的对账单已确认，不能重复确认');
    // two at once: one confirms, the other is refused (another period)
    const both = await Promise.all([
      f.call('POST', url, w.agent01, { from: dayFromToday(-20), to: today }),
      f.call('POST', url, w.agent01, { from: dayFromToday(-20), to: today }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    await adjust('agent', w.ids.ag001, 500);
    const after = await statement(w.admin, 'agent', w.ids.ag001, from, today);
    expect(after.confirmation).toMatchObject({ closingFen: before.closingFen, matches: false });
    expect(after.closingFen).toBe(before.closingFen + 500);
    expect(after.canConfirm).toBe(false);
  });
});

describe('应收账龄', () => {
  it('lists every owing billed party with its debt split into buckets that add up; recent charges are 0-30 days', async () => {
    await adjust('agent', w.ids.ag002, 777_00);
    const res = await f.call('GET', '/ageing/page?limit=100', w.admin);
    expect(res.body.code, res.raw).toBe('201');
    const rows: AgeingRecord[] = res.body.data.records;
    expect(rows.length).toBe(res.body.data.total);
    for (const r of rows) {
      expect(r.d0to30 + r.d31to60 + r.d61to90 + r.over90).toBe(r.totalFen);
      expect(r.totalFen).toBeGreaterThan(0);
      const account = await f.account(w.admin, r.partyType, r.partyId);
      expect(r.totalFen).toBe(account.receivableFen);
    }
    const ag002 = rows.find((r) => r.partyType === 'agent' && r.partyId === w.ids.ag002)!;
    expect(ag002).toMatchObject({ d0to30: ag002.totalFen, over90: 0, oldestDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // search, sort by a bucket, bad sorts
    const found = (await f.call('GET', '/ageing/page?keyword=AG002', w.admin)).body.data;
    expect(found.records.map((r: AgeingRecord) => r.partyCode)).toEqual(['AG002']);
    const sorted = (await f.call('GET', '/ageing/page?sort=d0to30&order=asc&limit=100', w.admin)).body.data.records as AgeingRecord[];
    expect(sorted.map((r) => r.d0to30)).toEqual([...sorted.map((r) => r.d0to30)].sort((a, b) => a - b));
    await refused(
      await f.call('GET', '/ageing/page?sort=amount_fen', w.admin),
      422,
      '不支持按“amount_fen”排序，可用：partyCode、partyName、d0to30、d31to60、d61to90、over90、totalFen、oldestDay',
    );
  });

  it('a voided charge is neither owed nor settles another: only standing charges make up the debt', async () => {
    await adjust('agent', w.ids.ag002, 123_45);
    const made = (await f.call('GET', '/adjustments/page?keyword=对账测试&sort=createdAt&order=desc', w.admin)).body.data.records[0] as { id: number; amountFen: number };
    expect(made.amountFen).toBe(123_45);
    expect((await f.call('POST', `/adjustments/${made.id}/void`, w.admin, { reason: '录错' })).status).toBe(200);
    const { charges, accounts } = await owingCharges(t.db, 'AG002');
    const account = accounts.find((a) => Number(a.party_id) === w.ids.ag002)!;
    const mine = charges.filter((c) => Number(c.balance_id) === Number(account.id));
    expect(mine.map((c) => Number(c.amount_fen))).not.toContain(123_45);
    // what is left still covers the debt exactly
    expect(mine.reduce((sum, c) => sum + Number(c.amount_fen), 0)).toBeGreaterThanOrEqual(Number(account.balance_fen));
  });
});
