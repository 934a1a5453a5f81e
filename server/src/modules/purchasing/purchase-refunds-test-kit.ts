import type { PurchaseRefundDetail, PurchaseRefundInput } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { API } from './purchasing-test-kit.ts';

// Helpers of the refund, payables and summary tests (not a test file itself).

export const REFUNDS_API = `${API}/purchase-refunds`;

/** HTTP client of /purchase-refunds bound to a session; create/audited answer the data and throw when refused. */
export function refundsClient(app: TestApp, session: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => app.call({ method, url, session, ...(payload !== undefined ? { payload } : {}) });
  const must = <T>(what: string, res: { status: number; raw: string; body: any }): T => {
    if (res.status !== 200 || res.body?.code !== '201') throw new Error(`${what}: ${res.status} ${res.raw}`);
    return res.body.data as T;
  };
  const post = (input: object) => call('POST', REFUNDS_API, input);
  const act = (id: number, action: string, body: object = {}) => call('POST', `${REFUNDS_API}/${id}/${action}`, body);
  return {
    post,
    act,
    update: (id: number, input: object) => call('PUT', `${REFUNDS_API}/${id}`, input),
    remove: (id: number) => call('DELETE', `${REFUNDS_API}/${id}`),
    get: (id: number) => call('GET', `${REFUNDS_API}/${id}`),
    page: (query = '') => call('GET', `${REFUNDS_API}/page?limit=100${query}`),
    create: async (input: PurchaseRefundInput) => must<PurchaseRefundDetail>('create refund', await post(input)),
    audited: async (input: PurchaseRefundInput) => {
      const refund = must<PurchaseRefundDetail>('create refund', await post(input));
      return must<PurchaseRefundDetail>(`audit refund ${refund.id}`, await act(refund.id, 'audit'));
    },
  };
}

/** Stock of an SKU in a warehouse over all its shelves. */
export async function stockOf(db: Db, warehouseId: number, skuId: number): Promise<number> {
  const row = await db
    .selectFrom('stock_balances')
    .select((eb) => eb.fn.sum<number>('quantity').as('q'))
    .where('warehouse_id', '=', warehouseId)
    .where('sku_id', '=', skuId)
    .executeTakeFirst();
  return Number(row?.q ?? 0);
}
