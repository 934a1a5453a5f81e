import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoBuyerBrands } from '../../demo/demo-buyer-brands.ts';
import { seedDemoSalesOrders } from '../../demo/demo-sales-orders.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';

let t: TestApp;
let w: OrderWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
});
afterAll(() => t?.close());

const total = async (session: string, buyer = '') =>
  (await t.call({ method: 'GET', url: `/api/admin/api/v1/ordering/catalogue/page?seasonId=${w.ids.spot}${buyer}`, session })).body.data.total as number;

describe('demo 可订品牌', () => {
  it('limits AG002 to 衣尚童装 (none of the demo styles) and SH003 to 衣尚; agent01 and shop01 still order everything', async () => {
    const before = await total(w.shop01);
    expect(await seedDemoBuyerBrands(t.db)).toBe(true);
    expect(await seedDemoBuyerBrands(t.db)).toBe(false);
    const rows = (await t.call({ method: 'GET', url: '/api/admin/api/v1/ordering/buyer-brands/page?sort=brandCode&order=asc', session: w.admin })).body.data.records;
    expect(rows.map((r: { buyerCode: string; brandName: string }) => [r.buyerCode, r.brandName])).toEqual([
      ['SH003', '衣尚'],
      ['AG002', '衣尚童装'],
    ]);
    expect(await total(w.admin, `&buyerType=agent&buyerId=${w.ids.ag002}`)).toBe(0);
    expect(await total(w.admin, `&buyerType=shop&buyerId=${w.ids.sh003}`)).toBe(before);
    expect([await total(w.shop01), await total(w.agent01), await total(w.agent01, `&buyerType=shop&buyerId=${w.ids.sh002}`)]).toEqual([before, before, before]);
    expect(await seedDemoSalesOrders(t.db)).toBe(true);
  });
});
