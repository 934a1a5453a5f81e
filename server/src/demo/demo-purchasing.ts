import { Permissions, type PurchaseOrderInput, type PurchaseRefundInput } from '@erp/shared';
import type { Db } from '../db/database.ts';
import { createSupplier } from '../modules/parties/suppliers.service.ts';
import type { PurchaseContext } from '../modules/purchasing/purchase-order-read.service.ts';
import { actOnOrder, confirmOrder, createOrder } from '../modules/purchasing/purchase-orders.service.ts';
import { receiveOrder } from '../modules/purchasing/purchase-receive.service.ts';
import { auditRefund, createRefund } from '../modules/purchasing/purchase-refunds.service.ts';
import { registerPurchasingSources } from '../modules/purchasing/source-hooks.ts';
import { KIND_SPECS } from '../modules/stock-docs/doc-kinds.service.ts';
import { actOnDoc } from '../modules/stock-docs/stock-docs.service.ts';

// Demo 采购: orders of SP001 (the supplier01 account) and of a second supplier in every status —
// draft, submitted, audited and confirmed, partly received, received, closed — and two refunds,
// one returned (its outbound posted) and one audited waiting for the warehouse. Everything goes
// through the services, so stock, the order counters and the payables ledger agree. Loaded by
// `npm start` in demo mode after the demo stock.

const SECOND_SUPPLIER = { code: 'SP101', name: '宁波新丝路服饰有限公司', contactName: '徐海峰', phone: '0574-87654321', address: '鄞州区天童南路 588 号' };

/** A day `days` from today in Asia/Shanghai, yyyy-mm-dd. */
const dayFromToday = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Returns false when purchase orders exist already (seeded before, or real work done). */
export async function seedDemoPurchasing(db: Db): Promise<boolean> {
  // receipts and refunds update their orders through these hooks, which the routes register: seeding
  // before (or without) the app must not post stock that no order hears of
  registerPurchasingSources();
  if (await db.selectFrom('purchase_orders').select('id').limit(1).executeTakeFirst()) return false;
  const sp001 = await db.selectFrom('suppliers').select('id').where('code', '=', 'SP001').executeTakeFirst();
  const admin = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst();
  const hz = await db.selectFrom('warehouses').select('id').where('code', '=', 'WH-HZ').executeTakeFirst();
  const skus = await db
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .select(['k.id', 'p.cost_price_fen'])
    .where('k.status', '=', 'active')
    .orderBy('p.style_no')
    .orderBy('k.id')
    .execute();
  if (!sp001 || !admin || !hz || skus.length < 8) return false;

  const ctx: PurchaseContext = { userId: admin.id, scope: { kind: 'all' }, permissions: new Set(Object.values(Permissions)), purchase: { kind: 'all' } };
  const supplier01 = await db.selectFrom('users').select('id').where('account', '=', 'supplier01').executeTakeFirst();
  const supplierCtx: PurchaseContext | null = supplier01
    ? {
        userId: supplier01.id,
        scope: { kind: 'supplier', supplierId: sp001.id },
        permissions: new Set([Permissions.purchaseOrderConfirm]),
        purchase: { kind: 'supplier', supplierId: sp001.id },
      }
    : null;
  const sp002 =
    (await db.selectFrom('suppliers').select('id').where('code', '=', SECOND_SUPPLIER.code).executeTakeFirst())?.id ?? (await createSupplier(db, { kind: 'all' }, SECOND_SUPPLIER));

  const price = (i: number) => skus[i]!.cost_price_fen || 10000;
  /** An order of the SKUs at the given indexes, `quantity` each, at cost price. */
  const input = (supplierId: number, picks: number[], quantity: number, remark: string, expectedInDays = 20): PurchaseOrderInput => ({
    supplierId,
    warehouseId: hz.id,
    expectedDate: dayFromToday(expectedInDays),
    tolerancePercent: 0,
    remark,
    lines: picks.map((i) => ({ skuId: skus[i]!.id, quantity, unitPriceFen: price(i) })),
  });
  const audited = async (order: PurchaseOrderInput) => {
    const { id } = await createOrder(db, ctx, order);
    await actOnOrder(db, ctx, id, 'submit');
    return actOnOrder(db, ctx, id, 'audit');
  };
  /** Receives (and posts) the given quantity of each line, or the open quantity when omitted. */
  const receive = (id: number, lines: { id: number; quantity: number }[]) =>
    receiveOrder(db, ctx, id, { lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity })), post: true, remark: '供应商送货到仓' });

  // SP001: a draft and a submitted order
  await createOrder(db, ctx, input(sp001.id, [0, 1, 2], 20, '春季新款打样后追加', 30));
  const submitted = await createOrder(db, ctx, input(sp001.id, [3, 4], 15, '大衣补货'));
  await actOnOrder(db, ctx, submitted.id, 'submit');
  // audited and confirmed by the supplier
  const confirmed = await audited(input(sp001.id, [5, 6, 7], 12, '周年庆备货'));
  if (supplierCtx) await confirmOrder(db, supplierCtx, confirmed.id, { promisedDate: dayFromToday(15) });
  // partly received (one posted receipt), with a refund audited and waiting for the warehouse
  const partly = await audited(input(sp001.id, [0, 1], 10, '针织衫首单'));
  await receive(partly.id, [{ id: partly.lines[0]!.id, quantity: 6 }]);
  await refund(
    db,
    ctx,
    {
      supplierId: sp001.id,
      warehouseId: hz.id,
      purchaseOrderId: partly.id,
      reason: '领口开线',
      lines: [{ orderLineId: partly.lines[0]!.id, skuId: partly.lines[0]!.skuId, quantity: 1 }],
    },
    false,
  );
  // received in full over two receipts, with a refund returned
  const received = await audited(input(sp001.id, [2, 3], 8, '门店畅销款补单'));
  await receive(received.id, [
    { id: received.lines[0]!.id, quantity: 8 },
    { id: received.lines[1]!.id, quantity: 5 },
  ]);
  await receive(received.id, [{ id: received.lines[1]!.id, quantity: 3 }]);
  await refund(
    db,
    ctx,
    {
      supplierId: sp001.id,
      warehouseId: hz.id,
      purchaseOrderId: received.id,
      reason: '色差，与样衣不符',
      lines: [{ orderLineId: received.lines[0]!.id, skuId: received.lines[0]!.skuId, quantity: 2 }],
    },
    true,
  );
  // closed short: part received, the rest no longer needed
  const closed = await audited(input(sp001.id, [4, 5], 10, '秋季清货补单'));
  await receive(closed.id, [{ id: closed.lines[0]!.id, quantity: 4 }]);
  await actOnOrder(db, ctx, closed.id, 'close', { reason: '供应商停产，余量取消' });

  // the second supplier: an audited order partly received
  const other = await audited(input(sp002, [6, 7], 6, '辅料样品'));
  await receive(other.id, [{ id: other.lines[1]!.id, quantity: 6 }]);
  return true;
}

/** A refund audited (its outbound submitted); `post` also posts the outbound, as the warehouse would. */
async function refund(db: Db, ctx: PurchaseContext, input: PurchaseRefundInput, post: boolean) {
  const draft = await createRefund(db, ctx, input);
  const audited = await auditRefund(db, ctx, draft.id);
  if (post && audited.outboundId) await actOnDoc(db, KIND_SPECS.outbound!, ctx, audited.outboundId, 'post');
}
