import * as shared from '@erp/shared';
import { Permissions } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createReturn } from '../aftersales/returns.service.ts';
import { SEARCH_PREFIXES } from './workbench-search.ts';
import { seedDemoBusiness, WB, type Sessions } from './workbench-test-kit.ts';

// 单据查找 finds every number series of the product — 退货单 TH, 换货单 HD, 收款单 SK, 付款单 FK,
// 调整单 TZ, 返利 FL, 库存上报 SB as well as the purchasing, ordering and stock ones — each through
// its owner's scope: another party's number answers exactly like a number that does not exist.

let t: TestApp;
let s: Sessions;

const search = (session: string, q: string) => t.call({ method: 'GET', url: `${WB}/search?q=${encodeURIComponent(q)}`, session });
const hitsOf = async (session: string, q: string) => {
  const res = await search(session, q);
  expect(res.status, res.raw).toBe(200);
  return res.body.data.hits as Record<string, unknown>[];
};
const missing = (q: string) => JSON.stringify({ code: '201', msg: '操作成功', data: { q, hits: [] } });
const answerOf = async (session: string, q: string) => (await search(session, q)).raw;
/** The same number series, a number nobody has. */
const nobodys = (no: string) => `${no.slice(0, 2)}20991231-9999`;

const idOf = async (table: 'agents' | 'shops', code: string) => (await t.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedDemoBusiness(t);
  // a 换货单 of shop01 (draft) and a 调整单 of AG002 (agent01 must never find it)
  const shop = await t.db.selectFrom('users').select(['id', 'shop_id']).where('account', '=', 'shop01').executeTakeFirstOrThrow();
  const season = await t.db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirstOrThrow();
  const back = await t.db.selectFrom('sales_return_lines').select('sku_id').orderBy('id').executeTakeFirstOrThrow();
  const ctx = { userId: shop.id, scope: { kind: 'shop' as const, shopId: shop.shop_id! }, permissions: new Set<string>(Object.values(Permissions)) };
  await createReturn(t.db, ctx, 'swap', {
    shopId: shop.shop_id!,
    seasonId: season.id,
    reason: '换尺码',
    lines: [{ skuId: back.sku_id, quantity: 1 }],
    outLines: [{ skuId: back.sku_id, quantity: 1 }],
  });
  const res = await t.call({
    method: 'POST',
    url: '/api/admin/api/v1/finance/adjustments',
    session: s.admin,
    payload: { partyType: 'agent', partyId: await idOf('agents', 'AG002'), amountFen: 5000, reason: '运费' },
  });
  expect(res.body.code, res.raw).toBe('201');
});
afterAll(() => t?.close());

describe('GET /workbench/search: every number series', () => {
  it("knows every document prefix of shared (the kernel's number series)", () => {
    const prefixes = new Set<string>();
    for (const [name, value] of Object.entries(shared)) {
      if (!/_PREFIX(ES)?$/.test(name)) continue;
      for (const v of typeof value === 'string' ? [value] : Object.values(value as Record<string, string>)) if (/^[A-Z]{2}$/.test(v)) prefixes.add(v);
    }
    expect(prefixes.size).toBeGreaterThanOrEqual(17);
    expect([...SEARCH_PREFIXES].sort()).toEqual([...prefixes].sort());
  });

  it('finds TH, HD, SK, FK, TZ, FL and SB numbers for HQ, in any case, each with what opens it', async () => {
    const ret = await t.db.selectFrom('sales_returns').select(['id', 'return_no', 'kind', 'status']).orderBy('id').execute();
    const pay = await t.db.selectFrom('finance_payments').select(['id', 'doc_no', 'direction', 'status']).orderBy('id').execute();
    const adj = await t.db.selectFrom('finance_adjustments').select(['id', 'doc_no']).orderBy('id').executeTakeFirstOrThrow();
    const inv = await t.db.selectFrom('shop_inventory_reports').select(['id', 'doc_no']).orderBy('id').executeTakeFirstOrThrow();
    const th = ret.find((r) => r.kind === 'return')!;
    const hd = ret.find((r) => r.kind === 'swap')!;
    const sk = pay.find((p) => p.direction === 'in')!;
    const fk = pay.find((p) => p.direction === 'out')!;
    expect(await hitsOf(s.admin, th.return_no.toLowerCase())).toEqual([
      { type: 'sales_return', kind: 'return', id: th.id, no: th.return_no, status: 'submitted', statusLabel: '待审核' },
    ]);
    expect(await hitsOf(s.admin, hd.return_no)).toEqual([{ type: 'sales_return', kind: 'swap', id: hd.id, no: hd.return_no, status: 'draft', statusLabel: '草稿' }]);
    expect(await hitsOf(s.admin, sk.doc_no)).toEqual([{ type: 'payment', direction: 'in', id: sk.id, no: sk.doc_no, status: sk.status, statusLabel: '已入账' }]);
    expect(await hitsOf(s.admin, fk.doc_no)).toEqual([{ type: 'payment', direction: 'out', id: fk.id, no: fk.doc_no, status: 'posted', statusLabel: '已入账' }]);
    expect(await hitsOf(s.admin, adj.doc_no)).toEqual([{ type: 'adjustment', id: adj.id, no: adj.doc_no, status: 'posted', statusLabel: '已入账' }]);
    expect(await hitsOf(s.admin, ` ${inv.doc_no} `)).toEqual([{ type: 'shop_inventory', id: inv.id, no: inv.doc_no, status: 'submitted', statusLabel: '待审核' }]);
    // a 返利单 posted on the demo rule
    const rule = await t.db.selectFrom('finance_rebate_rules').select('id').executeTakeFirstOrThrow();
    const posted = await t.call({ method: 'POST', url: `/api/admin/api/v1/finance/rebate-rules/${rule.id}/post`, session: s.admin, payload: {} });
    expect(posted.body.code, posted.raw).toBe('201');
    const fl = await t.db.selectFrom('finance_rebates').select(['id', 'doc_no']).executeTakeFirstOrThrow();
    expect(await hitsOf(s.admin, fl.doc_no)).toEqual([{ type: 'rebate', id: fl.id, no: fl.doc_no, status: 'posted', statusLabel: '已入账' }]);
    for (const no of [th.return_no, hd.return_no, sk.doc_no, fk.doc_no, adj.doc_no, inv.doc_no, fl.doc_no]) expect(await answerOf(s.admin, nobodys(no))).toBe(missing(nobodys(no)));
  });

  it("answers another party's TH, HD, SK, FK, TZ, FL and SB exactly like a number that does not exist", async () => {
    const ag001 = await idOf('agents', 'AG001');
    const ret = await t.db.selectFrom('sales_returns').select(['return_no', 'kind']).orderBy('id').execute();
    const sk = await t.db.selectFrom('finance_payments').select('doc_no').where('direction', '=', 'in').where('party_id', '=', ag001).orderBy('id').execute();
    const fk = await t.db.selectFrom('finance_payments').select('doc_no').where('direction', '=', 'out').executeTakeFirstOrThrow();
    const adj = await t.db.selectFrom('finance_adjustments').select(['doc_no', 'party_id']).orderBy('id').execute();
    const ownAdj = adj.find((a) => Number(a.party_id) === ag001)!.doc_no;
    const ag002Adj = adj.find((a) => Number(a.party_id) !== ag001)!.doc_no;
    const inv = (await t.db.selectFrom('shop_inventory_reports').select('doc_no').executeTakeFirstOrThrow()).doc_no;
    const fl = (await t.db.selectFrom('finance_rebates').select('doc_no').executeTakeFirstOrThrow()).doc_no;
    const found = async (session: string, no: string) =>
      expect(
        (await hitsOf(session, no)).map((h) => h.no),
        no,
      ).toEqual([no]);
    const notFound = async (session: string, no: string) => expect(await answerOf(session, no), no).toBe(missing(no));

    // agent01 finds its own money documents and its shop's after-sales documents; 调整单 is HQ's list
    for (const no of [sk[0]!.doc_no, fl, ...ret.map((r) => r.return_no), inv]) await found(s.agent01, no);
    for (const no of [ownAdj, ag002Adj, fk.doc_no]) await notFound(s.agent01, no);
    // agent02 (another agent) finds none of them
    for (const no of [sk[0]!.doc_no, ownAdj, fl, ...ret.map((r) => r.return_no), inv, fk.doc_no]) await notFound(s.agent02, no);
    await found(s.admin, ag002Adj);
    // shop01 its own returns, swap and report; its agent's money is not its own
    for (const no of [...ret.map((r) => r.return_no), inv]) await found(s.shop01, no);
    for (const no of [sk[0]!.doc_no, ownAdj, fl, fk.doc_no]) await notFound(s.shop01, no);
    // shop02, the agent's other shop, none of shop01's
    for (const no of [...ret.map((r) => r.return_no), inv]) await notFound(s.shop02, no);
    // supplier01 reads none of these lists (付款单 is HQ's list)
    for (const no of [fk.doc_no, sk[0]!.doc_no, ownAdj, fl, ret[0]!.return_no, inv]) await notFound(s.supplier01, no);
  });
});
