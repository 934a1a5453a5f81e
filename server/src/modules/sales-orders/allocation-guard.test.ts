import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { balanceOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { assertAllocationsConsistent } from './allocation-consistency.ts';
import { allocationClient } from './allocation-test-kit.ts';
import { orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// Issue 26: what 配货 sets aside stays set aside, and 生成出库 never answers 500.
// - two orders to one shop holding the same SKU make one 配货出库 each (a document's lines are one
//   per SKU; each order line keeps its own share);
// - a posting may not take an HQ warehouse's stock below what is allocated there (409 naming the
//   orders that hold it); the 配货出库 carrying the allocated pieces still ships;
// - 出库单 › 新增 makes 其他出库 only: 配货出库 comes from 配货发货 alone.

let t: TestApp;
let w: OrderWorld;
let c: ReturnType<typeof allocationClient>;
let shopWarehouse: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  c = allocationClient(t, w);
  shopWarehouse = await warehouseIdOf(t.db, 'WH-SH001');
});
afterAll(async () => {
  if (t) await assertAllocationsConsistent(t.db);
  await t?.close();
});

const sku = (style: 0 | 1, n: number) => w.styles[style]!.skus[n]!.id;

describe('生成出库 with one SKU on two orders to one shop', () => {
  it('makes one 配货出库 per order, each shipping its own order (no 500)', async () => {
    const hz = await c.emptyHqWarehouse('WH-G1');
    const x = sku(1, 2);
    const own = await c.auditedOrder(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: x, quantity: 3 }] });
    const viaAgent = await c.auditedOrder(w.agent01, { seasonId: w.ids.spot, shopId: w.ids.sh001, lines: [{ skuId: x, quantity: 2 }] });
    await c.stockUp({ [x]: 10 }, hz);
    await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [own.id, viaAgent.id], targetRatePercent: 100 }));
    const res = await c.deliver(w.admin, { warehouseId: hz, orderIds: [own.id, viaAgent.id] });
    expect(res.status, res.raw).toBe(200);
    const { deliveries } = res.body.data as { deliveries: { docId: number; orderNos: string[]; pieces: number }[] };
    expect(deliveries.map((d) => [d.orderNos, d.pieces]).sort()).toEqual(
      [
        [[own.orderNo], 3],
        [[viaAgent.orderNo], 2],
      ].sort(),
    );
    for (const d of deliveries) {
      const ship = await c.docs.act('transfer', w.admin, d.docId, 'ship');
      expect(ship.status, ship.raw).toBe(200);
      const doc = (await c.docs.get('transfer', w.admin, d.docId)).body.data;
      expect(doc).toMatchObject({ toWarehouseId: shopWarehouse, bizType: 'delivery' });
    }
    expect((await c.order(own.id)).lines[0]).toMatchObject({ shipped: 3, allocated: 0 });
    expect((await c.order(viaAgent.id)).lines[0]).toMatchObject({ shipped: 2, allocated: 0 });
  });
});

describe('allocated stock is held for its orders', () => {
  it('refuses an ordinary 出库单 that would take stock below what is allocated, naming the order; the 配货出库 ships', async () => {
    const hz = await c.emptyHqWarehouse('WH-G2');
    const y = sku(1, 3);
    const order = await c.auditedOrder(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId: y, quantity: 9 }] });
    await c.stockUp({ [y]: 10 }, hz);
    await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id], targetRatePercent: 100 }));

    // one piece is free: it may go
    await c.docs.posted('outbound', w.admin, { warehouseId: hz, bizType: 'other' }, [{ skuId: y, quantity: 1 }]);
    // the next one is held for the order
    const id = await c.docs.draft('outbound', w.admin, { warehouseId: hz, bizType: 'other' }, [{ skuId: y, quantity: 1 }]);
    expect((await c.docs.act('outbound', w.admin, id, 'submit')).status).toBe(200);
    const refused = await c.docs.act('outbound', w.admin, id, 'post');
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.msg).toContain(order.orderNo);
    expect(refused.body.msg).toContain('已配货');
    expect(await balanceOf(t.db, hz, { skuId: y })).toBe(9);

    // a plain transfer out of the warehouse is held back the same way
    const transfer = await c.docs.draft('transfer', w.admin, { warehouseId: hz, toWarehouseId: shopWarehouse }, [{ skuId: y, quantity: 2 }]);
    expect((await c.docs.act('transfer', w.admin, transfer, 'submit')).status).toBe(200);
    expect((await c.docs.act('transfer', w.admin, transfer, 'ship')).status).toBe(409);

    // the allocated pieces still leave on their 配货出库
    const { deliveries } = await c.ok(c.deliver(w.admin, { warehouseId: hz, orderIds: [order.id] }), 'deliver');
    const ship = await c.docs.act('transfer', w.admin, deliveries[0]!.docId, 'ship');
    expect(ship.status, ship.raw).toBe(200);
    expect(await balanceOf(t.db, hz, { skuId: y })).toBe(0);
  });
});

describe('出库单 › 新增', () => {
  it('offers 其他出库 only: a hand-made 配货出库 or 采购退货出库 is refused and nothing is saved', async () => {
    const hz = await warehouseIdOf(t.db, 'WH-HZ');
    for (const bizType of ['delivery', 'purchase_refund']) {
      const res = await c.docs.create('outbound', w.admin, { warehouseId: hz, bizType, shopId: w.ids.sh001 }, [{ skuId: sku(0, 0), quantity: 1 }]);
      expect(res.status, res.raw).toBe(422);
    }
    const made = await c.docs.create('outbound', w.admin, { warehouseId: hz, bizType: 'other', shopId: w.ids.sh001 }, [{ skuId: sku(0, 0), quantity: 1 }]);
    expect(made.status, made.raw).toBe(200);
    // an outbound names no shop: goods for a shop travel on a 配货出库
    expect(made.body.data).toMatchObject({ bizType: 'other', shopId: null });
  });
});
