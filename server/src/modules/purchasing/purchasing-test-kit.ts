import type { PurchaseOrderDetail, PurchaseOrderInput, PurchaseReceiveInput, PurchaseReceiveResult } from '@erp/shared';
import type { TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { DEMO_PASSWORD } from '../../demo/demo-data.ts';
import { hashPassword } from '../accounts/password.ts';
import { createProductsBatch } from '../products/products.service.ts';
import { shelfIdOf, skuOf, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';

// Helpers of the purchasing tests (not a test file itself). The demo data has supplier SP001 with
// the sign-in account supplier01, the HQ warehouse WH-HZ with shelves A-01-01…, and four styles.

export { balanceOf, moveCount, shelfIdOf, skuOf, userIdOf, warehouseIdOf } from '../stock/stock-test-kit.ts';
export { answer, docsClient, type Call } from '../stock-docs/stock-docs-test-kit.ts';
export { purchaseScope, ordersInScope, refundsInScope, type PurchaseScope } from './purchase-scope.ts';

export const API = '/api/admin/api/v1';

/** A document's kernel events, oldest first: action, from → to and the reason. */
export async function eventsOf(db: Db, type: string, id: number): Promise<string[]> {
  const events = await db
    .selectFrom('document_events')
    .select(['action', 'from_status', 'to_status', 'reason'])
    .where('document_type', '=', type)
    .where('doc_id', '=', id)
    .orderBy('id')
    .execute();
  return events.map((e) => `${e.action} ${e.from_status}→${e.to_status} ${e.reason}`.trim());
}
export const ORDERS_API = `${API}/purchase-orders`;

export async function supplierIdOf(db: Db, code: string): Promise<number> {
  return (await db.selectFrom('suppliers').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** A new supplier (enabled unless told), answering its id. */
export async function createSupplier(db: Db, code: string, name = `供应商${code}`, enabled = true): Promise<number> {
  const row = await db.insertInto('suppliers').values({ code, name, enabled }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A sign-in account of a supplier with the builtin role 'supplier' (its menus: 采购订单, 确认交期,
 * 采购退货), active, password DEMO_PASSWORD; sign in with `t.login(account)`. Answers the user id.
 */
export async function createSupplierUser(db: Db, account: string, supplierId: number): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ account, password_hash: await hashPassword(DEMO_PASSWORD), name: account, phone: null, role_type: 'supplier', active: true, supplier_id: supplierId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db.selectFrom('roles').select('id').where('code', '=', 'supplier').where('builtin', '=', true).executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return user.id;
}

/** A new warehouse of the type with one shelf `${code}-01`. */
export async function createWarehouse(db: Db, code: string, type: 'hq' | 'transit' | 'defective' | 'overseas' = 'hq'): Promise<{ id: number; shelfId: number }> {
  const row = await db
    .insertInto('warehouses')
    .values({ code, name: `仓库${code}`, type })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shelf = await db
    .insertInto('shelves')
    .values({ warehouse_id: row.id, code: `${code}-01` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, shelfId: shelf.id };
}

export interface TestSku {
  id: number;
  barcode: string;
}

/**
 * A new style with SKUs colour × size (colour codes of the demo dictionary: BK, NV, CA, BG, KH;
 * sizes of the DEFAULT group: S, M, L, XL, XXL). Answers the product id and SKUs by `${colour}/${size}`.
 */
export async function createProduct(
  db: Db,
  styleNo: string,
  colours: string[] = ['BK', 'NV'],
  sizes: string[] = ['M', 'L'],
): Promise<{ productId: number; skus: Record<string, TestSku> }> {
  const [brand, group, category, colourRows, sizeRows, admin] = await Promise.all([
    db.selectFrom('brands').select('id').where('code', '=', 'YS').executeTakeFirstOrThrow(),
    db.selectFrom('size_groups').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow(),
    db.selectFrom('product_categories').select('id').where('code', '=', '010101').executeTakeFirstOrThrow(),
    db.selectFrom('colours').select(['id', 'code']).where('code', 'in', colours).execute(),
    db
      .selectFrom('sizes')
      .innerJoin('size_groups', 'size_groups.id', 'sizes.group_id')
      .select(['sizes.id', 'sizes.name'])
      .where('size_groups.code', '=', 'DEFAULT')
      .where('sizes.name', 'in', sizes)
      .execute(),
    userIdOf(db, 'admin'),
  ]);
  const result = await createProductsBatch(db, { userId: admin }, [
    {
      styleNo,
      name: `测试款${styleNo}`,
      brandId: brand.id,
      categoryId: category.id,
      year: 2026,
      season: 'winter',
      gender: 'female',
      unit: 'jian',
      retailPriceFen: 39900,
      wholesalePriceFen: 19900,
      costPriceFen: 9900,
      supplierId: null,
      sizeGroupId: group.id,
      colourIds: colours.map((c) => colourRows.find((r) => r.code === c)!.id),
      sizeIds: sizes.map((s) => sizeRows.find((r) => r.name === s)!.id),
    },
  ]);
  if (!result.ok) throw new Error(`product ${styleNo}: ${JSON.stringify(result.errors)}`);
  const productId = result.ids[0]!;
  const skus: Record<string, TestSku> = {};
  for (const c of colours) for (const s of sizes) skus[`${c}/${s}`] = await skuOf(db, styleNo, c, s);
  return { productId, skus };
}

/** The demo places and parties most tests use. */
export async function purchaseFixture(t: TestApp) {
  const [admin, supplier01] = await Promise.all([t.login('admin'), t.login('supplier01')]);
  return {
    admin,
    supplier01,
    sp001: await supplierIdOf(t.db, 'SP001'),
    hz: await warehouseIdOf(t.db, 'WH-HZ'),
    transit: await warehouseIdOf(t.db, 'WH-TRANSIT'),
    shopWarehouse: await warehouseIdOf(t.db, 'WH-SH001'),
    a1: await shelfIdOf(t.db, 'WH-HZ', 'A-01-01'),
    a2: await shelfIdOf(t.db, 'WH-HZ', 'A-01-02'),
    coatM: await skuOf(t.db, 'YS26W1001', 'CA', 'M'),
    coatL: await skuOf(t.db, 'YS26W1001', 'CA', 'L'),
    jeansL: await skuOf(t.db, 'YS26M3102', 'BK', 'L'),
  };
}

/** A valid order input: one line per [skuId, quantity, unitPriceFen]. */
export function orderInput(
  supplierId: number,
  warehouseId: number,
  lines: [skuId: number, quantity: number, unitPriceFen: number][],
  extra: Partial<PurchaseOrderInput> = {},
): PurchaseOrderInput {
  return {
    supplierId,
    warehouseId,
    expectedDate: '2026-12-31',
    tolerancePercent: 0,
    remark: '',
    lines: lines.map(([skuId, quantity, unitPriceFen]) => ({ skuId, quantity, unitPriceFen })),
    ...extra,
  };
}

function must<T>(what: string, res: { status: number; raw: string; body: any }): T {
  if (res.status !== 200 || res.body?.code !== '201') throw new Error(`${what}: ${res.status} ${res.raw}`);
  return res.body.data as T;
}

/**
 * HTTP client of /purchase-orders bound to a session (`as(other)` for another caller). Raw calls
 * answer {status, body, …}; create/audited/received answer the data and throw when refused.
 */
export function ordersClient(t: TestApp, session: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.call({ method, url, session, ...(payload !== undefined ? { payload } : {}), headers });
  const post = (input: object) => call('POST', ORDERS_API, input);
  const update = (id: number, input: object) => call('PUT', `${ORDERS_API}/${id}`, input);
  const remove = (id: number) => call('DELETE', `${ORDERS_API}/${id}`);
  /** POST /{id}/{action} (submit, withdraw, audit, close, confirm) */
  const act = (id: number, action: string, body: object = {}) => call('POST', `${ORDERS_API}/${id}/${action}`, body);
  const receive = (id: number, input: PurchaseReceiveInput, key?: string) => call('POST', `${ORDERS_API}/${id}/receive`, input, key ? { 'idempotency-key': key } : {});
  const get = (id: number) => call('GET', `${ORDERS_API}/${id}`);
  const page = (query = '') => call('GET', `${ORDERS_API}/page?limit=100${query}`);
  const receivable = (query = '') => call('GET', `${ORDERS_API}/receivable/page?limit=100${query}`);
  const receiving = (id: number) => call('GET', `${ORDERS_API}/${id}/receiving`);
  const receipts = (id: number) => call('GET', `${ORDERS_API}/${id}/receipts`);

  const create = async (input: PurchaseOrderInput): Promise<PurchaseOrderDetail> => must('create order', await post(input));
  const detail = async (id: number): Promise<PurchaseOrderDetail> => must(`get order ${id}`, await get(id));
  /** Creates, submits and audits; answers the audited detail. */
  const audited = async (input: PurchaseOrderInput): Promise<PurchaseOrderDetail> => {
    const order = await create(input);
    must(`submit order ${order.id}`, await act(order.id, 'submit'));
    return must(`audit order ${order.id}`, await act(order.id, 'audit'));
  };
  /** Receives and answers the result; throws when refused. */
  const received = async (id: number, input: PurchaseReceiveInput, key?: string): Promise<PurchaseReceiveResult> => must(`receive order ${id}`, await receive(id, input, key));
  /** Receive input from [lineId, quantity] pairs. */
  const receiveInput = (lines: [lineId: number, quantity: number][], post = true, extra: Partial<PurchaseReceiveInput> = {}): PurchaseReceiveInput => ({
    lines: lines.map(([lineId, quantity]) => ({ lineId, quantity })),
    post,
    ...extra,
  });
  return {
    session,
    as: (other: string) => ordersClient(t, other),
    post,
    update,
    remove,
    act,
    receive,
    get,
    page,
    receivable,
    receiving,
    receipts,
    create,
    detail,
    audited,
    received,
    receiveInput,
  };
}

export type OrdersClient = ReturnType<typeof ordersClient>;

/** Every supplier payables entry of the money ledger, oldest first, with its order and refund. */
export async function payableEntries(db: Db) {
  const rows = await db
    .selectFrom('account_entries as e')
    .leftJoin('purchase_refunds as r', (j) => j.on('e.origin_type', '=', 'purchase_refund').onRef('r.id', '=', 'e.origin_id'))
    .select([
      'e.id',
      'e.entry_type',
      'e.doc_id as stock_doc_id',
      'e.quantity',
      'e.amount_fen',
      'e.party_id as supplier_id',
      'e.origin_type',
      'e.origin_id',
      'r.purchase_order_id as refund_order_id',
    ])
    .where('e.party_type', '=', 'supplier')
    .where('e.account_kind', '=', 'payable')
    .orderBy('e.id')
    .execute();
  return rows.map(({ origin_type, origin_id, refund_order_id, ...r }) => ({
    ...r,
    purchase_order_id: origin_type === 'purchase_order' ? origin_id : refund_order_id,
    refund_id: origin_type === 'purchase_refund' ? origin_id : null,
  }));
}

/** The supplier payables entries of an order, oldest first. */
export async function payablesOf(db: Db, orderId: number) {
  return (await payableEntries(db))
    .filter((e) => e.purchase_order_id === orderId)
    .map(({ entry_type, stock_doc_id, quantity, amount_fen, supplier_id }) => ({ entry_type, stock_doc_id, quantity, amount_fen, supplier_id }));
}
