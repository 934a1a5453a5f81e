import { expect } from 'vitest';
import { cloneAccount } from '../../../test/party-account.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { skuOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
import { docsClient } from '../stock-docs/stock-docs-test-kit.ts';

// Helpers of the 库存上报 tests (not a test file itself): the sessions, a second agent (AG009 with
// its shop SH009 and warehouse, account agent09), some stock in the shop warehouses, and the calls.

export const INV = '/api/admin/api/v1/aftersales/inventory';

export interface InventoryWorld {
  admin: string;
  agent01: string;
  shop01: string;
  supplier01: string;
  clerk01: string;
  agent09: string;
  wh: Record<'hz' | 'sh001' | 'sh002' | 'sh003' | 'sh009', number>;
  sku: Record<'coat' | 'jeans' | 'dress' | 'shirt', { id: number; barcode: string }>;
}

export async function inventoryWorld(t: TestApp): Promise<InventoryWorld> {
  const agentId = (await t.db.insertInto('agents').values({ code: 'AG009', name: '宁波另一代理' }).returning('id').executeTakeFirstOrThrow()).id;
  const shopId = (
    await t.db.insertInto('shops').values({ code: 'SH009', name: '另一代理的门店', kind: 'franchise', agent_id: agentId, area_sqm: null }).returning('id').executeTakeFirstOrThrow()
  ).id;
  await t.db.insertInto('warehouses').values({ code: 'WH-SH009', name: '另一代理门店仓', type: 'shop', shop_id: shopId, parent_id: null }).execute();
  const agent09 = await cloneAccount(t, 'agent01', 'agent09', { agent_id: agentId });
  const [admin, agent01, shop01, supplier01, clerk01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01', 'clerk01'].map((a) => t.login(a)));
  const wh = {
    hz: await warehouseIdOf(t.db, 'WH-HZ'),
    sh001: await warehouseIdOf(t.db, 'WH-SH001'),
    sh002: await warehouseIdOf(t.db, 'WH-SH002'),
    sh003: await warehouseIdOf(t.db, 'WH-SH003'),
    sh009: await warehouseIdOf(t.db, 'WH-SH009'),
  };
  const sku = {
    coat: await skuOf(t.db, 'YS26W1001', 'CA', 'M'),
    dress: await skuOf(t.db, 'YS26W1001', 'CA', 'L'),
    jeans: await skuOf(t.db, 'YS26M3102', 'BK', 'L'),
    shirt: await skuOf(t.db, 'YS26M3102', 'BK', 'M'),
  };
  return { admin, agent01, shop01, supplier01, clerk01, agent09, wh, sku };
}

/** Puts goods into a warehouse through a posted 入库单. */
export async function receive(t: TestApp, session: string, warehouseId: number, lines: { skuId: number; quantity: number; shelfId?: number | null }[]) {
  await docsClient(t).posted('inbound', session, { warehouseId }, lines);
}

export function inventoryCalls(t: TestApp) {
  const create = (session: string, body: object) => t.call({ method: 'POST', url: INV, session, payload: body });
  const update = (session: string, id: number, body: object) => t.call({ method: 'PUT', url: `${INV}/${id}`, session, payload: body });
  const get = (session: string, id: number) => t.call({ method: 'GET', url: `${INV}/${id}`, session });
  const page = (session: string, query = '') => t.call({ method: 'GET', url: `${INV}/page?limit=100${query}`, session });
  const act = (session: string, id: number, action: string, body: object = {}, key?: string) =>
    t.call({ method: 'POST', url: `${INV}/${id}/${action}`, session, payload: body, headers: key ? { 'idempotency-key': key } : {} });
  /** Creates a draft and answers its id. */
  const draft = async (session: string, body: object): Promise<number> => {
    const res = await create(session, body);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data.id as number;
  };
  return { create, update, get, page, act, draft };
}

/** Status and message of an answer, for one-line expectations. */
export const answer = (res: { status: number; body: any }) => [res.status, res.body?.msg];
