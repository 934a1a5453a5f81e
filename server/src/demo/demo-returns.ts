import { Permissions } from '@erp/shared';
import type { Db } from '../db/database.ts';
import { createReturn, submitReturn } from '../modules/aftersales/returns.service.ts';
import { actOnReport } from '../modules/aftersales-inventory/inventory-actions.service.ts';
import { createReport } from '../modules/aftersales-inventory/inventory.service.ts';

// Demo 售后, through the services as the screens do it, after the deliveries: shop01 asks to return
// one piece it received (待审核), so HQ's 退货单 list and the workbench have one to audit.

const ALL = new Set<string>(Object.values(Permissions));

export async function seedDemoReturns(db: Db): Promise<boolean> {
  if (await db.selectFrom('sales_returns').select('id').limit(1).executeTakeFirst()) return false;
  const shop = await db.selectFrom('users').select(['id', 'shop_id']).where('account', '=', 'shop01').executeTakeFirst();
  const season = await db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirst();
  if (!shop?.shop_id || !season) return false;
  // the first received piece of the autumn hoodie: its smallest size
  const line = await db
    .selectFrom('sales_order_lines as l')
    .innerJoin('sales_orders as o', 'o.id', 'l.order_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.sku_id'])
    .where('o.shop_id', '=', shop.shop_id)
    .where('o.season_id', '=', season.id)
    .where('p.style_no', '=', 'YS26W2005')
    .where('l.received', '>', 0)
    .orderBy('l.id')
    .limit(1)
    .executeTakeFirst();
  if (!line) return false;
  const ctx = { userId: shop.id, scope: { kind: 'shop' as const, shopId: shop.shop_id }, permissions: ALL };
  const draft = await createReturn(db, ctx, 'return', { shopId: shop.shop_id, seasonId: season.id, reason: '面料起球，顾客退回', lines: [{ skuId: line.sku_id, quantity: 1 }] });
  await submitReturn(db, ctx, 'return', draft.id);
  return true;
}

/**
 * Demo 库存上报: shop01 counts its warehouse — every SKU as the book says but one hoodie short — and
 * submits it (待审核), so HQ sees a difference to audit and post.
 */
export async function seedDemoInventoryReport(db: Db): Promise<boolean> {
  if (await db.selectFrom('shop_inventory_reports').select('id').limit(1).executeTakeFirst()) return false;
  const shop = await db.selectFrom('users').select(['id', 'shop_id']).where('account', '=', 'shop01').executeTakeFirst();
  const warehouse = shop?.shop_id ? await db.selectFrom('warehouses').select('id').where('shop_id', '=', shop.shop_id).executeTakeFirst() : undefined;
  if (!shop?.shop_id || !warehouse) return false;
  const book = await db
    .selectFrom('stock_balances')
    .select(['sku_id', (eb) => eb.fn.sum<string>('quantity').as('quantity')])
    .where('warehouse_id', '=', warehouse.id)
    .where('sku_id', 'is not', null)
    .groupBy('sku_id')
    .orderBy('sku_id')
    .execute();
  const lines = book.map((b, i) => ({ skuId: b.sku_id!, quantity: Math.max(0, Number(b.quantity) - (i === 0 ? 1 : 0)) })).filter((l) => l.quantity > 0);
  if (lines.length === 0) return false;
  const ctx = { userId: shop.id, scope: { kind: 'shop' as const, shopId: shop.shop_id }, permissions: ALL };
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const draft = await createReport(db, ctx, { warehouseId: warehouse.id, countDate: today, remark: '月末盘点', lines });
  await actOnReport(db, ctx, draft.id, 'submit');
  return true;
}
