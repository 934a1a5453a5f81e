import { expect } from 'vitest';
import type { SalesOrderDetail } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import { seedDemoPricing } from '../../demo/demo-pricing.ts';
import { seedDemoSeasons } from '../../demo/demo-seasons.ts';

// What the 订货单 tests share: the demo's pricing and seasons, sessions, ids and the calls.

export const BASE = '/api/admin/api/v1/sales-orders';

export interface OrderWorld {
  admin: string;
  agent01: string;
  shop01: string;
  supplier01: string;
  ids: Record<'ag001' | 'ag002' | 'sh001' | 'sh002' | 'sh003' | 'spot' | 'preorder' | 'ended', number>;
  /** two spot styles with their active SKUs (colour, size) */
  styles: { productId: number; styleNo: string; skus: { id: number; colourId: number; colour: string; size: string }[] }[];
  /** a style the spot season does not offer */
  notOffered: number;
}

export async function orderWorld(t: TestApp): Promise<OrderWorld> {
  expect(await seedDemoPricing(t.db)).toBe(true);
  expect(await seedDemoSeasons(t.db)).toBe(true);
  const [admin, agent01, shop01, supplier01] = await Promise.all(['admin', 'agent01', 'shop01', 'supplier01'].map((a) => t.login(a)));
  const idOf = async (table: 'agents' | 'shops' | 'ordering_seasons', code: string) =>
    (await t.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const ids = {
    ag001: await idOf('agents', 'AG001'),
    ag002: await idOf('agents', 'AG002'),
    sh001: await idOf('shops', 'SH001'),
    sh002: await idOf('shops', 'SH002'),
    sh003: await idOf('shops', 'SH003'),
    spot: await idOf('ordering_seasons', 'FW26-SPOT'),
    preorder: await idOf('ordering_seasons', 'SS27-PRE'),
    ended: await idOf('ordering_seasons', 'SS26-SPOT'),
  };
  const styles = [];
  for (const styleNo of ['YS26W2005', 'YS26M3104']) {
    const skus = await t.db
      .selectFrom('skus as k')
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .innerJoin('colours as c', 'c.id', 'k.colour_id')
      .innerJoin('sizes as z', 'z.id', 'k.size_id')
      .select(['k.id', 'p.id as productId', 'c.id as colourId', 'c.name as colour', 'z.name as size'])
      .where('p.style_no', '=', styleNo)
      .orderBy('c.sort')
      .orderBy('c.id')
      .orderBy('z.sort')
      .execute();
    styles.push({ productId: skus[0]!.productId, styleNo, skus });
  }
  // a 2027 style: offered by the pre-order season only, never by the spot season
  const notOffered = (await t.db.selectFrom('products').select('id').where('style_no', '=', 'YS27S2002').executeTakeFirstOrThrow()).id;
  return { admin, agent01, shop01, supplier01, ids, styles, notOffered };
}

export function calls(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, session: string, payload?: unknown, headers?: Record<string, string>) =>
    t.call({ method, url: `${BASE}${path}`, session, ...(payload === undefined ? {} : { payload: payload as object }), ...(headers ? { headers } : {}) });
  /** a draft, expecting success */
  const create = async (session: string, body: object): Promise<SalesOrderDetail> => {
    const res = await call('POST', '', session, body);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  const act = async (session: string, id: number, action: string, body: object = {}): Promise<SalesOrderDetail> => {
    const res = await call('POST', `/${id}/${action}`, session, body);
    expect(res.body.code, res.raw).toBe('201');
    return res.body.data;
  };
  return { call, create, act };
}
