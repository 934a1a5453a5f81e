import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoAgentPlans } from '../../demo/demo-agent-plans.ts';
import { seedDemoSalesOrders } from '../../demo/demo-sales-orders.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';

let t: TestApp;
let w: OrderWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
});
afterAll(() => t?.close());

describe('demo 订货计划', () => {
  it('plans agent01 shops once; the demo orders show as progress', async () => {
    expect(await seedDemoAgentPlans(t.db)).toBe(true);
    expect(await seedDemoAgentPlans(t.db)).toBe(false);
    expect(await seedDemoSalesOrders(t.db)).toBe(true);
    const res = await t.call({ method: 'GET', url: `/api/admin/api/v1/agent-plans/grid?seasonId=${w.ids.spot}`, session: w.agent01 });
    const grid = res.body.data;
    expect(grid.totals).toMatchObject({ targetFen: 10_000_000, targetPieces: 500 });
    expect(grid.totals.orderedPieces).toBeGreaterThan(0);
  });
});
