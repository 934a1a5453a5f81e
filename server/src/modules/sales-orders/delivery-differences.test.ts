import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesOrderDetail } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assertMoneyConsistent } from '../../kernel/ledgers/money-consistency.ts';
import { assertAllocationsConsistent } from './allocation-consistency.ts';
import { ALLOCATION, allocationClient } from './allocation-test-kit.ts';
import { orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// Issue 26: a 配货出库 shipped 10 and received 8 (with a reason) leaves the billed party charged for
// 10 until HQ looks at it; the 2 are recorded on the order as 收货差异. HQ confirms them (credited at
// the line price, entry 收货短少, a carrier named) or rejects them with a note (the charge stands).

let t: TestApp;
let w: OrderWorld;
let c: ReturnType<typeof allocationClient>;

beforeAll(async () => {
  t = await createTestApp();
  w = await orderWorld(t);
  c = allocationClient(t, w);
});
afterAll(async () => {
  if (t) {
    await assertAllocationsConsistent(t.db);
    await assertMoneyConsistent(t.db);
  }
  await t?.close();
});

const receivable = async () =>
  Number(
    (
      await t.db
        .selectFrom('account_balances')
        .select('balance_fen')
        .where('party_type', '=', 'agent')
        .where('party_id', '=', w.ids.ag001)
        .where('account_kind', '=', 'receivable')
        .executeTakeFirst()
    )?.balance_fen ?? 0,
  );
const resolve = (session: string, body: object) => t.call({ method: 'POST', url: `${ALLOCATION}/differences/resolve`, session, payload: body });

/** shop01 orders `pieces` of one SKU, HQ ships them all, shop01 receives `arrived` with a reason. */
async function shortDelivery(code: string, skuId: number, pieces: number, arrived: number): Promise<{ order: SalesOrderDetail; docId: number }> {
  const hz = await c.emptyHqWarehouse(code);
  const order = await c.auditedOrder(w.shop01, { seasonId: w.ids.spot, lines: [{ skuId, quantity: pieces }] });
  await c.stockUp({ [skuId]: pieces }, hz);
  await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id], targetRatePercent: 100 }));
  const docId = (await c.ok(c.deliver(w.admin, { warehouseId: hz, orderIds: [order.id] }), 'deliver')).deliveries[0]!.docId;
  expect((await c.docs.act('transfer', w.admin, docId, 'ship')).status).toBe(200);
  const line = (await c.docs.get('transfer', w.shop01, docId)).body.data.lines[0];
  const got = await c.docs.act('transfer', w.shop01, docId, 'receive', { actuals: [{ lineId: line.id, actualQuantity: arrived }], reason: '箱子破损，少到' });
  expect(got.status, got.raw).toBe(200);
  return { order, docId };
}

describe('收货差异', () => {
  it('a short receipt stays charged and shows on the order until HQ confirms it; confirmed, the short pieces are credited', async () => {
    const sku = w.styles[1]!.skus[4]!.id;
    const before = await receivable();
    const { order, docId } = await shortDelivery('WH-D1', sku, 10, 8);
    const price = order.lines[0]!.unitPriceFen;
    expect((await receivable()) - before).toBe(10 * price);
    let detail = await c.order(order.id);
    expect(detail.chargedFen).toBe(10 * price);
    expect(detail.differences).toMatchObject([{ docId, shipped: 10, received: 8, short: 2, amountFen: 2 * price, status: 'pending', statusLabel: '待总部确认' }]);

    // HQ only; bad input changes nothing
    expect((await resolve(w.shop01, { docId, resolution: 'credit' })).status).toBe(403);
    expect((await resolve(w.agent01, { docId, resolution: 'credit' })).status).toBe(403);
    expect((await resolve(w.admin, { docId, resolution: 'maybe' })).status).toBe(422);
    expect((await resolve(w.admin, { docId, resolution: 'credit', carrier: 'x'.repeat(201) })).status).toBe(422);
    expect((await c.order(order.id)).differences[0]!.status).toBe('pending');

    const res = await resolve(w.admin, { docId, resolution: 'credit', carrier: '顺丰速运', note: '承运商破损，已索赔' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ settled: 1, creditedFen: 2 * price });
    expect((await receivable()) - before).toBe(8 * price);
    detail = await c.order(order.id);
    expect(detail.chargedFen).toBe(8 * price);
    expect(detail.differences[0]).toMatchObject({ status: 'credited', carrier: '顺丰速运', creditedFen: 2 * price, resolvedByName: expect.any(String) });
    const entry = await t.db
      .selectFrom('account_entries')
      .select(['entry_type', 'amount_fen', 'memo'])
      .where('document_type', '=', 'stock_doc')
      .where('doc_id', '=', docId)
      .where('entry_type', '=', 'sales_shortage')
      .executeTakeFirstOrThrow();
    expect([Number(entry.amount_fen), entry.memo]).toEqual([-2 * price, expect.stringContaining('收货短少（承运商：顺丰速运）')]);
    // settled once: a second call finds nothing pending
    expect((await resolve(w.admin, { docId, resolution: 'credit' })).status).toBe(422);

    // a void of the 配货出库 takes the charge and the credit back together
    expect((await c.docs.act('transfer', w.admin, docId, 'void', { reason: '重新发货' })).status).toBe(200);
    expect(await receivable()).toBe(before);
    expect((await c.order(order.id)).differences[0]!.status).toBe('void');
  });

  it('rejected with a note, the charge stands; a rejection without a note is refused', async () => {
    const sku = w.styles[1]!.skus[5]!.id;
    const before = await receivable();
    const { order, docId } = await shortDelivery('WH-D2', sku, 5, 4);
    expect((await resolve(w.admin, { docId, resolution: 'reject' })).status).toBe(422);
    const res = await resolve(w.admin, { docId, resolution: 'reject', note: '监控显示5件已签收' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ settled: 1, creditedFen: 0 });
    expect((await receivable()) - before).toBe(5 * order.lines[0]!.unitPriceFen);
    expect((await c.order(order.id)).differences[0]).toMatchObject({ status: 'rejected', note: '监控显示5件已签收' });
  });
});
