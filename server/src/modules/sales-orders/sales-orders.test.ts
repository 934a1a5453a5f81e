import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOrderDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { calls, orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

let t: TestApp;
let w: OrderWorld;
let api: ReturnType<typeof calls>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  api = calls(t);
});
afterAll(() => t?.close());

const line = (style: 0 | 1, sku: number, quantity: number) => ({ skuId: w.styles[style]!.skus[sku]!.id, quantity });
const shopOrder = (lines: object[], extra: object = {}) => ({ seasonId: w.ids.spot, remark: '秋冬首单', lines, ...extra });
const simulated = async (productId: number, buyerType: string, buyerId: number) =>
  (await t.call({ method: 'GET', url: `/api/admin/api/v1/planning/price?productId=${productId}&buyerType=${buyerType}&buyerId=${buyerId}`, session: w.admin })).body.data;

describe('prices come from the server', () => {
  it('ignores any price the client sends and stores the breakdown the price simulation gives', async () => {
    const order = await api.create(
      w.shop01,
      shopOrder([{ ...line(0, 0, 3), unitPriceFen: 1, amountFen: 3, priceSteps: [] }, line(1, 0, 2)], { unitPriceFen: 1, totalAmountFen: 5 }),
    );
    expect(order).toMatchObject({ status: 'draft', buyerType: 'shop', buyerId: w.ids.sh001, shopId: w.ids.sh001, ordererType: 'shop', kind: 'spot', totalQuantity: 5 });
    expect(order.orderNo).toMatch(/^DH\d{8}-\d{4}$/);
    for (const l of order.lines) {
      const sim = await simulated(l.productId, 'shop', w.ids.sh001);
      expect(l.unitPriceFen).toBe(sim.unitPriceFen);
      expect(l.priceSteps).toEqual(sim.steps);
      expect(l.amountFen).toBe(l.unitPriceFen * l.ordered);
      expect(l.unitPriceFen).toBeGreaterThan(1);
    }
    expect(order.totalAmountFen).toBe(order.lines.reduce((s, l) => s + l.amountFen, 0));
    // SH001 belongs to AG001: the agent is billed for it
    expect(order).toMatchObject({ billedType: 'agent', billedName: expect.any(String) });
  });

  it('an agent ordering for itself is priced as the agent; its shop receives', async () => {
    const order = await api.create(w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh002, lines: [line(0, 1, 4)] });
    expect(order).toMatchObject({ buyerType: 'agent', buyerId: w.ids.ag001, shopId: w.ids.sh002, ordererType: 'agent', billedType: 'agent' });
    expect(order.lines[0]!.unitPriceFen).toBe((await simulated(w.styles[0]!.productId, 'agent', w.ids.ag001)).unitPriceFen);
  });
});

describe('who may order and see what', () => {
  let agentsOrder: SalesOrderDetail;
  let otherAgentsOrder: SalesOrderDetail;
  beforeAll(async () => {
    agentsOrder = await api.create(w.agent01, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh002, lines: [line(0, 2, 1)] });
    otherAgentsOrder = await api.create(w.admin, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh003, lines: [line(0, 2, 1)] });
  });

  it("refuses agent01 another agent's (or HQ's) shop and another agent's orders with 404", async () => {
    for (const body of [
      { seasonId: w.ids.spot, shopId: w.ids.sh003, lines: [line(0, 0, 1)] },
      { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh003, lines: [line(0, 0, 1)] },
      { seasonId: w.ids.spot, buyerType: 'agent', buyerId: w.ids.ag002, shopId: w.ids.sh002, lines: [line(0, 0, 1)] },
    ]) {
      const res = await api.call('POST', '', w.agent01, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([404, 'A0404']);
    }
    for (const [method, path] of [
      ['GET', `/${otherAgentsOrder.id}`],
      ['POST', `/${otherAgentsOrder.id}/submit`],
      ['PUT', `/${otherAgentsOrder.id}`],
    ] as const) {
      const res = await api.call(method, path, w.agent01, method === 'PUT' ? shopOrder([line(0, 0, 1)], { shopId: w.ids.sh001 }) : {});
      expect([res.status, res.body.msg], path).toEqual([404, '订货单不存在']);
    }
  });

  it('lists: HQ all, agent01 its own and its shops, shop01 only its own; supplier01 403', async () => {
    const list = async (session: string) => (await api.call('GET', '/page?limit=100', session)).body.data.records as { id: number; shopId: number }[];
    const all = await list(w.admin);
    expect(all.map((o) => o.id)).toContain(otherAgentsOrder.id);
    const agents = await list(w.agent01);
    expect(agents.map((o) => o.id)).toContain(agentsOrder.id);
    expect(agents.map((o) => o.id)).not.toContain(otherAgentsOrder.id);
    const shops = await list(w.shop01);
    expect(shops.length).toBeGreaterThan(0);
    expect(shops.every((o) => o.shopId === w.ids.sh001)).toBe(true);
    expect((await api.call('GET', `/${agentsOrder.id}`, w.shop01)).status).toBe(404);
    for (const [method, path] of [
      ['GET', '/page'],
      ['GET', `/${agentsOrder.id}`],
      ['POST', ''],
    ] as const) {
      const res = await api.call(method, path, w.supplier01, method === 'POST' ? shopOrder([line(0, 0, 1)]) : undefined);
      expect([res.status, res.body.code], path).toEqual([403, 'A0301']);
    }
  });

  it('filters by status, season, number and day', async () => {
    const q = async (query: string) => (await api.call('GET', `/page?${query}`, w.admin)).body.data as { records: { orderNo: string }[]; total: number };
    expect((await q(`keyword=${agentsOrder.orderNo}`)).records.map((r) => r.orderNo)).toEqual([agentsOrder.orderNo]);
    expect((await q('status=audited')).total).toBe(0);
    expect((await q(`seasonId=${w.ids.ended}`)).total).toBe(0);
    expect((await q('from=2000-01-01&to=2000-01-02')).total).toBe(0);
    expect((await api.call('GET', '/page?sort=price', w.admin)).status).toBe(422);
  });
});

describe('bad input changes nothing', () => {
  it('refuses zero, negative, fractional and huge quantities, NUL and missing lines', async () => {
    const before = Number(
      (
        await t.db
          .selectFrom('sales_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const [quantity, msg] of [
      [0, '第1行：订货数量须为1-100000的整数'],
      [-2, '第1行：订货数量须为1-100000的整数'],
      [1.5, '第1行：订货数量须为1-100000的整数'],
      [1e9, '第1行：订货数量须为1-100000的整数'],
    ] as const) {
      const res = await api.call('POST', '', w.shop01, shopOrder([line(0, 0, quantity)]));
      expect([res.status, res.body.code, res.body.msg], String(quantity)).toEqual([422, 'A0400', msg]);
    }
    for (const body of [shopOrder([]), shopOrder([line(0, 0, 1)], { remark: 'a\u0000b' }), shopOrder([line(0, 0, 1), line(0, 0, 2)]), { lines: [line(0, 0, 1)] }]) {
      const res = await api.call('POST', '', w.shop01, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([expect.any(Number), 'A0400']);
    }
    const after = Number(
      (
        await t.db
          .selectFrom('sales_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before);
  });

  it('refuses a closed or future season and a style the season does not offer', async () => {
    for (const seasonId of [w.ids.ended, w.ids.preorder, 999999]) {
      const res = await api.call('POST', '', w.shop01, shopOrder([line(0, 0, 1)], { seasonId }));
      expect([res.status, res.body.msg]).toEqual([422, '该订货季今天不在开放期内，不能订货']);
    }
    const sku = await t.db.selectFrom('skus').select('id').where('product_id', '=', w.notOffered).executeTakeFirstOrThrow();
    const res = await api.call('POST', '', w.shop01, shopOrder([line(0, 0, 1), { skuId: sku.id, quantity: 1 }]));
    expect([res.status, res.body.msg]).toEqual([422, '第2行：该SKU不在本订货季在售款式中']);
    const entry = await api.call('GET', `/entry/styles/${w.notOffered}?seasonId=${w.ids.spot}`, w.shop01);
    expect([entry.status, entry.body.msg]).toEqual([404, '该款式不在本订货季在售款式中']);
  });

  it('holds each style-colour to its run rules: whole runs, a minimum, and runs entered by run', async () => {
    const style = w.styles[0]!;
    const run = await t.db
      .selectFrom('size_runs')
      .innerJoin('size_groups', 'size_groups.id', 'size_runs.group_id')
      .select('size_runs.id')
      .where('size_groups.code', '=', 'DEFAULT')
      .where('size_runs.name', '=', '标准配码')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ size_run_id: run.id, whole_runs: true, min_runs: 2 }).where('id', '=', style.productId).execute();
    const colour = style.skus.filter((k) => k.colourId === style.skus[0]!.colourId);
    const bySize = (counts: Record<string, number>) => colour.filter((k) => counts[k.size]).map((k) => ({ skuId: k.id, quantity: counts[k.size]! }));
    const broken = await api.call('POST', '', w.shop01, shopOrder(bySize({ S: 1, M: 2, L: 2, XL: 2 })));
    expect([broken.status, broken.body.msg]).toEqual([422, expect.stringContaining('须按整手订货（每手 S1 M2 L2 XL1）')]);
    const few = await api.call('POST', '', w.shop01, shopOrder(bySize({ S: 1, M: 2, L: 2, XL: 1 })));
    expect([few.status, few.body.msg]).toEqual([422, expect.stringContaining('起订2手')]);
    const byCells = await api.create(w.shop01, shopOrder(bySize({ S: 2, M: 4, L: 4, XL: 2 })));
    expect(byCells.lines.every((l) => l.sizeRunId === run.id && l.runCount === 2)).toBe(true);
    const byRun = await api.create(w.shop01, { seasonId: w.ids.spot, runs: [{ productId: style.productId, colourId: colour[0]!.colourId, sizeRunId: run.id, runCount: 3 }] });
    expect(byRun.lines.map((l) => [l.sizeName, l.ordered, l.runCount])).toEqual([
      ['S', 3, 3],
      ['M', 6, 3],
      ['L', 6, 3],
      ['XL', 3, 3],
    ]);
    const badRun = await api.call('POST', '', w.shop01, {
      seasonId: w.ids.spot,
      runs: [{ productId: style.productId, colourId: colour[0]!.colourId, sizeRunId: run.id, runCount: 0 }],
    });
    expect([badRun.status, badRun.body.msg]).toEqual([422, '第1组配码：手数须为1-10000的整数']);
    await t.db.updateTable('products').set({ size_run_id: null, whole_runs: false, min_runs: 0 }).where('id', '=', style.productId).execute();
  });
});

describe('the machine', () => {
  it('submit, withdraw, submit; HQ audits with a cut and a reason, logged; later actions refused with 409', async () => {
    const draft = await api.create(w.shop01, shopOrder([line(0, 0, 5), line(1, 1, 4)]));
    expect(draft.actions).toEqual(['edit', 'submit', 'cancel']);
    await api.act(w.shop01, draft.id, 'submit');
    await api.act(w.shop01, draft.id, 'withdraw');
    const submitted = await api.act(w.shop01, draft.id, 'submit');
    expect(submitted.status).toBe('submitted');
    expect(submitted.actions).toEqual(['withdraw', 'cancel']);
    const edit = await api.call('PUT', `/${draft.id}`, w.shop01, shopOrder([line(0, 0, 1)]));
    expect([edit.status, edit.body.msg]).toEqual([409, `订货单${draft.orderNo}当前为「待审核」，不能编辑`]);
    expect((await api.call('POST', `/${draft.id}/audit`, w.shop01, { lines: [] })).status).toBe(403);

    const [first, second] = submitted.lines;
    const cut = first!.ordered - 1;
    const noReason = await api.call('POST', `/${draft.id}/audit`, w.admin, { lines: [{ lineId: first!.id, approved: cut }] });
    expect([noReason.status, noReason.body.msg]).toEqual([422, '审核减少了数量，请填写原因']);
    const raised = await api.call('POST', `/${draft.id}/audit`, w.admin, { lines: [{ lineId: first!.id, approved: first!.ordered + 1 }], reason: 'x' });
    expect([raised.status, raised.body.msg]).toEqual([422, `第1行：审核数量须为0-${first!.ordered}的整数`]);
    const nothing = await api.call('POST', `/${draft.id}/audit`, w.admin, { lines: submitted.lines.map((l) => ({ lineId: l.id, approved: 0 })), reason: 'x' });
    expect(nothing.body.msg).toBe('审核后订货数量不能全部为0，请驳回订单');
    const audited = await api.act(w.admin, draft.id, 'audit', { lines: [{ lineId: first!.id, approved: cut }], reason: '库存不足' });
    expect(audited.status).toBe('audited');
    expect(audited.lines.map((l) => l.approved)).toEqual([cut, second!.ordered]);
    expect(audited.approvedQuantity).toBe(cut + second!.ordered);
    expect(audited.approvedAmountFen).toBe(cut * first!.unitPriceFen + second!.amountFen);
    const logged = `库存不足（削减1行：${first!.styleNo} ${first!.colourName}/${first!.sizeName} ${first!.ordered}→${cut}）`;
    expect(audited.events.at(-1)).toMatchObject({ action: 'audit', toStatus: 'audited', reason: logged });

    const refused = await api.call('POST', `/${draft.id}/reject`, w.admin, { reason: '晚了' });
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([409, 'A0409', `订货单${draft.orderNo}当前为「已审核」，不能驳回`]);
    const shopCancel = await api.call('POST', `/${draft.id}/cancel`, w.shop01, { reason: '不要了' });
    expect([shopCancel.status, shopCancel.body.msg]).toEqual([403, '已审核的订货单只能由总部取消']);
  });

  it('reject and cancel need a reason', async () => {
    const order = await api.create(w.shop01, shopOrder([line(0, 0, 2)]));
    await api.act(w.shop01, order.id, 'submit');
    const res = await api.call('POST', `/${order.id}/reject`, w.admin, {});
    expect([res.status, res.body.msg]).toEqual([422, '请填写原因']);
    const rejected = await api.act(w.admin, order.id, 'reject', { reason: '款式调整' });
    expect([rejected.status, rejected.reason, rejected.actions]).toEqual(['rejected', '款式调整', []]);
    const other = await api.create(w.shop01, shopOrder([line(0, 0, 2)]));
    expect((await api.call('POST', `/${other.id}/cancel`, w.shop01, { reason: ' ' })).status).toBe(422);
    expect((await api.act(w.shop01, other.id, 'cancel', { reason: '重复下单' })).status).toBe('cancelled');
  });

  it('a double submission with the same Idempotency-Key posts once', async () => {
    const order = await api.create(w.shop01, shopOrder([line(0, 0, 2)]));
    const key = { 'idempotency-key': `submit-${order.id}` };
    const [a, b] = await Promise.all([api.call('POST', `/${order.id}/submit`, w.shop01, {}, key), api.call('POST', `/${order.id}/submit`, w.shop01, {}, key)]);
    expect([a.body.code, b.body.code]).toEqual(['201', '201']);
    const again = await api.call('POST', `/${order.id}/submit`, w.shop01, {}, key);
    expect([again.body.code, again.headers['idempotent-replayed']]).toEqual(['201', 'true']);
    const events = await t.db.selectFrom('document_events').select('action').where('document_type', '=', 'sales_order').where('doc_id', '=', order.id).execute();
    expect(events.map((e) => e.action)).toEqual(['submit']);
    const fresh = await api.call('POST', `/${order.id}/submit`, w.shop01, {});
    expect(fresh.status).toBe(409);
  });
});
