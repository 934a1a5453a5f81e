import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOrderDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { balanceOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { orderInput, ordersClient, supplierIdOf } from '../purchasing/purchasing-test-kit.ts';
import { assertAllocationsConsistent } from './allocation-consistency.ts';
import { allocationClient } from './allocation-test-kit.ts';
import { orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// 配货发货 through the API: allocate stock to an audited order, generate the 配货出库, ship it
// (stock to transit, the order shipped, the agent charged), the shop receives it with a
// difference, and a void takes it all back. Then the refusals and the rules of who gets what.

let t: TestApp;
let w: OrderWorld;
let c: ReturnType<typeof allocationClient>;
let hz: number;
let shopWarehouse: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  c = allocationClient(t, w);
  hz = await c.emptyHqWarehouse('WH-T1');
  shopWarehouse = await warehouseIdOf(t.db, 'WH-SH001');
});
afterAll(async () => {
  if (t) await assertAllocationsConsistent(t.db);
  await t?.close();
});

const sku = (style: 0 | 1, n: number) => w.styles[style]!.skus[n]!.id;
const receivable = async (agentId: number) =>
  Number(
    (
      await t.db
        .selectFrom('account_balances')
        .select('balance_fen')
        .where('party_type', '=', 'agent')
        .where('party_id', '=', agentId)
        .where('account_kind', '=', 'receivable')
        .executeTakeFirst()
    )?.balance_fen ?? 0,
  );

describe('shop01 orders, HQ allocates, ships, shop01 receives', () => {
  let order: SalesOrderDetail;
  let docId: number;
  const a = () => sku(0, 0);
  const b = () => sku(0, 1);

  beforeAll(async () => {
    // shop01 orders 3 + 2; HQ cuts the second line to 1
    order = await c.auditedOrder(
      w.shop01,
      {
        seasonId: w.ids.spot,
        lines: [
          { skuId: a(), quantity: 3 },
          { skuId: b(), quantity: 2 },
        ],
      },
      { [b()]: 1 },
    );
    await c.stockUp({ [a()]: 10, [b()]: 10 }, hz);
  });

  it('allocates what the audit kept, and the order shows it', async () => {
    const result = await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id], targetRatePercent: 100 }));
    expect(result).toMatchObject({ orderCount: 1, lineCount: 2, pieces: 4, skipped: [] });
    const detail = await c.order(order.id);
    expect(detail.lines.map((l) => [l.skuId, l.approved, l.allocated, l.shipped])).toEqual([
      [a(), 3, 3, 0],
      [b(), 1, 1, 0],
    ]);
    // a second run finds nothing more to give
    expect((await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id] }))).pieces).toBe(0);
    // what is set aside is promised: the spot catalogue offers the rest only
    const style = (await t.call({ method: 'GET', url: `/api/admin/api/v1/ordering/catalogue/styles/${w.styles[0]!.productId}`, session: w.agent01 })).body.data;
    const offered = new Map((style.skus as { skuId: number; available: number }[]).map((k) => [k.skuId, k.available]));
    const hqStock = async (skuId: number) =>
      Number(
        (
          await t.db
            .selectFrom('stock_balances as s')
            .innerJoin('warehouses as h', 'h.id', 's.warehouse_id')
            .select((eb) => eb.fn.sum<string>('s.quantity').as('n'))
            .where('h.type', '=', 'hq')
            .where('s.sku_id', '=', skuId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([offered.get(a()), offered.get(b())]).toEqual([(await hqStock(a())) - 3, (await hqStock(b())) - 1]);
  });

  it('generates one 配货出库 to the shop warehouse, carrying the order prices, that shop01 may open', async () => {
    const { deliveries } = await c.ok(c.deliver(w.admin, { warehouseId: hz, orderIds: [order.id] }), 'deliver');
    expect(deliveries).toHaveLength(1);
    const detail = await c.order(order.id);
    const amount = detail.lines.reduce((s, l) => s + (l.approved ?? 0) * l.unitPriceFen, 0);
    expect(deliveries[0]).toMatchObject({ orderNos: [order.orderNo], pieces: 4, amountFen: amount });
    docId = deliveries[0]!.docId;
    const doc = (await c.docs.get('transfer', w.shop01, docId)).body.data;
    expect(doc).toMatchObject({ status: 'submitted', bizType: 'delivery', warehouseId: hz, toWarehouseId: shopWarehouse, sourceNo: order.orderNo });
    expect(doc.lines.map((l: { unitPriceFen: number }) => l.unitPriceFen)).toEqual(detail.lines.map((l) => l.unitPriceFen));
    // its lines belong to the order: no edit; nothing more to generate
    expect((await c.docs.act('transfer', w.admin, docId, 'withdraw')).status).toBe(200);
    const edit = await c.docs.update('transfer', w.admin, docId, { warehouseId: hz, toWarehouseId: shopWarehouse }, [{ skuId: a(), quantity: 9 }]);
    expect([edit.status, edit.body.msg]).toEqual([422, '配货出库单由订货单生成，不能编辑；如需调整请作废后重新生成']);
    expect((await c.docs.act('transfer', w.admin, docId, 'submit')).status).toBe(200);
    const again = await c.deliver(w.admin, { warehouseId: hz, orderIds: [order.id] });
    expect([again.status, again.body.msg]).toEqual([422, '该仓库没有可生成出库单的配货']);
    expect(detail.deliveries).toMatchObject([{ docId, status: 'submitted', quantity: 4 }]);
  });

  it('shipping moves the goods to transit, ships the order and charges agent AG001 at the order prices', async () => {
    const before = await receivable(w.ids.ag001);
    expect((await c.order(order.id)).status).toBe('audited');
    expect(await balanceOf(t.db, hz, { skuId: a() })).toBe(10);
    const res = await c.docs.act('transfer', w.admin, docId, 'ship');
    expect(res.status, res.raw).toBe(200);
    const detail = await c.order(order.id);
    expect(detail.status).toBe('shipped');
    expect(detail.lines.map((l) => [l.allocated, l.shipped, l.received])).toEqual([
      [0, 3, 0],
      [0, 1, 0],
    ]);
    const amount = detail.lines.reduce((s, l) => s + l.shipped * l.unitPriceFen, 0);
    expect(detail.chargedFen).toBe(amount);
    expect((await receivable(w.ids.ag001)) - before).toBe(amount);
    expect(detail.deliveries[0]).toMatchObject({ statusLabel: '在途', quantity: 4 });
    expect(await balanceOf(t.db, hz, { skuId: a() })).toBe(7);
  });

  it('shop01 receives with a difference and a reason: the shop stock rose by what arrived', async () => {
    const doc = (await c.docs.get('transfer', w.shop01, docId)).body.data;
    const first = doc.lines[0];
    const noReason = await c.docs.act('transfer', w.shop01, docId, 'receive', { actuals: [{ lineId: first.id, actualQuantity: 2 }] });
    expect(noReason.status).toBe(422);
    const res = await c.docs.act('transfer', w.shop01, docId, 'receive', { actuals: [{ lineId: first.id, actualQuantity: 2 }], reason: '少到一件' });
    expect(res.status, res.raw).toBe(200);
    const detail = await c.order(order.id);
    expect(detail.lines.map((l) => [l.shipped, l.received])).toEqual([
      [3, 2],
      [1, 1],
    ]);
    expect(await balanceOf(t.db, shopWarehouse, { skuId: a() })).toBe(2);
    expect(detail.deliveries[0]).toMatchObject({ status: 'posted', received: 3 });
  });

  it('voiding the 配货出库 takes shipped, received and the charge back; the order waits again', async () => {
    const before = await receivable(w.ids.ag001);
    const res = await c.docs.act('transfer', w.admin, docId, 'void', { reason: '发错货' });
    expect(res.status, res.raw).toBe(200);
    const detail = await c.order(order.id);
    expect(detail.status).toBe('audited');
    expect(detail.lines.map((l) => [l.allocated, l.shipped, l.received])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(detail.chargedFen).toBe(0);
    expect(before - (await receivable(w.ids.ag001))).toBe(detail.lines.reduce((s, l) => s + (l.approved ?? 0) * l.unitPriceFen, 0));
    expect(await balanceOf(t.db, hz, { skuId: a() })).toBe(10);
    expect(await balanceOf(t.db, shopWarehouse, { skuId: a() })).toBe(0);
    expect(detail.deliveries).toEqual([]);
  });

  it('closing releases what is allocated and not on a 配货出库; a pending 配货出库 blocks it', async () => {
    await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id] }));
    const { deliveries } = await c.ok(c.deliver(w.admin, { warehouseId: hz, orderIds: [order.id] }), 'deliver');
    const blocked = await c.api.call('POST', `/${order.id}/close`, w.admin, { reason: '季末' });
    expect([blocked.status, blocked.body.msg]).toEqual([422, `订货单${order.orderNo}有未发货的配货出库单，请先发货或作废`]);
    expect((await c.docs.act('transfer', w.admin, deliveries[0]!.docId, 'void', { reason: '重配' })).status).toBe(200);
    const agentClose = await c.api.call('POST', `/${order.id}/close`, w.shop01, { reason: '不要了' });
    expect(agentClose.status).toBe(403);
    const closed = await c.api.act(w.admin, order.id, 'close', { reason: '季末' });
    expect(closed.status).toBe('closed');
    expect(closed.lines.every((l) => l.allocated === 0)).toBe(true);
    const left = await t.db.selectFrom('sales_allocation_balances').select('allocated').where('warehouse_id', '=', hz).where('sku_id', '=', a()).executeTakeFirst();
    expect(left?.allocated ?? 0).toBe(0);
  });
});

describe('who gets the last units', () => {
  it('serves an agent before HQ franchise shop SH003 and never gives more than exists', async () => {
    const x = sku(1, 0);
    const franchise = await c.auditedOrder(w.admin, { seasonId: w.ids.spot, buyerType: 'shop', buyerId: w.ids.sh003, lines: [{ skuId: x, quantity: 3 }] });
    const agents = await c.auditedOrder(w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh002, lines: [{ skuId: x, quantity: 3 }] });
    await c.stockUp({ [x]: 4 }, hz);
    const result = await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [franchise.id, agents.id], targetRatePercent: 100 }));
    expect(result.pieces).toBe(3);
    expect(result.skipped).toEqual([{ orderNo: franchise.orderNo, styleNo: w.styles[1]!.styleNo, colourName: w.styles[1]!.skus[0]!.colour, ratePercent: 33 }]);
    expect((await c.order(agents.id)).lines[0]!.allocated).toBe(3);
    expect((await c.order(franchise.id)).lines[0]!.allocated).toBe(0);
    // with any rate the one piece left goes to the franchise shop, and nothing beyond it
    expect((await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [franchise.id], targetRatePercent: 0 }))).pieces).toBe(1);
    expect((await c.ok(c.allocate(w.admin, { warehouseId: hz, targetRatePercent: 0 }))).pieces).toBe(0);
    // 释放 gives it back
    expect(await c.ok(c.release(w.admin, { orderIds: [franchise.id] }), 'release')).toEqual({ orderCount: 1, pieces: 1 });
    const nothing = await c.release(w.admin, { orderIds: [franchise.id] });
    expect([nothing.status, nothing.body.msg]).toEqual([422, '所选订货单没有可释放的配货（已生成出库单的须先作废出库单）']);
  });
});

describe('whole runs', () => {
  it('a colour ordered in runs (标准配码 × 3) is sent in whole runs, never a broken one', async () => {
    const wh = await c.emptyHqWarehouse('WH-RUNS');
    const style = w.styles[1]!;
    const run = await t.db
      .selectFrom('size_runs')
      .innerJoin('size_groups', 'size_groups.id', 'size_runs.group_id')
      .select('size_runs.id')
      .where('size_groups.code', '=', 'DEFAULT')
      .where('size_runs.name', '=', '标准配码')
      .executeTakeFirstOrThrow();
    const colourId = style.skus[0]!.colourId;
    const order = await c.auditedOrder(w.shop01, { seasonId: w.ids.spot, runs: [{ productId: style.productId, colourId, sizeRunId: run.id, runCount: 3 }] });
    // the run's pieces per size, as the order's lines hold them (the style's sizes of the run, 3 runs)
    const per = Object.fromEntries(order.lines.map((l) => [l.sizeName, l.ordered / 3]));
    expect(per.M).toBe(2);
    // two runs of everything but M, which has one piece short of two runs: proportional filling would send 3 M
    const stock = Object.fromEntries(order.lines.map((l) => [l.skuId, per[l.sizeName]! * 2 - (l.sizeName === 'M' ? 1 : 0)]));
    await c.stockUp(stock, wh);
    const oneRun = Object.values(per).reduce((sum, n) => sum + n, 0);
    expect((await c.ok(c.allocate(w.admin, { warehouseId: wh, orderIds: [order.id], targetRatePercent: 0 }))).pieces).toBe(oneRun);
    expect((await c.order(order.id)).lines.map((l) => [l.sizeName, l.allocated])).toEqual(order.lines.map((l) => [l.sizeName, per[l.sizeName]!]));
  });
});

describe('期货: pre-orders are allocated when goods arrive', () => {
  it('a short receipt serves what came; the next receipt serves the rest by the same rule', async () => {
    const wh = await c.emptyHqWarehouse('WH-PRE');
    // the demo's pre-order season opens in three weeks: this test's opens today
    await t.db
      .updateTable('ordering_seasons')
      .set({ opens_on: sql<string>`(now() AT TIME ZONE 'Asia/Shanghai')::date - 1`, closes_on: sql<string>`(now() AT TIME ZONE 'Asia/Shanghai')::date + 30` })
      .where('id', '=', w.ids.preorder)
      .execute();
    const skus = await t.db.selectFrom('skus').select('id').where('product_id', '=', w.notOffered).where('status', '=', 'active').orderBy('id').limit(2).execute();
    const [p1, p2] = skus.map((k) => k.id) as [number, number];
    const order = await c.auditedOrder(w.shop01, {
      seasonId: w.ids.preorder,
      lines: [
        { skuId: p1, quantity: 4 },
        { skuId: p2, quantity: 4 },
      ],
    });
    expect(order.kind).toBe('preorder');
    // HQ's purchase order for the style: the pre-order catalogue shows what it still expects
    const supplierId = await supplierIdOf(t.db, 'SP001');
    const purchases = ordersClient(t, w.admin);
    const po = await purchases.audited(
      orderInput(supplierId, wh, [
        [p1, 10, 5000],
        [p2, 10, 5000],
      ]),
    );
    const expected = async () => {
      const style = (await t.call({ method: 'GET', url: `/api/admin/api/v1/ordering/catalogue/styles/${w.notOffered}`, session: w.shop01 })).body.data;
      const bySku = new Map((style.skus as { skuId: number; expected: number | null; available: number | null }[]).map((k) => [k.skuId, k]));
      return [bySku.get(p1)!.expected, bySku.get(p1)!.available];
    };
    expect(await expected()).toEqual([10, null]);
    const [l1, l2] = po.lines.map((l) => l.id) as [number, number];
    // half of it arrives: 50 % stays below the default 配码完整率 of 60 % — nothing yet
    await purchases.received(
      po.id,
      purchases.receiveInput([
        [l1, 2],
        [l2, 2],
      ]),
    );
    expect((await c.order(order.id)).lines.map((l) => l.allocated)).toEqual([0, 0]);
    // the next receipt brings the group to 75 %: allocated in proportion, inside the receipt's posting
    await purchases.received(
      po.id,
      purchases.receiveInput([
        [l1, 1],
        [l2, 1],
      ]),
    );
    expect((await c.order(order.id)).lines.map((l) => l.allocated)).toEqual([3, 3]);
    expect(await expected()).toEqual([7, null]);
    await purchases.received(
      po.id,
      purchases.receiveInput([
        [l1, 5],
        [l2, 5],
      ]),
    );
    expect((await c.order(order.id)).lines.map((l) => l.allocated)).toEqual([4, 4]);
    // the ledger names the purchase line the goods came on
    const sources = await t.db.selectFrom('sales_allocations').select(['source', 'source_line_id']).where('order_id', '=', order.id).execute();
    expect(new Set(sources.map((r) => `${r.source}:${r.source_line_id}`))).toEqual(new Set([`purchase:${l1}`, `purchase:${l2}`]));
    // 释放 gives them back whatever their source
    expect(await c.ok(c.release(w.admin, { orderIds: [order.id] }), 'release')).toEqual({ orderCount: 1, pieces: 8 });
    const moves = await t.db.selectFrom('sales_allocations').select('id').where('order_id', '=', order.id).execute();
    expect(moves).toHaveLength(6);
  });
});

describe('refusals', () => {
  it('answers bad input with the envelope and changes nothing', async () => {
    const shopWh = await warehouseIdOf(t.db, 'WH-SH001');
    const before = await t.db
      .selectFrom('sales_allocations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [object, string][] = [
      [{}, '请选择发货仓库'],
      [{ warehouseId: 999999 }, '发货仓库不存在或已停用'],
      [{ warehouseId: shopWh }, '只能从总部仓库配货'],
      [{ warehouseId: hz, targetRatePercent: 101 }, '配码完整率须为0-100的整数'],
      [{ warehouseId: hz, targetRatePercent: 50.5 }, '配码完整率须为0-100的整数'],
      [{ warehouseId: hz, orderIds: [0] }, '订货单选择不正确'],
      [{ warehouseId: hz, orderIds: [-1] }, '订货单选择不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await c.allocate(w.admin, body);
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([422, msg]);
    }
    const typed = await c.allocate(w.admin, { warehouseId: 'WH-HZ' });
    expect([typed.status, typed.body.code]).toEqual([422, 'A0400']);
    const drafts = await c.api.create(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: sku(0, 0), quantity: 1 }] });
    const notOpen = await c.allocate(w.admin, { warehouseId: hz, orderIds: [drafts.id] });
    expect([notOpen.status, notOpen.body.msg]).toEqual([422, '没有可配货的订货单（须为已审核或部分发货）']);
    const after = await t.db
      .selectFrom('sales_allocations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is HQ only: agent01, shop01 and supplier01 get 403 on every route', async () => {
    for (const session of [w.agent01, w.shop01, w.supplier01]) {
      for (const res of [
        await c.allocate(session, { warehouseId: hz }),
        await c.deliver(session, { warehouseId: hz }),
        await c.release(session, { orderIds: [1] }),
        await t.call({ method: 'GET', url: '/api/admin/api/v1/sales-allocation/page', session }),
      ]) {
        expect(res.status).toBe(403);
      }
    }
  });

  it('a client cannot set a line price or source line on a stock document', async () => {
    const res = await c.docs.create('transfer', w.admin, { warehouseId: hz, toWarehouseId: shopWarehouse }, [
      { skuId: sku(0, 0), quantity: 1, unitPriceFen: 1, sourceLineId: 1 } as never,
    ]);
    expect(res.status, res.raw).toBe(200);
    const doc = (await c.docs.get('transfer', w.admin, res.body.data.id)).body.data;
    expect(doc.bizType).toBe('');
    expect(doc.lines[0].unitPriceFen).toBeNull();
    const row = await t.db.selectFrom('stock_doc_lines').select('source_line_id').where('doc_id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(row.source_line_id).toBeNull();
  });
});

describe('配货发货 list', () => {
  it('lists the open orders with their pieces', async () => {
    const res = await t.call({ method: 'GET', url: '/api/admin/api/v1/sales-allocation/page?limit=100', session: w.admin });
    expect(res.status, res.raw).toBe(200);
    const records = res.body.data.records as { status: string; approved: number; allocated: number; shipped: number; waiting: number }[];
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(['audited', 'partly_shipped']).toContain(r.status);
      expect(r.waiting).toBe(Math.max(0, r.approved - r.shipped - r.allocated));
    }
  });
});
