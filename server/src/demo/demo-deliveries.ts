import { Permissions } from '@erp/shared';
import type { Db } from '../db/database.ts';
import type { PartyScope } from '../http/request-context.ts';
import { allocateStock } from '../modules/sales-orders/allocation.service.ts';
import { generateDeliveries } from '../modules/sales-orders/delivery.service.ts';
import { actOnOrder, auditOrder, createOrder } from '../modules/sales-orders/sales-orders.service.ts';
import type { SalesOrderContext } from '../modules/sales-orders/sales-orders-read.service.ts';
import { transferSpec } from '../modules/stock-docs/doc-kinds.service.ts';
import { actOnDoc } from '../modules/stock-docs/stock-docs.service.ts';

// Demo 配货发货, through the services as the screens do it, after the demo orders and stock:
// shop01's order allocated, shipped and received (已发货, its agent charged); agent01's order for
// 宁波天一店 allocated beyond what HQ holds (部分发货, its 配货出库 in transit); one allocated and
// waiting for 生成出库; HQ's order for its direct shop SH003 shipped (internal: no charge); a
// cancelled order and a closed one — so every status and screen shows something.

const ALL = new Set<string>(Object.values(Permissions));

export async function seedDemoDeliveries(db: Db): Promise<boolean> {
  if (await db.selectFrom('sales_allocations').select('id').limit(1).executeTakeFirst()) return false;
  const season = await db.selectFrom('ordering_seasons').select('id').where('code', '=', 'FW26-SPOT').executeTakeFirst();
  const hz = await db.selectFrom('warehouses').select('id').where('code', '=', 'WH-HZ').executeTakeFirst();
  const users = await db.selectFrom('users').select(['id', 'account', 'agent_id', 'shop_id']).where('account', 'in', ['admin', 'agent01', 'shop01']).execute();
  const sh002 = await db.selectFrom('shops').select('id').where('code', '=', 'SH002').executeTakeFirst();
  const user = (account: string) => users.find((u) => u.account === account);
  const [admin, agent, shop] = [user('admin'), user('agent01'), user('shop01')];
  if (!season || !hz || !sh002 || !admin || !agent?.agent_id || !shop?.shop_id) return false;
  const ctx = (userId: number, scope: PartyScope): SalesOrderContext => ({ userId, scope, permissions: ALL });
  const hq = ctx(admin.id, { kind: 'all' });
  const agentCtx = ctx(agent.id, { kind: 'agent', agentId: agent.agent_id });
  const shopCtx = ctx(shop.id, { kind: 'shop', shopId: shop.shop_id });
  const docCtx = (c: SalesOrderContext) => ({ userId: c.userId, scope: c.scope.kind === 'shop' ? c.scope : ({ kind: 'all' } as const), permissions: ALL });

  const skus = await db
    .selectFrom('skus as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .select(['k.id', 'p.style_no', 'k.colour_id'])
    .where('p.style_no', 'in', ['YS26W2005', 'YS26M3104', 'YS26A5002', 'YS26W3001'])
    .where('k.status', '=', 'active')
    .orderBy('k.id')
    .execute();
  const colour = (styleNo: string, each: number, nth = 0) => {
    const ofStyle = skus.filter((k) => k.style_no === styleNo);
    const colourId = [...new Set(ofStyle.map((k) => k.colour_id))][nth];
    return ofStyle.filter((k) => k.colour_id === colourId).map((k) => ({ skuId: k.id, quantity: each }));
  };
  const audited = async (c: SalesOrderContext, body: Parameters<typeof createOrder>[2]) => {
    const draft = await createOrder(db, c, body);
    const submitted = await actOnOrder(db, c, draft.id, 'submit');
    await auditOrder(db, hq, draft.id, { lines: submitted.lines.map((l) => ({ lineId: l.id, approved: l.ordered })) });
    return draft.id;
  };

  // shop01: allocated, shipped and received — 已发货, AG001 charged
  const received = await audited(shopCtx, { seasonId: season.id, remark: '元旦档期备货', lines: [...colour('YS26W2005', 2, 1), ...colour('YS26A5002', 3)] });
  await allocateStock(db, hq, { warehouseId: hz.id, orderIds: [received], targetRatePercent: 100 });
  const [first] = (await generateDeliveries(db, hq, { warehouseId: hz.id, orderIds: [received] })).deliveries;
  await actOnDoc(db, transferSpec, docCtx(hq), first!.docId, 'ship');
  await actOnDoc(db, transferSpec, docCtx(shopCtx), first!.docId, 'receive');

  // agent01 for 宁波天一店: more than HQ holds — 部分发货, in transit
  const partly = await audited(agentCtx, { seasonId: season.id, buyerType: 'shop', buyerId: sh002.id, remark: '新店开业铺货', lines: colour('YS26M3104', 60, 1) });
  await allocateStock(db, hq, { warehouseId: hz.id, orderIds: [partly], targetRatePercent: 0 });
  const [second] = (await generateDeliveries(db, hq, { warehouseId: hz.id, orderIds: [partly] })).deliveries;
  await actOnDoc(db, transferSpec, docCtx(hq), second!.docId, 'ship');

  // shop01: allocated, waiting for 生成出库
  const waiting = await audited(shopCtx, { seasonId: season.id, remark: '周末活动补货', lines: colour('YS26W3001', 2, 1) });
  await allocateStock(db, hq, { warehouseId: hz.id, orderIds: [waiting], targetRatePercent: 100 });

  // HQ for its direct shop 上海南京西路旗舰店: shipped and in transit, supplied without a charge
  const sh003 = await db.selectFrom('shops').select('id').where('code', '=', 'SH003').executeTakeFirst();
  if (sh003) {
    const franchise = await audited(hq, { seasonId: season.id, buyerType: 'shop', buyerId: sh003.id, remark: '旗舰店橱窗款', lines: colour('YS26W3001', 1) });
    await allocateStock(db, hq, { warehouseId: hz.id, orderIds: [franchise], targetRatePercent: 100 });
    const [third] = (await generateDeliveries(db, hq, { warehouseId: hz.id, orderIds: [franchise] })).deliveries;
    await actOnDoc(db, transferSpec, docCtx(hq), third!.docId, 'ship');
  }

  // a cancelled and a closed order
  const cancelled = await createOrder(db, shopCtx, { seasonId: season.id, remark: '重复下单', lines: colour('YS26A5002', 2, 1) });
  await actOnOrder(db, shopCtx, cancelled.id, 'cancel', { reason: '重复下单，取消' });
  const closed = await audited(agentCtx, { seasonId: season.id, shopId: shop.shop_id, remark: '季中补单', lines: colour('YS26W2005', 1) });
  await actOnOrder(db, hq, closed, 'close', { reason: '款式停产，不再发货' });
  return true;
}
