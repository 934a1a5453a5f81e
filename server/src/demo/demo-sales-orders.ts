import { Permissions } from '@erp/shared';
import type { Db } from '../db/database.ts';
import type { PartyScope } from '../http/request-context.ts';
import { actOnOrder, auditOrder, createOrder } from '../modules/sales-orders/sales-orders.service.ts';
import type { SalesOrderContext } from '../modules/sales-orders/sales-orders-read.service.ts';

// Demo 订货单 in the spot season, through the service as the screens make them: for agent01 (for
// itself into 杭州西湖店's warehouse, and for its shop 宁波天一店) and shop01 — a draft, submitted
// ones, one audited with a cut and one rejected. Prices come from the demo's policies and specials.

const ALL = new Set<string>([Permissions.orderingOrderList, Permissions.orderingOrderEdit, Permissions.orderingOrderAudit]);

export async function seedDemoSalesOrders(db: Db): Promise<boolean> {
  if (await db.selectFrom('sales_orders').select('id').limit(1).executeTakeFirst()) return false;
  const season = await db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirst();
  const users = await db.selectFrom('users').select(['id', 'account', 'agent_id', 'shop_id']).where('account', 'in', ['admin', 'agent01', 'shop01']).execute();
  const shops = await db.selectFrom('shops').select(['id', 'code']).where('code', 'in', ['SH001', 'SH002']).execute();
  const user = (account: string) => users.find((u) => u.account === account);
  const [admin, agent, shop] = [user('admin'), user('agent01'), user('shop01')];
  if (!season || !admin || !agent?.agent_id || !shop?.shop_id || shops.length < 2) return false;
  const ctx = (userId: number, scope: PartyScope): SalesOrderContext => ({ userId, scope, permissions: ALL });
  const hq = ctx(admin.id, { kind: 'all' });
  const agentCtx = ctx(agent.id, { kind: 'agent', agentId: agent.agent_id });
  const shopCtx = ctx(shop.id, { kind: 'shop', shopId: shop.shop_id });
  const shopId = (code: string) => shops.find((s) => s.code === code)!.id;

  const skus = await db
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .select(['k.id', 'p.style_no', 'k.colour_id'])
    .where('p.style_no', 'in', ['YS26W2005', 'YS26W3001', 'YS26M3104', 'YS26A5002'])
    .where('k.status', '=', 'active')
    .orderBy('k.id')
    .execute();
  /** the first colour of a style, `each` pieces per size */
  const colour = (styleNo: string, each: number, nth = 0) => {
    const ofStyle = skus.filter((k) => k.style_no === styleNo);
    const colourId = [...new Set(ofStyle.map((k) => k.colour_id))][nth];
    return ofStyle.filter((k) => k.colour_id === colourId).map((k) => ({ skuId: k.id, quantity: each }));
  };

  // shop01: a draft and one submitted, waiting for HQ
  await createOrder(db, shopCtx, { seasonId: season.id, remark: '周末活动补货', lines: [...colour('YS26W2005', 2), ...colour('YS26A5002', 5)] });
  const waiting = await createOrder(db, shopCtx, { seasonId: season.id, remark: '秋冬首单', lines: [...colour('YS26W3001', 3), ...colour('YS26W2005', 2, 1)] });
  await actOnOrder(db, shopCtx, waiting.id, 'submit');

  // agent01 for itself into SH001, audited with a cut
  const audited = await createOrder(db, agentCtx, {
    seasonId: season.id,
    shopId: shopId('SH001'),
    remark: '代理商统一订货',
    lines: [...colour('YS26M3104', 6), ...colour('YS26W3001', 4)],
  });
  // submitting prices the lines again (new line ids): the audit works on the submitted order
  const [first] = (await actOnOrder(db, agentCtx, audited.id, 'submit')).lines;
  await auditOrder(db, hq, audited.id, { lines: [{ lineId: first!.id, approved: first!.ordered - 2 }], reason: '该码库存不足，减量发货' });

  // agent01 for its shop SH002: one rejected, one submitted
  const rejected = await createOrder(db, agentCtx, { seasonId: season.id, buyerType: 'shop', buyerId: shopId('SH002'), lines: colour('YS26A5002', 10) });
  await actOnOrder(db, agentCtx, rejected.id, 'submit');
  await actOnOrder(db, hq, rejected.id, 'reject', { reason: '配饰本季已足量，请改订主推款' });
  const submitted = await createOrder(db, agentCtx, { seasonId: season.id, buyerType: 'shop', buyerId: shopId('SH002'), lines: colour('YS26W2005', 3) });
  await actOnOrder(db, agentCtx, submitted.id, 'submit');
  return true;
}
