import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer, SalesOrderDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { calls, orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';
import { assertQuotasMatchEntries, QUOTAS } from '../ordering/quotas-test-kit.ts';

let t: TestApp;
let w: OrderWorld;
let orders: ReturnType<typeof calls>;
let clerk: string;

const CART = '/api/admin/api/v1/ordering/cart';

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  orders = calls(t);
  clerk = await t.login('clerk01');
});
afterEach(async () => {
  if (t) await assertQuotasMatchEntries(t.db);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, session: string, payload?: object, headers?: Record<string, string>) =>
  t.call({ method, url: `${CART}${path}`, session, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
const cartOf = async (session: string): Promise<CartAnswer> => {
  const res = await call('GET', '', session);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};
const style = (i: 0 | 1) => w.styles[i]!;
const colourOf = (i: 0 | 1, n = 0) => [...new Set(style(i).skus.map((k) => k.colourId))][n]!;
/** cells of one colour by size: { S: 1, M: 2 } */
const cells = (i: 0 | 1, colourId: number, bySize: Record<string, number>) =>
  style(i)
    .skus.filter((k) => k.colourId === colourId && bySize[k.size] !== undefined)
    .map((k) => ({ skuId: k.id, quantity: bySize[k.size]! }));
const put = (session: string, i: 0 | 1, body: object) => call('PUT', `/styles/${style(i).productId}`, session, { seasonId: w.ids.spot, ...body });
const putOk = async (session: string, i: 0 | 1, body: object): Promise<CartAnswer> => {
  const res = await put(session, i, body);
  expect(res.body.code, res.raw).toBe('201');
  return res.body.data;
};
const cartCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('ordering_cart_lines')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const orderCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('sales_orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const simulated = async (productId: number, buyerType: string, buyerId: number) =>
  (await t.call({ method: 'GET', url: `/api/admin/api/v1/planning/price?productId=${productId}&buyerType=${buyerType}&buyerId=${buyerId}`, session: w.admin })).body.data;

describe('who may use a cart', () => {
  it('refuses a supplier every call and an account without the ordering codes, with 403', async () => {
    const body = { seasonId: w.ids.spot, colours: [{ colourId: colourOf(0), cells: cells(0, colourOf(0), { M: 1 }) }] };
    for (const session of [w.supplier01, clerk]) {
      for (const [method, path, payload] of [
        ['GET', '', undefined],
        ['PUT', `/styles/${style(0).productId}`, body],
        ['DELETE', '/lines/1', undefined],
        ['DELETE', `/groups?seasonId=${w.ids.spot}&productId=${style(0).productId}`, undefined],
        ['DELETE', `?seasonId=${w.ids.spot}`, undefined],
        ['POST', '/checkout', { seasonId: w.ids.spot }],
      ] as const) {
        const res = await call(method, path, session, payload);
        expect([res.status, res.body.code], `${method} ${path}`).toEqual([403, 'A0301']);
      }
    }
    expect(await cartCount()).toBe(0);
  });

  it('answers a shop, an agent and HQ the same refusals as the order does for buyers and shops outside their reach', async () => {
    const lines = [{ skuId: style(0).skus[0]!.id, quantity: 1 }];
    const c = colourOf(0);
    const same = async (session: string, party: object) => {
      const fromOrder = await orders.call('POST', '', session, { seasonId: w.ids.spot, ...party, lines });
      const fromCart = await put(session, 0, { ...party, colours: [{ colourId: c, cells: cells(0, c, { [style(0).skus[0]!.size]: 1 }) }] });
      expect([fromCart.status, fromCart.body.code, fromCart.body.msg], JSON.stringify(party)).toEqual([fromOrder.status, fromOrder.body.code, fromOrder.body.msg]);
      expect(fromCart.status, JSON.stringify(party)).toBeGreaterThanOrEqual(400);
    };
    // a shop only for itself
    await same(w.shop01, { shopId: w.ids.sh002 });
    await same(w.shop01, { buyerType: 'agent', buyerId: w.ids.ag001 });
    // an agent for itself or its own shops: not another agent's or HQ's shop, not another agent
    await same(w.agent01, { shopId: w.ids.sh003 });
    await same(w.agent01, { buyerType: 'shop', buyerId: w.ids.sh003 });
    await same(w.agent01, { buyerType: 'agent', buyerId: w.ids.ag002, shopId: w.ids.sh002 });
    await same(w.agent01, {});
    // HQ names the buyer
    await same(w.admin, {});
    expect(await cartCount()).toBe(0);
  });

  it("keeps each user's cart to himself: HQ fills one for any buyer, nobody else sees or removes its lines", async () => {
    const c = colourOf(0);
    const hq = await putOk(w.admin, 0, { buyerType: 'shop', buyerId: w.ids.sh003, colours: [{ colourId: c, cells: cells(0, c, { M: 2 }) }] });
    expect(hq.orders.map((o) => [o.buyerType, o.buyerId, o.shopId, o.pieces])).toEqual([['shop', w.ids.sh003, w.ids.sh003, 2]]);
    const agents = await putOk(w.agent01, 0, { shopId: w.ids.sh002, colours: [{ colourId: c, cells: cells(0, c, { L: 1 }) }] });
    expect(agents.orders.map((o) => [o.buyerType, o.buyerId, o.shopId])).toEqual([['agent', w.ids.ag001, w.ids.sh002]]);
    expect((await cartOf(w.shop01)).orders).toEqual([]);
    const hqLine = hq.orders[0]!.styles[0]!.groups[0]!.lines[0]!.id;
    for (const session of [w.shop01, w.agent01]) {
      const res = await call('DELETE', `/lines/${hqLine}`, session);
      expect([res.status, res.body.msg]).toEqual([404, '购物车中没有这一行']);
    }
    expect((await cartOf(w.admin)).pieces).toBe(2);
    const cleared = await call('DELETE', `?seasonId=${w.ids.spot}&buyerType=shop&buyerId=${w.ids.sh003}`, w.admin);
    expect([cleared.body.code, cleared.body.msg, cleared.body.data.orders]).toEqual(['201', '购物车已清空', []]);
    expect((await cartOf(w.agent01)).pieces).toBe(1);
    await call('DELETE', `?seasonId=${w.ids.spot}`, w.agent01);
    expect(await cartCount()).toBe(0);
  });
});

describe('bad input changes nothing', () => {
  it('refuses negative, fractional and huge cells, a zero run count, a closed season, a style not offered and a SKU of another colour', async () => {
    const c = colourOf(0);
    await putOk(w.shop01, 0, { colours: [{ colourId: c, cells: cells(0, c, { S: 1 }) }] });
    const before = await cartCount();
    const size = style(0).skus.find((k) => k.colourId === c)!.size;
    for (const quantity of [-2, 1.5, 1e9]) {
      const res = await put(w.shop01, 0, { colours: [{ colourId: c, cells: cells(0, c, { [size]: quantity }) }] });
      expect([res.status, res.body.code, res.body.msg], String(quantity)).toEqual([422, 'A0400', '第1行：订货数量须为1-100000的整数']);
    }
    const run = await t.db.selectFrom('size_runs').select('id').where('name', '=', '标准配码').executeTakeFirstOrThrow();
    const zeroRuns = await put(w.shop01, 0, { colours: [{ colourId: c, run: { sizeRunId: run.id, runCount: 0 } }] });
    expect([zeroRuns.status, zeroRuns.body.msg]).toEqual([422, '第1组配码：手数须为1-10000的整数']);
    for (const seasonId of [w.ids.ended, w.ids.preorder, 999999]) {
      const res = await put(w.shop01, 0, { seasonId, colours: [{ colourId: c, cells: cells(0, c, { M: 1 }) }] });
      expect([res.status, res.body.msg]).toEqual([422, '该订货季今天不在开放期内，不能订货']);
    }
    const notOffered = await call('PUT', `/styles/${w.notOffered}`, w.shop01, { seasonId: w.ids.spot, colours: [{ colourId: c, cells: [] }] });
    expect([notOffered.status, notOffered.body.msg]).toEqual([422, '该款式不在本订货季在售款式中']);
    const otherColour = colourOf(0, 1);
    const wrong = await put(w.shop01, 0, { colours: [{ colourId: c, cells: [...cells(0, c, { M: 1 }), ...cells(0, otherColour, { M: 1 })] }] });
    expect([wrong.status, wrong.body.msg]).toEqual([422, '第2行：该SKU不在本订货季在售款式中']);
    const twice = await put(w.shop01, 0, { colours: [{ colourId: c, cells: [...cells(0, c, { M: 1 }), ...cells(0, c, { M: 2 })] }] });
    expect([twice.status, twice.body.msg]).toEqual([422, '第2行：SKU重复']);
    expect(await cartCount()).toBe(before);
  });

  it('refuses any price, discount or amount the client sends (the schema takes none)', async () => {
    const c = colourOf(0);
    const before = await cartCount();
    for (const body of [
      { unitPriceFen: 1, colours: [{ colourId: c, cells: cells(0, c, { M: 1 }) }] },
      { colours: [{ colourId: c, discount: 50, cells: cells(0, c, { M: 1 }) }] },
      { colours: [{ colourId: c, cells: cells(0, c, { M: 1 }).map((x) => ({ ...x, amountFen: 1 })) }] },
    ]) {
      const res = await put(w.shop01, 0, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([422, 'A0400']);
      expect(res.body.msg).toMatch(/不能提交字段：(unitPriceFen|discount|amountFen)（价格由服务器计算）/);
    }
    const checkout = await call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot, totalAmountFen: 1 });
    expect([checkout.status, checkout.body.msg]).toEqual([422, '不能提交字段：totalAmountFen（价格由服务器计算）']);
    expect(await cartCount()).toBe(before);
    await call('DELETE', `?seasonId=${w.ids.spot}`, w.shop01);
  });

  it('holds each colour to its style’s whole runs and minimum, as the order does', async () => {
    const run = await t.db
      .selectFrom('size_runs')
      .innerJoin('size_groups', 'size_groups.id', 'size_runs.group_id')
      .select('size_runs.id')
      .where('size_groups.code', '=', 'DEFAULT')
      .where('size_runs.name', '=', '标准配码')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ size_run_id: run.id, whole_runs: true, min_runs: 2 }).where('id', '=', style(0).productId).execute();
    try {
      const c = colourOf(0);
      const broken = await put(w.shop01, 0, { colours: [{ colourId: c, cells: cells(0, c, { S: 1, M: 2, L: 2, XL: 2 }) }] });
      expect([broken.status, broken.body.msg]).toEqual([422, expect.stringContaining('须按整手订货（每手 S1 M2 L2 XL1）')]);
      const few = await put(w.shop01, 0, { colours: [{ colourId: c, cells: cells(0, c, { S: 1, M: 2, L: 2, XL: 1 }) }] });
      expect([few.status, few.body.msg]).toEqual([422, expect.stringContaining('起订2手')]);
      const byRun = await putOk(w.shop01, 0, { colours: [{ colourId: c, run: { sizeRunId: run.id, runCount: 3 } }] });
      const group = byRun.orders[0]!.styles[0]!.groups[0]!;
      expect([group.sizeRunName, group.runCount, group.lines.map((l) => [l.sizeName, l.quantity])]).toEqual([
        '标准配码',
        3,
        [
          ['S', 3],
          ['M', 6],
          ['L', 6],
          ['XL', 3],
        ],
      ]);
      // checkout keeps the run on the order
      const res = await call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot });
      expect(res.body.code, res.raw).toBe('201');
      const order: SalesOrderDetail = (await orders.call('GET', `/${res.body.data.orderId}`, w.shop01)).body.data;
      expect(order.lines.map((l) => [l.sizeName, l.ordered, l.sizeRunId, l.runCount])).toEqual([
        ['S', 3, run.id, 3],
        ['M', 6, run.id, 3],
        ['L', 6, run.id, 3],
        ['XL', 3, run.id, 3],
      ]);
    } finally {
      await t.db.updateTable('products').set({ size_run_id: null, whole_runs: false, min_runs: 0 }).where('id', '=', style(0).productId).execute();
    }
  });
});

describe('the order bill', () => {
  it('prices every line at today’s rules for the buyer, with stock per SKU; 0 removes a cell; a line and a group can be removed', async () => {
    const [c0, c1] = [colourOf(0), colourOf(1)];
    await putOk(w.agent01, 0, { shopId: w.ids.sh002, colours: [{ colourId: c0, cells: cells(0, c0, { S: 2, M: 3 }) }] });
    let cart = await putOk(w.agent01, 1, { shopId: w.ids.sh002, colours: [{ colourId: c1, cells: cells(1, c1, { M: 4 }) }] });
    const order = cart.orders[0]!;
    expect([order.buyerType, order.buyerId, order.shopId, order.pieces, order.problem]).toEqual(['agent', w.ids.ag001, w.ids.sh002, 9, null]);
    for (const s of order.styles) {
      const sim = await simulated(s.productId, 'agent', w.ids.ag001);
      expect([s.unitPriceFen, s.steps]).toEqual([sim.unitPriceFen, sim.steps]);
      expect(s.amountFen).toBe(s.pieces * s.unitPriceFen);
      expect(s.skus.every((k) => typeof k.available === 'number')).toBe(true);
    }
    expect(order.amountFen).toBe(order.styles.reduce((sum, s) => sum + s.amountFen, 0));
    expect([cart.groupCount, cart.pieces]).toEqual([2, 9]);

    // the grid sends the colour again: M to 0 leaves the cart, S changes
    cart = await putOk(w.agent01, 0, { shopId: w.ids.sh002, colours: [{ colourId: c0, cells: cells(0, c0, { S: 5, M: 0 }) }] });
    expect(cart.orders[0]!.styles.find((s) => s.productId === style(0).productId)!.groups[0]!.lines.map((l) => [l.sizeName, l.quantity])).toEqual([['S', 5]]);
    const line = cart.orders[0]!.styles.find((s) => s.productId === style(1).productId)!.groups[0]!.lines[0]!;
    cart = (await call('DELETE', `/lines/${line.id}`, w.agent01)).body.data;
    expect(cart.orders[0]!.styles.map((s) => s.productId)).toEqual([style(0).productId]);
    cart = (await call('DELETE', `/groups?seasonId=${w.ids.spot}&shopId=${w.ids.sh002}&productId=${style(0).productId}&colourId=${c0}`, w.agent01)).body.data;
    expect(cart.orders).toEqual([]);
  });

  it('checkout makes a draft priced exactly as the cart showed and removes only the lines it used', async () => {
    const [c0, c1] = [colourOf(0), colourOf(1)];
    await putOk(w.agent01, 0, { shopId: w.ids.sh002, colours: [{ colourId: c0, cells: cells(0, c0, { S: 1, M: 2, L: 2 }) }] });
    await putOk(w.agent01, 1, { shopId: w.ids.sh002, colours: [{ colourId: c1, cells: cells(1, c1, { M: 3 }) }] });
    const shown = await putOk(w.agent01, 1, { shopId: w.ids.sh001, colours: [{ colourId: c1, cells: cells(1, c1, { L: 1 }) }] });
    const toSh002 = shown.orders.find((o) => o.shopId === w.ids.sh002)!;
    const before = await orderCount();
    const res = await call('POST', '/checkout', w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh002, remark: '购物车下单' });
    expect([res.body.code, res.body.msg], res.raw).toEqual(['201', '已生成订货单']);
    expect(res.body.data).toMatchObject({ status: 'draft', totalQuantity: toSh002.pieces, totalAmountFen: toSh002.amountFen, orderNo: expect.stringMatching(/^DH\d{8}-\d{4}$/) });
    expect(await orderCount()).toBe(before + 1);
    const order: SalesOrderDetail = (await orders.call('GET', `/${res.body.data.orderId}`, w.agent01)).body.data;
    expect(order).toMatchObject({ buyerType: 'agent', buyerId: w.ids.ag001, shopId: w.ids.sh002, remark: '购物车下单', ordererType: 'agent' });
    const cartLines = toSh002.styles.flatMap((s) => s.groups.flatMap((g) => g.lines.map((l) => [l.skuId, l.quantity, s.unitPriceFen, l.amountFen])));
    expect(order.lines.map((l) => [l.skuId, l.ordered, l.unitPriceFen, l.amountFen]).sort()).toEqual(cartLines.sort());
    const left = await cartOf(w.agent01);
    expect(left.orders.map((o) => [o.shopId, o.pieces])).toEqual([[w.ids.sh001, 1]]);
    await call('DELETE', `?seasonId=${w.ids.spot}`, w.agent01);
  });

  it('shows the quota left before and after the cart; submitting reserves it; an overdrawn cart is refused and stays', async () => {
    const created = await t.call({
      method: 'POST',
      url: QUOTAS,
      session: w.admin,
      payload: { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh001, limitPieces: 20, limitFen: 100_000_000 },
    });
    expect(created.body.code, created.raw).toBe('201');
    const left = async () =>
      (await t.call({ method: 'GET', url: `${QUOTAS}/left?seasonId=${w.ids.spot}&buyerType=shop&buyerId=${w.ids.sh001}`, session: w.shop01 })).body.data.quota;
    const start = await left();
    const c = colourOf(0);
    let cart = await putOk(w.shop01, 0, { colours: [{ colourId: c, cells: cells(0, c, { M: 4, L: 3 }) }] });
    let quota = cart.orders[0]!.quota!;
    expect(quota).toMatchObject({
      limitPieces: 20,
      leftPieces: start.leftPieces,
      afterPieces: start.leftPieces - 7,
      leftFen: start.leftFen,
      afterFen: start.leftFen - cart.amountFen,
      problem: null,
    });

    const res = await call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot, submit: true });
    expect([res.body.code, res.body.msg, res.body.data?.status], res.raw).toEqual(['201', '订货单已提交', 'submitted']);
    const after = await left();
    expect([after.leftPieces, after.leftFen]).toEqual([quota.afterPieces, quota.afterFen]);
    expect((await orders.call('GET', `/${res.body.data.orderId}`, w.shop01)).body.data.status).toBe('submitted');

    // more than is left: shown red (a problem), submission refused with the order's message, the cart kept
    cart = await putOk(w.shop01, 0, { colours: [{ colourId: c, cells: cells(0, c, { M: 10, L: 10 }) }] });
    quota = cart.orders[0]!.quota!;
    expect(quota.afterPieces).toBe(after.leftPieces - 20);
    expect(quota.problem).toBe(`超出订货额度：剩余${after.leftPieces}件，本单20件`);
    const before = await orderCount();
    const refused = await call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot, submit: true });
    expect([refused.status, refused.body.msg]).toEqual([409, quota.problem]);
    expect(await orderCount()).toBe(before);
    expect((await cartOf(w.shop01)).pieces).toBe(20);
    // a draft does not touch the quota
    const draft = await call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot });
    expect(draft.body.data.status).toBe('draft');
    expect((await left()).leftPieces).toBe(after.leftPieces);
  });

  it('a checkout sent twice makes one order: the same Idempotency-Key replays; a second call finds the cart empty', async () => {
    const c = colourOf(1);
    await putOk(w.shop01, 1, { colours: [{ colourId: c, cells: cells(1, c, { M: 1 }) }] });
    const before = await orderCount();
    const key = { 'idempotency-key': 'cart-checkout-1' };
    const [a, b] = await Promise.all([call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot }, key), call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot }, key)]);
    expect([a.body.code, b.body.code], a.raw).toEqual(['201', '201']);
    expect(a.body.data.orderId).toBe(b.body.data.orderId);
    expect(await orderCount()).toBe(before + 1);

    await putOk(w.shop01, 1, { colours: [{ colourId: c, cells: cells(1, c, { M: 1 }) }] });
    const [x, y] = await Promise.all([call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot }), call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot })]);
    expect([x.body.code, y.body.code].sort()).toEqual(['201', 'A0400']);
    expect([x, y].find((r) => r.body.code === 'A0400')!.body.msg).toBe('购物车为空');
    expect(await orderCount()).toBe(before + 2);
    const empty = await call('POST', '/checkout', w.shop01, { seasonId: w.ids.spot });
    expect([empty.status, empty.body.msg]).toEqual([422, '购物车为空']);
  });
});
