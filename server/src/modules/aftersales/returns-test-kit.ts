import { expect } from 'vitest';
import type { ReturnDetail, ReturnKind, SalesOrderDetail } from '@erp/shared';
import { cloneAccount } from '../../../test/party-account.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { allocationClient } from '../sales-orders/allocation-test-kit.ts';
import { orderWorld, type OrderWorld } from '../sales-orders/sales-orders-test-kit.ts';
import { warehouseIdOf } from '../stock/stock-test-kit.ts';

// What the 售后 tests share: shop01's order allocated from a test HQ warehouse, shipped and
// received through the API (so the receipt day is real), the franchise policy's rates raised so
// the allowance does not get in the way unless a test lowers it, accounts of another agent and
// shop for the scope, and the calls.

export const RETURN_API: Record<ReturnKind, string> = { return: '/api/admin/api/v1/sales-returns', swap: '/api/admin/api/v1/sales-swaps' };

export interface ReturnsWorld extends OrderWorld {
  c: ReturnType<typeof allocationClient>;
  hz: number;
  defective: number;
  shopWarehouse: number;
  order: SalesOrderDetail;
  /** SKUs shop01 received: a ×3, b ×2 (style 0), c ×2 (style 1) */
  sku: { a: number; b: number; c: number; other: number };
  agent09: string;
  shop09: string;
}

export async function returnsWorld(t: TestApp): Promise<ReturnsWorld> {
  const w = await orderWorld(t);
  const c = allocationClient(t, w);
  const hz = await c.emptyHqWarehouse('WH-RT');
  const defective = (
    await t.db.insertInto('warehouses').values({ code: 'WH-CP', name: '测试次品仓', type: 'defective', parent_id: null, shop_id: null }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const shopWarehouse = await warehouseIdOf(t.db, 'WH-SH001');
  const sku = { a: w.styles[0]!.skus[0]!.id, b: w.styles[0]!.skus[1]!.id, c: w.styles[1]!.skus[0]!.id, other: w.styles[1]!.skus[1]!.id };
  await t.db.updateTable('discount_policies').set({ return_rate_bp: 10_000, swap_rate_bp: 10_000, return_window_days: 90 }).where('target_type', '=', 'shop_kind').execute();

  const order = await c.auditedOrder(w.shop01, {
    seasonId: w.ids.spot,
    lines: [
      { skuId: sku.a, quantity: 3 },
      { skuId: sku.b, quantity: 2 },
      { skuId: sku.c, quantity: 2 },
    ],
  });
  await c.stockUp({ [sku.a]: 20, [sku.b]: 20, [sku.c]: 20, [sku.other]: 20 }, hz);
  await c.ok(c.allocate(w.admin, { warehouseId: hz, orderIds: [order.id], targetRatePercent: 100 }));
  const { deliveries } = await c.ok(c.deliver(w.admin, { warehouseId: hz, orderIds: [order.id] }), 'deliver');
  for (const [session, action] of [
    [w.admin, 'ship'],
    [w.shop01, 'receive'],
  ] as const) {
    const res = await c.docs.act('transfer', session, deliveries[0]!.docId, action);
    expect(res.status, res.raw).toBe(200);
  }
  const agent09 = await cloneAccount(t, 'agent01', 'agent09', { agent_id: w.ids.ag002 });
  const shop09 = await cloneAccount(t, 'shop01', 'shop09', { shop_id: w.ids.sh003 });
  return { ...w, c, hz, defective, shopWarehouse, order: await c.order(order.id), sku, agent09, shop09 };
}

export function returnCalls(t: TestApp, kind: ReturnKind) {
  const base = RETURN_API[kind];
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, session: string, payload?: unknown, headers?: Record<string, string>) =>
    t.call({ method, url: `${base}${path}`, session, ...(payload === undefined ? {} : { payload: payload as object }), ...(headers ? { headers } : {}) });
  const create = async (session: string, body: object): Promise<ReturnDetail> => {
    const res = await call('POST', '', session, body);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  const act = async (session: string, id: number, action: string, body: object = {}): Promise<ReturnDetail> => {
    const res = await call('POST', `/${id}/${action}`, session, body);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  const get = async (session: string, id: number): Promise<ReturnDetail> => {
    const res = await call('GET', `/${id}`, session);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  return { call, create, act, get };
}

/** The billed party's 应收 balance (fen). */
export async function receivableOf(t: TestApp, partyType: 'agent' | 'shop', partyId: number): Promise<number> {
  const row = await t.db
    .selectFrom('account_balances')
    .select('balance_fen')
    .where('party_type', '=', partyType)
    .where('party_id', '=', partyId)
    .where('account_kind', '=', 'receivable')
    .executeTakeFirst();
  return Number(row?.balance_fen ?? 0);
}
