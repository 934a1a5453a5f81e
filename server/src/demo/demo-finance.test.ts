import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { assertMoneyConsistent } from '../kernel/ledgers/money-consistency.ts';
import { createStorage } from '../modules/uploads/storage.ts';
import { seedDemoDeliveries } from './demo-deliveries.ts';
import { seedDemoFinance } from './demo-finance.ts';
import { seedDemoPricing } from './demo-pricing.ts';
import { seedDemoPurchasing } from './demo-purchasing.ts';
import { seedDemoQuotas } from './demo-quotas.ts';
import { seedDemoSalesOrders } from './demo-sales-orders.ts';
import { seedDemoSeasons } from './demo-seasons.ts';
import { seedDemoStock } from './demo-stock.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'demo-finance-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

it('seeds 财务 through the services once: a posted and a waiting payment, an adjustment, a credit limit with room, a supplier payment', async () => {
  await seedDemoStock(t.db);
  await seedDemoPurchasing(t.db);
  await seedDemoPricing(t.db);
  await seedDemoSeasons(t.db);
  await seedDemoQuotas(t.db);
  await seedDemoSalesOrders(t.db);
  await seedDemoDeliveries(t.db);
  const storage = createStorage({ uploadDir: dir, s3: null });
  expect(await seedDemoFinance(t.db, storage)).toBe(true);
  expect(await seedDemoFinance(t.db, storage)).toBe(false);
  const payments = await t.db.selectFrom('finance_payments').select(['direction', 'status', 'voucher_image']).orderBy('id').execute();
  expect(payments.map((p) => [p.direction, p.status])).toEqual([
    ['in', 'posted'],
    ['in', 'submitted'],
    ['out', 'posted'],
  ]);
  expect(payments[1]!.voucher_image).toMatch(/^\/files\//);
  await assertMoneyConsistent(t.db);
  // agent01 sees its account under credit control with room to order
  const session = await t.login('agent01');
  const list = await t.call({ method: 'GET', url: '/api/admin/api/v1/finance/accounts/page', session });
  expect(list.body.data.records).toHaveLength(1);
  const account = list.body.data.records[0];
  expect(account.creditLimitFen).toBeGreaterThan(0);
  expect(account.availableFen).toBeGreaterThanOrEqual(3_000_000);
});
