import { expect } from 'vitest';
import { shanghaiToday, type SalesOrderDetail, type SalesOrderStatus } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import { calls, orderWorld, type OrderWorld } from './sales-orders-test-kit.ts';

// What the 订货报表 tests share: orders in every reported state for HQ, agent01's company and shops,
// shop01 and another agent's shop, made through the routes; what allocation and shipping will write
// (allocated, shipped, received and the order's status) set on the lines directly, within their CHECKs.

export const REPORTS = '/api/admin/api/v1/ordering/reports';

/** Sets a line's allocated / shipped / received pieces (the CHECKs hold: allocated + shipped ≤ approved or ordered, received ≤ shipped). */
export async function setLineProgress(t: TestApp, lineId: number, progress: { allocated?: number; shipped?: number; received?: number }) {
  await t.db.updateTable('sales_order_lines').set(progress).where('id', '=', lineId).execute();
}

/** What a posted or voided 配货出库 will do to the order's status. */
export async function setOrderStatus(t: TestApp, orderId: number, status: SalesOrderStatus) {
  await t.db.updateTable('sales_orders').set({ status }).where('id', '=', orderId).execute();
}

/** A day 200 days before today (Asia/Shanghai): the old order's date. */
export const OLD_DAY = shanghaiToday(new Date(Date.now() - 200 * 86_400_000));

export interface ReportWorld extends OrderWorld {
  orders: Record<'shopSubmitted' | 'shopDraft' | 'agentShipping' | 'agentRejected' | 'shopOfAgentAudited' | 'otherShipped' | 'old', SalesOrderDetail>;
}

export async function reportWorld(t: TestApp): Promise<ReportWorld> {
  const w = await orderWorld(t);
  const api = calls(t);
  const sku = (style: 0 | 1, n: number) => w.styles[style]!.skus[n]!.id;
  const spot = w.ids.spot;
  const submitted = async (session: string, body: object) => api.act(session, (await api.create(session, { seasonId: spot, ...body })).id, 'submit');

  // shop01 for itself: one waiting for the audit, one draft (never reported)
  const shopSubmitted = await submitted(w.shop01, {
    lines: [
      { skuId: sku(0, 0), quantity: 3 },
      { skuId: sku(0, 1), quantity: 2 },
    ],
  });
  const shopDraft = await api.create(w.shop01, { seasonId: spot, lines: [{ skuId: sku(0, 2), quantity: 50 }] });

  // agent01 for itself into SH002: audited with a cut, partly allocated, shipped and received
  let agentShipping = await submitted(w.agent01, {
    shopId: w.ids.sh002,
    lines: [
      { skuId: sku(0, 0), quantity: 10 },
      { skuId: sku(0, 1), quantity: 6 },
      { skuId: sku(1, 0), quantity: 4 },
    ],
  });
  const lineOf = (order: SalesOrderDetail, skuId: number) => order.lines.find((l) => l.skuId === skuId)!;
  const [a, b, c] = [lineOf(agentShipping, sku(0, 0)), lineOf(agentShipping, sku(0, 1)), lineOf(agentShipping, sku(1, 0))];
  agentShipping = await api.act(w.admin, agentShipping.id, 'audit', { lines: [{ lineId: a!.id, approved: 8 }], reason: '库存不足' });
  await setLineProgress(t, a!.id, { allocated: 2, shipped: 5, received: 3 });
  await setLineProgress(t, b!.id, { shipped: 6, received: 6 });
  await setLineProgress(t, c!.id, { allocated: 4 });
  await setOrderStatus(t, agentShipping.id, 'partly_shipped');

  // agent01 as its shop SH002: rejected; and for SH001: audited, nothing shipped yet
  const agentRejected = await api.act(w.admin, (await submitted(w.agent01, { buyerType: 'shop', buyerId: w.ids.sh002, lines: [{ skuId: sku(1, 1), quantity: 5 }] })).id, 'reject', {
    reason: '款式调整',
  });
  const shopOfAgent = await submitted(w.agent01, { buyerType: 'shop', buyerId: w.ids.sh001, lines: [{ skuId: sku(1, 1), quantity: 7 }] });
  const shopOfAgentAudited = await api.act(w.admin, shopOfAgent.id, 'audit', { lines: [] });

  // HQ for SH003 (another agent's shop): audited and shipped in full
  const other = await submitted(w.admin, { buyerType: 'shop', buyerId: w.ids.sh003, lines: [{ skuId: sku(0, 0), quantity: 9 }] });
  const otherShipped = await api.act(w.admin, other.id, 'audit', { lines: [] });
  await setLineProgress(t, otherShipped.lines[0]!.id, { shipped: 9, received: 4 });
  await setOrderStatus(t, otherShipped.id, 'shipped');

  // shop01, audited and closed after part of it was shipped, 200 days ago
  const oldOrder = await submitted(w.shop01, { lines: [{ skuId: sku(1, 0), quantity: 5 }] });
  const old = await api.act(w.admin, oldOrder.id, 'audit', { lines: [] });
  await setLineProgress(t, old.lines[0]!.id, { shipped: 2, received: 2 });
  await setOrderStatus(t, old.id, 'closed');
  await t.db.updateTable('sales_orders').set({ order_date: OLD_DAY }).where('id', '=', old.id).execute();

  const detail = async (id: number) => {
    const res = await api.call('GET', `/${id}`, w.admin);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data as SalesOrderDetail;
  };
  return {
    ...w,
    orders: {
      shopSubmitted,
      shopDraft,
      agentShipping: await detail(agentShipping.id),
      agentRejected,
      shopOfAgentAudited,
      otherShipped: await detail(otherShipped.id),
      old: await detail(old.id),
    },
  };
}

export function reportCalls(t: TestApp) {
  return {
    get: (path: string, session: string) => t.call({ method: 'GET', url: `${REPORTS}${path}`, session }),
    /** the answer's data, expecting success */
    data: async (path: string, session: string) => {
      const res = await t.call({ method: 'GET', url: `${REPORTS}${path}`, session });
      expect(res.body.code, res.raw).toBe('201');
      return res.body.data;
    },
  };
}

/**
 * A 退货单 of shop01 taken to 已完成 through the after-sales routes (submit, HQ audit into `hqWarehouseId`,
 * the shop ships, HQ receives every piece good): the credit is posted and the lines say what came back.
 */
export async function completedReturn(t: TestApp, w: OrderWorld, hqWarehouseId: number, seasonId: number, lines: { skuId: number; quantity: number }[]) {
  const api = '/api/admin/api/v1/sales-returns';
  const act = async (session: string, path: string, payload: object) => {
    const res = await t.call({ method: 'POST', url: `${api}${path}`, session, payload });
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data as { id: number; status: string; lines: { id: number; quantity: number }[] };
  };
  const made = await act(w.shop01, '', { shopId: w.ids.sh001, seasonId, reason: '尺码偏小，顾客退回', lines });
  await act(w.shop01, `/${made.id}/submit`, {});
  await act(w.admin, `/${made.id}/audit`, { hqWarehouseId });
  await act(w.shop01, `/${made.id}/ship`, {});
  // every piece arrives good: nothing given per line means all of each approved line
  const done = await act(w.admin, `/${made.id}/receive`, {});
  expect(done.status).toBe('done');
  return done;
}
