import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { assertAllocationsConsistent } from '../modules/sales-orders/allocation-consistency.ts';
import { previewRule } from '../modules/finance/rebates-posting.service.ts';
import { seedDemoDeliveries } from './demo-deliveries.ts';
import { seedDemoInventoryReport, seedDemoReturns } from './demo-returns.ts';
import { seedDemoPricing } from './demo-pricing.ts';
import { seedDemoQuotas } from './demo-quotas.ts';
import { seedDemoRebates } from './demo-rebates.ts';
import { seedDemoSalesOrders } from './demo-sales-orders.ts';
import { seedDemoSeasons } from './demo-seasons.ts';
import { seedDemoStock } from './demo-stock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('seeds 配货发货 through the services: every order status, a ledger equal to the lines, the charges at the shipped prices', async () => {
  await seedDemoStock(t.db);
  await seedDemoPricing(t.db);
  await seedDemoSeasons(t.db);
  await seedDemoQuotas(t.db);
  await seedDemoSalesOrders(t.db);
  expect(await seedDemoDeliveries(t.db)).toBe(true);
  expect(await seedDemoDeliveries(t.db)).toBe(false);
  // 售后: shop01's return waits for HQ, holding one received piece
  expect(await seedDemoReturns(t.db)).toBe(true);
  expect(await seedDemoReturns(t.db)).toBe(false);
  expect(await t.db.selectFrom('sales_returns').select(['status', 'total_quantity']).execute()).toEqual([{ status: 'submitted', total_quantity: 1 }]);
  // 库存上报: shop01's count waits for HQ
  expect(await seedDemoInventoryReport(t.db)).toBe(true);
  expect(await seedDemoInventoryReport(t.db)).toBe(false);
  expect((await t.db.selectFrom('shop_inventory_reports').select('status').execute()).map((r) => r.status)).toEqual(['submitted']);
  const statuses = new Set((await t.db.selectFrom('sales_orders').select('status').execute()).map((o) => o.status));
  expect([...statuses].sort()).toEqual(['audited', 'cancelled', 'closed', 'draft', 'partly_shipped', 'rejected', 'shipped', 'submitted']);
  // every line's allocated and shipped are the sums of its ledger rows; received never above shipped
  await assertAllocationsConsistent(t.db);
  const shippedAmount = await sql<{ fen: string }>`
    SELECT coalesce(sum(l.shipped * l.unit_price_fen), 0) AS fen FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id WHERE o.billed_type IS NOT NULL`.execute(t.db);
  const charged = await sql<{
    fen: string;
  }>`SELECT coalesce(sum(amount_fen), 0) AS fen FROM account_entries WHERE origin_type = 'sales_order' AND account_kind = 'receivable'`.execute(t.db);
  expect(Number(charged.rows[0]!.fen)).toBe(Number(shippedAmount.rows[0]!.fen));
  expect(Number(charged.rows[0]!.fen)).toBeGreaterThan(0);
  // agent01 is charged for its own and its shops' orders; HQ's direct shop SH003 got goods without a charge
  const parties = await sql<{ party_type: string }>`SELECT DISTINCT party_type FROM account_entries WHERE origin_type = 'sales_order' ORDER BY party_type`.execute(t.db);
  expect(parties.rows.map((r) => r.party_type)).toEqual(['agent']);
  const direct = await sql<{ status: string; billed_type: string | null }>`
    SELECT o.status, o.billed_type FROM sales_orders o JOIN shops s ON s.id = o.shop_id WHERE s.code = 'SH003'`.execute(t.db);
  expect(direct.rows).toEqual([{ status: 'shipped', billed_type: null }]);
  const received = await t.db
    .selectFrom('sales_order_lines')
    .select((eb) => eb.fn.sum<string>('received').as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(received.n)).toBeGreaterThan(0);

  // 返利 by 订货发货额: the demo rule's figure per agent is what shipped on the spot season's orders billed to it
  expect(await seedDemoRebates(t.db)).toBe(true);
  expect(await seedDemoRebates(t.db)).toBe(false);
  const rule = await t.db.selectFrom('finance_rebate_rules').select('id').executeTakeFirstOrThrow();
  const preview = await previewRule(t.db, { userId: 1, scope: { kind: 'all' }, permissions: new Set() }, rule.id);
  const shippedByAgent = await sql<{ billed_id: string; fen: string }>`
    SELECT o.billed_id, sum(l.shipped * l.unit_price_fen) AS fen FROM sales_order_lines l JOIN sales_orders o ON o.id = l.order_id
    JOIN ordering_seasons s ON s.id = o.season_id
    WHERE o.billed_type = 'agent' AND s.code = 'FW26-SPOT' AND o.status IN ('audited', 'partly_shipped', 'shipped', 'closed') GROUP BY o.billed_id`.execute(t.db);
  const expected = new Map(shippedByAgent.rows.map((r) => [Number(r.billed_id), Number(r.fen)]));
  expect(preview.lines.length).toBeGreaterThan(0);
  for (const line of preview.lines) expect(line.basisFen).toBe(expected.get(line.agentId) ?? 0);
  expect(preview.lines.some((l) => l.amountFen > 0)).toBe(true);
});
