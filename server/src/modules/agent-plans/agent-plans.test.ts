import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPlanGrid, AgentPlanLine } from '@erp/shared';
import { cloneAccount } from '../../../test/party-account.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { calls, orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { QUOTAS } from '../ordering/quotas-test-kit.ts';

const PLANS = '/api/admin/api/v1/agent-plans';

let t: TestApp;
let w: OrderWorld;
let api: ReturnType<typeof calls>;
let agent02: string;
let shop03: string;
/** the categories of the two test styles and their top-level parents */
let cat: { style0: number; top0: number; style1: number; top1: number };

const p = (method: 'GET' | 'PUT', path: string, session: string, payload?: object) => t.call({ method, url: `${PLANS}${path}`, session, ...(payload ? { payload } : {}) });
const grid = async (session: string, agentId?: number): Promise<AgentPlanGrid> => {
  const res = await p('GET', `/grid?seasonId=${w.ids.spot}${agentId ? `&agentId=${agentId}` : ''}`, session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};
const lineOf = (g: AgentPlanGrid, shopId: number, categoryId: number): AgentPlanLine => g.shops.find((s) => s.id === shopId)!.lines.find((l) => l.categoryId === categoryId)!;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  api = calls(t);
  // the demo's SH003 is HQ's own shop: here it is AG002's, so agent02 has a shop of its own
  await t.db.updateTable('shops').set({ agent_id: w.ids.ag002 }).where('id', '=', w.ids.sh003).execute();
  agent02 = await cloneAccount(t, 'agent01', 'agent02', { agent_id: w.ids.ag002 });
  shop03 = await cloneAccount(t, 'shop01', 'shop03', { shop_id: w.ids.sh003 });
  const catOf = async (productId: number) => {
    const row = await t.db
      .selectFrom('products as p')
      .innerJoin('product_categories as c', 'c.id', 'p.category_id')
      .select(['c.id', 'c.parent_id'])
      .where('p.id', '=', productId)
      .executeTakeFirstOrThrow();
    let top = row.id;
    for (let parent = row.parent_id; parent !== null; ) {
      top = parent;
      parent = (await t.db.selectFrom('product_categories').select('parent_id').where('id', '=', parent).executeTakeFirstOrThrow()).parent_id;
    }
    return { id: row.id, top };
  };
  const [a, b] = [await catOf(w.styles[0]!.productId), await catOf(w.styles[1]!.productId)];
  cat = { style0: a.id, top0: a.top, style1: b.id, top1: b.top };
});
afterAll(() => t?.close());

describe('订货计划: targets and progress', () => {
  it('agent01 plans its shops; progress follows submitted orders, not drafts, and a parent category counts its children', async () => {
    const saved = await p('PUT', '/grid', w.agent01, {
      seasonId: w.ids.spot,
      lines: [
        { shopId: w.ids.sh001, categoryId: cat.top0, targetFen: 1_000_000, targetPieces: 100, remark: '主推' },
        { shopId: w.ids.sh001, categoryId: cat.style0, targetFen: 500_000, targetPieces: 40 },
        { shopId: w.ids.sh002, categoryId: cat.top1, targetFen: 200_000, targetPieces: 20 },
      ],
    });
    expect([saved.status, saved.body.msg], saved.raw).toEqual([200, '订货计划已保存（3行）']);

    const draft = await api.create(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: w.styles[0]!.skus[0]!.id, quantity: 3 }] });
    let g = await grid(w.agent01);
    expect(lineOf(g, w.ids.sh001, cat.top0)).toMatchObject({ targetFen: 1_000_000, orderedPieces: 0, remark: '主推' });

    const submitted = await api.act(w.shop01, draft.id, 'submit');
    const other = await api.create(w.agent01, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh002, lines: [{ skuId: w.styles[1]!.skus[0]!.id, quantity: 2 }] });
    const otherSubmitted = await api.act(w.agent01, other.id, 'submit');
    g = await grid(w.agent01);
    const top = lineOf(g, w.ids.sh001, cat.top0);
    expect(top).toMatchObject({ orderedFen: submitted.totalAmountFen, orderedPieces: 3, piecesPercent: 3 });
    expect(top.amountPercent).toBe(Math.round((submitted.totalAmountFen * 1000) / 1_000_000) / 10);
    expect(lineOf(g, w.ids.sh001, cat.style0)).toMatchObject({ orderedFen: submitted.totalAmountFen, orderedPieces: 3, targetPieces: 40 });
    // the shop's totals count the outer plan only (the child's orders are inside it)
    const sh001 = g.shops.find((s) => s.id === w.ids.sh001)!;
    expect(sh001.totals).toMatchObject({ targetFen: 1_000_000, targetPieces: 100, orderedFen: submitted.totalAmountFen, orderedPieces: 3 });
    expect(g.totals).toMatchObject({ targetFen: 1_200_000, targetPieces: 120, orderedFen: submitted.totalAmountFen + otherSubmitted.totalAmountFen, orderedPieces: 5 });
    expect(g.shops.map((s) => s.id).sort()).toEqual([w.ids.sh001, w.ids.sh002].sort());

    // a rejected order no longer counts
    await api.act(w.admin, other.id, 'reject', { reason: '测试驳回' });
    expect(lineOf(await grid(w.agent01), w.ids.sh002, cat.top1).orderedPieces).toBe(0);
  });

  it('门店计划明细 lists the shop plan and its counted orders, each with its number', async () => {
    const detail = await p('GET', `/shop?seasonId=${w.ids.spot}&shopId=${w.ids.sh001}`, w.shop01);
    expect(detail.body.data).toMatchObject({ shopId: w.ids.sh001, totals: { targetPieces: 100, orderedPieces: 3 } });
    const orders = (await p('GET', `/shop/orders/page?seasonId=${w.ids.spot}&shopId=${w.ids.sh001}`, w.shop01)).body.data;
    expect(orders.total).toBe(1);
    expect(orders.records[0]).toMatchObject({ status: 'submitted', statusLabel: '待审核', countedPieces: 3 });
    expect(orders.records[0].orderNo).toMatch(/\S/);
  });

  it('a line of zeros removes the plan row; HQ plans for a named agent', async () => {
    await p('PUT', '/grid', w.agent01, { seasonId: w.ids.spot, lines: [{ shopId: w.ids.sh001, categoryId: cat.style0, targetFen: 0, targetPieces: 0 }] });
    const g = await grid(w.agent01);
    expect(lineOf(g, w.ids.sh001, cat.style0)).toBeUndefined();
    const hq = await p('PUT', '/grid', w.admin, { seasonId: w.ids.spot, agentId: w.ids.ag002, lines: [{ shopId: w.ids.sh003, categoryId: cat.top0, targetPieces: 5 }] });
    expect(hq.body.code, hq.raw).toBe('201');
    expect(lineOf(hq.body.data.grid, w.ids.sh003, cat.top0)).toMatchObject({ targetPieces: 5, targetFen: 0 });
    expect((await grid(w.admin, w.ids.ag002)).agentId).toBe(w.ids.ag002);
  });
});

describe('bad input: 4xx with a Chinese message and nothing written', () => {
  it('refuses each bad batch whole', async () => {
    const good = { shopId: w.ids.sh001, categoryId: cat.top1, targetFen: 1, targetPieces: 1 };
    const cases: [object, number, string][] = [
      [{ lines: [good] }, 422, '请选择订货季'],
      [{ seasonId: 999999, lines: [good] }, 404, '订货季不存在'],
      [{ seasonId: w.ids.spot, lines: [] }, 422, '请至少填写一行计划'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, categoryId: cat.top0, targetFen: -1 }] }, 422, '目标金额须为0到10亿元之间、最多两位小数的金额'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, categoryId: cat.top0, targetFen: 1.5 }] }, 422, '目标金额须为0到10亿元之间、最多两位小数的金额'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, categoryId: cat.top0, targetFen: 100_000_000_001 }] }, 422, '目标金额须为0到10亿元之间、最多两位小数的金额'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, categoryId: cat.top0, targetPieces: 2.5 }] }, 422, '目标件数须为0到1亿之间的整数'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, categoryId: cat.top0, targetPieces: 100_000_001 }] }, 422, '目标件数须为0到1亿之间的整数'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, categoryId: cat.top0, targetPieces: '5' }] }, 422, '目标件数须为0到1亿之间的整数'],
      [{ seasonId: w.ids.spot, lines: [good, good] }, 422, '同一门店同一分类只能填写一行'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, categoryId: 999999 }] }, 404, '商品分类不存在'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, shopId: 999999 }] }, 404, '门店不存在'],
      // another agent's shop: to agent01 it does not exist
      [{ seasonId: w.ids.spot, lines: [good, { ...good, shopId: w.ids.sh003 }] }, 404, '门店不存在'],
      [{ seasonId: w.ids.spot, lines: [good, { ...good, remark: 'x'.repeat(201) }] }, 422, '备注不能超过200个字符'],
    ];
    const before = await t.db.selectFrom('agent_plans').selectAll().orderBy('id').execute();
    for (const [body, status, msg] of cases) {
      const res = await p('PUT', '/grid', w.agent01, body);
      expect([res.status, res.body.msg, res.body.data], JSON.stringify(body)).toEqual([status, msg, null]);
    }
    expect(await t.db.selectFrom('agent_plans').selectAll().orderBy('id').execute()).toEqual(before);
    // HQ is told the shop belongs to another agent
    const hq = await p('PUT', '/grid', w.admin, { seasonId: w.ids.spot, agentId: w.ids.ag001, lines: [{ ...good, shopId: w.ids.sh003 }] });
    expect([hq.status, hq.body.msg]).toEqual([422, expect.stringMatching(/^门店.+不属于该代理商$/)]);
    expect((await p('PUT', '/grid', w.admin, { seasonId: w.ids.spot, lines: [good] })).body.msg).toBe('请选择代理商');
    expect((await p('GET', `/grid?seasonId=abc`, w.admin)).status).toBe(422);
    expect((await p('GET', `/grid?seasonId=${w.ids.spot}&agentId=999999`, w.admin)).status).toBe(404);
  });
});

describe('who reaches what', () => {
  it('permissions: a shop has no 订货计划, a supplier nothing', async () => {
    expect((await p('GET', `/grid?seasonId=${w.ids.spot}`, w.shop01)).status).toBe(403);
    expect((await p('PUT', '/grid', w.shop01, { seasonId: w.ids.spot, lines: [] })).status).toBe(403);
    for (const path of [`/grid?seasonId=${w.ids.spot}`, `/shop?seasonId=${w.ids.spot}&shopId=${w.ids.sh001}`, '/options'])
      expect((await p('GET', path, w.supplier01)).status).toBe(403);
  });

  it('agent01 and agent02 each reach only their own shops', async () => {
    expect((await p('GET', `/grid?seasonId=${w.ids.spot}&agentId=${w.ids.ag002}`, w.agent01)).status).toBe(404);
    expect((await grid(agent02)).shops.map((s) => s.id)).toEqual([w.ids.sh003]);
    expect((await p('GET', `/shop?seasonId=${w.ids.spot}&shopId=${w.ids.sh001}`, agent02)).status).toBe(404);
    expect((await p('GET', `/shop/orders/page?seasonId=${w.ids.spot}&shopId=${w.ids.sh001}`, agent02)).status).toBe(404);
    expect((await p('GET', `/shop?seasonId=${w.ids.spot}&shopId=${w.ids.sh003}`, w.agent01)).status).toBe(404);
    const put = await p('PUT', '/grid', agent02, { seasonId: w.ids.spot, lines: [{ shopId: w.ids.sh001, categoryId: cat.top0, targetPieces: 1 }] });
    expect(put.status).toBe(404);
    const options = (await p('GET', '/options', w.agent01)).body.data;
    // the season open today comes first (the pages choose it)
    expect(options.seasons[0].id).toBe(w.ids.spot);
    expect(options.agents.map((a: { id: number }) => a.id)).toEqual([w.ids.ag001]);
    expect(options.shops.map((s: { id: number }) => s.id).sort()).toEqual([w.ids.sh001, w.ids.sh002].sort());
  });

  it('shop01 and shop03 each reach only themselves', async () => {
    expect((await p('GET', `/shop?seasonId=${w.ids.spot}&shopId=${w.ids.sh003}`, w.shop01)).status).toBe(404);
    expect((await p('GET', `/shop?seasonId=${w.ids.spot}&shopId=${w.ids.sh001}`, shop03)).status).toBe(404);
    expect((await p('GET', `/shop?seasonId=${w.ids.spot}&shopId=${w.ids.sh003}`, shop03)).body.data.totals.targetPieces).toBe(5);
    expect((await p('GET', '/options', w.shop01)).body.data.shops.map((s: { id: number }) => s.id)).toEqual([w.ids.sh001]);
  });
});

describe('订货额度明细', () => {
  it('lists the ledger with running totals, each row naming its order; others get 404', async () => {
    const created = await t.call({ method: 'POST', url: QUOTAS, session: w.admin, payload: { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh002, limitPieces: 100 } });
    expect(created.body.code, created.raw).toBe('201');
    const order = await api.create(w.agent01, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh002, lines: [{ skuId: w.styles[1]!.skus[0]!.id, quantity: 4 }] });
    await api.act(w.agent01, order.id, 'submit');
    await api.act(w.agent01, order.id, 'withdraw');
    await api.act(w.agent01, order.id, 'submit');
    const url = `/quota/page?seasonId=${w.ids.spot}&buyerType=shop&buyerId=${w.ids.sh002}&sort=id&order=asc`;
    const page = (await p('GET', url, w.agent01)).body.data;
    expect(
      page.records.map((e: { move: string; reservedPieces: number; reservedPiecesAfter: number; orderNo: string; orderId: number }) => [
        e.move,
        e.reservedPieces,
        e.reservedPiecesAfter,
        e.orderId,
      ]),
    ).toEqual([
      ['reserve', 4, 4, order.id],
      ['release', -4, 0, order.id],
      ['reserve', 4, 4, order.id],
    ]);
    expect(page.records[0].orderNo).toBe(order.orderNo);
    // newest first, the totals still run from the start of the ledger
    const newest = (await p('GET', url.replace('order=asc', 'order=desc'), w.agent01)).body.data;
    expect(newest.records.map((e: { reservedPiecesAfter: number }) => e.reservedPiecesAfter)).toEqual([4, 0, 4]);
    expect((await p('GET', url, agent02)).status).toBe(404);
    expect((await p('GET', url, w.shop01)).status).toBe(404);
    expect((await p('GET', `/quota/page?seasonId=${w.ids.spot}&buyerType=agent&buyerId=${w.ids.ag001}`, w.shop01)).status).toBe(404);
    // a party without a quota that season has an empty ledger
    expect((await p('GET', `/quota/page?seasonId=${w.ids.preorder}&buyerType=shop&buyerId=${w.ids.sh002}`, w.agent01)).body.data.total).toBe(0);
    expect((await p('GET', `/quota/page?seasonId=${w.ids.spot}&buyerType=shop&buyerId=999999`, w.admin)).status).toBe(404);
    expect((await p('GET', `/quota/page?seasonId=${w.ids.spot}&buyerType=shop&buyerId=${w.ids.sh002}`, w.supplier01)).status).toBe(403);
  });
});
