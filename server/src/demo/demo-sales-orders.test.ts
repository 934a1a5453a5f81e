import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoPricing } from './demo-pricing.ts';
import { seedDemoSalesOrders } from './demo-sales-orders.ts';
import { seedDemoSeasons } from './demo-seasons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('seeds orders in several statuses for agent01 and shop01 through the services, once', async () => {
  await seedDemoPricing(t.db);
  await seedDemoSeasons(t.db);
  expect(await seedDemoSalesOrders(t.db)).toBe(true);
  expect(await seedDemoSalesOrders(t.db)).toBe(false);
  const orders = await t.db.selectFrom('sales_orders').select(['status', 'orderer_type', 'approved_quantity', 'total_quantity']).orderBy('id').execute();
  expect(orders.map((o) => `${o.orderer_type}:${o.status}`)).toEqual(['shop:draft', 'shop:submitted', 'agent:audited', 'agent:rejected', 'agent:submitted']);
  const audited = orders.find((o) => o.status === 'audited')!;
  expect(audited.approved_quantity).toBe(audited.total_quantity - 2);
});
