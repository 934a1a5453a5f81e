import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoQuotas } from '../../demo/demo-quotas.ts';
import { seedDemoSalesOrders } from '../../demo/demo-sales-orders.ts';
import { orderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { assertQuotasMatchEntries } from './quotas-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await orderWorld(t);
});
afterAll(() => t?.close());

describe('demo 订货额度', () => {
  it('are set before the demo orders, which reserve and consume them', async () => {
    expect(await seedDemoQuotas(t.db)).toBe(true);
    expect(await seedDemoQuotas(t.db)).toBe(false);
    expect(await seedDemoSalesOrders(t.db)).toBe(true);
    const rows = await t.db
      .selectFrom('ordering_quotas as q')
      .select(['q.buyer_type', 'q.reserved_pieces', 'q.consumed_pieces', 'q.consumed_fen'])
      .orderBy('q.buyer_type')
      .execute();
    const [agent, shop] = rows;
    // AG001: its audited order consumed; SH001: its submitted order reserved
    expect(agent!.consumed_pieces).toBeGreaterThan(0);
    expect(shop!.reserved_pieces).toBeGreaterThan(0);
    await assertQuotasMatchEntries(t.db);
  });
});
