import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatYuan, rebateFor, type RebatePreview, type RebateRecord, type RebateRuleRecord } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { dayFromToday, financeCalls } from './finance-test-kit.ts';

let t: TestApp;
let w: OrderWorld;
let f: ReturnType<typeof financeCalls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  f = financeCalls(t);
});
afterEach(async () => {
  if (t) await assertMoneyConsistent(t.db);
});
afterAll(() => t?.close());

const refused = async (res: { status: number; body: { msg: string; data: unknown } }, status: number, msg: string) => {
  expect([res.status, res.body.msg, res.body.data]).toEqual([status, msg, null]);
};
const tiers = [
  { thresholdFen: 1_000_000, rateBp: 300 },
  { thresholdFen: 100_000, rateBp: 100 },
  { thresholdFen: 500_000, rateBp: 200 },
];
const rule = (extra: object = {}) => ({ seasonId: w.ids.spot, agentLevel: '', basis: 'paid', remark: '秋冬回款返利', tiers, ...extra });
const paid = async (agentId: number, amountFen: number, paidOn = dayFromToday(0)) =>
  f.pay(w.admin, { partyType: 'agent', partyId: agentId, amountFen, method: 'bank', paidOn, bankRef: '', voucherImage: '', memo: '' });
const ok = <T>(res: { status: number; raw: string; body: { data: T } }): T => {
  expect(res.status, res.raw).toBe(200);
  return res.body.data;
};

describe('返利规则', () => {
  it('refuses bad rules with the reason and writes nothing; only HQ may set them', async () => {
    const count = async () => ok<{ total: number }>(await f.call('GET', '/rebate-rules/page', w.admin)).total;
    const n = await count();
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ tiers: [{ thresholdFen: 0, rateBp: -5 }] })), 422, '返利比例须在0%到100%之间，最多两位小数');
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ tiers: [{ thresholdFen: 0, rateBp: 10_001 }] })), 422, '返利比例须在0%到100%之间，最多两位小数');
    await refused(
      await f.call(
        'POST',
        '/rebate-rules',
        w.admin,
        rule({
          tiers: [
            { thresholdFen: 100, rateBp: 1 },
            { thresholdFen: 100, rateBp: 2 },
          ],
        }),
      ),
      422,
      '门槛金额 ¥1.00 重复',
    );
    await refused(
      await f.call('POST', '/rebate-rules', w.admin, rule({ tiers: [{ thresholdFen: -1, rateBp: 1 }] })),
      422,
      '门槛金额须为 ¥0.00 到 ¥10,000,000,000.00 之间、最多两位小数的金额',
    );
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ tiers: [] })), 422, '请至少填写一档返利');
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ seasonId: 999_999 })), 422, '订货季不存在');
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ seasonId: undefined })), 422, '请选择订货季');
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ agentLevel: 'level9' })), 422, '代理级别无效');
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ basis: 'shipped' })), 422, '请选择返利口径');
    expect((await f.call('POST', '/rebate-rules', w.agent01, rule())).status).toBe(403);
    expect((await f.call('GET', '/rebate-rules/page', w.agent01)).status).toBe(403);
    expect(await count()).toBe(n);
  });

  it('keeps tiers by threshold; one rule per season, level and basis', async () => {
    const made = ok<RebateRuleRecord>(await f.call('POST', '/rebate-rules', w.admin, rule({ basis: 'ordered', agentLevel: 'level2' })));
    expect(made).toMatchObject({ basis: 'ordered', agentLevel: 'level2', agentLevelName: '二级代理', enabled: true, postedCount: 0 });
    expect(made.tiers.map((x) => x.thresholdFen)).toEqual([100_000, 500_000, 1_000_000]);
    await refused(await f.call('POST', '/rebate-rules', w.admin, rule({ basis: 'ordered', agentLevel: 'level2' })), 409, '该订货季已有相同代理级别和口径的返利规则');
    const edited = ok<RebateRuleRecord>(
      await f.call('PUT', `/rebate-rules/${made.id}`, w.admin, rule({ basis: 'ordered', agentLevel: 'level2', tiers: [{ thresholdFen: 0, rateBp: 50 }] })),
    );
    expect(edited.tiers).toEqual([{ thresholdFen: 0, rateBp: 50 }]);
    // the level-2 rule reaches AG002 only; nothing shipped in the season yet, so nothing to post
    const preview = ok<RebatePreview>(await f.call('GET', `/rebate-rules/${made.id}/preview`, w.admin));
    expect(preview.lines.map((l) => [l.agentId, l.basisFen, l.amountFen])).toEqual([[w.ids.ag002, 0, 0]]);
    await refused(await f.call('POST', `/rebate-rules/${made.id}/post`, w.admin, {}), 409, '没有可入账的返利（未达门槛或均已入账）');
    expect(ok(await t.call({ method: 'DELETE', url: `/api/admin/api/v1/finance/rebate-rules/${made.id}`, session: w.admin }))).toBeNull();
  });
});

describe('返利入账', () => {
  let paidRule: RebateRuleRecord;
  let mine: RebateRecord;

  it('the preview is what posting pays; the agent’s balance and available amount rise by it; a second posting does not double', async () => {
    await f.setCredit(w.admin, 'agent', w.ids.ag001, 0);
    await paid(w.ids.ag001, 600_000);
    await paid(w.ids.ag002, 150_000);
    await paid(w.ids.ag002, 9_000_000, dayFromToday(-60)); // before the season opened: not counted
    paidRule = ok<RebateRuleRecord>(await f.call('POST', '/rebate-rules', w.admin, rule()));
    const preview = ok<RebatePreview>(await f.call('GET', `/rebate-rules/${paidRule.id}/preview`, w.admin));
    const one = preview.lines.find((l) => l.agentId === w.ids.ag001)!;
    const two = preview.lines.find((l) => l.agentId === w.ids.ag002)!;
    expect([one.basisFen, one.thresholdFen, one.rateBp, one.amountFen, one.postedRebateId]).toEqual([600_000, 500_000, 200, 12_000, null]);
    expect([two.basisFen, two.thresholdFen, two.rateBp, two.amountFen]).toEqual([150_000, 100_000, 100, 1_500]);
    for (const l of preview.lines) expect(l.amountFen).toBe(rebateFor(tiers, l.basisFen).amountFen);
    // the preview wrote nothing
    expect(ok<{ total: number }>(await f.call('GET', '/rebates/page', w.admin)).total).toBe(0);

    const before = await f.account(w.admin, 'agent', w.ids.ag001);
    const key = { 'Idempotency-Key': 'rebate-post-1' };
    const res = await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.admin, {}, key);
    const posted = ok<{ records: RebateRecord[]; totalFen: number; skipped: number }>(res);
    expect(res.body.msg).toBe(`已入账${preview.postableCount}张返利单，合计 ${formatYuan(preview.postableFen)}`);
    expect(posted.totalFen).toBe(preview.postableFen);
    expect(posted.records.map((r) => [r.agentId, r.amountFen, r.status])).toEqual(preview.lines.filter((l) => l.amountFen > 0).map((l) => [l.agentId, l.amountFen, 'posted']));
    mine = posted.records.find((r) => r.agentId === w.ids.ag001)!;
    expect(mine.docNo).toMatch(/^FL\d{8}-\d+$/);
    const after = await f.account(w.admin, 'agent', w.ids.ag001);
    expect(after.balanceFen - before.balanceFen).toBe(12_000);
    expect(after.availableFen! - before.availableFen!).toBe(12_000);
    const entry = ok<{ records: { entryLabel: string; amountFen: number; documentNo: string }[] }>(await f.call('GET', `/accounts/agent/${w.ids.ag001}/entries/page`, w.agent01))
      .records[0];
    expect(entry).toMatchObject({ entryLabel: '返利', amountFen: -12_000, documentNo: mine.docNo });

    // the same request again answers the same, posting nothing more
    const replay = await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.admin, {}, key);
    expect(replay.body.data.records.map((r: RebateRecord) => r.id)).toEqual(posted.records.map((r) => r.id));
    // a new posting of the rule finds everyone posted
    await refused(await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.admin, {}), 409, '没有可入账的返利（未达门槛或均已入账）');
    await refused(await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.admin, { agentIds: [w.ids.ag001] }), 409, `代理商${mine.agentName}已入账该规则的返利，不能重复入账`);
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(after.balanceFen);
    // the rule is frozen while its rebates stand
    await refused(await f.call('PUT', `/rebate-rules/${paidRule.id}`, w.admin, rule()), 409, '该规则已有返利入账，不能修改或删除；请先冲销其返利');
    const ruleNow = ok<{ records: RebateRuleRecord[] }>(await f.call('GET', '/rebate-rules/page', w.admin)).records.find((r) => r.id === paidRule.id)!;
    expect([ruleNow.postedCount, ruleNow.postedFen]).toEqual([2, 13_500]);
  });

  it('an agent sees only its own rebates and may not post, preview or void', async () => {
    const list = ok<{ records: RebateRecord[] }>(await f.call('GET', '/rebates/page', w.agent01)).records;
    expect(list.map((r) => r.agentId)).toEqual([w.ids.ag001]);
    const theirs = ok<{ records: RebateRecord[] }>(await f.call('GET', `/rebates/page?agentId=${w.ids.ag002}`, w.admin)).records[0]!;
    expect((await f.call('GET', `/rebates/${theirs.id}`, w.agent01)).status).toBe(404);
    expect(ok<{ total: number }>(await f.call('GET', `/rebates/page?agentId=${w.ids.ag002}`, w.agent01)).total).toBe(0);
    expect((await f.call('GET', `/rebate-rules/${paidRule.id}/preview`, w.agent01)).status).toBe(403);
    expect((await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.agent01, {})).status).toBe(403);
    expect((await f.call('POST', `/rebates/${mine.id}/void`, w.agent01, { reason: '不要' })).status).toBe(403);
    expect((await f.call('GET', '/rebates/page', w.shop01)).status).toBe(403);
  });

  it('void needs a reason, restores the account, and lets the agent be posted again', async () => {
    const before = await f.account(w.admin, 'agent', w.ids.ag001);
    await refused(await f.call('POST', `/rebates/${mine.id}/void`, w.admin, {}), 422, '请填写原因');
    const voided = ok<RebateRecord>(await f.call('POST', `/rebates/${mine.id}/void`, w.admin, { reason: '口径有误' }));
    expect(voided).toMatchObject({ status: 'voided', voidReason: '口径有误' });
    await refused(await f.call('POST', `/rebates/${mine.id}/void`, w.admin, { reason: '再来' }), 409, '该返利单已冲销');
    // the void went through the document kernel: one event says who, when and why (and the refusal wrote none)
    const events = await t.db
      .selectFrom('document_events as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.action', 'e.from_status', 'e.to_status', 'e.reason', 'u.account', 'e.created_at'])
      .where('e.document_type', '=', 'finance_rebate')
      .where('e.doc_id', '=', mine.id)
      .execute();
    expect(events).toMatchObject([{ action: 'void', from_status: 'posted', to_status: 'voided', reason: '口径有误', account: 'admin' }]);
    expect(events[0]!.created_at).toBeInstanceOf(Date);
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(before.balanceFen - 12_000);
    const preview = ok<RebatePreview>(await f.call('GET', `/rebate-rules/${paidRule.id}/preview`, w.admin));
    expect(preview.lines.find((l) => l.agentId === w.ids.ag001)!.postedRebateId).toBeNull();
    await refused(await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.admin, { agentIds: [999_999] }), 422, '代理商999999不在该规则的适用范围内');
    await refused(await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.admin, { agentIds: 'all' }), 422, '请选择要入账的代理商');
    const again = ok<{ records: RebateRecord[] }>(await f.call('POST', `/rebate-rules/${paidRule.id}/post`, w.admin, { agentIds: [w.ids.ag001] }));
    expect(again.records.map((r) => [r.agentId, r.amountFen])).toEqual([[w.ids.ag001, 12_000]]);
    expect((await f.account(w.admin, 'agent', w.ids.ag001)).balanceFen).toBe(before.balanceFen);
    // a rule that had rebates is never deleted
    expect((await t.call({ method: 'DELETE', url: `/api/admin/api/v1/finance/rebate-rules/${paidRule.id}`, session: w.admin })).status).toBe(409);
  });
});
