import { lastMonthPeriod, shanghaiToday } from '@erp/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoBusiness, WB, type Sessions } from './workbench-test-kit.ts';

// 工作台 of an agent and a shop (issue 26): their 订货单 drafts and rejected orders, 配货 to
// receive, last month's 对账单 to confirm, rejected 收款单, and the figures strip (可用授信, 本季额度
// 剩余, 欠款) — each counted by its owner in the caller's own scope, never another agent's.

const API = '/api/admin/api/v1';
let t: TestApp;
let s: Sessions;

const countsOf = async (session: string) => {
  const res = await t.call({ method: 'GET', url: `${WB}/todos`, session });
  expect(res.status, res.raw).toBe(200);
  return Object.fromEntries((res.body.data as { key: string; count: number }[]).map((todo) => [todo.key, todo.count]));
};
const figuresOf = async (session: string) => {
  const res = await t.call({ method: 'GET', url: `${WB}/figures`, session });
  expect(res.status, res.raw).toBe(200);
  return res.body.data;
};
const listTotal = async (session: string, url: string) => {
  const res = await t.call({ method: 'GET', url: `${API}/${url}`, session });
  expect(res.status, res.raw).toBe(200);
  return res.body.data.total as number;
};
const ok = async (promise: Promise<{ body: { code: string }; raw: string }>) => {
  const res = await promise;
  expect(res.body.code, res.raw).toBe('201');
  return res;
};
const agentId = async (code: string) => (await t.db.selectFrom('agents').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedDemoBusiness(t);
});
afterAll(() => t?.close());

describe('GET /workbench/todos for agents and shops', () => {
  it('adds 订货单 drafts and rejected, 配货 to receive, 对账单 and rejected 收款单, each counted as its list counts it', async () => {
    const agent = await countsOf(s.agent01);
    expect(Object.keys(agent)).toEqual([
      'transferReceive',
      'stocktakeCounting',
      'returnShip',
      'salesOrderDraft',
      'salesOrderRejected',
      'deliveryReceive',
      'statementConfirm',
      'paymentRejected',
    ]);
    expect(agent).toMatchObject({
      salesOrderDraft: await listTotal(s.agent01, 'sales-orders/page?status=draft'),
      salesOrderRejected: await listTotal(s.agent01, 'sales-orders/page?status=rejected'),
      deliveryReceive: await listTotal(s.agent01, 'stock-docs/transfer/page?status=shipped&incoming=true&bizType=delivery'),
      paymentRejected: await listTotal(s.agent01, 'finance/payments/page?status=rejected'),
    });
    // a shop billed through its agent has no statement nor payments of its own to follow
    const shop = await countsOf(s.shop01);
    expect(Object.keys(shop)).toEqual(['transferReceive', 'stocktakeCounting', 'returnShip', 'salesOrderDraft', 'salesOrderRejected', 'deliveryReceive']);
    expect(shop).toMatchObject({
      salesOrderDraft: await listTotal(s.shop01, 'sales-orders/page?status=draft'),
      deliveryReceive: await listTotal(s.shop01, 'stock-docs/transfer/page?status=shipped&incoming=true&bizType=delivery'),
    });
    // the demo's deliveries: some 配货出库 is on its way to the agent's shops, never to agent02
    expect(agent.deliveryReceive).toBeGreaterThan(0);
    expect(agent.deliveryReceive).toBeLessThanOrEqual(agent.transferReceive!);
    expect(await countsOf(s.agent02)).toMatchObject({ salesOrderDraft: 0, salesOrderRejected: 0, deliveryReceive: 0, paymentRejected: 0, statementConfirm: 0 });
    // HQ keeps what it had
    expect(Object.keys(await countsOf(s.admin))).not.toContain('salesOrderDraft');
  });

  it("moves with the documents of the caller's own, never another agent's", async () => {
    const before = { agent01: await countsOf(s.agent01), agent02: await countsOf(s.agent02) };
    // HQ rejects agent01's waiting 收款单 and one of its submitted orders
    const waiting = await t.db
      .selectFrom('finance_payments')
      .select('id')
      .where('status', '=', 'submitted')
      .where('party_id', '=', await agentId('AG001'))
      .executeTakeFirstOrThrow();
    await ok(t.call({ method: 'POST', url: `${API}/finance/payments/${waiting.id}/reject`, session: s.admin, payload: { reason: '凭证不清晰' } }));
    const submitted = await t.db
      .selectFrom('sales_orders')
      .select('id')
      .where('status', '=', 'submitted')
      .where('agent_id', '=', await agentId('AG001'))
      .executeTakeFirstOrThrow();
    await ok(t.call({ method: 'POST', url: `${API}/sales-orders/${submitted.id}/reject`, session: s.admin, payload: { reason: '款式已下架' } }));
    const after = { agent01: await countsOf(s.agent01), agent02: await countsOf(s.agent02) };
    expect(after.agent01.paymentRejected).toBe(before.agent01.paymentRejected! + 1);
    expect(after.agent01.salesOrderRejected).toBe(before.agent01.salesOrderRejected! + 1);
    expect(after.agent02).toEqual(before.agent02);
  });

  it("asks for last month's 对账单 while it had entries and is not answered", async () => {
    expect((await countsOf(s.agent01)).statementConfirm).toBe(0);
    // the demo's freight 调整单 of AG001, moved to last month
    const period = lastMonthPeriod(shanghaiToday());
    await t.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE account_entries DISABLE TRIGGER account_entries_no_update`.execute(trx);
      await sql`UPDATE account_entries SET business_day = ${period.from} WHERE document_type = 'finance_adjustment'`.execute(trx);
      await sql`ALTER TABLE account_entries ENABLE TRIGGER account_entries_no_update`.execute(trx);
    });
    expect((await countsOf(s.agent01)).statementConfirm).toBe(1);
    expect((await countsOf(s.agent02)).statementConfirm).toBe(0);
    await ok(t.call({ method: 'POST', url: `${API}/finance/statements/agent/${await agentId('AG001')}/confirm`, session: s.agent01, payload: period }));
    expect((await countsOf(s.agent01)).statementConfirm).toBe(0);
  });
});

describe('GET /workbench/figures', () => {
  it('gives an agent its own 可用授信, 欠款 and 本季额度剩余 as finance and ordering answer them', async () => {
    const ag001 = await agentId('AG001');
    const account = (await t.call({ method: 'GET', url: `${API}/finance/accounts/agent/${ag001}`, session: s.agent01 })).body.data;
    const figures = await figuresOf(s.agent01);
    expect(figures.account).toEqual({ kind: 'own', partyName: account.partyName, availableFen: account.availableFen, owedFen: account.receivableFen });
    expect(figures.account.availableFen).not.toBeNull(); // the demo gives AG001 a credit limit
    const spot = await t.db.selectFrom('ordering_seasons').select(['id', 'name']).where('code', '=', 'FW26-SPOT').executeTakeFirstOrThrow();
    const left = (await t.call({ method: 'GET', url: `${API}/ordering/quotas/left?seasonId=${spot.id}&buyerType=agent&buyerId=${ag001}`, session: s.agent01 })).body.data;
    expect(figures.quota).toEqual({
      kind: 'season',
      seasonId: spot.id,
      seasonName: spot.name,
      limited: left.limited,
      leftFen: left.quota?.leftFen ?? null,
      leftPieces: left.quota?.leftPieces ?? null,
    });
  });

  it("never shows another agent's figures: agent02 its own, a shop under an agent 由代理商结算, no limit 不限", async () => {
    const ag002 = await agentId('AG002');
    const own = await figuresOf(s.agent02);
    expect(own.account).toMatchObject({ kind: 'own', partyName: '温州衣尚商贸有限公司', owedFen: 0 });
    const limit = (await t.db.selectFrom('finance_credit_limits').select('credit_limit_fen').where('party_type', '=', 'agent').where('party_id', '=', ag002).executeTakeFirst())
      ?.credit_limit_fen;
    if (limit == null) expect(own.account.availableFen).toBeNull();
    expect((await figuresOf(s.shop01)).account).toEqual({ kind: 'byAgent' });
    expect((await figuresOf(s.shop01)).quota).toMatchObject({ kind: 'season' });
    // HQ and a supplier have no strip
    expect(await figuresOf(s.admin)).toEqual({ account: null, quota: null });
    expect(await figuresOf(s.supplier01)).toEqual({ account: null, quota: null });
    expect((await t.call({ method: 'GET', url: `${WB}/figures` })).status).toBe(401);
  });
});

describe('GET /workbench/delivery-sheet/:id (the 配货出库单 print)', () => {
  it('names the receiving shop, 结算方, contact, phone and address, in the caller scope only', async () => {
    const sh001 = await t.db.selectFrom('shops').select(['id', 'name', 'phone', 'address']).where('code', '=', 'SH001').executeTakeFirstOrThrow();
    const doc = await t.db
      .selectFrom('stock_docs as d')
      .innerJoin('warehouses as w', 'w.id', 'd.to_warehouse_id')
      .select(['d.id'])
      .where('d.biz_type', '=', 'delivery')
      .where('w.shop_id', '=', sh001.id)
      .executeTakeFirstOrThrow();
    const url = `${WB}/delivery-sheet/${doc.id}`;
    const expected = {
      orderNo: expect.stringMatching(/^DH/),
      shopName: sh001.name,
      billedName: '杭州衣尚服饰贸易有限公司',
      billedType: 'agent',
      contactName: expect.any(String),
      phone: sh001.phone,
      address: sh001.address,
    };
    for (const session of [s.admin, s.agent01, s.shop01]) {
      const res = await t.call({ method: 'GET', url, session });
      expect(res.body, res.raw).toMatchObject({ code: '201', data: expected });
    }
    // another agent and the agent's other shop: not found, like a missing document
    const missing = await t.call({ method: 'GET', url: `${WB}/delivery-sheet/999999`, session: s.admin });
    expect([missing.status, missing.body.code]).toEqual([404, 'A0404']);
    for (const session of [s.agent02, s.shop02]) {
      const res = await t.call({ method: 'GET', url, session });
      expect(res.status, res.raw).toBe(404);
      expect(res.body.msg).toMatch(/不存在/);
    }
    // a plain transfer is no 配货出库单
    const plain = await t.db.selectFrom('stock_docs').select('id').where('kind', '=', 'transfer').where('biz_type', '<>', 'delivery').executeTakeFirstOrThrow();
    const res = await t.call({ method: 'GET', url: `${WB}/delivery-sheet/${plain.id}`, session: s.admin });
    expect([res.status, res.body.msg]).toEqual([404, '配货出库单不存在']);
    const bad = await t.call({ method: 'GET', url: `${WB}/delivery-sheet/abc`, session: s.admin });
    expect([bad.status, bad.body.code, bad.body.msg]).toEqual([422, 'A0400', expect.stringContaining('配货出库单编号不正确')]);
  });
});
