import { expect } from 'vitest';
import type { AllocateResult, DeliverResult, ReleaseResult, SalesOrderDetail } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import { docsClient } from '../stock-docs/stock-docs-test-kit.ts';
import { calls, type OrderWorld } from './sales-orders-test-kit.ts';

// What the 配货发货 tests share: audited orders made through the API, stock put into 杭州总仓 by a
// posted 入库单, and the allocation calls.

export const ALLOCATION = '/api/admin/api/v1/sales-allocation';

export function allocationClient(t: TestApp, w: OrderWorld) {
  const api = calls(t);
  const docs = docsClient(t);
  const post = (path: string, session: string, payload: object, headers?: Record<string, string>) =>
    t.call({ method: 'POST', url: `${ALLOCATION}${path}`, session, payload, ...(headers ? { headers } : {}) });
  const order = async (id: number): Promise<SalesOrderDetail> => (await api.call('GET', `/${id}`, w.admin)).body.data;

  /** An order submitted by `session` and audited by HQ; `cut` maps a line's SKU to what HQ keeps. */
  async function auditedOrder(session: string, body: object, cut: Record<number, number> = {}): Promise<SalesOrderDetail> {
    const draft = await api.create(session, body);
    const submitted = await api.act(session, draft.id, 'submit');
    const lines = submitted.lines.map((l) => ({ lineId: l.id, approved: cut[l.skuId] ?? l.ordered }));
    return api.act(w.admin, draft.id, 'audit', { lines, reason: Object.keys(cut).length ? '库存不足减量' : '' });
  }

  /** Puts pieces of the SKUs into a warehouse with a posted 入库单. */
  async function stockUp(pieces: Record<number, number>, warehouseId: number): Promise<number> {
    await docs.posted(
      'inbound',
      w.admin,
      { warehouseId, bizType: 'other' },
      Object.entries(pieces).map(([skuId, quantity]) => ({ skuId: Number(skuId), quantity })),
    );
    return warehouseId;
  }

  /** A new, empty HQ warehouse of the test's own (the demo's 杭州总仓 holds stock already). */
  async function emptyHqWarehouse(code: string): Promise<number> {
    const row = await t.db
      .insertInto('warehouses')
      .values({ code, name: `测试总仓${code}`, type: 'hq', parent_id: null, shop_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const allocate = (session: string, body: object) => post('/allocate', session, body);
  const deliver = (session: string, body: object) => post('/deliver', session, body);
  const release = (session: string, body: object) => post('/release', session, body);
  /** The answer's data, expecting success (typed by the route the call went to). */
  async function ok(res: ReturnType<typeof allocate>): Promise<AllocateResult>;
  async function ok(res: ReturnType<typeof deliver>, route: 'deliver'): Promise<DeliverResult>;
  async function ok(res: ReturnType<typeof release>, route: 'release'): Promise<ReleaseResult>;
  async function ok(res: ReturnType<typeof post>, _route?: string): Promise<AllocateResult | DeliverResult | ReleaseResult> {
    const answer = await res;
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.data;
  }
  return { api, docs, order, auditedOrder, emptyHqWarehouse, stockUp, allocate, deliver, release, ok };
}
