import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../../test/test-app.ts';
import { cloneAccount } from '../../../test/party-account.ts';
import { seedDemoDeliveries } from '../../demo/demo-deliveries.ts';
import { seedDemoFinance } from '../../demo/demo-finance.ts';
import { seedDemoPricing } from '../../demo/demo-pricing.ts';
import { seedDemoPurchasing } from '../../demo/demo-purchasing.ts';
import { seedDemoQuotas } from '../../demo/demo-quotas.ts';
import { seedDemoRebates } from '../../demo/demo-rebates.ts';
import { seedDemoInventoryReport, seedDemoReturns } from '../../demo/demo-returns.ts';
import { seedDemoSalesOrders } from '../../demo/demo-sales-orders.ts';
import { seedDemoSeasons } from '../../demo/demo-seasons.ts';
import { seedDemoStock } from '../../demo/demo-stock.ts';
import { createStorage } from '../uploads/storage.ts';

// The demo business as `npm start` loads it (every seeder in main.ts's order), and the sessions the
// workbench tests use: HQ, agent01 and its shop01, supplier01, and agent02 (AG002, no shop of its
// own business) whose numbers agent01 must never see.

export const WB = '/api/admin/api/v1/workbench';

export type Sessions = Record<'admin' | 'agent01' | 'shop01' | 'shop02' | 'supplier01' | 'agent02', string>;

export async function seedDemoBusiness(t: TestApp): Promise<Sessions> {
  const storage = createStorage({ uploadDir: await mkdtemp(join(tmpdir(), 'wb-files-')), s3: null });
  await seedDemoStock(t.db);
  await seedDemoPurchasing(t.db);
  await seedDemoPricing(t.db);
  await seedDemoSeasons(t.db);
  await seedDemoQuotas(t.db);
  await seedDemoSalesOrders(t.db);
  await seedDemoDeliveries(t.db);
  await seedDemoReturns(t.db);
  await seedDemoInventoryReport(t.db);
  await seedDemoRebates(t.db);
  await seedDemoFinance(t.db, storage);
  const [admin, agent01, shop01, supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  const idOf = async (table: 'agents' | 'shops', code: string) => (await t.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const agent02 = await cloneAccount(t, 'agent01', 'agent02', { agent_id: await idOf('agents', 'AG002') });
  const shop02 = await cloneAccount(t, 'shop01', 'shop02', { shop_id: await idOf('shops', 'SH002') });
  return { admin, agent01, shop01, shop02, supplier01, agent02 };
}
