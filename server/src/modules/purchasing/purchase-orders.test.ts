import {
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  purchaseOrderActionRefused,
  purchaseOrderNext,
  PurchaseMessages,
  type PurchaseOrderAction,
  type PurchaseOrderDetail,
  type PurchaseOrderStatus,
} from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { answer, createProduct, createSupplier, createWarehouse, orderInput, ordersClient, purchaseFixture, type OrdersClient, type TestSku } from './purchasing-test-kit.ts';

// 采购订单: the form's checks, numbering and totals, the status machine (every pair it lacks is
// refused and changes nothing), drafts-only editing, and the permission codes.

let t: TestApp;
let c: OrdersClient;
let f: Awaited<ReturnType<typeof purchaseFixture>>;
let skus: Record<string, TestSku>;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchaseFixture(t);
  c = ordersClient(t, f.admin);
  skus = (await createProduct(t.db, 'PO-T01', ['BK', 'NV'], ['M', 'L'])).skus;
});
afterAll(() => t?.close());

const base = () =>
  orderInput(f.sp001, f.hz, [
    [skus['BK/M']!.id, 10, 5000],
    [skus['NV/L']!.id, 3, 12345],
  ]);

describe('adding an order', () => {
  it('makes a draft numbered CG + day series with totals on the header', async () => {
    const order = await c.create({ ...base(), tolerancePercent: 5, remark: ' 加急 ' });
    expect(order.orderNo).toMatch(/^CG\d{8}-\d{4}$/);
    expect(order).toMatchObject({
      status: 'draft',
      statusLabel: '草稿',
      supplierId: f.sp001,
      supplierCode: 'SP001',
      warehouseId: f.hz,
      warehouseName: '杭州总仓',
      expectedDate: '2026-12-31',
      promisedDate: null,
      tolerancePercent: 5,
      remark: '加急',
      lineCount: 2,
      totalQuantity: 13,
      totalAmountFen: 10 * 5000 + 3 * 12345,
      receivedQuantity: 0,
      createdByName: '系统管理员',
      actions: ['edit', 'delete', 'submit'],
    });
    expect(order.orderDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.lines.map((l) => [l.lineNo, l.skuId, l.quantity, l.unitPriceFen, l.amountFen, l.openQuantity, l.receivableQuantity, l.colourName, l.sizeName])).toEqual([
      [1, skus['BK/M']!.id, 10, 5000, 50000, 10, 10, '黑色', 'M'],
      [2, skus['NV/L']!.id, 3, 12345, 37035, 3, 3, '藏青', 'L'],
    ]);
    const next = await c.create(base());
    const [, seqA] = order.orderNo.split('-');
    const [, seqB] = next.orderNo.split('-');
    expect(Number(seqB)).toBe(Number(seqA) + 1);
  });

  it('checks each field with a clear message and writes nothing', async () => {
    const disabledSupplier = await createSupplier(t.db, 'SPX01', '停用供应商', false);
    const stopped = await createProduct(t.db, 'PO-T02', ['BK'], ['M', 'L']);
    await t.db.updateTable('skus').set({ status: 'disabled' }).where('id', '=', stopped.skus['BK/L']!.id).execute();
    const offSale = await createProduct(t.db, 'PO-T03', ['BK'], ['M']);
    await t.db.updateTable('products').set({ status: 'off_sale' }).where('id', '=', offSale.productId).execute();
    const bkM = skus['BK/M']!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ supplierId: null }, PurchaseMessages.supplierRequired],
      [{ supplierId: 999999 }, PurchaseMessages.supplierNotFound],
      [{ supplierId: disabledSupplier }, PurchaseMessages.supplierDisabled],
      [{ warehouseId: null }, PurchaseMessages.warehouseRequired],
      [{ warehouseId: 999999 }, PurchaseMessages.warehouseInvalid],
      [{ warehouseId: f.transit }, PurchaseMessages.warehouseInvalid],
      [{ expectedDate: '' }, PurchaseMessages.expectedDateRequired],
      [{ expectedDate: '2026-02-30' }, PurchaseMessages.dateInvalid],
      [{ tolerancePercent: 101 }, PurchaseMessages.toleranceInvalid],
      [{ tolerancePercent: 2.5 }, PurchaseMessages.toleranceInvalid],
      [{ tolerancePercent: -1 }, PurchaseMessages.toleranceInvalid],
      [{ remark: '字'.repeat(201) }, PurchaseMessages.remarkTooLong],
      [{ lines: [] }, PurchaseMessages.noLines],
      [
        {
          lines: [
            { skuId: bkM, quantity: 1, unitPriceFen: 1 },
            { skuId: 999999, quantity: 1, unitPriceFen: 1 },
          ],
        },
        PurchaseMessages.skuNotFound(2),
      ],
      [{ lines: [{ skuId: stopped.skus['BK/L']!.id, quantity: 1, unitPriceFen: 1 }] }, PurchaseMessages.skuDisabled(1, stopped.skus['BK/L']!.barcode)],
      [{ lines: [{ skuId: offSale.skus['BK/M']!.id, quantity: 1, unitPriceFen: 1 }] }, PurchaseMessages.skuDisabled(1, offSale.skus['BK/M']!.barcode)],
      [{ lines: [{ skuId: bkM, quantity: 0, unitPriceFen: 1 }] }, PurchaseMessages.quantityInvalid(1)],
      [{ lines: [{ skuId: bkM, quantity: 1_000_001, unitPriceFen: 1 }] }, PurchaseMessages.quantityInvalid(1)],
      [{ lines: [{ skuId: bkM, quantity: 1.5, unitPriceFen: 1 }] }, PurchaseMessages.quantityInvalid(1)],
      [{ lines: [{ skuId: bkM, quantity: 1, unitPriceFen: -1 }] }, PurchaseMessages.priceInvalid(1)],
      [{ lines: [{ skuId: bkM, quantity: 1, unitPriceFen: 100_000_001 }] }, PurchaseMessages.priceInvalid(1)],
      [
        {
          lines: [
            { skuId: bkM, quantity: 1, unitPriceFen: 1 },
            { skuId: skus['NV/M']!.id, quantity: 1, unitPriceFen: 1 },
            { skuId: bkM, quantity: 2, unitPriceFen: 1 },
          ],
        },
        PurchaseMessages.duplicateSku(3),
      ],
    ];
    const before = await t.db
      .selectFrom('purchase_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [overrides, msg] of cases) {
      const res = await c.post({ ...base(), ...overrides });
      expect(answer(res), msg).toEqual([422, msg]);
    }
    const after = await t.db
      .selectFrom('purchase_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("takes another warehouse of the caller's scope", async () => {
    const own = await createWarehouse(t.db, 'PO-WH1');
    const res = await c.post({ ...base(), warehouseId: own.id });
    expect(res.body.data.warehouseId).toBe(own.id);
  });
});

describe('editing and deleting', () => {
  it('edits a draft: header, lines and totals replaced', async () => {
    const order = await c.create(base());
    const res = await c.update(order.id, { ...base(), expectedDate: '2027-01-15', lines: [{ skuId: skus['NV/M']!.id, quantity: 4, unitPriceFen: 100 }] });
    expect(res.body.msg).toBe('保存成功');
    const detail = await c.detail(order.id);
    expect([detail.expectedDate, detail.lineCount, detail.totalQuantity, detail.totalAmountFen, detail.lines.map((l) => l.skuId)]).toEqual([
      '2027-01-15',
      1,
      4,
      400,
      [skus['NV/M']!.id],
    ]);
  });

  it('edits and deletes drafts only', async () => {
    const order = await c.create(base());
    expect((await c.act(order.id, 'submit')).body.msg).toBe('提交成功');
    const edit = await c.update(order.id, { ...base(), remark: 'x' });
    expect(answer(edit)).toEqual([409, purchaseOrderActionRefused(order.orderNo, 'submitted', 'edit')]);
    const del = await c.remove(order.id);
    expect(answer(del)).toEqual([409, purchaseOrderActionRefused(order.orderNo, 'submitted', 'delete')]);
    expect((await c.detail(order.id)).remark).toBe('');
    expect((await c.act(order.id, 'withdraw')).body.data.status).toBe('draft');
    expect((await c.remove(order.id)).body.msg).toBe('删除成功');
    expect(answer(await c.get(order.id))).toEqual([404, PurchaseMessages.orderNotFound]);
    expect(await t.db.selectFrom('purchase_order_lines').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('answers 404 for a missing order', async () => {
    expect(answer(await c.act(999999, 'submit'))).toEqual([404, PurchaseMessages.orderNotFound]);
    expect(answer(await c.update(999999, base()))).toEqual([404, PurchaseMessages.orderNotFound]);
  });
});

describe('the status actions', () => {
  it('stamps who and when: submit, audit, close with a reason', async () => {
    const order = await c.create(base());
    const submitted = (await c.act(order.id, 'submit')).body.data as PurchaseOrderDetail;
    expect(submitted.submittedAt).not.toBeNull();
    const audited = await c.act(order.id, 'audit');
    expect(audited.body.msg).toBe('审核成功');
    expect(audited.body.data).toMatchObject({ status: 'audited', auditedByName: '系统管理员', actions: ['receive', 'confirm', 'close'] });
    const closed = await c.act(order.id, 'close', { reason: '供应商缺货' });
    expect(closed.body.data).toMatchObject({ status: 'closed', closeReason: '供应商缺货', actions: [] });
    expect(closed.body.data.closedAt).not.toBeNull();
  });

  it('refuses a close reason over the limit', async () => {
    const order = await c.audited(base());
    expect(answer(await c.act(order.id, 'close', { reason: '字'.repeat(201) }))).toEqual([422, PurchaseMessages.reasonTooLong]);
    expect((await c.detail(order.id)).status).toBe('audited');
  });

  /** An order brought to the status (received: every line received in full). */
  async function orderIn(status: PurchaseOrderStatus): Promise<PurchaseOrderDetail> {
    const order = await c.create(
      orderInput(f.sp001, f.hz, [
        [skus['BK/L']!.id, 2, 100],
        [skus['NV/M']!.id, 2, 100],
      ]),
    );
    if (status === 'draft') return order;
    await c.act(order.id, 'submit');
    if (status === 'submitted') return c.detail(order.id);
    await c.act(order.id, 'audit');
    if (status === 'partly_received') await c.received(order.id, c.receiveInput([[order.lines[0]!.id, 1]]));
    if (status === 'received') await c.received(order.id, c.receiveInput(order.lines.map((l) => [l.id, 2])));
    if (status === 'closed') await c.act(order.id, 'close');
    const detail = await c.detail(order.id);
    expect(detail.status).toBe(status);
    return detail;
  }

  const request = (order: PurchaseOrderDetail, action: PurchaseOrderAction) => {
    switch (action) {
      case 'edit':
        return c.update(order.id, base());
      case 'delete':
        return c.remove(order.id);
      case 'receive':
        return c.receive(order.id, c.receiveInput([[order.lines[1]!.id, 1]]));
      case 'confirm':
        return c.as(f.supplier01).act(order.id, 'confirm', { promisedDate: '2027-01-01' });
      default:
        return c.act(order.id, action);
    }
  };

  it('refuses every (status, action) pair the machine lacks with 409 and changes nothing', async () => {
    let checked = 0;
    for (const status of PURCHASE_ORDER_STATUSES) {
      const order = await orderIn(status);
      const before = await t.db.selectFrom('purchase_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      const linesBefore = await t.db.selectFrom('purchase_order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
      const docsBefore = await t.db.selectFrom('stock_docs').select('id').where('source_id', '=', order.id).where('source_type', '=', 'purchase_order').execute();
      for (const action of PURCHASE_ORDER_ACTIONS) {
        if (purchaseOrderNext(status, action)) continue;
        // a supplier never sees drafts and submitted orders: for it those are missing (404)
        const hidden = action === 'confirm' && (status === 'draft' || status === 'submitted');
        const res = await request(order, action);
        if (hidden) expect(answer(res), `${status} ${action}`).toEqual([404, PurchaseMessages.orderNotFound]);
        else expect(answer(res), `${status} ${action}`).toEqual([409, purchaseOrderActionRefused(order.orderNo, status, action)]);
        checked++;
      }
      expect(await t.db.selectFrom('purchase_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual(before);
      expect(await t.db.selectFrom('purchase_order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute()).toEqual(linesBefore);
      expect(await t.db.selectFrom('stock_docs').select('id').where('source_id', '=', order.id).where('source_type', '=', 'purchase_order').execute()).toEqual(docsBefore);
    }
    // 6 statuses × 8 actions less the 11 transitions the machine has
    expect(checked).toBe(6 * 8 - 11);
  });
});

describe('permissions and scope', () => {
  it('a user without the codes gets 403; agents and shops see nothing', async () => {
    const [agent01, shop01, clerk01] = await Promise.all([t.login('agent01'), t.login('shop01'), t.login('clerk01')]);
    const order = await c.create(base());
    for (const session of [agent01, shop01, clerk01]) {
      const other = c.as(session);
      expect((await other.page()).status).toBe(403);
      expect((await other.post(base())).status).toBe(403);
      expect((await other.act(order.id, 'submit')).status).toBe(403);
    }
    const supplier = c.as(f.supplier01);
    expect((await supplier.post(base())).status).toBe(403);
    expect((await supplier.act(order.id, 'submit')).status).toBe(403);
    expect((await supplier.act(order.id, 'audit')).status).toBe(403);
    expect((await supplier.receive(order.id, c.receiveInput([[order.lines[0]!.id, 1]]))).status).toBe(403);
    expect((await c.detail(order.id)).status).toBe('draft');
  });

  it('a role that lists orders but may not audit gets 403 on audit', async () => {
    const role = await t.db.insertInto('roles').values({ code: 'po_viewer', name: '采购查看' }).returning('id').executeTakeFirstOrThrow();
    const menus = await t.db.selectFrom('menus').select('id').where('name', 'in', ['Purchase', 'PurchaseOrder', 'PurchaseOrderEditBtn']).execute();
    await t.db
      .insertInto('role_menus')
      .values(menus.map((m) => ({ role_id: role.id, menu_id: m.id })))
      .execute();
    const admin = await t.db.selectFrom('users').select('password_hash').where('account', '=', 'admin').executeTakeFirstOrThrow();
    const user = await t.db
      .insertInto('users')
      .values({ account: 'po_clerk', password_hash: admin.password_hash, name: '采购员', phone: null, role_type: 'manager', active: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    const clerk = c.as(await t.login('po_clerk'));
    const order = await clerk.create(base());
    expect((await clerk.act(order.id, 'submit')).status).toBe(200);
    const audit = await clerk.act(order.id, 'audit');
    expect(audit.status).toBe(403);
    expect((await c.detail(order.id)).status).toBe('submitted');
  });
});

describe('the list', () => {
  it('filters by status, supplier, keyword, confirmed and sorts by the allow-list only', async () => {
    const other = await createSupplier(t.db, 'SPL01', '宁波针织厂');
    const mine = await c.create(orderInput(other, f.hz, [[skus['BK/M']!.id, 1, 999_00]]));
    let res = await c.page(`&supplierId=${other}`);
    expect(res.body.data.records.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    res = await c.page(`&keyword=${encodeURIComponent('针织')}`);
    expect(res.body.data.records.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    res = await c.page(`&keyword=${mine.orderNo}`);
    expect(res.body.data.total).toBe(1);
    res = await c.page(`&status=draft&supplierId=${other}&confirmed=yes`);
    expect(res.body.data.total).toBe(0);
    res = await c.page('&sort=totalAmountFen&order=desc');
    expect(res.body.data.records[0].totalAmountFen).toBeGreaterThanOrEqual(res.body.data.records[1].totalAmountFen);
    expect((await c.page('&sort=remark')).status).toBe(422);
  });
});
